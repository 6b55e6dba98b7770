// The operator reports: their queries (a Taipei date range of at most REPORT_RANGE_DAYS_MAX days, sort and
// paging) and their answers. Amounts are decimal text in major units, like every other amount of the API.
import * as v from 'valibot';
import { pagingQuery } from '../paging.ts';
import { boundedDay } from '../days.ts';

/** The longest range a report covers: a year and a day, so a whole leap year fits. */
export const REPORT_RANGE_DAYS_MAX = 366;
/** Report pages are longer than other lists: a quarter of days fits on one. */
export const REPORT_PAGE_SIZE_DEFAULT = 31;
export const REPORT_PAGE_SIZE_MAX = 400;

const dayText = boundedDay('bo.v.date');
const order = v.optional(v.picklist(['asc', 'desc'], 'bo.v.out_of_range'), 'desc');

/** The columns the daily summary sorts by. */
export const DAILY_SORTS = [
  'day',
  'registrations',
  'ftd_count',
  'active_players',
  'deposit_amount',
  'withdrawal_amount',
  'net_cash',
  'bets',
  'valid_bet',
  'payout',
  'ggr',
  'bonus_total',
  'ngr',
] as const;
/** The columns the games report sorts by. */
export const GAME_SORTS = ['game', 'player_days', 'rounds', 'bets', 'valid_bet', 'payout', 'ggr', 'ggr_pct'] as const;
/** How the games report groups: per game group, per provider within a group, or per game. */
export const GAME_LEVELS = ['group', 'provider', 'game'] as const;
export type GameLevel = (typeof GAME_LEVELS)[number];

const range = { from: dayText, to: dayText };
const pages = pagingQuery(REPORT_PAGE_SIZE_DEFAULT, REPORT_PAGE_SIZE_MAX);

export const dailyReportQuery = v.object({ ...range, ...pages, sort: v.optional(v.picklist(DAILY_SORTS, 'bo.v.out_of_range'), 'day'), order });
export const gamesReportQuery = v.object({
  ...range,
  ...pages,
  sort: v.optional(v.picklist(GAME_SORTS, 'bo.v.out_of_range'), 'ggr'),
  order,
  level: v.optional(v.picklist(GAME_LEVELS, 'bo.v.out_of_range'), 'game'),
});
/** Which activity in the period puts a player in the players report: a settled bet, a deposit, or either. */
export const PLAYER_ACTIVITIES = ['any', 'bet', 'deposit'] as const;
const amountText = v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}(\.\d{1,2})?$/, 'v.money.invalid')));
export const playersReportQuery = v.object({
  ...range,
  ...pages,
  level: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'bo.v.out_of_range'), v.transform(Number))),
  reg_from: v.optional(dayText),
  reg_to: v.optional(dayText),
  activity: v.optional(v.picklist(PLAYER_ACTIVITIES, 'bo.v.out_of_range'), 'any'),
  /** At least this much deposited in the period (major units). */
  min_deposit: amountText,
  /** At least this much GGR in the period (major units). */
  min_ggr: amountText,
  /** Only the players this partner (by id) brought. */
  partner: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'bo.v.out_of_range'), v.transform(Number))),
});
export const playerListExportQuery = v.object({ q: v.optional(v.pipe(v.string(), v.maxLength(12, 'v.too_long'), v.trim())) });
export const rebuildBody = v.strictObject({ day: dayText }, 'v.type.object');

export type DailyReportQuery = v.InferOutput<typeof dailyReportQuery>;
export type GamesReportQuery = v.InferOutput<typeof gamesReportQuery>;
export type PlayersReportQuery = v.InferOutput<typeof playersReportQuery>;

const money = v.string();

