// GET /api/players/bet/records (SPEC.md section 7): a player's bets in a date range of the last 30 days,
// paged, with totals.
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import * as v from 'valibot';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { betRecordsQuery, betRecordsView } from '../../../shared/schemas/bets.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { turnoverQuery, turnoverResponse, type TurnoverAnswer, type TurnoverQuery } from '../../../shared/schemas/turnover.ts';
import { decimalToMinor } from '../../../shared/money.ts';
import type { Auth } from '../auth/service.ts';
import { dayRange } from '../../lib/record-days.ts';
import * as repo from './repository.ts';

export const betRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, cashier } = app.services;

  app.get('/players/bet/records', { onRequest: app.requirePlayer, schema: { querystring: betRecordsQuery, response: { 200: okBody(betRecordsView) } } }, async (request) => {
    const q = request.query;
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

  // The turnover record (issue 10 item 9): valid bet per Taipei day and game group, and the progress against the
  // withdrawal requirement (the cashier's own allocation, as GET /finance/withdraw/limit/records shows it) and
  // each active activity wallet's bet-flow target.
  app.get('/players/turnover', { onRequest: app.requirePlayer, schema: { querystring: turnoverQuery, response: { 200: okBody(turnoverResponse) } } }, async (request) => {
    const q = request.query;
    const playerId = (request.auth as Auth).playerId;
    const { from, to } = dayRange(q.date_start, q.date_end);
    const [days, requirements, wallets] = await Promise.all([
      repo.validBetByDay(db, { playerId, from, to, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      cashier.requirements(playerId),
      repo.activeBonusWallets(db, playerId),
    ]);
    const sum = (list: string[]) => list.reduce((a, d) => a + (decimalToMinor(d) ?? 0n), 0n);
    const required = sum(requirements.map((r) => r.required));
    const achieved = sum(requirements.map((r) => r.achieved));
    const left = (target: bigint, done: bigint) => (done >= target ? 0n : target - done);
    const answer: TurnoverAnswer = {
      data: days.rows.map((r) => ({ date: r.day, game_type: r.gameType, bets: r.bets, valid_bet: minorToDecimal(r.validMinor) })),
      total: days.groups,
      total_valid_bet: minorToDecimal(days.validMinor),
      withdraw: {
        required: minorToDecimal(required), achieved: minorToDecimal(achieved), remaining: minorToDecimal(left(required, achieved)),
        done: requirements.every((r) => r.done), deposits: requirements.length,
      },
      wallets: wallets.map((w) => ({
        id: w.id, name: w.name, name_en: w.nameEn, target: minorToDecimal(w.target), achieved: minorToDecimal(w.achieved),
        remaining: minorToDecimal(left(w.target, w.achieved)), done: w.achieved >= w.target,
      })),
    };
    return ok(answer);
  });
};
