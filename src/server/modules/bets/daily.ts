// The bets domain's daily aggregates: settled bets per Taipei day of settlement, game and player, kept in
// the ingestion page's transaction by bet_daily_apply (sql/bet_daily_apply.sql) from the page's deltas, and
// rebuilt for any day from the bet records by bet_rebuild_day. Only settled bets count; a correction takes the old
// version's contribution away and adds the new one's.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { taipeiDate } from '../../../shared/time.ts';

/** What a bet record contributes: nothing unless it is settled. */
export interface BetFigures {
  playerId: number;
  gpCode: string;
  game: string;
  gameType: string;
  status: string;
  stakeMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
  settledAt: Date | null;
}

interface Delta {
  day: string;
  gpCode: string;
  game: string;
  gameType: string;
  playerId: number;
  rounds: number;
  stake: bigint;
  valid: bigint;
  payout: bigint;
}

/** The deltas of one page, merged per day, game and player. */
export class DailyDeltas {
  private readonly rows = new Map<string, Delta>();

  /** Adds (sign 1) or takes away (sign -1) a record's contribution. */
  add(bet: BetFigures, sign: 1 | -1): void {
    if (bet.status !== 'settled' || !bet.settledAt) return;
    const day = taipeiDate(bet.settledAt);
    const key = `${day}\u0000${bet.gpCode}\u0000${bet.game}\u0000${bet.playerId}`;
    const row = this.rows.get(key) ?? {
      day,
      gpCode: bet.gpCode,
      game: bet.game,
      gameType: bet.gameType,
      playerId: bet.playerId,
      rounds: 0,
      stake: 0n,
      valid: 0n,
      payout: 0n,
    };
    const s = BigInt(sign);
    row.rounds += sign;
    row.stake += s * bet.stakeMinor;
    row.valid += s * bet.validBetMinor;
    row.payout += s * bet.payoutMinor;
    this.rows.set(key, row);
  }

  /** The merged rows that change something. */
  changes(): Delta[] {
    return [...this.rows.values()].filter((r) => r.rounds !== 0 || r.stake !== 0n || r.valid !== 0n || r.payout !== 0n);
  }
}

/** Applies a page's deltas in the page's transaction, in one round trip. */
export async function applyDailyDeltas(tx: DbOrTx, deltas: DailyDeltas): Promise<void> {
  const rows = deltas.changes();
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      day: r.day,
      gp_code: r.gpCode,
      game: r.game,
      game_type: r.gameType,
      player_id: r.playerId,
      rounds: r.rounds,
      stake: r.stake.toString(),
      valid: r.valid.toString(),
      payout: r.payout.toString(),
    })),
  );
  await tx.execute(sql`select bet_daily_apply(${json}::jsonb)`);
}

/**
 * Recomputes one Taipei day ('YYYY-MM-DD') from the bet records. The lock makes an ingestion page that is being written
 * wait, so its bets land on the rebuilt day afterwards rather than being lost or counted twice.
 */
export async function rebuildBetDay(tx: DbOrTx, day: string): Promise<void> {
  await tx.execute(sql`lock table bet_daily, bet_daily_games, bet_player_days, bet_daily_bettors, bet_daily_totals in exclusive mode`);
  await tx.execute(sql`select bet_rebuild_day(${day}::date)`);
}