/** The bonus kinds the daily summary splits bonuses into. */
export const BONUS_KINDS = ['promotions', 'rebates', 'vip', 'red_packets', 'mall', 'operator'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

const dailyFigures = {
  registrations: v.number(),
  ftd_count: v.number(),
  ftd_amount: money,
  active_players: v.number(),
  bettors: v.number(),
  deposit_count: v.number(),
  deposit_amount: money,
  withdrawal_count: v.number(),
  withdrawal_amount: money,
  net_cash: money,
  rounds: v.number(),
  bets: money,
  valid_bet: money,
  payout: money,
  ggr: money,
  /** GGR over bets in percent with two decimals; null when nothing was bet. */
  ggr_pct: v.nullable(v.string()),
  /** Promotion grants other than rebates, and rebates (grants of the valid-bet rebate promotions) on their own. */
  bonus_promotions: money,
  bonus_rebates: money,
  bonus_vip: money,
  bonus_red_packets: money,
  bonus_mall: money,
  bonus_operator: money,
  /** Bonus money that came back: activity wallets given up or forfeited (negative). */
  bonus_returned: money,
  bonus_total: money,
  ngr: money,
};
export const dailyRowView = v.object({ day: v.string(), ...dailyFigures });
export const dailyTotalsView = v.object(dailyFigures);
export const dailyReportView = v.object({
  from: v.string(),
  to: v.string(),
  data: v.array(dailyRowView),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
  totals: dailyTotalsView,
});
export type DailyRowView = v.InferOutput<typeof dailyRowView>;
export type DailyTotalsView = v.InferOutput<typeof dailyTotalsView>;
export type DailyReportView = v.InferOutput<typeof dailyReportView>;

const gameFigures = { player_days: v.number(), rounds: v.number(), bets: money, valid_bet: money, payout: money, ggr: money, ggr_pct: v.nullable(v.string()) };
export const gameRowView = v.object({ game_type: v.string(), gp_code: v.string(), game: v.string(), ...gameFigures });
export const gamesReportView = v.object({
  from: v.string(),
  to: v.string(),
  level: v.picklist(GAME_LEVELS),
  data: v.array(gameRowView),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
  totals: v.object(gameFigures),
});
export type GameRowView = v.InferOutput<typeof gameRowView>;
export type GamesReportView = v.InferOutput<typeof gamesReportView>;

export const playerReportRowView = v.object({
  player_id: v.number(),
  account: v.string(),
  level_id: v.number(),
  registered_at: v.string(),
  deposit_amount: money,
  withdrawal_amount: money,
  bets: money,
  valid_bet: money,
  payout: money,
  ggr: money,
  bonus_total: money,
  ngr: money,
  first_day: v.nullable(v.string()),
  last_day: v.nullable(v.string()),
  /** The same figures over the player's whole life on the site. */
  lifetime: v.object({ deposit_amount: money, withdrawal_amount: money, bets: money, ggr: money, bonus_total: money, ngr: money }),
  /** The partner (affiliate) the player came through, by account; null for players who came on their own. */
  partner: v.nullable(v.string()),
  partner_id: v.nullable(v.number()),
});
export const playersReportView = v.object({
  from: v.string(),
  to: v.string(),
  data: v.array(playerReportRowView),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type PlayerReportRowView = v.InferOutput<typeof playerReportRowView>;

export const rebuiltView = v.object({ day: v.string() });
/** A CSV export's body: text/csv, UTF-8 with a byte-order mark. */
export const csvView = v.string();

// ---- payments ------------------------------------------------------------------------------------------

/** The columns the payments report's method and gateway tables sort by. */
export const PAYMENT_SORTS = ['name', 'orders', 'paid', 'decided', 'success_pct', 'paid_amount', 'avg_pay_seconds'] as const;
export const paymentsReportQuery = v.object({
  ...range,
  sort: v.optional(v.picklist(PAYMENT_SORTS, 'bo.v.out_of_range'), 'name'),
  order: v.optional(v.picklist(['asc', 'desc'], 'bo.v.out_of_range'), 'asc'),
});
export type PaymentsReportQuery = v.InferOutput<typeof paymentsReportQuery>;

/**
 * Figures of a set of deposit orders: how many were created, paid and decided (paid, failed, expired or rejected),
 * the success rate (paid over decided, percent with two decimals, null when none was decided), the amount paid and
 * the average seconds from order to payment (null when none was paid).
 */
const payFigures = {
  orders: v.number(),
  paid: v.number(),
  decided: v.number(),
  success_pct: v.nullable(v.string()),
  paid_amount: money,
  avg_pay_seconds: v.nullable(v.number()),
};
export const paymentMethodRowView = v.object({ method: v.string(), gateway: v.string(), ...payFigures });
export const paymentGatewayRowView = v.object({ gateway: v.string(), ...payFigures });
export const paymentStatusRowView = v.object({ method: v.string(), status: v.string(), orders: v.number(), amount: money });
export const withdrawalStatusRowView = v.object({ status: v.string(), requests: v.number(), amount: money, fee: money });
export const paymentsReportView = v.object({
  from: v.string(),
  to: v.string(),
  methods: v.array(paymentMethodRowView),
  gateways: v.array(paymentGatewayRowView),
  statuses: v.array(paymentStatusRowView),
  totals: v.object(payFigures),
  withdrawals: v.array(withdrawalStatusRowView),
  withdrawal_totals: v.object({
    requests: v.number(),
    paid: v.number(),
    decided: v.number(),
    success_pct: v.nullable(v.string()),
    paid_amount: money,
    avg_pay_seconds: v.nullable(v.number()),
  }),
});
export type PaymentMethodRowView = v.InferOutput<typeof paymentMethodRowView>;
export type PaymentsReportView = v.InferOutput<typeof paymentsReportView>;

// ---- retention -----------------------------------------------------------------------------------------

/** The most weeks after registration a cohort row shows. */
export const RETENTION_WEEKS_MAX = 26;
/** The columns the retention report's cohorts sort by. */
export const RETENTION_SORTS = ['week_start', 'players', 'converted', 'conversion_pct', 'converted_7d', 'conversion_7d_pct'] as const;
export const retentionReportQuery = v.object({
  ...range,
  sort: v.optional(v.picklist(RETENTION_SORTS, 'bo.v.out_of_range'), 'week_start'),
  order: v.optional(v.picklist(['asc', 'desc'], 'bo.v.out_of_range'), 'asc'),
  weeks: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'bo.v.out_of_range'),
      v.transform(Number),
      v.minValue(1, 'bo.v.out_of_range'),
      v.maxValue(RETENTION_WEEKS_MAX, 'bo.v.out_of_range'),
    ),
    '8',
  ),
});
export type RetentionReportQuery = v.InferOutput<typeof retentionReportQuery>;

