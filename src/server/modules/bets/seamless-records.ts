// Bet records of seamless rounds: the seamless wallet writes each round's record in the transaction of
// the call that changed the round, instead of ingestion pulling it later, so turnover, valid bet, points, VIP,
// rebates, loss limits and reports see seamless play exactly as they see transfer play. The money already moved
// through the seamless wallet's own journals, so the record is stored with the ledger holding its version: the
// game_result journals of ingestion never touch it.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface SeamlessRoundRecord {
  gpCode: string;
  roundId: string;
  playerId: number;
  game: string;
  gameType: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  status: 'open' | 'settled' | 'void';
  version: number;
  placedAt: Date;
  settledAt: Date | null;
}

/**
 * Writes or replaces the round's record; an older version than the stored one changes nothing. The reports' daily
 * aggregates move with it in the same transaction, exactly as an ingestion page moves them, so seamless
 * play is in the daily summary and the games report the moment its round settles. One statement,
 * bet_seamless_round (sql/bet_seamless_round.sql), which the wallet's own call
 * functions run too, so the usual debit and credit write their round's record inside their single statement.
 */
export async function recordSeamlessRound(tx: DbOrTx, r: SeamlessRoundRecord): Promise<void> {
  await tx.execute(sql`select bet_seamless_round(${r.gpCode}, ${r.roundId}, ${r.playerId}, ${r.game}, ${r.gameType}, ${r.stakeMinor},
    ${r.payoutMinor}, ${r.status}, ${r.version}, ${r.placedAt}, ${r.settledAt})`);
}
