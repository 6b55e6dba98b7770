// The seamless wallet's back office: which platforms are seamless, the transaction log per player and round,
// open rounds past their limit, reconciliation findings and their resolution, and the provider's daily totals beside
// ours. Amounts are decimal strings with two decimals; messages are i18n keys.
import * as v from 'valibot';
import { pageQuery } from '../paging.ts';
import { boundedDay, isBoundedDay } from '../days.ts';
import {
  SEAMLESS_CODE,
  SEAMLESS_FINDING_KIND,
  SEAMLESS_RESOLUTION,
  SEAMLESS_ROUND_STATUS,
  SEAMLESS_TX_KIND,
  SEAMLESS_TX_STATUS,
  statusValuesOf,
} from '../../seamless-statuses.ts';

const str = () => v.string('v.type.string');
const providerId = () => v.pipe(str(), v.maxLength(64, 'v.too_long'), v.regex(/^[A-Za-z0-9_.:-]*$/, 'bo.seamless.v.id'));
const dayText = () =>
  v.pipe(
    str(),
    v.check((d) => d === '' || isBoundedDay(d), 'bo.v.date'),
  );

export const seamlessCodeParams = v.object({ code: v.pipe(str(), v.regex(/^[A-Za-z0-9_-]{1,20}$/, 'error.not_found')) });

export const seamlessPlatformView = v.object({
  code: v.string(),
  name: v.string(),
  group: v.string(),
  /** seamless: the provider debits and credits the central wallet; transfer: money moves to the provider first. */
  wallet_model: v.picklist(['seamless', 'transfer']),
  round_limit_minutes: v.nullable(v.number()),
  /** Whether a key of its own is configured (SEAMLESS_SECRET_<CODE>); the key itself is never shown. */
  own_secret: v.boolean(),
  /** The addresses the provider may call from (SEAMLESS_ALLOW_<CODE>); empty allows any. */
  allowed_addresses: v.array(v.string()),
  /**
   * Which signing key is in use: rotated (set in the back office), own (SEAMLESS_SECRET_<CODE>), shared
   * (SEAMLESS_SECRET) or none (every call refused).
   */
  key_source: v.picklist(['rotated', 'own', 'shared', 'none']),
  /** The key masked: its last four characters only, or '' without one. */
  key_masked: v.string(),
  /** Until when the key before the last rotation is still accepted, or null. */
  previous_key_until: v.nullable(v.string()),
});
export type SeamlessPlatformView = v.InferOutput<typeof seamlessPlatformView>;

export const seamlessPlatformBody = v.strictObject(
  {
    wallet_model: v.picklist(['seamless', 'transfer'], 'bo.seamless.v.model'),
    round_limit_minutes: v.optional(
      v.pipe(
        v.number('bo.seamless.v.limit'),
        v.integer('bo.seamless.v.limit'),
        v.minValue(1, 'bo.seamless.v.limit'),
        v.maxValue(10_080, 'bo.seamless.v.limit'),
      ),
    ),
  },
  'v.type.object',
);

/** A rotation's answer: the new key, shown this once so the operator can hand it to the provider, and the platform. */
export const seamlessKeyView = v.object({ key: v.string(), platform: seamlessPlatformView });

export const seamlessTxQuery = v.object({
  ...pageQuery,
  player_id: v.optional(v.pipe(str(), v.regex(/^(\d{1,15})?$/, 'bo.seamless.v.player'))),
  code: v.optional(v.pipe(str(), v.regex(/^[A-Za-z0-9_-]{0,20}$/, 'bo.v.platform_code'))),
  round_id: v.optional(providerId()),
  start: v.optional(dayText()),
  end: v.optional(dayText()),
});

export const seamlessTxView = v.object({
  id: v.number(),
  code: v.string(),
  tx_id: v.string(),
  kind: v.picklist(statusValuesOf(SEAMLESS_TX_KIND)),
  player_id: v.number(),
  round_id: v.string(),
  game_code: v.string(),
  amount: v.string(),
  ref_tx_id: v.string(),
  status: v.picklist(statusValuesOf(SEAMLESS_TX_STATUS)),
  answer: v.picklist(statusValuesOf(SEAMLESS_CODE)),
  journal_id: v.nullable(v.number()),
  created_at: v.string(),
});
export const seamlessTxPage = v.object({ data: v.array(seamlessTxView), total: v.number(), page: v.number(), pageSize: v.number() });

export const seamlessRoundView = v.object({
  code: v.string(),
  round_id: v.string(),
  player_id: v.number(),
  game_code: v.string(),
  stake: v.string(),
  payout: v.string(),
  status: v.picklist(statusValuesOf(SEAMLESS_ROUND_STATUS)),
  opened_at: v.string(),
  closed_at: v.nullable(v.string()),
});

export const seamlessFindingView = v.object({
  id: v.number(),
  code: v.string(),
  round_id: v.string(),
  player_id: v.number(),
  kind: v.picklist(statusValuesOf(SEAMLESS_FINDING_KIND)),
  ours_stake: v.string(),
  ours_payout: v.string(),
  theirs_stake: v.nullable(v.string()),
  theirs_payout: v.nullable(v.string()),
  status: v.picklist(['open', 'resolved']),
  resolution: v.nullable(v.picklist(statusValuesOf(SEAMLESS_RESOLUTION))),
  note: v.string(),
  resolved_by: v.nullable(v.number()),
  resolved_at: v.nullable(v.string()),
  created_at: v.string(),
});
export const seamlessFindingsQuery = v.object({ ...pageQuery, status: v.optional(v.picklist(['', 'open', 'resolved'], 'bo.seamless.v.status')) });
export const seamlessFindingsPage = v.object({ data: v.array(seamlessFindingView), total: v.number(), page: v.number(), pageSize: v.number() });

export const seamlessReconcileView = v.object({ rounds_checked: v.number(), findings_opened: v.number(), report_rounds: v.number() });

export const seamlessResolveBody = v.strictObject(
  {
    resolution: v.picklist(statusValuesOf(SEAMLESS_RESOLUTION), 'bo.seamless.v.resolution'),
    note: v.pipe(str(), v.trim(), v.nonEmpty('bo.seamless.v.note'), v.maxLength(500, 'v.too_long')),
  },
  'v.type.object',
);

export const seamlessDailyQuery = v.object({ date: boundedDay('bo.v.date') });
export const seamlessDailyView = v.object({
  date: v.string(),
  ours: v.object({ debits: v.string(), credits: v.string(), rounds: v.number() }),
  theirs: v.nullable(v.object({ debits: v.string(), credits: v.string(), rounds: v.number() })),
});
