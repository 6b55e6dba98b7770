// The operator reports: each reads the owners' daily aggregates through their read APIs (auth, ledger and
// bets report-facts) and never a source table, so a 90-day report reads a few thousand rows whatever the traffic.
import type { Db } from '../../db/client.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type {
  DailyReportQuery,
  DailyReportView,
  DailyRowView,
  GameLevel,
  GameRowView,
  GamesReportQuery,
  GamesReportView,
  PlayerReportRowView,
  PlayersReportQuery,
} from '../../../shared/schemas/backoffice/reports.ts';
import * as ledgerFacts from '../../ledger/report-facts.ts';
import { rebuildLedgerDay } from '../../ledger/daily.ts';
import * as betFacts from '../bets/report-facts.ts';
import { rebuildBetDay } from '../bets/daily.ts';
import * as authFacts from '../auth/report-facts.ts';
import * as promotionFacts from '../promotions/report-facts.ts';
import * as partnerFacts from '../partners/report-facts.ts';
import { addBets, addMoney, addRebates, bonusTotalOf, dayView, emptyDay, ggrPercent, sumDays, type DayFigures } from './daily.ts';
import { daysOf, sortAndPage } from './range.ts';
import { activePlayersByDay, activePlayersInRange, rebuildActiveDay } from './activity.ts';
import { matchingPlayers } from './players.ts';
import { recordAudit } from '../staff/audit.ts';
import { paymentsReport, taipeiWindow, type GatewayOf } from './payments.ts';
import { retentionReport } from './retention.ts';
import { protectionReport } from './protection.ts';
import { liabilityPlayers, liabilityReport } from './liability.ts';
import { bonusesReport } from './bonuses.ts';
import type {
  BonusesReportQuery,
  BonusesReportView,
  PaymentsReportQuery,
  PaymentsReportView,
  ProtectionReportQuery,
  LiabilityPlayersQuery,
  LiabilityPlayersView,
  LiabilityReportQuery,
  LiabilityReportView,
  ProtectionReportView,
  RetentionReportQuery,
  RetentionReportView,
} from '../../../shared/schemas/backoffice/reports.ts';
import type { Operator } from '../staff/service.ts';
import { ApiError } from '../../lib/errors.ts';
import { sql } from 'drizzle-orm';
import { DAY_MS, taipeiDate } from '../../../shared/time.ts';

/**
 * The advisory lock every rebuild takes for its transaction, so an operator's rebuild and the job's never overlap. It is
 * not the job's own id (7_240_141): the job runner holds that one on another connection while the job runs.
 */
export const REBUILD_LOCK_ID = 7_240_142;
/** How many days back the scheduled rebuild recomputes: by the day before yesterday, late corrections have settled. */
const REBUILD_DAYS_BACK = 2;
/** The first day a player's lifetime figures are read from: before the site opened. */
const LIFETIME_FROM = '2000-01-01';

export interface DailyReport {
  from: string;
  to: string;
  days: Array<{ day: string; figures: DayFigures }>;
  totals: DayFigures;
}

const DAILY_KEYS: Record<DailyReportQuery['sort'], (f: DayFigures, day: string) => number | bigint | string> = {
  day: (_f, day) => day,
  registrations: (f) => f.registrations,
  ftd_count: (f) => f.ftdCount,
  active_players: (f) => f.activePlayers,
  deposit_amount: (f) => f.depositMinor,
  withdrawal_amount: (f) => f.withdrawalMinor,
  net_cash: (f) => f.depositMinor - f.withdrawalMinor,
  bets: (f) => f.stakeMinor,
  valid_bet: (f) => f.validMinor,
  payout: (f) => f.payoutMinor,
  ggr: (f) => f.stakeMinor - f.payoutMinor,
  bonus_total: (f) => bonusTotalOf(f),
  ngr: (f) => f.stakeMinor - f.payoutMinor - bonusTotalOf(f),
};

export class ReportsService {
  private readonly db: Db;
  /** Reports and exports only read: the read replica when it may serve (db/reader.ts); the rebuild and the audit write through db. */
  private readonly reader: Db;
  private readonly gatewayOf: GatewayOf;

