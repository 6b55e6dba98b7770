// The back office's left menu, in order and under group headings: each entry's page (its path under /backoffice/, also the label's key
// `bo.nav.<key>` and the `section` the page hands the layout) and the staff permission the menu asks before it shows
// the entry. The layout renders the menu from this list alone, and the menu's unit test
// (src/server/modules/staff/backoffice-menu.test.ts) holds it to the server's permissions and to the pages under
// src/pages/backoffice, so a new page cannot miss its entry or name a permission the server does not know.

/**
 * The menu's groups, in the order the menu shows them; each has a heading labelled `bo.nav.group.<name>`. A group is
 * shown only when the role may open at least one of its entries, so no heading stands over an empty list.
 */
export const BACKOFFICE_MENU_GROUPS = ['overview', 'players', 'finance', 'games', 'promotions', 'partners', 'reports', 'compliance', 'system'] as const;

export type BackofficeMenuGroup = (typeof BACKOFFICE_MENU_GROUPS)[number];

export interface BackofficeMenuEntry {
  /** The page's path under /backoffice/, e.g. `reports/games`. */
  readonly key: string;
  /** A key of PERMISSIONS in src/server/modules/staff/roles.ts. */
  readonly permission: string;
  /** The heading the entry stands under; the list keeps each group's entries together, in the groups' order. */
  readonly group: BackofficeMenuGroup;
}

export const BACKOFFICE_MENU = [
  { key: 'dashboard', permission: 'overview.read', group: 'overview' },
  { key: 'website', permission: 'website.manage', group: 'overview' },
  { key: 'vitals', permission: 'vitals.read', group: 'overview' },
  { key: 'players', permission: 'players.read', group: 'players' },
  { key: 'player', permission: 'player.detail', group: 'players' },
  { key: 'vip', permission: 'exchange.manage', group: 'players' },
  { key: 'consultations', permission: 'consultations.read', group: 'players' },
  { key: 'chat', permission: 'chat.agent', group: 'players' },
  { key: 'player-messages', permission: 'player_messages.read', group: 'players' },
  { key: 'finance', permission: 'finance.read', group: 'finance' },
  { key: 'reconciliation', permission: 'reconciliation.manage', group: 'finance' },
  { key: 'seamless', permission: 'reconciliation.manage', group: 'finance' },
  { key: 'platforms', permission: 'platforms.manage', group: 'games' },
  { key: 'games', permission: 'games.manage', group: 'games' },
  { key: 'breakers', permission: 'breakers.read', group: 'games' },
  { key: 'provider-faults', permission: 'provider_faults.manage', group: 'games' },
  { key: 'promotions', permission: 'promotions.read', group: 'promotions' },
  { key: 'red-packets', permission: 'redpacket.manage', group: 'promotions' },
  { key: 'popups', permission: 'popups.manage', group: 'promotions' },
  { key: 'messages', permission: 'messages.manage', group: 'promotions' },
  { key: 'partners', permission: 'partners.read', group: 'partners' },
  { key: 'partners/applications', permission: 'partners.read', group: 'partners' },
  { key: 'partners/statements', permission: 'partners.read', group: 'partners' },
  { key: 'partners/plans', permission: 'partners.read', group: 'partners' },
  { key: 'partners/report', permission: 'partners.read', group: 'partners' },
  { key: 'partners/materials', permission: 'partners.read', group: 'partners' },
  { key: 'reports', permission: 'reports', group: 'reports' },
  { key: 'reports/games', permission: 'reports', group: 'reports' },
  { key: 'reports/players', permission: 'reports.personal', group: 'reports' },
  { key: 'reports/payments', permission: 'reports', group: 'reports' },
  { key: 'reports/retention', permission: 'reports', group: 'reports' },
  { key: 'reports/protection', permission: 'reports', group: 'reports' },
  { key: 'reports/bonuses', permission: 'reports', group: 'reports' },
  { key: 'reports/liability', permission: 'reports', group: 'reports' },
  // Every role exports the grids it reads; the centre lists each staff member's own exports.
  { key: 'exports', permission: 'overview.read', group: 'reports' },
  { key: 'kyc', permission: 'kyc.review', group: 'compliance' },
  { key: 'protection', permission: 'protection.read', group: 'compliance' },
  { key: 'risk', permission: 'risk.read', group: 'compliance' },
  { key: 'audit', permission: 'audit.read', group: 'compliance' },
  { key: 'settings', permission: 'settings.manage', group: 'system' },
  { key: 'staff', permission: 'staff.manage', group: 'system' },
  { key: 'sms', permission: 'sms.read', group: 'system' },
  { key: 'system-desk', permission: 'system.read', group: 'system' },
] as const satisfies readonly BackofficeMenuEntry[];

/**
 * The back-office pages (paths under /backoffice/, as in src/pages/backoffice) that have no menu entry of their own,
 * each with the reason, so the menu's test can tell a page left out on purpose from one forgotten.
 */
export const BACKOFFICE_PAGES_NOT_IN_MENU: Readonly<Record<string, string>> = {
  index: 'the sign-in page, shown without the menu',
  'promotions-queue': 'a tab of the promotions desk, under the promotions entry',
  'promotions-categories': 'a tab of the promotions desk, under the promotions entry',
  'promotions-gifts': 'a tab of the promotions desk, under the promotions entry',
  'promotions-report': 'a tab of the promotions desk, under the promotions entry',
};

/**
 * The fault switches are a test tool: their entry is shown only when the stand-in provider runs on this machine and
 * the site is not a production build (src/shared/fault-switches.ts decides), so an operator never sees a switch that
 * cannot work.
 */
export const FAULT_SWITCHES_MENU_KEY = 'provider-faults';
