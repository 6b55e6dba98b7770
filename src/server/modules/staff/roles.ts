// Staff roles and what each may do. Routes name the permission they need; the folder's auth hook checks it.
// Compliance reads (reports, the audit log, identity verification, risk, player protection and the player page) and
// writes nothing: it holds only permissions that guard reads, and the hook refuses it every call that is not a read
// (READ_ONLY_ROLES), so a write permission given to it by mistake still opens nothing.
import { STAFF_ROLES, type StaffRole } from '../../../shared/schemas/backoffice/staff.ts';

export type { StaffRole };

export const PERMISSIONS = {
  /** The landing page's counters: every role may open the back office. */
  'overview.read': ['admin', 'finance', 'service', 'marketing', 'compliance'],
  'website.manage': ['admin'],
  'settings.manage': ['admin'],
  'messages.manage': ['admin'],
  'staff.manage': ['admin'],
  'audit.read': ['admin', 'compliance'],
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
  'players.read': ['admin', 'service', 'compliance'],
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
  'player.detail': ['admin', 'finance', 'service', 'marketing', 'compliance'],
  /** A player's wallets, ledger history and platform transfers. */
  'wallets.read': ['admin', 'finance', 'service', 'compliance'],
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
  'bets.read': ['admin', 'finance', 'service', 'compliance'],
  /** A player's protection page and the register of exclusions. */
  'protection.read': ['admin', 'finance', 'service', 'compliance'],
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
  reports: ['admin', 'finance', 'marketing', 'compliance'],
  /** Reports and exports that carry personal data: the player list and the players report (accounts, phones, names). */
  'reports.personal': ['admin', 'compliance'],
  /**
   * The liability reconciliation's rows per player (each player's balances and movements, no phone or name), read and
   * exported: finance closes the month on them, so it reads what it exports.
   */
  'reports.balances': ['admin', 'finance', 'compliance'],
  /** Rebuilding a day's report aggregates from the bet records and the journals. */
  'reports.manage': ['admin'],
  /** Identity verification, read: the review queue, a player's review page and the settings as they are. */
  'kyc.review': ['admin', 'service', 'compliance'],
  /** Approving and rejecting a waiting document. */
  'kyc.decide': ['admin', 'service'],
  /** Opening a player's identity documents (every view is audited). */
  'kyc.documents.view': ['admin', 'service', 'compliance'],
  /** Identity verification's settings: the levels' withdrawal ceilings, the first withdrawal's level, retention. */
  'kyc.manage': ['admin'],
  /** Duplicate accounts and withdrawal risk, read only: a player's linked accounts, the groups, decisions and rule hits. */
  'risk.read': ['admin', 'finance', 'service', 'compliance'],
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
  /**
   * Card numbers and phones whole. Without it (customer service, marketing) the server masks them in every answer
   * (lib/mask.ts: the last four digits of a card, a phone's first four and last three), as the identity-verification
   * page shows a card.
   */
  'personal.unmasked': ['admin', 'finance', 'compliance'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: string, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role);
}

/** Roles that may only read: the hook refuses them every call but a read and their own session's calls. */
export const READ_ONLY_ROLES: ReadonlySet<string> = new Set<StaffRole>(['compliance']);

export function permissionsOf(role: string): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));
}
