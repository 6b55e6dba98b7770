// Where the promotion pages live (SPEC.md section 2 lists them under /preferential-activity/) and how the
// header's preferential menu maps onto the hall's filters. Shared by the pages, the nav and the redirects.

export const PROMO_PATHS = {
  hall: '/preferential-activity/all-preferential',
  detail: '/preferential-activity/activity-detail',
  limited: '/preferential-activity/time-limited-activities',
  limitedDetail: '/preferential-activity/limited-activity-detail',
  mobileList: '/mobile/f-activity/activity-list',
  mobileDetail: '/mobile/f-activity/activity-detail',
  mine: '/member/promotions',
} as const;

/** The root paths that existed before the hall moved: each answers 301 to its new place with the query kept. */
export const LEGACY_PROMO_PATHS: Record<string, string> = {
  '/all-preferential': PROMO_PATHS.hall,
  '/time-limited-activities': PROMO_PATHS.limited,
  '/limited-activity-detail': PROMO_PATHS.limitedDetail,
};

/** Where points are spent (SPEC.md section 1: the points mall, redeeming gifts with points): the VIP page's mall. */
export const POINTS_MALL_PATH = '/member/vip-privilege#points-mall';

/**
 * The header's preferential menu (SPEC.md section 2). Points discount opens the points mall, where points buy
 * gifts (it opened the accumulated-deposit tiers, which have nothing to do with points, and were mostly empty);
 * the others open the hall filtered by the mode that pays that kind of offer: experience money is the register
 * bonus, recommend friend the referral mode, valid-bet send the valid-bet rebate, and free missions the general
 * promotions a player applies for.
 */
export const PREFERENTIAL_MENU = [
  { key: 'pref.experience', mode: 5 },
  { key: 'pref.points_discount', href: POINTS_MALL_PATH },
  { key: 'pref.recommend_friend', mode: 9 },
  { key: 'pref.valid_bet_send', mode: 6 },
  { key: 'pref.free_mission', mode: 1 },
] as const;

/** The hall's filter from a query string: mode 0 to 11 and a front-category id, anything else means 'all'. */
export function hallFilter(params: URLSearchParams): { mode: number; front: number } {
  const int = (v: string | null, max: number) => {
    if (!v || !/^\d{1,9}$/.test(v)) return 0;
    const n = Number(v);
    return n <= max ? n : 0;
  };
  return { mode: int(params.get('mode'), 11), front: int(params.get('front'), 2_147_483_647) };
}

/** An id from ?id=, bounded like every id the API accepts; null when absent or malformed. */
export function queryId(params: URLSearchParams): number | null {
  const v = params.get('id');
  if (!v || !/^\d{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

export function hallHref(base: string, mode: number, front: number): string {
  return `${base}?mode=${mode}&front=${front}`;
}
