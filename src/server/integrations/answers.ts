// Shapes of what outside systems answer, checked with valibot before anything is read: a provider or gateway that
// leaves out a field or sends a number where text belongs fails with a named error ('BAD_ANSWER at bets.0.stakeMinor'),
// never with a SyntaxError from BigInt('undefined') deep inside a money path.
import * as v from 'valibot';

/** An amount in minor units, as digits (text or a safe integer). */
const minorUnits = v.pipe(
  v.union([v.pipe(v.string(), v.regex(/^-?\d{1,19}$/)), v.pipe(v.number(), v.safeInteger())]),
  v.transform((x) => BigInt(x)),
);

/** An instant the answer gives as ISO text. */
const instant = v.pipe(
  v.string(),
  v.transform((x) => new Date(x)),
  v.check((d) => !Number.isNaN(d.getTime())),
);

/** Where in the answer the first problem is, for the error's text. */
export function problemAt(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  const path = first?.path?.map((p) => String(p.key)).join('.') ?? '';
  return path ? `BAD_ANSWER at ${path}` : 'BAD_ANSWER';
}

// Game provider answers (src/server/integrations/games/provider.ts).
const providerBet = v.object({
  betId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  player: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  game: v.pipe(v.string(), v.maxLength(100)),
  gameType: v.pipe(v.string(), v.maxLength(40)),
  stakeMinor: minorUnits,
  payoutMinor: v.optional(minorUnits, 0),
  status: v.picklist(['open', 'settled', 'void']),
  placedAt: instant,
  settledAt: v.nullish(instant),
  version: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  detail: v.optional(v.record(v.string(), v.unknown()), {}),
});
export const providerBetLog = v.object({
  bets: v.array(providerBet),
  nextCursor: v.optional(v.string()),
  hasMore: v.optional(v.boolean()),
});
export const providerBalance = v.object({ balanceMinor: minorUnits });
export const providerApplied = v.object({ status: v.literal('applied'), balanceMinor: v.optional(minorUnits, 0) });
export const providerUrl = v.object({ url: v.pipe(v.string(), v.url()) });

// Payment gateway answers (src/server/integrations/payments/gateway.ts).
export const gatewayCreated = v.object({
  status: v.literal('created'),
  orderId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  payUrl: v.nullish(v.pipe(v.string(), v.url())),
  counterUrl: v.nullish(v.pipe(v.string(), v.url())),
  paymentCode: v.nullish(v.pipe(v.string(), v.maxLength(100))),
  expiresAt: instant,
});
export const gatewayOrder = v.object({
  order: v.object({ state: v.picklist(['created', 'paid', 'failed', 'expired']), amountMinor: minorUnits }),
});
