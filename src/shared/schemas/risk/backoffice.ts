// The risk domain's back-office requests and answers: a player's linked accounts with the signals that
// link them, the report of linked groups, confirming or clearing a link, the risk decision of a withdrawal with its
// reasons, rule hits per day and the settings screen.
import * as v from 'valibot';
import { idText } from '../ids.ts';
import { pageQuery } from '../paging.ts';
import { staffPageOf } from '../envelope.ts';
import { boundedDay } from '../days.ts';
import { LINK_STATUSES, RISK_DECISIONS, RISK_RULES, SIGNAL_KINDS, riskSettingsSchema } from './settings.ts';

const iso = v.nullable(v.string());

/** One account linked to the player, with the pair's score and the kinds of signal they share. */
export const linkedAccountView = v.object({
  player_id: v.number(),
  account: v.string(),
  score: v.number(),
  /** Whether the pair's score reaches the link threshold (a pair below it is listed for context only). */
  above_threshold: v.boolean(),
  status: v.picklist(LINK_STATUSES),
  signals: v.array(v.picklist(SIGNAL_KINDS)),
  review_reason: v.string(),
  reviewed_at: iso,
});

export const linkedAccountsView = v.object({
  player_id: v.number(),
  /** The linked group the player belongs to (its lowest player id), null when linked to nobody. */
  group_id: v.nullable(v.number()),
  /** Every member of the group but the player, as accounts. */
  group: v.array(v.object({ player_id: v.number(), account: v.string() })),
  /** The pairs the player is part of, highest score first. */
  links: v.array(linkedAccountView),
});
export type LinkedAccountsView = v.InferOutput<typeof linkedAccountsView>;

export const linkParams = v.object({ id: idText('error.not_found'), other: idText('error.not_found') });

export const linkReviewBody = v.object({
  status: v.picklist(['confirmed', 'cleared'] as const, 'bo.risk.v.status'),
  reason: v.pipe(v.string('v.type.string'), v.trim(), v.minLength(1, 'bo.risk.v.reason'), v.maxLength(200, 'v.too_long')),
});

export const groupsQuery = v.object({ ...pageQuery });
const groupView = v.object({
  group_id: v.number(),
  size: v.number(),
  members: v.array(v.object({ player_id: v.number(), account: v.string() })),
  /** The highest pair score inside the group. */
  max_score: v.number(),
  confirmed: v.number(),
  updated_at: iso,
});
export const groupsPageView = staffPageOf(groupView);

/** One rule that fired, its points and the figures its reason names (decimal amounts, counts, days). */
const ruleHitView = v.object({ rule: v.picklist(RISK_RULES), points: v.number(), facts: v.record(v.string(), v.string()) });

export const withdrawalRiskView = v.nullable(
  v.object({
    withdrawal_id: v.string(),
    score: v.number(),
    decision: v.picklist(RISK_DECISIONS),
    hits: v.array(ruleHitView),
    /** Everything the rules read, so the decision can be explained later. */
    inputs: v.record(v.string(), v.string()),
    created_at: iso,
  }),
);
export type WithdrawalRiskView = v.InferOutput<typeof withdrawalRiskView>;

const day = boundedDay('bo.risk.v.day');
export const ruleHitsQuery = v.pipe(
  v.object({ from: day, to: day }),
  v.forward(
    v.check((q) => q.from <= q.to, 'bo.risk.v.range'),
    ['to'],
  ),
);
export const ruleHitsView = v.object({
  days: v.array(
    v.object({
      day: v.string(),
      decisions: v.number(),
      hold: v.number(),
      auto_approve: v.number(),
      hits: v.record(v.string(), v.number()),
    }),
  ),
});
export type RuleHitsView = v.InferOutput<typeof ruleHitsView>;

export const riskSettingsView = v.object({ settings: riskSettingsSchema, updated_at: iso });

export const withdrawalIdParams = v.object({
  id: v.pipe(v.string('v.type.string'), v.maxLength(40, 'error.not_found'), v.regex(/^[A-Za-z0-9_-]+$/, 'error.not_found')),
});
