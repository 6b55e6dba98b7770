// The back office's left menu, in order: each entry's page (its path under /backoffice/, also the label's key
// `bo.nav.<key>` and the `section` the page hands the layout) and the staff permission the menu asks before it shows
// the entry. The layout renders the menu from this list alone, and the menu's unit test
// (src/server/modules/staff/backoffice-menu.test.ts) holds it to the server's permissions and to the pages under
// src/pages/backoffice, so a new page cannot miss its entry or name a permission the server does not know.

export interface BackofficeMenuEntry {
  /** The page's path under /backoffice/, e.g. `reports/games`. */
  readonly key: string;
  /** A key of PERMISSIONS in src/server/modules/staff/roles.ts. */
  readonly permission: string;
}

export const BACKOFFICE_MENU = [
  { key: 'dashboard', permission: 'overview.read' },
  { key: 'website', permission: 'website.manage' },
  { key: 'settings', permission: 'settings.manage' },
  { key: 'messages', permission: 'messages.manage' },
  { key: 'sms', permission: 'sms.read' },
  { key: 'players', permission: 'players.read' },
  { key: 'player', permission: 'player.detail' },
  { key: 'finance', permission: 'finance.read' },
  { key: 'reconciliation', permission: 'reconciliation.manage' },
  { key: 'seamless', permission: 'reconciliation.manage' },
  { key: 'platforms', permission: 'platforms.manage' },
  { key: 'games', permission: 'games.manage' },
  { key: 'provider-faults', permission: 'provider_faults.manage' },
  { key: 'breakers', permission: 'breakers.read' },
  { key: 'vitals', permission: 'vitals.read' },
  { key: 'audit', permission: 'audit.read' },
  { key: 'staff', permission: 'staff.manage' },
  { key: 'protection', permission: 'protection.read' },
  { key: 'risk', permission: 'risk.read' },
  { key: 'vip', permission: 'exchange.manage' },
  { key: 'consultations', permission: 'consultations.read' },
  { key: 'chat', permission: 'chat.agent' },
  { key: 'player-messages', permission: 'player_messages.read' },
  { key: 'popups', permission: 'popups.manage' },
  { key: 'red-packets', permission: 'redpacket.manage' },
  { key: 'promotions', permission: 'promotions.read' },
  { key: 'reports', permission: 'reports' },
  { key: 'reports/games', permission: 'reports' },
  { key: 'reports/players', permission: 'reports.personal' },
  { key: 'reports/payments', permission: 'reports' },
  { key: 'reports/retention', permission: 'reports' },
  { key: 'reports/protection', permission: 'reports' },
  { key: 'reports/bonuses', permission: 'reports' },
  { key: 'reports/liability', permission: 'reports' },
  { key: 'kyc', permission: 'kyc.review' },
  { key: 'partners', permission: 'partners.read' },
  { key: 'partners/applications', permission: 'partners.read' },
  { key: 'partners/statements', permission: 'partners.read' },
  { key: 'partners/plans', permission: 'partners.read' },
  { key: 'partners/report', permission: 'partners.read' },
  { key: 'partners/materials', permission: 'partners.read' },
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
