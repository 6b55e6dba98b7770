// The liability reconciliation: per Taipei day (and per player over a range) the money the house owes at the start,
// what moved it by column, and the closing balance, tied to the ledger: the closing must equal what the liability
// accounts hold in the ledger at the end, and any difference is listed as a finding.
//
// "Player money" is every money account of a player: the central wallet, the activity wallets' bonus accounts, platform
// accounts, transfers in transit and withdrawals on hold (ledger/report-facts.ts LIABILITY_ACCOUNT). Activity-wallet
// money counts because the ledger holds it on the player's own account, the player bets it, and its release to the
// central wallet moves it between two of the player's accounts with no house side: leaving it out would turn every
// unlock into a movement without a column. The partners' wallets and payout holds count too (approved commission is
// owed to the partner), which is what the partner columns move.
//
// Where the daily aggregates count a kind (ledger/daily.ts REPORTED_KINDS, releases apart) its column is read from
// them; the kinds they leave out (bets, transfers, partners' money) are read from the postings, which also give the
// ledger's own closing. A journal written around the columns (a posting added by hand, an aggregate out of step, a
// kind no column knows) therefore shows as a difference.
import { minorToDecimal } from '../../../shared/money.ts';
import type { MoneyJournalKind } from '../../../shared/journal-kinds.ts';
import {
  LIABILITY_COLUMNS,
  type LiabilityColumn,
  type LiabilityFindingView,
  type LiabilityPlayersQuery,
  type LiabilityPlayersView,
  type LiabilityReportQuery,
  type LiabilityReportView,
} from '../../../shared/schemas/backoffice/reports.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import * as ledgerFacts from '../../ledger/report-facts.ts';
import * as authFacts from '../auth/report-facts.ts';
import { taipeiWindow } from './payments.ts';
import { daysOf } from './range.ts';

/**
 * The column of every money journal kind. 'internal': the kind moves money between liability accounts only (a
 * transfer to a platform and back, a withdrawal or partner payout put on hold or released, a bonus released to the
 * central wallet), so its net is always 0 and a non-zero net is a finding. The record type makes a new kind a type
 * error until it is placed, and liability.test.ts checks the list at run time.
 */
export const LIABILITY_COLUMN_OF: Readonly<Record<MoneyJournalKind, LiabilityColumn | 'internal'>> = {
  deposit: 'deposits',
  withdraw_hold: 'internal',
  withdraw_paid: 'withdrawals',
  withdraw_release: 'internal',
  transfer_start: 'internal',
  transfer_settle: 'internal',
  transfer_refund: 'internal',
  adjustment: 'adjustments',
  bonus_grant: 'bonuses',
  bonus_unlock: 'internal',
  bonus_give_up: 'bonuses',
  bonus_to_central: 'internal',
  bonus_forfeit: 'bonuses',
  promotion_grant: 'bonuses',
  vip_reward: 'bonuses',
  red_packet: 'bonuses',
  exchange_bonus: 'bonuses',
  game_result: 'ggr',
  seamless_debit: 'ggr',
  seamless_credit: 'ggr',
  partner_commission: 'partner_commission',
  partner_payout_hold: 'internal',
  partner_payout_paid: 'partner_payouts',
  partner_payout_release: 'internal',
};

/** The columns shown as what left the liability (a paid withdrawal, the house's win, a paid payout): their effect negated. */
export const SUBTRACTED_COLUMNS: ReadonlySet<LiabilityColumn> = new Set(['withdrawals', 'ggr', 'partner_payouts']);

/** The kinds whose column comes from the daily aggregates: the reported kinds but the releases (internal moves). */
export function fromAggregates(kind: string): boolean {
  return (ledgerFacts.REPORTED_KINDS as readonly string[]).includes(kind) && !(ledgerFacts.RELEASE_KINDS as readonly string[]).includes(kind);
}

const columnOf = (kind: string): LiabilityColumn | 'internal' | undefined => LIABILITY_COLUMN_OF[kind as MoneyJournalKind];

/** A row's movements as their signed effect on the liability, and the ledger's own change over the row. */
interface Tally {
  effects: Record<LiabilityColumn, bigint>;
  ledgerMinor: bigint;
}

const emptyTally = (): Tally => ({ effects: Object.fromEntries(LIABILITY_COLUMNS.map((c) => [c, 0n])) as Record<LiabilityColumn, bigint>, ledgerMinor: 0n });

/** Adds an aggregate's amount (a reported kind) to its column. */
function addAggregate(t: Tally, kind: string, amountMinor: bigint): void {
  const column = columnOf(kind);
  if (fromAggregates(kind) && column && column !== 'internal') t.effects[column] += amountMinor;
}

/** Adds the postings' net of a kind: to the ledger's change always, to its column when the aggregates do not count it. */
function addPostings(t: Tally, kind: string, amountMinor: bigint): void {
  t.ledgerMinor += amountMinor;
  const column = columnOf(kind);
  if (!fromAggregates(kind) && column && column !== 'internal') t.effects[column] += amountMinor;
}

