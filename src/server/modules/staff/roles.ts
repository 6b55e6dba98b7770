// Staff roles and what each may do. Routes name the permission they need; the folder's auth hook checks it.
import { STAFF_ROLES, type StaffRole } from '../../../shared/schemas/backoffice/staff.ts';

export type { StaffRole };

export const PERMISSIONS = {
  /** The landing page's counters: every role may open the back office. */
  'overview.read': ['admin', 'finance', 'service', 'marketing'],
  'website.manage': ['admin'],
  'settings.manage': ['admin'],
  'messages.manage': ['admin'],
  'staff.manage': ['admin'],
  'audit.read': ['admin'],
  'sms.read': ['admin', 'service'],
  /** Every instance's circuit breakers in front of the providers, the gateway and SMS (read only). */
  'breakers.read': ['admin', 'finance'],
  /** The system desk: the outbox per event kind, its dead letters, and every scheduled job with its runs (read only). */
  'system.read': ['admin'],
  /** Putting dead-lettered event deliveries back in the queue, one or all of a kind. */
  'system.redrive': ['admin'],
  /** Asking for a scheduled job to run now. */
  'system.run_job': ['admin'],
  /** The field web vitals: how fast each page template is on players' devices (read only). */
  'vitals.read': ['admin', 'finance'],
  'players.read': ['admin', 'service'],
  'players.kick': ['admin', 'service'],
  /** Enabling or disabling a player and editing the personal details, each with a reason. */
  'players.manage': ['admin', 'service'],
  /** Defining player tags and putting them on players or taking them off (one by one or in bulk). */
  'players.tags': ['admin', 'service'],
  /** Writing notes on a player (everyone who reads the player list reads them). */
  'players.notes': ['admin', 'service'],
  /** A player's password reset, forced change, login unlock, login history and sessions. */
  'players.security': ['admin', 'service'],
  /** The player page itself (summary, blacklist shown, platform list): every role that works on a player's money. */
  'player.detail': ['admin', 'finance', 'service', 'marketing'],
  /** A player's wallets, ledger history and platform transfers. */
  'wallets.read': ['admin', 'finance', 'service'],
  'bonus.grant': ['admin', 'marketing', 'finance'],
  'blacklist.manage': ['admin', 'service'],
  /** Findings, pending transfers, running reconciliation and rechecking a transfer. */
  'reconciliation.manage': ['admin', 'finance'],
  /** The stand-in provider's fault switches, only when it runs on this machine. */
  'provider_faults.manage': ['admin'],
  /** The deposit and withdrawal queues, read only; customer service answers players' questions from them. */
  'finance.read': ['admin', 'finance', 'service'],
  /** Confirming and rejecting deposits, paying out and rejecting withdrawals, card audits, adjustments, callbacks. */
  'finance.manage': ['admin', 'finance'],
  /** Game platforms: shown or hidden, switched off, maintenance windows, order. */
  'platforms.manage': ['admin'],
  /** Games: status, order, names and thumbnails. */
  'games.manage': ['admin', 'marketing'],
  /** A player's bet records. */
  'bets.read': ['admin', 'finance', 'service'],
  /** A player's protection page and the register of exclusions. */
  'protection.read': ['admin', 'finance', 'service'],
  /** Lowering a player's limit or adding an exclusion, with a reason; never raising or ending one early. */
  'protection.manage': ['admin', 'service'],
  /** VIP levels and rules, a player's level and lock, points adjustments, the gift catalogue. */
  'vip.manage': ['admin', 'marketing'],
  /** The points mall's fulfilment queue: shipping, receipt, rejection. */
  'exchange.manage': ['admin', 'marketing', 'service'],
  /** The consultation desk: the queue and threads (read), replying, assigning and ending (manage). */
  'consultations.read': ['admin', 'service'],
  'consultations.manage': ['admin', 'service'],
  /** The live chat console: the queue, taking, answering, transferring and closing conversations. */
  'chat.agent': ['admin', 'service'],
  /** Editing the canned replies agents use. */
  'chat.manage': ['admin'],
  /** Messages to players: the sent list with read counts. */
  'player_messages.read': ['admin', 'service', 'marketing'],
  /** Composing system, personal and platform messages, and withdrawing one. */
  'player_messages.send': ['admin', 'service', 'marketing'],
  /** Popup announcements. */
  'popups.manage': ['admin', 'marketing'],
  /** Red-packet rounds (schedule, edit before the start, cancel) and their claims queue (approve, reject). */
  'redpacket.manage': ['admin', 'marketing'],
  /** Uploading pictures: operator content (banners, popups) and replies in a player's thread. */
  uploads: ['admin', 'finance', 'service', 'marketing'],
  /** Promotions, their categories, the mode entries, the application queue and reports, read only. */
  'promotions.read': ['admin', 'marketing', 'finance', 'service'],
  /** Editing promotions and categories, switching mode entries, approving or rejecting applications, running daily jobs again. */
  'promotions.manage': ['admin', 'marketing'],
  /** The operator reports (daily summary, games, players) and their CSV exports of figures without personal data. */
  reports: ['admin', 'finance', 'marketing'],
  /** Exports that carry personal data: the player list and the players report (accounts, phones, names). */
  'reports.personal': ['admin'],
  /** Rebuilding a day's report aggregates from the bet records and the journals. */
  'reports.manage': ['admin'],
  /** Identity verification: the review queue, a player's review page, approving and rejecting documents. */
  'kyc.review': ['admin', 'service'],
  /** Opening a player's identity documents (every view is audited). */
  'kyc.documents.view': ['admin', 'service'],
  /** Identity verification's settings: the levels' withdrawal ceilings, the first withdrawal's level, retention. */
  'kyc.manage': ['admin'],
  /** Duplicate accounts and withdrawal risk, read only: a player's linked accounts, the groups, decisions and rule hits. */
  'risk.read': ['admin', 'finance', 'service'],
  /** Confirming or clearing a link between two accounts. */
  'risk.manage': ['admin', 'finance'],
  /**
   * Releasing a withdrawal the risk rules held, so it may be paid: not the finance desk that pays it, so a held
   * withdrawal needs two people to leave.
   */
  'risk.release': ['admin'],
  /** The risk rules, weights and thresholds. */
  'risk.settings': ['admin'],
  /** Partners: applications, partners and their tree, plans, domains, bindings, statements, the partner report. */
  'partners.read': ['admin', 'finance', 'marketing', 'service'],
  /** Approving applications, creating and editing partners, plans, domains and marketing material. */
  'partners.manage': ['admin', 'marketing'],
  /** Moving a player from one partner to another, with a reason. */
  'partners.bindings': ['admin'],
  /** Settling a period, adjusting, holding and approving statements (approval pays commission into partner wallets). */
  'partners.settle': ['admin', 'finance'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: string, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role);
}

export function permissionsOf(role: string): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));
}
