// The reports' CSV exports: the columns of each (headings in the caller's language, the same keys as the tables) and
// their row sources, read a batch at a time so memory stays flat however many rows leave.
import type { Db } from '../../db/client.ts';
import type { Locale } from '../../../shared/constants.ts';
import { boTranslate, isBoKey } from '../../../i18n/backoffice.ts';
import type {
  BonusDayView,
  BonusSourceRowView,
  BonusesReportView,
  DailyRowView,
  GameLevel,
  GameRowView,
  LiabilityDayView,
  LiabilityPlayerView,
  LiabilityReportView,
  PaymentMethodRowView,
  PaymentsReportView,
  PlayerReportRowView,
  ProtectionReportView,
  RetentionCohortView,
  RetentionReportView,
} from '../../../shared/schemas/backoffice/reports.ts';
import { LIABILITY_FIELDS } from '../../../shared/schemas/backoffice/reports.ts';
import * as authFacts from '../auth/report-facts.ts';
import type { CsvColumn, CsvKind } from '../../lib/csv.ts';
import type { ReportsService } from './service.ts';
import { dayView } from './daily.ts';
import { matchingPlayers, type PlayerFilters } from './players.ts';

/** Rows read per batch of a long export: small enough to stay flat in memory, large enough to keep the database busy. */
export const EXPORT_BATCH = 2_000;

const DAILY_FIELDS = [
  'registrations',
  'ftd_count',
  'ftd_amount',
  'active_players',
  'bettors',
  'deposit_count',
  'deposit_amount',
  'withdrawal_count',
  'withdrawal_amount',
  'net_cash',
  'rounds',
  'bets',
  'valid_bet',
  'payout',
  'ggr',
  'ggr_pct',
  'bonus_promotions',
  'bonus_rebates',
  'bonus_vip',
  'bonus_red_packets',
  'bonus_mall',
  'bonus_operator',
  'bonus_returned',
  'bonus_total',
  'ngr',
] as const satisfies ReadonlyArray<keyof DailyRowView>;

const heading = (locale: Locale, field: string) => boTranslate(locale, `bo.reports.col.${field}`);

/** Shares are written as percentages; every other figure of a report is a plain number. */
const kindOf = (field: string): CsvKind => (field.endsWith('_pct') ? 'percent' : 'number');

/** The daily summary's columns; the totals row puts its label in the day column. */
export function dailyColumns(locale: Locale): Array<CsvColumn<DailyRowView>> {
  return [
    { heading: heading(locale, 'day'), cell: (r) => r.day },
    ...DAILY_FIELDS.map((f): CsvColumn<DailyRowView> => ({ heading: heading(locale, f), cell: (r) => r[f], kind: kindOf(f) })),
  ];
}

/** Every day of the range, oldest first, then the totals row. */
export async function* dailyRows(reports: ReportsService, from: string, to: string, locale: Locale): AsyncGenerator<DailyRowView[]> {
  const report = await reports.dailyFigures(from, to);
  yield report.days.map((d) => ({ day: d.day, ...dayView(d.figures) }));
  yield [{ day: boTranslate(locale, 'bo.reports.totals'), ...dayView(report.totals) }];
}

export function gameColumns(locale: Locale, level: GameLevel): Array<CsvColumn<GameRowView>> {
  const names: Array<CsvColumn<GameRowView>> = [
    {
      heading: heading(locale, 'game_type'),
      cell: (r) => (isBoKey(`bo.group.${r.game_type}`) ? boTranslate(locale, `bo.group.${r.game_type}`) : r.game_type),
      kind: 'text',
    },
  ];
  if (level !== 'group') names.push({ heading: heading(locale, 'gp_code'), cell: (r) => r.gp_code });
  if (level === 'game') names.push({ heading: heading(locale, 'game'), cell: (r) => r.game });
  const fields = ['player_days', 'rounds', 'bets', 'valid_bet', 'payout', 'ggr', 'ggr_pct'] as const;
  return [...names, ...fields.map((f): CsvColumn<GameRowView> => ({ heading: heading(locale, f), cell: (r) => r[f], kind: kindOf(f) }))];
}

