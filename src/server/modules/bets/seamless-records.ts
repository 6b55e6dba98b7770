// Bet records of seamless rounds (issue 22): the seamless wallet writes each round's record in the transaction of
// the call that changed the round, instead of ingestion pulling it later, so turnover, valid bet, points, VIP,
// rebates, loss limits and reports see seamless play exactly as they see transfer play. The money already moved
// through the seamless wallet's own journals, so the record is stored with the ledger holding its version: the
// game_result journals of ingestion never touch it.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { netEffectMinor, validBetMinor } from './valid-bet.ts';
import { DailyDeltas, applyDailyDeltas, type BetFigures } from './daily.ts';

export interface SeamlessRoundRecord {
  gpCode: string; roundId: string; playerId: number; game: string; gameType: string;
  stakeMinor: bigint; payoutMinor: bigint; status: 'open' | 'settled' | 'void'; version: number; placedAt: Date; settledAt: Date | null;
}

interface StoredRound {
  player_id: string | number; game: string; game_type: string; status: string; version: string | number;
  stake_minor: string | number; valid_bet_minor: string | number; payout_minor: string | number; settled_at: string | Date | null;
}

function figuresOf(gpCode: string, row: StoredRound): BetFigures {
  return {
    playerId: Number(row.player_id), gpCode, game: row.game, gameType: row.game_type, status: row.status,
    stakeMinor: BigInt(row.stake_minor), validBetMinor: BigInt(row.valid_bet_minor), payoutMinor: BigInt(row.payout_minor),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  };
}

/**
 * Writes or replaces the round's record; an older version than the stored one changes nothing. The reports' daily
 * aggregates move with it in the same transaction, exactly as an ingestion page moves them (issue 23), so seamless
 * play is in the daily summary and the games report the moment its round settles. One statement reads the stored
 * version (locked) and writes the new one: a debit is a dozen round trips already, and this was two of them. The
 * read sees the row as it was before the write (both parts of the statement share its snapshot), which is the
 * contribution the aggregates take away. bet_records is partitioned (migration 0033) and cannot hold the unique index
 * an ON CONFLICT needs, so the statement updates the locked row or inserts when there is none; the round's row in
 * seamless_rounds, locked by the call before this, keeps two calls of one round from both inserting (and a second
 * insert would be refused by bet_keys with 23505 rather than doubling the record). placed_at is never changed here,
 * so a resolution that names another opening time updates the record where it is.
 */
export async function recordSeamlessRound(tx: DbOrTx, r: SeamlessRoundRecord): Promise<void> {
  const valid = validBetMinor({ gameType: r.gameType, stakeMinor: r.stakeMinor, payoutMinor: r.payoutMinor, status: r.status, detail: {} });
  const net = netEffectMinor(r);
  const { rows } = await tx.execute<Partial<StoredRound> & { written: number } & Record<string, unknown>>(sql`
    with old as (
      select player_id, game, game_type, status, version, stake_minor, valid_bet_minor, payout_minor, settled_at
      from bet_records where gp_code = ${r.gpCode} and bet_id = ${r.roundId} for update
    ), replaced as (
      update bet_records set stake_minor = ${r.stakeMinor}, payout_minor = ${r.payoutMinor}, valid_bet_minor = ${valid}, status = ${r.status},
        version = ${r.version}, ledger_version = ${r.version}, ledger_net_minor = ${net}, settled_at = ${r.settledAt}, updated_at = now()
      where gp_code = ${r.gpCode} and bet_id = ${r.roundId} and version < ${r.version} and player_id = ${r.playerId}
      returning 1
    ), added as (
      insert into bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version,
        ledger_version, ledger_net_minor, detail, placed_at, settled_at)
      select ${r.gpCode}::text, ${r.roundId}::text, ${r.playerId}::bigint, ${r.game}::text, ${r.gameType}::text, ${r.stakeMinor}::bigint,
        ${r.payoutMinor}::bigint, ${valid}::bigint, ${r.status}::text, ${r.version}::int, ${r.version}::int, ${net}::bigint,
        ${JSON.stringify({ wallet: 'seamless' })}::jsonb, ${r.placedAt}::timestamptz, ${r.settledAt}::timestamptz
      where not exists (select 1 from old)
      returning 1
    ), written as (select 1 from replaced union all select 1 from added)
    select (select count(*) from written)::int as written, old.* from (select 1) as one left join old on true`);
  const row = rows[0];
  if (!row || Number(row.written) === 0) return;
  const daily = new DailyDeltas();
  if (row.player_id !== null && row.player_id !== undefined) daily.add(figuresOf(r.gpCode, row as StoredRound), -1);
  daily.add({ playerId: r.playerId, gpCode: r.gpCode, game: r.game, gameType: r.gameType, status: r.status, stakeMinor: r.stakeMinor, validBetMinor: valid, payoutMinor: r.payoutMinor, settledAt: r.settledAt }, 1);
  await applyDailyDeltas(tx, daily);
}