/** One week after registration of a cohort: players active (bet or deposit) and depositing, and their shares of the cohort. */
export const retentionCellView = v.object({
  week: v.number(),
  active: v.number(),
  depositing: v.number(),
  active_pct: v.nullable(v.string()),
  depositing_pct: v.nullable(v.string()),
});
/** A cohort: the players registered in a Taipei week (Monday to Sunday), their first-deposit conversion and their weeks since. */
export const retentionCohortView = v.object({
  week_start: v.string(),
  players: v.number(),
  converted: v.number(),
  converted_7d: v.number(),
  conversion_pct: v.nullable(v.string()),
  conversion_7d_pct: v.nullable(v.string()),
  /** Week 0 is the week of registration; weeks that have not begun yet are left out. */
  cells: v.array(retentionCellView),
});
export const retentionReportView = v.object({
  from: v.string(),
  to: v.string(),
  weeks: v.number(),
  cohorts: v.array(retentionCohortView),
  totals: v.object({
    players: v.number(),
    converted: v.number(),
    converted_7d: v.number(),
    conversion_pct: v.nullable(v.string()),
    conversion_7d_pct: v.nullable(v.string()),
  }),
});
export type RetentionCohortView = v.InferOutput<typeof retentionCohortView>;
export type RetentionReportView = v.InferOutput<typeof retentionReportView>;

// ---- player protection ---------------------------------------------------------------------------------

/** The columns the protection report's actions sort by. */
export const PROTECTION_SORTS = ['action', 'events', 'players', 'by_staff'] as const;
export const protectionReportQuery = v.object({
  ...range,
  sort: v.optional(v.picklist(PROTECTION_SORTS, 'bo.v.out_of_range'), 'action'),
  order: v.optional(v.picklist(['asc', 'desc'], 'bo.v.out_of_range'), 'asc'),
});
export type ProtectionReportQuery = v.InferOutput<typeof protectionReportQuery>;