  /** gatewayOf is the cashier's answer to who takes a method's payments (CashierService.gatewayOf). */
  constructor(deps: { db: Db; reader?: Db; gatewayOf?: GatewayOf }) {
    this.db = deps.db;
    this.reader = deps.reader ?? deps.db;
    this.gatewayOf = deps.gatewayOf ?? ((method) => method);
  }

  /** The payments report: deposit orders per method, status and gateway, and withdrawals per status. */
  payments(q: PaymentsReportQuery): Promise<PaymentsReportView> {
    return paymentsReport(this.reader, this.gatewayOf, q);
  }

  /** The retention report: weekly registration cohorts, their weeks since and their first-deposit conversion. */
  retention(q: RetentionReportQuery, now = new Date()): Promise<RetentionReportView> {
    return retentionReport(this.reader, q, now);
  }

  /** The player-protection report for compliance. */
  protection(q: ProtectionReportQuery, now = new Date()): Promise<ProtectionReportView> {
    return protectionReport(this.reader, q, now);
  }

  /**
   * The liability reconciliation day by day. Its figures come from several statements (aggregates, postings, opening
   * balances) that must see one state of the ledger, or a journal written between them would show as a difference:
   * hence one read-only repeatable-read transaction.
   */
  liability(q: LiabilityReportQuery): Promise<LiabilityReportView> {
    return this.reader.transaction((tx) => liabilityReport(tx, q), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }

  /** The liability reconciliation per player over the range, in the same kind of transaction. */
  liabilityPlayers(q: LiabilityPlayersQuery): Promise<LiabilityPlayersView> {
    return this.reader.transaction((tx) => liabilityPlayers(tx, q), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }

  /** The bonuses report: cost per promotion (rebates apart) and per other kind, per day, and what came back. */
  bonuses(q: BonusesReportQuery): Promise<BonusesReportView> {
    return bonusesReport(this.reader, q);
  }

  /** Every day of the range with its figures, oldest first, and their totals. */
  async dailyFigures(from: string, to: string): Promise<DailyReport> {
    const list = daysOf(from, to);
    const { start, end } = taipeiWindow(from, to);
    const [registrations, firstDeposits, money, bets, active, rebates, activeInRange, bettorsInRange] = await Promise.all([
      authFacts.registrationsByDay(this.reader, from, to),
      ledgerFacts.firstDepositsByDay(this.reader, from, to),
      ledgerFacts.moneyTotalsByDay(this.reader, from, to),
      betFacts.betTotalsByDay(this.reader, from, to),
      activePlayersByDay(this.reader, from, to),
      promotionFacts.rebatesByDay(this.reader, start, end),
      activePlayersInRange(this.reader, from, to),
      betFacts.bettorsInRange(this.reader, from, to),
    ]);
    const byDay = new Map(list.map((d) => [d, emptyDay()]));
    for (const m of money) addMoney(byDay.get(m.day)!, m);
    for (const b of bets) addBets(byDay.get(b.day)!, b);
    for (const [day, f] of byDay) {
      f.registrations = registrations.get(day) ?? 0;
      const ftd = firstDeposits.get(day);
      f.ftdCount = ftd?.players ?? 0;
      f.ftdMinor = ftd?.amountMinor ?? 0n;
      // Active: bet or deposited that day; a player who did both is one row of the day's active players.
      f.activePlayers = active.get(day) ?? 0;
      addRebates(f, rebates.get(day)?.amountMinor ?? 0n);
    }
    const days = list.map((day) => ({ day, figures: byDay.get(day)! }));
    // A player active (or betting) on several days is one player of the range: the totals count players, not player-days.
    const totals = { ...sumDays(days.map((d) => d.figures)), activePlayers: activeInRange, bettors: bettorsInRange };
    return { from, to, days, totals };
  }

  /** The daily summary: one row per Taipei day, sorted and paged, with the totals of the whole range. */
  async daily(q: DailyReportQuery): Promise<DailyReportView> {
    const report = await this.dailyFigures(q.from, q.to);
    const key = DAILY_KEYS[q.sort];
    const page = sortAndPage(report.days, (d) => key(d.figures, d.day), q.order, q.page, q.pageSize);
    return {
      from: q.from,
      to: q.to,
      total: report.days.length,
      page: q.page,
      pageSize: q.pageSize,
      data: page.map((d): DailyRowView => ({ day: d.day, ...dayView(d.figures) })),
      totals: dayView(report.totals),
    };
  }

  /** The games report's rows at a level (group, provider in a group, or game), unsorted, and their totals. */
  async gameFigures(from: string, to: string, level: GameLevel): Promise<{ rows: GameRowView[]; totals: GamesReportView['totals'] }> {
    daysOf(from, to);
    const games = await betFacts.betTotalsByGame(this.reader, from, to);
    const merged = new Map<string, betFacts.GameTotals>();
    for (const g of games) {
      const key = level === 'group' ? g.gameType : level === 'provider' ? `${g.gameType}\u0000${g.gpCode}` : `${g.gameType}\u0000${g.gpCode}\u0000${g.game}`;
      const row = merged.get(key) ?? {
        gameType: g.gameType,
        gpCode: level === 'group' ? '' : g.gpCode,
        game: level === 'game' ? g.game : '',
        playerDays: 0,
        rounds: 0,
        stakeMinor: 0n,
        validMinor: 0n,
        payoutMinor: 0n,
      };
      row.playerDays += g.playerDays;
      row.rounds += g.rounds;
      row.stakeMinor += g.stakeMinor;
      row.validMinor += g.validMinor;
      row.payoutMinor += g.payoutMinor;
      merged.set(key, row);
    }
    const total = { playerDays: 0, rounds: 0, stakeMinor: 0n, validMinor: 0n, payoutMinor: 0n };
    for (const g of merged.values()) {
      total.playerDays += g.playerDays;
      total.rounds += g.rounds;
      total.stakeMinor += g.stakeMinor;
      total.validMinor += g.validMinor;
      total.payoutMinor += g.payoutMinor;
    }
    const { game_type: _t, gp_code: _c, game: _g, ...totals } = gameView({ gameType: '', gpCode: '', game: '', ...total });
    return { rows: [...merged.values()].map(gameView), totals };
  }

  /** The games report: per game group, provider or game over the range, sorted and paged, with totals. */
  async games(q: GamesReportQuery): Promise<GamesReportView> {
    const { rows, totals } = await this.gameFigures(q.from, q.to, q.level);
    const page = sortAndPage(rows, gameKey(q.sort), q.order, q.page, q.pageSize);
    return { from: q.from, to: q.to, level: q.level, data: page, total: rows.length, page: q.page, pageSize: q.pageSize, totals };
  }

  /** The players report: the players active in the range who match the filters, largest GGR first, period and lifetime figures. */
  async players(q: PlayersReportQuery): Promise<{ from: string; to: string; data: PlayerReportRowView[]; total: number; page: number; pageSize: number }> {
    daysOf(q.from, q.to);
    const { ids, total } = await matchingPlayers(this.reader, q, q.pageSize, (q.page - 1) * q.pageSize);
    return { from: q.from, to: q.to, data: await this.playerRows(q.from, q.to, ids), total, page: q.page, pageSize: q.pageSize };
  }

  /** The players report's rows for the given players, in that order: the period's figures and the lifetime's. */
  async playerRows(from: string, to: string, ids: number[]): Promise<PlayerReportRowView[]> {
    const [labels, partners, period, lifetime] = await Promise.all([
      authFacts.playerLabels(this.reader, ids),
      partnerFacts.partnersOfPlayers(this.reader, ids),
      this.figuresOfPlayers(from, to, ids),
      this.figuresOfPlayers(LIFETIME_FROM, taipeiDate(new Date()), ids),
    ]);
    return ids.map((id) => {
      const p = period.get(id)!;
      const l = lifetime.get(id)!;
      const view = dayView(p.figures);
      const life = dayView(l.figures);
      const label = labels.get(id);
      return {
        player_id: id,
        account: label?.account ?? '',
        level_id: label?.levelId ?? 0,
        registered_at: label?.createdAt.toISOString() ?? '',
        deposit_amount: view.deposit_amount,
        withdrawal_amount: view.withdrawal_amount,
        bets: view.bets,
        valid_bet: view.valid_bet,
        payout: view.payout,
        ggr: view.ggr,
        bonus_total: view.bonus_total,
        ngr: view.ngr,
        first_day: p.days[0] ?? null,
        last_day: p.days.at(-1) ?? null,
        lifetime: {
          deposit_amount: life.deposit_amount,
          withdrawal_amount: life.withdrawal_amount,
          bets: life.bets,
          ggr: life.ggr,
          bonus_total: life.bonus_total,
          ngr: life.ngr,
        },
        partner: partners.get(id)?.account ?? null,
        partner_id: partners.get(id)?.partnerId ?? null,
      };
    });
  }

  /** Per player, the figures of a range and the days of their first and last activity in it. */
  private async figuresOfPlayers(from: string, to: string, ids: number[]): Promise<Map<number, { figures: DayFigures; days: string[] }>> {
    const [bets, money] = await Promise.all([betFacts.betTotalsOfPlayers(this.reader, from, to, ids), ledgerFacts.moneyOfPlayers(this.reader, from, to, ids)]);
    const out = new Map(ids.map((id) => [id, { figures: emptyDay(), days: [] as string[] }]));
    for (const [id, b] of bets) {
      const o = out.get(id)!;
      addBets(o.figures, { day: '', bettors: 0, ...b });
      o.days.push(b.firstDay, b.lastDay);
    }
    for (const m of money) {
      const o = out.get(m.playerId)!;
      addMoney(o.figures, { day: '', players: 1, ...m });
      o.days.push(m.firstDay, m.lastDay);
    }
    for (const o of out.values()) o.days.sort();
    return out;
  }

  /**
   * Audits an export before its first byte leaves: who, which report, which filters (those given) and the language of
   * its headings. An export changes nothing, so it has no before or after, only what was read.
   */
  async recordExport(op: Operator, report: string, filters: Record<string, string | undefined>, language: string): Promise<void> {
    const given = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'reports.export',
      target: `report:${report}`,
      detail: { report, filters: given, language },
      before: null,
      after: null,
      ip: op.ip,
    });
  }