/** Every row of the games report, largest GGR first, then the totals row (its label in the first column). */
export async function* gameRows(reports: ReportsService, from: string, to: string, level: GameLevel, locale: Locale): AsyncGenerator<GameRowView[]> {
  const { rows, totals } = await reports.gameFigures(from, to, level);
  yield rows.sort((a, b) => Number(BigInt(b.ggr.replace('.', '')) - BigInt(a.ggr.replace('.', ''))));
  yield [{ ...totals, game_type: boTranslate(locale, 'bo.reports.totals'), gp_code: '', game: '' }];
}

export function playerReportColumns(locale: Locale): Array<CsvColumn<PlayerReportRowView>> {
  const text = (f: 'account' | 'registered_at' | 'first_day' | 'last_day', kind: CsvKind = 'text'): CsvColumn<PlayerReportRowView> => ({
    heading: heading(locale, f),
    cell: (r) => r[f],
    kind,
  });
  const num = (
    f: 'player_id' | 'level_id' | 'deposit_amount' | 'withdrawal_amount' | 'bets' | 'valid_bet' | 'payout' | 'ggr' | 'bonus_total' | 'ngr',
  ): CsvColumn<PlayerReportRowView> => ({ heading: heading(locale, f), cell: (r) => r[f], kind: 'number' });
  return [
    num('player_id'),
    text('account'),
    num('level_id'),
    text('registered_at', 'datetime'),
    num('deposit_amount'),
    num('withdrawal_amount'),
    num('bets'),
    num('valid_bet'),
    num('payout'),
    num('ggr'),
    num('bonus_total'),
    num('ngr'),
    text('first_day'),
    text('last_day'),
    ...(['deposit_amount', 'withdrawal_amount', 'bets', 'ggr', 'bonus_total', 'ngr'] as const).map((f): CsvColumn<PlayerReportRowView> => ({
      heading: `${boTranslate(locale, 'bo.reports.lifetime')} ${heading(locale, f)}`,
      cell: (r) => r.lifetime[f],
      kind: 'number',
    })),
    { heading: heading(locale, 'partner'), cell: (r) => r.partner },
  ];
}

/** Every player of the players report, in its order, a batch at a time. */
export async function* playerReportRows(db: Db, reports: ReportsService, filters: PlayerFilters): AsyncGenerator<PlayerReportRowView[]> {
  const { from, to } = filters;
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const { ids } = await matchingPlayers(db, filters, EXPORT_BATCH, offset);
    if (!ids.length) return;
    yield await reports.playerRows(from, to, ids);
    if (ids.length < EXPORT_BATCH) return;
  }
}

export function playerListColumns(locale: Locale): Array<CsvColumn<authFacts.PlayerListRow>> {
  return [
    { heading: heading(locale, 'player_id'), cell: (r) => r.id },
    { heading: heading(locale, 'account'), cell: (r) => r.account },
    { heading: heading(locale, 'phone'), cell: (r) => r.phone, kind: 'phone' },
    { heading: heading(locale, 'real_name'), cell: (r) => r.realName },
    { heading: heading(locale, 'level_id'), cell: (r) => r.levelId },
    { heading: heading(locale, 'status'), cell: (r) => boTranslate(locale, `bo.reports.status.${r.status}`) },
    { heading: heading(locale, 'register_ip'), cell: (r) => r.registerIp },
    { heading: heading(locale, 'registered_at'), cell: (r) => r.createdAt, kind: 'datetime' },
    { heading: heading(locale, 'last_login_at'), cell: (r) => r.lastLoginAt, kind: 'datetime' },
  ];
}

/** The whole player list in id order, by keyset batches: a million players never sit in memory together. */
export async function* playerListRows(db: Db, q: string | undefined): AsyncGenerator<authFacts.PlayerListRow[]> {
  let after = 0;
  for (;;) {
    const batch = await authFacts.playerListBatch(db, after, EXPORT_BATCH, q);
    if (!batch.length) return;
    yield batch;
    if (batch.length < EXPORT_BATCH) return;
    after = batch.at(-1)!.id;
  }
}

/** A code in words in the export's language, through its catalogue key; the code itself when the catalogue has none. */
export function word(locale: Locale, key: string, code: string): string {
  return code && isBoKey(key) ? boTranslate(locale, key) : code;
}

/** A report that is read whole (a few dozen rows at most) as the one batch of an export. */
export async function* oneBatch<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}

type PaymentCsvRow = Omit<PaymentMethodRowView, 'gateway'> & { gateway: string };

