// The ledger's daily money aggregates: per Taipei day, journal kind and player, how many journals of the
// reported kinds and their net effect on the player's money accounts (for releases, what they paid into the central
// wallet: RELEASE_KINDS), kept in the journal's own transaction by
// ledger_report_journal (sql/ledger_report_journal.sql). Only the kinds operators report on are aggregated: bets'
// game_result journals and transfers (the hot path) are left alone, as the bets domain aggregates bets itself.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import type { MoneyJournalKind } from '../../shared/journal-kinds.ts';
import type { JournalKind } from './kinds.ts';

/**
 * The releases: bonus money moved from an activity wallet to the player's central wallet (an unlock, or a move out of a
 * wallet whose bet flow is complete). Between two of the player's own accounts their net effect is always 0, so
 * ledger_report_journal counts them by what they credit to the central account instead (sql/ledger_report_journal.sql).
 */
export const RELEASE_KINDS = ['bonus_unlock', 'bonus_to_central'] as const satisfies readonly MoneyJournalKind[];

/** The journal kinds the money aggregates count; every other kind costs its journal nothing extra. */
export const REPORTED_KINDS = [
  'deposit',
  'withdraw_paid',
  'adjustment',
  'bonus_grant',
  'bonus_give_up',
  'bonus_forfeit',
  'promotion_grant',
  'vip_reward',
  'red_packet',
  'exchange_bonus',
  ...RELEASE_KINDS,
] as const satisfies readonly MoneyJournalKind[];
export type ReportedKind = (typeof REPORTED_KINDS)[number];

export function isReportedKind(kind: JournalKind): kind is ReportedKind {
  return (REPORTED_KINDS as readonly string[]).includes(kind);
}

function reportStatement(tx: DbOrTx) {
  return tx
    .select({ done: sql<number>`1` })
    .from(sql`ledger_report_journal(${sql.placeholder('id')}::bigint)`)
    .prepare('ledger_report_journal');
}
const statementOf = preparedPerDb<ReturnType<typeof reportStatement>, DbOrTx>(reportStatement);

/** Adds a freshly written journal of a reported kind to the day's aggregates, in the journal's transaction. */
export async function reportJournal(tx: DbOrTx, journalId: number): Promise<void> {
  await statementOf(tx).execute({ id: journalId });
}

/** The same for many journals at once (a batch of postJournals), in one round trip. */
export async function reportJournals(tx: DbOrTx, journalIds: readonly number[]): Promise<void> {
  if (!journalIds.length) return;
  await tx.execute(sql`select ledger_report_journal(id) from unnest(${`{${journalIds.join(',')}}`}::bigint[]) as id order by id`);
}

/**
 * Recomputes one Taipei day ('YYYY-MM-DD') from the journals. The table lock makes every journal of a reported kind
 * that is still being written wait, so it lands on the rebuilt day afterwards instead of being lost or counted twice.
 */
export async function rebuildLedgerDay(tx: DbOrTx, day: string): Promise<void> {
  await tx.execute(sql`lock table ledger_daily, ledger_daily_totals, ledger_first_deposits in exclusive mode`);
  await tx.execute(sql`select ledger_rebuild_day(${day}::date, ${`{${REPORTED_KINDS.join(',')}}`}::text[])`);
}
