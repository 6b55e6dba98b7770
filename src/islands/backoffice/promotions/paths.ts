// The back-office promotion desk's API paths (under /api/backoffice) and page tabs, in one place.
export const BO_PROMO_API = {
  list: '/promotions',
  one: (id: number) => `/promotions/${id}`,
  report: (id: number) => `/promotions/${id}/report`,
  categories: '/promotion-categories',
  category: (id: number) => `/promotion-categories/${id}`,
  modes: '/promotion-modes',
  mode: (mode: number) => `/promotion-modes/${mode}`,
  applications: '/promotion-applications',
  review: '/promotion-applications/review',
  gifts: '/promotion-gifts',
  upload: '/uploads/images',
} as const;

/** The desk's pages: each a tab of the same island, with its own address so it can be bookmarked and linked. */
export const BO_PROMO_TABS = ['list', 'queue', 'gifts', 'categories', 'report'] as const;
export type BoPromoTab = (typeof BO_PROMO_TABS)[number];
export const BO_PROMO_PAGE: Record<BoPromoTab, string> = {
  list: 'promotions',
  queue: 'promotions-queue',
  gifts: 'promotions-gifts',
  categories: 'promotions-categories',
  report: 'promotions-report',
};

/** Reading every tab needs promotions.read; saving and reviewing need promotions.manage, gifts bonus.grant (roles.ts). */
export const BO_PROMO_PERMISSION = { read: 'promotions.read', manage: 'promotions.manage', gift: 'bonus.grant' } as const;
/** The lists' page size (the desk's list answers carry data and total only). */
export const BO_PROMO_PAGE_SIZE = 20;

const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An ISO instant as the value of a datetime-local input in GMT+8 ('' for none). */
export function toTaipeiInput(iso: string | null): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + TAIPEI_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as GMT+8, back to an ISO instant (null for empty or unreadable). */
export function fromTaipeiInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}:00+08:00`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** Accounts pasted one per line or separated by commas or spaces, de-duplicated in order. */
export function parseAccounts(text: string): string[] {
  return [...new Set(text.split(/[\s,，;；]+/).map((a) => a.trim()).filter(Boolean))];
}
