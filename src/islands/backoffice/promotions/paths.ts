// The back-office promotion desk's page tabs, permissions and input helpers, in one place.
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

/** Promotion windows are entered as GMT+8 datetime-local values (src/shared/time.ts does the arithmetic). */
export { fromTaipeiInputValue as fromTaipeiInput, taipeiInputValue as toTaipeiInput } from '../../../shared/time.ts';

/** Accounts pasted one per line or separated by commas or spaces, de-duplicated in order. */
export function parseAccounts(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，;；]+/)
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ];
}
