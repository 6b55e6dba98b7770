// The risk context beside a withdrawal under review: the player's turnover status against the deposits since their
// last paid withdrawal as it stood when the request was made, their recent deposits, their win or loss on settled bets over the last 30 days (the bets
// domain's figures, through its service), and their previous withdrawals. Every list is bounded.
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { decimalToMinor, minorToDecimal } from '../../../../shared/money.ts';
import type { WithdrawalContextView } from '../../../../shared/schemas/backoffice/finance.ts';
import { DAY_MS } from '../../../../shared/time.ts';
import type { BetsService } from '../../bets/service.ts';
import type { CashierService } from '../service.ts';
import * as repo from './repository.ts';

/** How many recent deposits and previous withdrawals the review shows. */
const CONTEXT_LIST_MAX = 5;
/** The win/loss window. */
const WIN_LOSS_DAYS = 30;

export async function withdrawalContext(deps: { db: Db; cashier: CashierService; bets: BetsService }, withdrawalId: string): Promise<WithdrawalContextView> {
  const asked = await repo.withdrawalTurnover(deps.db, withdrawalId);
  if (!asked) throw new ApiError('not_found');
  const { playerId } = asked;
  const since = new Date(Date.now() - WIN_LOSS_DAYS * DAY_MS);
  const [requirements, deposits, previous, bets] = await Promise.all([
    deps.cashier.requirements(playerId),
    repo.recentPaidDeposits(deps.db, playerId, CONTEXT_LIST_MAX),
    repo.otherWithdrawals(deps.db, playerId, withdrawalId, CONTEXT_LIST_MAX),
    deps.bets.settledSince(playerId, since),
  ]);
  const sum = (k: 'required' | 'achieved') => requirements.reduce((a, r) => a + (decimalToMinor(r[k]) ?? 0n), 0n);
  // As it stood when the request was made (the figures it was judged on); today's only for requests older than that.
  const { requiredMinor, achievedMinor } = asked;
  const turnover =
    requiredMinor !== null && achievedMinor !== null
      ? { required: minorToDecimal(requiredMinor), achieved: minorToDecimal(achievedMinor), done: achievedMinor >= requiredMinor, at_request: true }
      : { required: minorToDecimal(sum('required')), achieved: minorToDecimal(sum('achieved')), done: requirements.every((r) => r.done), at_request: false };
  return {
    turnover,
    recent_deposits: deposits.map((d) => ({ id: d.id, method: d.method, amount: minorToDecimal(d.amountMinor), paid_at: d.paidAt!.toISOString() })),
    win_loss_30d: {
      bets: bets.bets,
      stake: minorToDecimal(bets.stakeMinor),
      valid_bet: minorToDecimal(bets.validMinor),
      // The player's result: what came back minus what was staked; negative is a loss for the player.
      player_net: minorToDecimal(bets.payoutMinor - bets.stakeMinor),
    },
    previous_withdrawals: previous.map((w) => ({ id: w.id, status: w.status, amount: minorToDecimal(w.amountMinor), created_at: w.createdAt.toISOString() })),
  };
}