/** A protection action in the range (limits lowered, raises asked for and confirmed, reality checks set, time-outs...): how often and by how many players. */
export const protectionActionRowView = v.object({ action: v.string(), kind: v.string(), events: v.number(), players: v.number(), by_staff: v.number() });
/** The limits in force now per kind and period, and the changes still waiting out their cooling-off. */
export const protectionLimitRowView = v.object({ kind: v.string(), period: v.string(), players: v.number(), pending: v.number() });
/** Time-outs and self-exclusions per kind and duration: in force now, and begun in the range. */
export const protectionExclusionRowView = v.object({ kind: v.string(), duration: v.string(), active: v.number(), started: v.number() });
export const protectionReportView = v.object({
  from: v.string(),
  to: v.string(),
  actions: v.array(protectionActionRowView),
  limits: v.array(protectionLimitRowView),
  exclusions: v.array(protectionExclusionRowView),
  totals: v.object({
    events: v.number(),
    /** Players who did any action of the range, each counted once (the rows' players overlap). */
    players: v.number(),
    players_with_limits: v.number(),
    reality_checks: v.number(),
    exclusions_active: v.number(),
    exclusions_started: v.number(),
  }),
});
export type ProtectionReportView = v.InferOutput<typeof protectionReportView>;

// ---- bonuses -------------------------------------------------------------------------------------------

/**
 * Where a bonus came from: a promotion (rebates apart), VIP rewards, a red-packet round (red_packets: the ledger's red
 * packets no round's paid claims account for), the mall, operators' grants; and what came back. released_other: money
 * released from activity wallets whose funding journal is not found (it only releases, it grants nothing).
 */
export const BONUS_SOURCES = [
  'promotion',
  'rebate',
  'promotion_other',
  'vip',
  'red_packet_round',
  'red_packets',
  'mall',
  'operator',
  'returned',
  'released_other',
] as const;
export type BonusSource = (typeof BONUS_SOURCES)[number];
/** The columns the bonuses report's sources sort by. */
export const BONUS_SORTS = ['source', 'grants', 'players', 'amount', 'released'] as const;
export const bonusesReportQuery = v.object({ ...range, sort: v.optional(v.picklist(BONUS_SORTS, 'bo.v.out_of_range'), 'amount'), order });
export type BonusesReportQuery = v.InferOutput<typeof bonusesReportQuery>;
/** The bonuses export: its sources table (cost per promotion and kind) or its days table. */
export const BONUS_EXPORT_TABLES = ['sources', 'days'] as const;
export const bonusesExportQuery = v.object({
  ...bonusesReportQuery.entries,
  table: v.optional(v.picklist(BONUS_EXPORT_TABLES, 'bo.v.out_of_range'), 'sources'),
});

/**
 * One source of bonus cost over the range: a promotion (its id and titles), the promotion grants the ledger holds
 * without a promotion's grant row (promotion_other), a red-packet round (its round_id and titles; its grants are the
 * claims paid), or a ledger kind. grants: journals (a reversal counts -1); players: each counted once over the range;
 * amount: the net effect on players' money (returned is negative). released: what the activity wallets this source
 * funded (at any time) paid into central wallets in the range once their bet flow was complete, and releases the number
 * of those journals (a reversal counts -1); a source that only released in the range has a row with no grants.
 */
export const bonusSourceRowView = v.object({
  source: v.picklist(BONUS_SOURCES),
  promotion_id: v.nullable(v.number()),
  round_id: v.nullable(v.number()),
  title: v.string(),
  title_en: v.string(),
  grants: v.number(),
  players: v.number(),
  amount: money,
  released: money,
  releases: v.number(),
});
/**
 * One Taipei day: the bonuses paid by kind, what came back (activity wallets given up or forfeited), and the net cost;
 * and what was released: activity wallets' money paid into central wallets once their bet flow was complete (unlocks
 * and moves out), with the number of those journals (releases; a reversal counts -1). Released money is not a cost of
 * its own: it was counted when it was granted.
 */
