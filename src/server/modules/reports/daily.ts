// The daily summary's arithmetic: one row per Taipei day from the owners' aggregates (registrations from auth, money
// from the ledger, bets from the bets domain), pure functions so the totals row adds up the same numbers as the days.
import { minorToDecimal } from '../../../shared/money.ts';
import type { DailyRowView, DailyTotalsView } from '../../../shared/schemas/backoffice/reports.ts';
import type { MoneyDayKind, ReportedKind } from '../../ledger/report-facts.ts';
import type { BetDayTotals } from '../bets/report-facts.ts';

/** Where each reported journal kind goes in the summary. */
const BONUS_OF: Partial<Record<ReportedKind, 'promotions' | 'vip' | 'red_packets' | 'mall' | 'operator' | 'returned'>> = {
  promotion_grant: 'promotions',
  vip_reward: 'vip',
  red_packet: 'red_packets',
  exchange_bonus: 'mall',
  bonus_grant: 'operator',
  bonus_give_up: 'returned',
  bonus_forfeit: 'returned',
};

/** A day's figures in minor units and counts, before they are written as text. */
export interface DayFigures {
  registrations: number;
  ftdCount: number;
  ftdMinor: bigint;
  activePlayers: number;
  bettors: number;
  depositCount: number;
  depositMinor: bigint;
  withdrawalCount: number;
  withdrawalMinor: bigint;
  rounds: number;
  stakeMinor: bigint;
  validMinor: bigint;
  payoutMinor: bigint;
  /** Bonuses by kind; rebates are promotion grants of a rebate mode, taken out of promotions (addRebates). */
  bonus: { promotions: bigint; rebates: bigint; vip: bigint; red_packets: bigint; mall: bigint; operator: bigint; returned: bigint };
}

export function emptyDay(): DayFigures {
  return {
    registrations: 0,
    ftdCount: 0,
    ftdMinor: 0n,
    activePlayers: 0,
    bettors: 0,
    depositCount: 0,
    depositMinor: 0n,
    withdrawalCount: 0,
    withdrawalMinor: 0n,
    rounds: 0,
    stakeMinor: 0n,
    validMinor: 0n,
    payoutMinor: 0n,
    bonus: { promotions: 0n, rebates: 0n, vip: 0n, red_packets: 0n, mall: 0n, operator: 0n, returned: 0n },
  };
}

/** Adds one day and kind of the ledger's aggregates into a day's figures. */
export function addMoney(f: DayFigures, m: MoneyDayKind): void {
  if (m.kind === 'deposit') {
    f.depositCount += m.journals;
    f.depositMinor += m.amountMinor;
  } else if (m.kind === 'withdraw_paid') {
    // A paid withdrawal takes its amount off the player's accounts: the report shows it as a positive sum.
    f.withdrawalCount += m.journals;
    f.withdrawalMinor -= m.amountMinor;
  } else {
    const bonus = BONUS_OF[m.kind];
    if (bonus) f.bonus[bonus] += m.amountMinor;
  }
}

/**
 * Moves a day's rebates (the promotions domain's sum of rebate-mode grants paid that day) out of the ledger's
 * promotion grants into their own kind: the bonus total, and so NGR, stay the ledger's.
 */
export function addRebates(f: DayFigures, rebateMinor: bigint): void {
  f.bonus.rebates += rebateMinor;
  f.bonus.promotions -= rebateMinor;
}

export function addBets(f: DayFigures, b: BetDayTotals): void {
  f.rounds += b.rounds;
  f.stakeMinor += b.stakeMinor;
  f.validMinor += b.validMinor;
  f.payoutMinor += b.payoutMinor;
  f.bettors += b.bettors;
}

/** Sums days into the totals row; active players and bettors add up player-days here, and the caller replaces them with the range's distinct players. */
export function sumDays(days: DayFigures[]): DayFigures {
  const t = emptyDay();
  for (const d of days) {
    t.registrations += d.registrations;
    t.ftdCount += d.ftdCount;
    t.ftdMinor += d.ftdMinor;
    t.activePlayers += d.activePlayers;
    t.depositCount += d.depositCount;
    t.depositMinor += d.depositMinor;
    t.withdrawalCount += d.withdrawalCount;
    t.withdrawalMinor += d.withdrawalMinor;
    addBets(t, { day: '', rounds: d.rounds, bettors: d.bettors, stakeMinor: d.stakeMinor, validMinor: d.validMinor, payoutMinor: d.payoutMinor });
    for (const k of Object.keys(t.bonus) as Array<keyof DayFigures['bonus']>) t.bonus[k] += d.bonus[k];
  }
  return t;
}

/** GGR over bets in percent, two decimals, rounded half away from zero; null when nothing was bet. */
export function ggrPercent(ggrMinor: bigint, stakeMinor: bigint): string | null {
  if (stakeMinor === 0n) return null;
  const scaled = (ggrMinor * 20_000n) / stakeMinor;
  const rounded = scaled >= 0n ? (scaled + 1n) / 2n : (scaled - 1n) / 2n;
  return minorToDecimal(rounded);
}

export function bonusTotalOf(f: DayFigures): bigint {
  return Object.values(f.bonus).reduce((a, b) => a + b, 0n);
}

/** The figures as the API writes them. */
export function dayView(f: DayFigures): DailyTotalsView {
  const ggr = f.stakeMinor - f.payoutMinor;
  const bonus = bonusTotalOf(f);
  return {
    registrations: f.registrations,
    ftd_count: f.ftdCount,
    ftd_amount: minorToDecimal(f.ftdMinor),
    active_players: f.activePlayers,
    bettors: f.bettors,
    deposit_count: f.depositCount,
    deposit_amount: minorToDecimal(f.depositMinor),
    withdrawal_count: f.withdrawalCount,
    withdrawal_amount: minorToDecimal(f.withdrawalMinor),
    net_cash: minorToDecimal(f.depositMinor - f.withdrawalMinor),
    rounds: f.rounds,
    bets: minorToDecimal(f.stakeMinor),
    valid_bet: minorToDecimal(f.validMinor),
    payout: minorToDecimal(f.payoutMinor),
    ggr: minorToDecimal(ggr),
    ggr_pct: ggrPercent(ggr, f.stakeMinor),
    bonus_promotions: minorToDecimal(f.bonus.promotions),
    bonus_rebates: minorToDecimal(f.bonus.rebates),
    bonus_vip: minorToDecimal(f.bonus.vip),
    bonus_red_packets: minorToDecimal(f.bonus.red_packets),
    bonus_mall: minorToDecimal(f.bonus.mall),
    bonus_operator: minorToDecimal(f.bonus.operator),
    bonus_returned: minorToDecimal(f.bonus.returned),
    bonus_total: minorToDecimal(bonus),
    ngr: minorToDecimal(ggr - bonus),
  };
}

export type DailyRow = DailyRowView;
