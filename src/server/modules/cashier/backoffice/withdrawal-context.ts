// The risk context beside a withdrawal under review (issue 10 item 23): the player's turnover status against
// the deposits since their last paid withdrawal, their recent deposits, their win or loss on settled bets over
// the last 30 days, and their previous withdrawals. Every list is bounded.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { decimalToMinor, minorToDecimal } from '../../../../shared/money.ts';
import type { CashierService } from '../service.ts';

/** How many recent deposits and previous withdrawals the review shows. */
export const CONTEXT_LIST_MAX = 5;
/** The win/loss window. */
const WIN_LOSS_DAYS = 30;

export async function withdrawalContext(db: DbOrTx, cashier: CashierService, withdrawalId: string) {
  const found = await db.execute<{ player_id: string }>(sql`select player_id::text from withdrawals where id = ${withdrawalId}`);
  const playerId = Number(found.rows[0]?.player_id ?? NaN);
  if (!Number.isSafeInteger(playerId)) throw new ApiError('not_found');
  const since = new Date(Date.now() - WIN_LOSS_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const [requirements, deposits, previous, bets] = await Promise.all([
    cashier.requirements(playerId),
    db.execute<{ id: string; method: string; amount_minor: string; paid_at: string | Date }>(sql`
      select id, method, amount_minor::text, paid_at from deposit_orders
      where player_id = ${playerId} and status = 'paid' order by paid_at desc limit ${CONTEXT_LIST_MAX}`),
    db.execute<{ id: string; status: string; amount_minor: string; created_at: string | Date }>(sql`
      select id, status, amount_minor::text, created_at from withdrawals
      where player_id = ${playerId} and id <> ${withdrawalId} order by created_at desc limit ${CONTEXT_LIST_MAX}`),
    db.execute<{ stake: string; payout: string; valid: string; n: number }>(sql`
      select coalesce(sum(stake_minor), 0)::text as stake, coalesce(sum(payout_minor), 0)::text as payout,
        coalesce(sum(valid_bet_minor), 0)::text as valid, count(*)::int as n
      from bet_records where player_id = ${playerId} and status = 'settled' and settled_at >= ${since}`),
  ]);
  const sum = (list: Array<{ required: string; achieved: string }>, k: 'required' | 'achieved') =>
    list.reduce((a, r) => a + (decimalToMinor(r[k]) ?? 0n), 0n);
  const iso = (d: string | Date) => new Date(d).toISOString();
  const b = bets.rows[0]!;
  return {
    turnover: {
      required: minorToDecimal(sum(requirements, 'required')), achieved: minorToDecimal(sum(requirements, 'achieved')),
      done: requirements.every((r) => r.done),
    },
    recent_deposits: deposits.rows.map((d) => ({ id: d.id, method: d.method, amount: minorToDecimal(BigInt(d.amount_minor)), paid_at: iso(d.paid_at) })),
    win_loss_30d: {
      bets: b.n, stake: minorToDecimal(BigInt(b.stake)), valid_bet: minorToDecimal(BigInt(b.valid)),
      // The player's result: what came back minus what was staked; negative is a loss for the player.
      player_net: minorToDecimal(BigInt(b.payout) - BigInt(b.stake)),
    },
    previous_withdrawals: previous.rows.map((w) => ({ id: w.id, status: w.status, amount: minorToDecimal(BigInt(w.amount_minor)), created_at: iso(w.created_at) })),
  };
}
