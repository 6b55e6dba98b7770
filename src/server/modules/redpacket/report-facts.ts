// What the reports domain may read of the red-packet rain: the claims paid over a Taipei date range, per
// round, so the bonuses report can show each round's cost. A paid claim is one red_packet journal (its journal_id) of
// the packet's amount, written in the same transaction that marks the packet approved and stamps reviewed_at with that
// transaction's now(); counting by reviewed_at therefore puts each claim on its journal's Taipei day.
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { taipeiDateTime } from '../../../shared/time.ts';
import * as repo from './repository.ts';

export interface RoundFigures {
  roundId: number;
  title: string;
  titleEn: string;
  claims: number;
  players: number;
  amountMinor: bigint;
}

/**
 * The claims paid in [start, end) (the bounds of a Taipei date range, as the reports' taipeiWindow gives them) per
 * round, at most `limit` rounds (the lowest ids first). A round without titles is named by its start, in Taipei time,
 * a label that reads the same in both languages.
 */
export async function paidByRound(db: DbOrTx, start: Date, end: Date, limit: number): Promise<RoundFigures[]> {
  const rows = await repo.paidByRound(db, start, end, limit);
  return rows.map((r) => ({ roundId: r.roundId, ...roundTitles(r), claims: r.claims, players: r.players, amountMinor: r.amountMinor }));
}

/** A round's titles for a report: each falls back on the other, then on the round's start in Taipei time. */
export function roundTitles(r: { title: string; titleEn: string; startsAt: Date }): { title: string; titleEn: string } {
  const label = taipeiDateTime(r.startsAt, 'minute');
  return { title: r.title || r.titleEn || label, titleEn: r.titleEn || r.title || label };
}

/**
 * The activity wallets approved packets paid into, as a sub-select (wallet_id, round_id, title, title_en, starts_at)
 * another domain's statement joins by wallet: the bonuses report attributes what a wallet releases to its round.
 */
export function walletRounds(): SQL {
  return repo.walletRounds();
}
