// The bet-records query (SPEC.md section 7), shared by the route and the records island.
import * as v from 'valibot';
import { recordPageQuery } from './paging.ts';

const dateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'v.date.invalid'));

export const betRecordsQuery = v.object({
  code: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{0,20}$/, 'error.not_found'))),
  wallet_id: v.optional(v.pipe(v.string(), v.regex(/^\d{0,12}$/, 'v.digits'))),
  start: v.optional(dateText),
  end: v.optional(dateText),
  ...recordPageQuery,
});

// Answers of the bet record calls.

const BET_STATUSES = ['open', 'settled', 'void'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** A bet of GET /api/players/bet/records; amounts are decimal strings. */
const betRowView = v.object({
  id: v.number(),
  bet_id: v.string(),
  code: v.string(),
  game: v.string(),
  game_type: v.string(),
  stake: v.string(),
  payout: v.string(),
  win_loss: v.string(),
  valid_bet: v.string(),
  status: v.picklist(BET_STATUSES),
  wallet_id: v.number(),
  placed_at: v.string(),
  settled_at: v.nullable(v.string()),
});
const betTotalsView = v.object({ stake: v.string(), payout: v.string(), valid_bet: v.string(), win_loss: v.string() });
export const betRecordsView = v.object({ data: v.array(betRowView), total: v.number(), totals: betTotalsView });

export type BetRowView = v.InferOutput<typeof betRowView>;
export type BetRecordsView = v.InferOutput<typeof betRecordsView>;