export const bonusDayView = v.object({
  day: v.string(),
  promotions: money,
  rebates: money,
  vip: money,
  red_packets: money,
  mall: money,
  operator: money,
  granted: money,
  returned: money,
  net: money,
  grants: v.number(),
  released: money,
  releases: v.number(),
});
export const bonusesReportView = v.object({
  from: v.string(),
  to: v.string(),
  sources: v.array(bonusSourceRowView),
  days: v.array(bonusDayView),
  totals: v.object({
    promotions: money,
    rebates: money,
    vip: money,
    red_packets: money,
    mall: money,
    operator: money,
    granted: money,
    returned: money,
    net: money,
    grants: v.number(),
    /** Players granted any bonus of the range, each counted once (the sources' players overlap). */
    players: v.number(),
    released: money,
    releases: v.number(),
  }),
});
export type BonusSourceRowView = v.InferOutput<typeof bonusSourceRowView>;
export type BonusDayView = v.InferOutput<typeof bonusDayView>;
export type BonusesReportView = v.InferOutput<typeof bonusesReportView>;

// ---- liability reconciliation ----------------------------------------------------------------------------------

/** The movement columns of the reconciliation, in the order closing = opening + each (withdrawals, GGR and payouts subtracted). */
export const LIABILITY_COLUMNS = ['deposits', 'withdrawals', 'ggr', 'bonuses', 'adjustments', 'partner_commission', 'partner_payouts'] as const;
export type LiabilityColumn = (typeof LIABILITY_COLUMNS)[number];

export const liabilityReportQuery = v.object({ ...range });
export type LiabilityReportQuery = v.InferOutput<typeof liabilityReportQuery>;
export const liabilityPlayersQuery = v.object({ ...range, ...pagingQuery(100, REPORT_PAGE_SIZE_MAX) });
export type LiabilityPlayersQuery = v.InferOutput<typeof liabilityPlayersQuery>;

/**
 * One row of the reconciliation: the liability at the start (opening, from the ledger), the movements by column,
 * closing = opening + deposits - withdrawals - ggr + bonuses + adjustments + partner_commission - partner_payouts, what
 * the ledger holds at the end (ledger_closing), and difference = ledger_closing - closing (0 when the ledger ties).
 */
const liabilityFigures = {
  opening: money,
  deposits: money,
  withdrawals: money,
  ggr: money,
  bonuses: money,
  adjustments: money,
  partner_commission: money,
  partner_payouts: money,
  closing: money,
  ledger_closing: money,
  difference: money,
};
export const liabilityDayView = v.object({ day: v.string(), ...liabilityFigures });
export type LiabilityDayView = v.InferOutput<typeof liabilityDayView>;

/** The liability reconciliation's figures in the table's (and the CSV's) order: opening, the movements, closing, the ledger's, the difference. */
export const LIABILITY_FIELDS = [
  'opening',
  'deposits',
  'withdrawals',
  'ggr',
  'bonuses',
  'adjustments',
  'partner_commission',
  'partner_payouts',
  'closing',
  'ledger_closing',
  'difference',
] as const satisfies ReadonlyArray<keyof LiabilityDayView>;
/** A row whose closing does not tie to the ledger: the day, the player (null: the whole liability), and by how much. */
export const liabilityFindingView = v.object({
  day: v.string(),
  player_id: v.nullable(v.number()),
  closing: money,
  ledger_closing: money,
  difference: money,
});
export type LiabilityFindingView = v.InferOutput<typeof liabilityFindingView>;
export const liabilityReportView = v.object({
  from: v.string(),
  to: v.string(),
  days: v.array(liabilityDayView),
  /** The range as one row: the first day's opening, the movements summed, the last day's closing. */
  totals: liabilityDayView,
  findings: v.array(liabilityFindingView),
});
export type LiabilityReportView = v.InferOutput<typeof liabilityReportView>;

/** A player's row over the range (partner columns are always 0: partners are not players). */
export const liabilityPlayerView = v.object({ player_id: v.number(), account: v.string(), ...liabilityFigures });
export type LiabilityPlayerView = v.InferOutput<typeof liabilityPlayerView>;
export const liabilityPlayersView = v.object({
  from: v.string(),
  to: v.string(),
  data: v.array(liabilityPlayerView),
  total: v.number(),
  findings: v.array(liabilityFindingView),
});
export type LiabilityPlayersView = v.InferOutput<typeof liabilityPlayersView>;
