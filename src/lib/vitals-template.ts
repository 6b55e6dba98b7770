// Which page template a path belongs to, for the field web vitals' labels: the layouts put it on the page, so the
// beacon sends a template name rather than the address (which may name a record or carry a player's query).
import type { VitalsTemplate } from '../shared/schemas/vitals.ts';
import { isInfoPath, normalizePath, stripLocale } from './routes.ts';

/** Prefixes in the order they are tried; the first match decides. Paths are without the language prefix. */
const PREFIXES: Array<[prefix: string, template: VitalsTemplate]> = [
  ['/backoffice', 'backoffice'],
  ['/mobile/f-game/', 'lobby'],
  ['/other-games/', 'lobby'],
  ['/egame/', 'lobby'],
  ['/mobile/f-activity/', 'promotions'],
  ['/preferential-activity/', 'promotions'],
  ['/all-preferential', 'promotions'],
  ['/time-limited-activities', 'promotions'],
  ['/limited-activity-detail', 'promotions'],
  ['/member/promotions', 'promotions'],
  ['/mobile/f-wallet/', 'cashier'],
  ['/mobile/f-bank/', 'cashier'],
  ['/my-deposit/', 'cashier'],
  ['/member/deposit', 'cashier'],
  ['/member/withdrawals', 'cashier'],
  ['/member/wallet', 'cashier'],
  ['/member/transfer', 'cashier'],
  ['/member/automatic-gold-collection', 'cashier'],
  ['/mobile/f-info/', 'info'],
  ['/mobile/f-customer/', 'info'],
  ['/member/', 'member'],
  ['/mobile/', 'member'],
  ['/agent', 'member'],
  ['/register', 'member'],
  ['/phone-login', 'member'],
  ['/update-password', 'member'],
];

/** The template of a page's path (with or without the /en prefix, a trailing slash or a query). */
export function pageTemplate(pathname: string): VitalsTemplate {
  const bare = normalizePath(stripLocale(pathname.split(/[?#]/)[0] || '/'));
  if (bare === '/' || bare === '/mobile') return 'home';
  if (isInfoPath(bare)) return 'info';
  for (const [prefix, template] of PREFIXES) {
    if (bare === prefix || bare.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || (prefix.endsWith('/') && bare === prefix.slice(0, -1)))
      return template;
  }
  // The rest are the site's own notices (maintenance, the error pages) and information.
  return 'info';
}
