// GET /api/players/bet/records (SPEC.md section 7): a player's bets in a date range of the last 30 days,
// paged, with totals.
import * as v from 'valibot';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { betRecordsQuery } from '../../../shared/schemas/bets.ts';
import type { Auth } from '../auth/service.ts';
import { dayRange } from '../wallet/dates.ts';
import * as repo from './repository.ts';

export const betRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services;

  app.get('/players/bet/records', { onRequest: app.requirePlayer, schema: { querystring: betRecordsQuery } }, async (request) => {
    const q = request.query as v.InferOutput<typeof betRecordsQuery>;
    const { from, to } = dayRange(q.start, q.end);
    const { rows, totals } = await repo.betsOf(db, {
      playerId: (request.auth as Auth).playerId, code: q.code || undefined,
      walletId: q.wallet_id === undefined || q.wallet_id === '' ? undefined : Number(q.wallet_id),
      from, to, limit: q.pageSize, offset: (q.page - 1) * q.pageSize,
    });
    const stake = BigInt(totals.stake);
    const payout = BigInt(totals.payout);
    return ok({
      data: rows.map((b) => ({
        id: b.id, bet_id: b.betId, code: b.gpCode, game: b.game, game_type: b.gameType,
        stake: minorToDecimal(b.stakeMinor), payout: minorToDecimal(b.status === 'settled' ? b.payoutMinor : 0n),
        win_loss: minorToDecimal(b.status === 'settled' ? b.payoutMinor - b.stakeMinor : b.status === 'open' ? -b.stakeMinor : 0n),
        valid_bet: minorToDecimal(b.validBetMinor), status: b.status, wallet_id: b.bonusWalletId ?? 0,
        placed_at: b.placedAt.toISOString(), settled_at: b.settledAt?.toISOString() ?? null,
      })),
      total: totals.n,
      totals: {
        stake: minorToDecimal(stake), payout: minorToDecimal(payout), valid_bet: minorToDecimal(BigInt(totals.valid)),
        win_loss: minorToDecimal(payout - stake),
      },
    });
  });
};
