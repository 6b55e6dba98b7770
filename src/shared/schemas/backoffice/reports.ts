// The operator reports (issue 23): their queries (a Taipei date range of at most REPORT_RANGE_DAYS_MAX days, sort and
// paging) and their answers. Amounts are decimal text in major units, like every other amount of the API.
import * as v from 'valibot';
import { pagingQuery } from '../paging.ts';

/** The longest range a report covers: a year and a day, so a whole leap year fits. */
export const REPORT_RANGE_DAYS_MAX = 366;
/** Report pages are longer than other lists: a quarter of days fits on one. */
export const REPORT_PAGE_SIZE_DEFAULT = 31;
export const REPORT_PAGE_SIZE_MAX = 400;

const dayText = v.pipe(v.string('v.type.string'), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'bo.v.date'), v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'bo.v.date'));
const order = v.optional(v.picklist(['asc', 'desc'], 'bo.v.out_of_range'), 'desc');

/** The columns the daily summary sorts by. */
export const DAILY_SORTS = ['day', 'registrations', 'ftd_count', 'active_players', 'deposit_amount', 'withdrawal_amount', 'net_cash', 'bets', 'valid_bet', 'payout', 'ggr', 'bonus_total', 'ngr'] as const;
/** The columns the games report sorts by. */
export const GAME_SORTS = ['game', 'player_days', 'rounds', 'bets', 'valid_bet', 'payout', 'ggr', 'ggr_pct'] as const;
/** How the games report groups: per game group, per provider within a group, or per game. */
export const GAME_LEVELS = ['group', 'provider', 'game'] as const;
export type GameLevel = (typeof GAME_LEVELS)[number];

const range = { from: dayText, to: dayText };
const pages = pagingQuery(REPORT_PAGE_SIZE_DEFAULT, REPORT_PAGE_SIZE_MAX);

export const dailyReportQuery = v.object({ ...range, ...pages, sort: v.optional(v.picklist(DAILY_SORTS, 'bo.v.out_of_range'), 'day'), order });
export const gamesReportQuery = v.object({
  ...range, ...pages, sort: v.optional(v.picklist(GAME_SORTS, 'bo.v.out_of_range'), 'ggr'), order,
  level: v.optional(v.picklist(GAME_LEVELS, 'bo.v.out_of_range'), 'game'),
});
export const playersReportQuery = v.object({ ...range, ...pages });
export const playerListExportQuery = v.object({ q: v.optional(v.pipe(v.string(), v.maxLength(12, 'v.too_long'), v.trim())) });
export const rebuildBody = v.strictObject({ day: dayText }, 'v.type.object');

export type DailyReportQuery = v.InferOutput<typeof dailyReportQuery>;
export type GamesReportQuery = v.InferOutput<typeof gamesReportQuery>;
export type PlayersReportQuery = v.InferOutput<typeof playersReportQuery>;

const money = v.string();

/** The bonus kinds the daily summary splits bonuses into. */
export const BONUS_KINDS = ['promotions', 'vip', 'red_packets', 'mall', 'operator'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

const dailyFigures = {
  registrations: v.number(), ftd_count: v.number(), ftd_amount: money, active_players: v.number(), bettors: v.number(),
  deposit_count: v.number(), deposit_amount: money, withdrawal_count: v.number(), withdrawal_amount: money, net_cash: money,
  rounds: v.number(), bets: money, valid_bet: money, payout: money, ggr: money,
  /** GGR over bets in percent with two decimals; null when nothing was bet. */
  ggr_pct: v.nullable(v.string()),
  bonus_promotions: money, bonus_vip: money, bonus_red_packets: money, bonus_mall: money, bonus_operator: money,
  /** Bonus money that came back: activity wallets given up or forfeited (negative). */
  bonus_returned: money, bonus_total: money, ngr: money,
};
export const dailyRowView = v.object({ day: v.string(), ...dailyFigures });
export const dailyTotalsView = v.object(dailyFigures);
export const dailyReportView = v.object({
  from: v.string(), to: v.string(), data: v.array(dailyRowView), total: v.number(), page: v.number(), pageSize: v.number(), totals: dailyTotalsView,
});
export type DailyRowView = v.InferOutput<typeof dailyRowView>;
export type DailyTotalsView = v.InferOutput<typeof dailyTotalsView>;
export type DailyReportView = v.InferOutput<typeof dailyReportView>;

const gameFigures = { player_days: v.number(), rounds: v.number(), bets: money, valid_bet: money, payout: money, ggr: money, ggr_pct: v.nullable(v.string()) };
export const gameRowView = v.object({ game_type: v.string(), gp_code: v.string(), game: v.string(), ...gameFigures });
export const gamesReportView = v.object({
  from: v.string(), to: v.string(), level: v.picklist(GAME_LEVELS), data: v.array(gameRowView), total: v.number(), page: v.number(), pageSize: v.number(),
  totals: v.object(gameFigures),
});
export type GameRowView = v.InferOutput<typeof gameRowView>;
export type GamesReportView = v.InferOutput<typeof gamesReportView>;

export const playerReportRowView = v.object({
  player_id: v.number(), account: v.string(), level_id: v.number(), registered_at: v.string(),
  deposit_amount: money, withdrawal_amount: money, bets: money, valid_bet: money, payout: money, ggr: money, bonus_total: money, ngr: money,
  first_day: v.nullable(v.string()), last_day: v.nullable(v.string()),
});
export const playersReportView = v.object({
  from: v.string(), to: v.string(), data: v.array(playerReportRowView), total: v.number(), page: v.number(), pageSize: v.number(),
});
export type PlayerReportRowView = v.InferOutput<typeof playerReportRowView>;

export const rebuiltView = v.object({ day: v.string() });
/** A CSV export's body: text/csv, UTF-8 with a byte-order mark. */
export const csvView = v.string();
