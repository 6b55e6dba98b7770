// Bet records of seamless rounds (issue 22): the seamless wallet writes each round's record in the transaction of
// the call that changed the round, instead of ingestion pulling it later, so turnover, valid bet, points, VIP,
// rebates, loss limits and reports see seamless play exactly as they see transfer play. The money already moved
// through the seamless wallet's own journals, so the record is stored with the ledger holding its version: the
// game_result journals of ingestion never touch it.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { netEffectMinor, validBetMinor } from './valid-bet.ts';

export interface SeamlessRoundRecord {
  gpCode: string; roundId: string; playerId: number; game: string; gameType: string;
  stakeMinor: bigint; payoutMinor: bigint; status: 'open' | 'settled' | 'void'; version: number; placedAt: Date; settledAt: Date | null;
}

/** Writes or replaces the round's record; an older version than the stored one changes nothing. */
export async function recordSeamlessRound(tx: DbOrTx, r: SeamlessRoundRecord): Promise<void> {
  const valid = validBetMinor({ gameType: r.gameType, stakeMinor: r.stakeMinor, payoutMinor: r.payoutMinor, status: r.status, detail: {} });
  const net = netEffectMinor(r);
  await tx.execute(sql`
    insert into bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version,
      ledger_version, ledger_net_minor, detail, placed_at, settled_at)
    values (${r.gpCode}, ${r.roundId}, ${r.playerId}, ${r.game}, ${r.gameType}, ${r.stakeMinor}, ${r.payoutMinor}, ${valid}, ${r.status},
      ${r.version}, ${r.version}, ${net}, ${JSON.stringify({ wallet: 'seamless' })}::jsonb, ${r.placedAt}, ${r.settledAt})
    on conflict (gp_code, bet_id) do update set stake_minor = excluded.stake_minor, payout_minor = excluded.payout_minor,
      valid_bet_minor = excluded.valid_bet_minor, status = excluded.status, version = excluded.version, ledger_version = excluded.ledger_version,
      ledger_net_minor = excluded.ledger_net_minor, settled_at = excluded.settled_at, updated_at = now()
    where bet_records.version < excluded.version and bet_records.player_id = excluded.player_id`);
}