  /** An operator's rebuild of a day, audited once the aggregates are recomputed. */
  async rebuildDayBy(op: Operator, day: string): Promise<{ day: string }> {
    const done = await this.rebuildDay(day);
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'reports.rebuild',
      target: `day:${done.day}`,
      detail: { day: done.day },
      before: { aggregates: 'incremental' },
      after: { aggregates: 'recomputed from bet records and journals' },
      ip: op.ip,
    });
    return done;
  }

  /** Recomputes a Taipei day's aggregates from the bet records and the journals, under the rebuild job's lock. */
  async rebuildDay(day: string): Promise<{ day: string }> {
    await this.db.transaction(async (tx) => {
      const got = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${REBUILD_LOCK_ID}) as ok`);
      if (!got.rows[0]?.ok) throw new ApiError('validation_failed', { day: ['bo.reports.v.rebuild_busy'] });
      await rebuildBetDay(tx, day);
      await rebuildLedgerDay(tx, day);
      await rebuildActiveDay(tx, day);
    });
    return { day };
  }

  /** The scheduled job: rebuilds the day before yesterday (Taipei). */
  rebuildPastDay(now = new Date()): Promise<{ day: string }> {
    return this.rebuildDay(taipeiDate(new Date(now.getTime() - REBUILD_DAYS_BACK * DAY_MS)));
  }
}

function gameView(g: betFacts.GameTotals): GameRowView {
  const ggr = g.stakeMinor - g.payoutMinor;
  return {
    game_type: g.gameType,
    gp_code: g.gpCode,
    game: g.game,
    player_days: g.playerDays,
    rounds: g.rounds,
    bets: minorToDecimal(g.stakeMinor),
    valid_bet: minorToDecimal(g.validMinor),
    payout: minorToDecimal(g.payoutMinor),
    ggr: minorToDecimal(ggr),
    ggr_pct: ggrPercent(ggr, g.stakeMinor),
  };
}

/** Sort keys of the games report; amounts compare as minor units. */
function gameKey(sort: GamesReportQuery['sort']): (row: GameRowView) => number | bigint | string {
  const minor = (s: string) => BigInt(s.replace('.', ''));
  switch (sort) {
    case 'game':
      return (r) => `${r.game_type} ${r.gp_code} ${r.game}`;
    case 'player_days':
      return (r) => r.player_days;
    case 'rounds':
      return (r) => r.rounds;
    case 'ggr_pct':
      return (r) => (r.ggr_pct === null ? -1e9 : Number(r.ggr_pct));
    default:
      return (r) => minor(r[sort]);
  }
}
