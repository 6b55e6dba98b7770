// The turnover record (/member/actions-record): GET /api/players/turnover answers the valid bet
// per Taipei day and game group over a date range of the last 30 days, paged, with the progress against the
// withdrawal turnover requirement and against each active activity wallet's bet-flow target. One schema for the
// query and one for the answer, shared by the route and the island.
import * as v from 'valibot';
import { recordPageQuery } from './paging.ts';

const dateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'v.date.invalid'));
const decimal = v.pipe(v.string(), v.regex(/^-?\d+\.\d{2}$/));

export const turnoverQuery = v.object({
  date_start: v.optional(dateText),
  date_end: v.optional(dateText),
  ...recordPageQuery,
});
export type TurnoverQuery = v.InferOutput<typeof turnoverQuery>;

export const turnoverResponse = v.object({
  /** One row per Taipei day (of settlement, when a bet's valid bet counts) and game group, newest day first. */
  data: v.array(v.object({ date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)), game_type: v.string(), bets: v.number(), valid_bet: decimal })),
  total: v.number(),
  /** The valid bet of the whole range. */
  total_valid_bet: decimal,
  /** The withdrawal turnover requirement: the sums of GET /finance/withdraw/limit/records. */
  withdraw: v.object({ required: decimal, achieved: decimal, remaining: decimal, done: v.boolean(), deposits: v.number() }),
  /** Each active activity wallet's bet-flow target (bonus_bet) and the bet counted so far (bonus_now_bet). */
  wallets: v.array(
    v.object({ id: v.number(), name: v.string(), name_en: v.string(), target: decimal, achieved: decimal, remaining: decimal, done: v.boolean() }),
  ),
});
export type TurnoverAnswer = v.InferOutput<typeof turnoverResponse>;