/** A row's figures as text: the movements as shown (subtracted columns negated), closing, the ledger's and the difference. */
export function figures(openingMinor: bigint, t: Tally) {
  const closingMinor = LIABILITY_COLUMNS.reduce((s, c) => s + t.effects[c], openingMinor);
  const ledgerClosingMinor = openingMinor + t.ledgerMinor;
  const shown = Object.fromEntries(LIABILITY_COLUMNS.map((c) => [c, minorToDecimal(SUBTRACTED_COLUMNS.has(c) ? -t.effects[c] : t.effects[c])])) as Record<
    LiabilityColumn,
    string
  >;
  return {
    opening: minorToDecimal(openingMinor),
    ...shown,
    closing: minorToDecimal(closingMinor),
    ledger_closing: minorToDecimal(ledgerClosingMinor),
    difference: minorToDecimal(ledgerClosingMinor - closingMinor),
    differenceMinor: ledgerClosingMinor - closingMinor,
    ledgerClosingMinor,
  };
}

/** The ledger before the archive horizon lives in the archive schema, month by month: the report starts after it. */
async function refuseArchived(db: DbOrTx, start: Date): Promise<void> {
  const horizon = await ledgerFacts.archiveHorizon(db);
  if (horizon && start < horizon) throw new ApiError('validation_failed', { from: ['bo.reports.v.archived'] });
}

const finding = (day: string, playerId: number | null, f: { closing: string; ledger_closing: string; difference: string }): LiabilityFindingView => ({
  day,
  player_id: playerId,
  closing: f.closing,
  ledger_closing: f.ledger_closing,
  difference: f.difference,
});

/** The reconciliation day by day over a Taipei range, the range as one row, and the days that do not tie. */
export async function liabilityReport(db: DbOrTx, q: LiabilityReportQuery): Promise<LiabilityReportView> {
  const days = daysOf(q.from, q.to);
  const { start, end } = taipeiWindow(q.from, q.to);
  await refuseArchived(db, start);
  // One after another: they share the caller's transaction, and a connection runs one statement at a time.
  const opening = await ledgerFacts.liabilityAt(db, start);
  const movements = await ledgerFacts.liabilityMovements(db, start, end);
  const aggregates = await ledgerFacts.moneyTotalsByDay(db, q.from, q.to);
  const tallies = new Map(days.map((d) => [d, emptyTally()]));
  const whole = emptyTally();
  for (const a of aggregates) {
    const t = tallies.get(a.day);
    if (t) addAggregate(t, a.kind, a.amountMinor);
    addAggregate(whole, a.kind, a.amountMinor);
  }
  for (const m of movements) {
    const t = tallies.get(m.day);
    if (t) addPostings(t, m.kind, m.amountMinor);
    addPostings(whole, m.kind, m.amountMinor);
  }
  const firstOpeningMinor = [...opening.values()].reduce((s, x) => s + x, 0n);
  let openingMinor = firstOpeningMinor;
  const findings: LiabilityFindingView[] = [];
  const rows = days.map((day) => {
    const { differenceMinor, ledgerClosingMinor, ...f } = figures(openingMinor, tallies.get(day) ?? emptyTally());
    if (differenceMinor !== 0n) findings.push(finding(day, null, f));
    // Each day opens on what the ledger held at the end of the day before, so one day's difference is not carried on.
    openingMinor = ledgerClosingMinor;
    return { day, ...f };
  });
  const { differenceMinor: _d, ledgerClosingMinor: _l, ...totals } = figures(firstOpeningMinor, whole);
  return { from: q.from, to: q.to, days: rows, totals: { day: q.to, ...totals }, findings };
}

/** The reconciliation per player over the range, a page of the players whose money moved, by id. */
export async function liabilityPlayers(db: DbOrTx, q: LiabilityPlayersQuery): Promise<LiabilityPlayersView> {
  const { start, end } = taipeiWindow(q.from, q.to);
  await refuseArchived(db, start);
  const page = await ledgerFacts.playersWithMovements(db, start, end, q.pageSize, (q.page - 1) * q.pageSize);
  const opening = await ledgerFacts.liabilityAt(db, start, page.ids);
  const movements = await ledgerFacts.liabilityMovements(db, start, end, page.ids);
  const aggregates = await ledgerFacts.moneyOfPlayers(db, q.from, q.to, page.ids);
  const labels = await authFacts.playerLabels(db, page.ids);
  const tallies = new Map(page.ids.map((id) => [id, emptyTally()]));
  for (const a of aggregates) {
    const t = tallies.get(a.playerId);
    if (t) addAggregate(t, a.kind, a.amountMinor);
  }
  for (const m of movements) {
    const t = m.playerId === null ? undefined : tallies.get(m.playerId);
    if (t) addPostings(t, m.kind, m.amountMinor);
  }
  const findings: LiabilityFindingView[] = [];
  const data = page.ids.map((id) => {
    const { differenceMinor, ledgerClosingMinor: _l, ...f } = figures(opening.get(id) ?? 0n, tallies.get(id) ?? emptyTally());
    if (differenceMinor !== 0n) findings.push(finding(q.to, id, f));
    return { player_id: id, account: labels.get(id)?.account ?? '', ...f };
  });
  return { from: q.from, to: q.to, data, total: page.total, findings };
}