export function paymentColumns(locale: Locale): Array<CsvColumn<PaymentCsvRow>> {
  const fields = ['orders', 'paid', 'decided', 'success_pct', 'paid_amount', 'avg_pay_seconds'] as const;
  return [
    { heading: heading(locale, 'method'), cell: (r) => r.method },
    { heading: heading(locale, 'gateway'), cell: (r) => r.gateway },
    ...fields.map((f): CsvColumn<PaymentCsvRow> => ({ heading: heading(locale, f), cell: (r) => r[f], kind: kindOf(f) })),
  ];
}

/** Every method, then the totals row; codes in words. */
export function paymentRows(report: PaymentsReportView, locale: Locale): PaymentCsvRow[] {
  return [
    ...report.methods.map((m) => ({
      ...m,
      method: word(locale, `bo.dep.method.${m.method}`, m.method),
      gateway: word(locale, `bo.reports.gateway.${m.gateway}`, m.gateway),
    })),
    { ...report.totals, method: boTranslate(locale, 'bo.reports.totals'), gateway: '' },
  ];
}

export function retentionColumns(locale: Locale, weeks: number): Array<CsvColumn<RetentionCohortView>> {
  const cell = (r: RetentionCohortView, k: number, f: 'active_pct' | 'depositing_pct') => r.cells.find((c) => c.week === k)?.[f] ?? null;
  return [
    { heading: heading(locale, 'week_start'), cell: (r) => r.week_start },
    ...(['players', 'converted', 'conversion_pct', 'converted_7d', 'conversion_7d_pct'] as const).map((f): CsvColumn<RetentionCohortView> => ({
      heading: heading(locale, f),
      cell: (r) => r[f],
      kind: kindOf(f),
    })),
    ...Array.from({ length: weeks }, (_, k): Array<CsvColumn<RetentionCohortView>> => [
      { heading: `${boTranslate(locale, 'bo.reports.col.active_pct')} W${k}`, cell: (r) => cell(r, k, 'active_pct'), kind: 'percent' },
      { heading: `${boTranslate(locale, 'bo.reports.col.depositing_pct')} W${k}`, cell: (r) => cell(r, k, 'depositing_pct'), kind: 'percent' },
    ]).flat(),
  ];
}

export function retentionRows(report: RetentionReportView, locale: Locale): RetentionCohortView[] {
  return [...report.cohorts, { week_start: boTranslate(locale, 'bo.reports.totals'), ...report.totals, cells: [] }];
}

type ProtectionCsvRow = ProtectionReportView['actions'][number];

export function protectionColumns(locale: Locale): Array<CsvColumn<ProtectionCsvRow>> {
  return [
    { heading: heading(locale, 'action'), cell: (r) => r.action },
    { heading: heading(locale, 'limit_kind'), cell: (r) => r.kind },
    ...(['events', 'players', 'by_staff'] as const).map((f): CsvColumn<ProtectionCsvRow> => ({ heading: heading(locale, f), cell: (r) => r[f] })),
  ];
}

export function protectionRows(report: ProtectionReportView, locale: Locale): ProtectionCsvRow[] {
  return [
    ...report.actions.map((a) => ({
      ...a,
      action: word(locale, `bo.code.pevent.${a.action}`, a.action),
      kind: word(locale, `bo.reports.limit.${a.kind}`, a.kind),
    })),
    {
      action: boTranslate(locale, 'bo.reports.totals'),
      kind: '',
      events: report.totals.events,
      // Players of different actions overlap: the totals count each player once.
      players: report.totals.players,
      by_staff: report.actions.reduce((s, a) => s + a.by_staff, 0),
    },
  ];
}

const BONUS_DAY_FIELDS = [
  'promotions',
  'rebates',
  'vip',
  'red_packets',
  'mall',
  'operator',
  'granted',
  'returned',
  'net',
  'grants',
  'released',
  'releases',
] as const;

/** The bonuses report's days: each bonus kind, what came back, the net cost, and what was released to central wallets. */
export function bonusDayColumns(locale: Locale): Array<CsvColumn<BonusDayView>> {
  return [
    { heading: heading(locale, 'day'), cell: (r) => r.day },
    ...BONUS_DAY_FIELDS.map((f): CsvColumn<BonusDayView> => ({ heading: boTranslate(locale, `bo.reports.bonus.${f}`), cell: (r) => r[f] })),
  ];
}

