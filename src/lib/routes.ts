// Knowledge about the site's paths that the server's middleware and the pages share.

/** Info pages are written once and laid out for any screen, so phones read them where they are. */
export const INFO_PATHS = [
  '/about',
  '/beginner-s-guide',
  '/contact-us',
  '/cooperrative-alliance',
  '/declaration-clause',
  '/deposit-help',
  '/task-help',
  '/vip-help',
  '/walllet-help',
  '/withdrawls-help',
  '/responsible-gaming',
] as const;

/** Desktop pages with a mobile page of their own; any other desktop page sends phones to the mobile home. */
const MOBILE_EQUIVALENT: Record<string, string> = {
  '/': '/mobile/',
  '/register': '/mobile/f-entry/register',
  '/phone-login': '/mobile/f-mine/phone-login',
  '/member/wallet': '/mobile/f-wallet/wallet',
  '/member/deposit': '/mobile/f-wallet/deposit',
  '/member/transfer': '/mobile/f-wallet/deposit-transfer',
  '/member/withdrawals': '/mobile/f-wallet/withdrawals',
  '/member/trans-record': '/mobile/f-trans-record/trans-record',
  '/member/user-info': '/mobile/f-mine/mine',
  '/member/vip-privilege': '/mobile/f-vip/vip',
  '/member/vip-privilege-detail': '/mobile/f-vip/vip',
  '/member/exchange-record': '/mobile/f-exchange-record/exchange-record',
  '/all-preferential': '/mobile/f-activity/activity-list',
  '/time-limited-activities': '/mobile/f-activity/activity-list',
  '/preferential-activity/all-preferential': '/mobile/f-activity/activity-list',
  '/preferential-activity/time-limited-activities': '/mobile/f-activity/activity-list',
  '/preferential-activity/activity-detail': '/mobile/f-activity/activity-detail',
  '/preferential-activity/limited-activity-detail': '/mobile/f-activity/activity-detail',
  '/limited-activity-detail': '/mobile/f-activity/activity-detail',
  '/member/promotions': '/mobile/f-activity/my-promotions',
  // The lobbies and bet records; the query (group, code) travels along with the redirect.
  '/egame/game': '/mobile/f-game/game',
  '/other-games/games': '/mobile/f-game/games',
  '/member/bet-record': '/mobile/f-bet-record/bet-record',
  '/member/actions-record': '/mobile/f-trans-record/actions-record',
  '/member/feedback': '/mobile/f-mine/feedback',
  '/member/feedback-list': '/mobile/f-mine/feedback-list',
  '/member/feedback-detail': '/mobile/f-mine/feedback-detail',
};

export function stripLocale(pathname: string): string {
  if (pathname === '/en') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
}

export function normalizePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export function isInfoPath(bare: string): boolean {
  return (INFO_PATHS as readonly string[]).includes(normalizePath(bare));
}

/** Whether a phone asking for this (locale-free) path should be sent to the mobile site. */
export function needsMobileRedirect(bare: string): boolean {
  const p = normalizePath(bare);
  return !(
    p === '/mobile' ||
    p.startsWith('/mobile/') ||
    p.startsWith('/backoffice') ||
    p === '/maintenance' ||
    p === '/update-password' ||
    p === '/my-deposit/pub-deposit' ||
    isInfoPath(p)
  );
}

export function mobileEquivalent(bare: string): string {
  const p = normalizePath(bare);
  // The partner portal has a phone layout of its own for every page: /agent/links -> /mobile/agent/links.
  if (p === '/agent' || p.startsWith('/agent/')) return `/mobile${p}`;
  return MOBILE_EQUIVALENT[p] ?? '/mobile/';
}

export type MobileTab = 'home' | 'promotions' | 'wallet' | 'service' | 'mine';
const MINE_GROUPS = ['f-mine', 'f-bet-record', 'f-trans-record', 'f-message-center', 'f-bank', 'f-exchange-record', 'f-vip'];

/** The footer tab that a mobile route belongs to (SPEC.md section 2). */
export function mobileTabOf(bare: string): MobileTab {
  const seg = normalizePath(bare).split('/')[2] ?? '';
  if (seg === 'f-activity') return 'promotions';
  if (seg === 'f-wallet') return 'wallet';
  if (seg === 'f-customer') return 'service';
  if (MINE_GROUPS.includes(seg)) return 'mine';
  return 'home';
}