export function bonusDayRows(report: BonusesReportView, locale: Locale): BonusDayView[] {
  return [...report.days, { day: boTranslate(locale, 'bo.reports.totals'), ...report.totals }];
}

/** A source row in words: the promotion's or the red-packet round's title in the export's language, or the kind's name. */
export function bonusSourceName(locale: Locale, r: Pick<BonusSourceRowView, 'source' | 'title' | 'title_en'>): string {
  if (r.source === 'promotion' || r.source === 'rebate' || r.source === 'red_packet_round')
    return locale === 'en' ? r.title_en || r.title : r.title || r.title_en;
  return boTranslate(locale, `bo.reports.bonus.source.${r.source}`);
}

/** The totals row bonusSourceRows appends: the only row with a title and neither a promotion nor a round. */
const isTotalsRow = (r: BonusSourceRowView): boolean => r.promotion_id === null && r.round_id === null && r.title !== '';

export function bonusSourceColumns(locale: Locale): Array<CsvColumn<BonusSourceRowView>> {
  return [
    { heading: boTranslate(locale, 'bo.reports.bonus.source'), cell: (r) => (isTotalsRow(r) ? r.title : bonusSourceName(locale, r)) },
    {
      heading: boTranslate(locale, 'bo.reports.bonus.kind'),
      cell: (r) => (isTotalsRow(r) ? '' : boTranslate(locale, `bo.reports.bonus.source.${r.source}`)),
      kind: 'text',
    },
    ...(['grants', 'players', 'amount', 'released', 'releases'] as const).map((f): CsvColumn<BonusSourceRowView> => ({
      heading: boTranslate(locale, `bo.reports.bonus.${f}`),
      cell: (r) => r[f],
    })),
  ];
}

/** Every source, then the totals row (the net cost and the releases; players of different sources do not add up). */
export function bonusSourceRows(report: BonusesReportView, locale: Locale): BonusSourceRowView[] {
  const grants = report.sources.filter((s) => s.source !== 'returned').reduce((n, s) => n + s.grants, 0);
  return [
    ...report.sources,
    {
      source: 'promotion_other',
      promotion_id: null,
      round_id: null,
      title: boTranslate(locale, 'bo.reports.totals'),
      title_en: '',
      grants,
      // Players of different sources overlap: the totals count each player granted a bonus once.
      players: report.totals.players,
      amount: report.totals.net,
      released: report.totals.released,
      releases: report.totals.releases,
    },
  ];
}

const liabilityHeading = (locale: Locale, field: string) => boTranslate(locale, `bo.reports.liab.${field}`);

/** The days' CSV: a day per line, then the range's totals. */
export function liabilityDayColumns(locale: Locale): Array<CsvColumn<LiabilityDayView>> {
  return [
    { heading: heading(locale, 'day'), cell: (r) => r.day },
    ...LIABILITY_FIELDS.map((f): CsvColumn<LiabilityDayView> => ({ heading: liabilityHeading(locale, f), cell: (r) => r[f], kind: 'number' })),
  ];
}

export function liabilityDayRows(report: LiabilityReportView, locale: Locale): LiabilityDayView[] {
  return [...report.days, { ...report.totals, day: boTranslate(locale, 'bo.reports.totals') }];
}

/** The players' CSV: a player per line (id, account, the figures). */
export function liabilityPlayerColumns(locale: Locale): Array<CsvColumn<LiabilityPlayerView>> {
  return [
    { heading: liabilityHeading(locale, 'player_id'), cell: (r) => r.player_id, kind: 'number' },
    { heading: liabilityHeading(locale, 'account'), cell: (r) => r.account },
    ...LIABILITY_FIELDS.map((f): CsvColumn<LiabilityPlayerView> => ({ heading: liabilityHeading(locale, f), cell: (r) => r[f], kind: 'number' })),
  ];
}

/** Every player whose money moved in the range, a page at a time as the export streams. */
export async function* liabilityPlayerRows(reports: ReportsService, from: string, to: string): AsyncGenerator<LiabilityPlayerView[]> {
  for (let page = 1; ; page += 1) {
    const batch = await reports.liabilityPlayers({ from, to, page, pageSize: LIABILITY_EXPORT_BATCH });
    if (batch.data.length) yield batch.data;
    if (batch.data.length < LIABILITY_EXPORT_BATCH) return;
  }
}

/** A player page of the export: the most the players query pages by. */
const LIABILITY_EXPORT_BATCH = 400;
