// USDT on TRON: the player's deposit screen (GET /finance/deposit/usdt) and the finance desk's USDT tab (the rate and
// minimum, the watcher's state, the transfers the watcher saw with their outcomes). Messages are i18n keys.
import * as v from 'valibot';
import { pageQuery } from './paging.ts';
import { staffPageOf } from './envelope.ts';
import { USDT_TRANSFER_OUTCOME, statusValues } from '../statuses.ts';

const outcome = v.picklist(statusValues(USDT_TRANSFER_OUTCOME));

/** A transfer the watcher saw reach a deposit address. */
export const usdtTransferView = v.object({
  /** The deposit order it made (USDT at or above the minimum), else null. */
  deposit_id: v.nullable(v.string()),
  txid: v.string(),
  event_index: v.number(),
  /** The amount in USDT (6 decimals at most); for another token's transfer, its value in that token's smallest unit. */
  usdt: v.string(),
  /** TWD at the rate recorded when it was first seen, null for another token. */
  amount: v.nullable(v.string()),
  rate: v.nullable(v.string()),
  outcome,
  /** Of the 19 a credit waits for. */
  confirmations: v.number(),
  detected_at: v.string(),
  solidified_at: v.nullable(v.string()),
});
export type UsdtTransferView = v.InferOutput<typeof usdtTransferView>;

export const usdtDepositInfoView = v.object({
  address: v.string(),
  network: v.string(),
  contract: v.string(),
  /** The address as a QR code (a PNG data URL). */
  qr_data_url: v.string(),
  min_usdt: v.string(),
  /** The minimum in TWD at today's rate. */
  min_amount: v.string(),
  rate: v.string(),
  confirmations_required: v.number(),
  transfers: v.array(usdtTransferView),
});
export type UsdtDepositInfoView = v.InferOutput<typeof usdtDepositInfoView>;

// The finance desk.

const decimalText = (max: number, message: string) => v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty(message), v.maxLength(max, 'v.too_long'));

/** The operator's new rate (TWD per USDT, 4 decimals at most) and minimum deposit (USDT, 6 decimals at most). */
export const usdtRateBody = v.strictObject(
  {
    rate: v.pipe(decimalText(12, 'bo.usdt.rate_invalid'), v.regex(/^\d{1,6}(\.\d{1,4})?$/, 'bo.usdt.rate_invalid')),
    min_usdt: v.pipe(decimalText(20, 'bo.usdt.min_invalid'), v.regex(/^\d{1,12}(\.\d{1,6})?$/, 'bo.usdt.min_invalid')),
  },
  'v.type.object',
);

export const usdtTransfersQuery = v.object({
  ...pageQuery,
  outcome: v.optional(v.union([v.literal(''), outcome], 'bo.v.usdt_outcome')),
});

const rateView = v.object({ rate: v.string(), min_usdt: v.string(), min_amount: v.string(), set_at: v.string(), set_by: v.nullable(v.number()) });

export const usdtDeskView = v.object({
  /** An extended public key is configured and TronGrid is reachable through the adapter. */
  configured: v.boolean(),
  contract: v.string(),
  rate: v.nullable(rateView),
  /** Where the watcher has read to, and the chain as it saw it then. */
  watcher: v.object({
    solid_block: v.nullable(v.number()),
    seen_block: v.nullable(v.number()),
    head: v.nullable(v.number()),
    chain_solid: v.nullable(v.number()),
    updated_at: v.nullable(v.string()),
    /** Confirming transfers whose block solidified more than a minute of blocks ago: the watcher is behind. */
    overdue: v.number(),
  }),
  counts: v.record(v.string(), v.number()),
});

export const usdtRateSetView = rateView;

const staffUsdtTransferView = v.object({
  ...usdtTransferView.entries,
  id: v.number(),
  player_id: v.number(),
  account: v.string(),
  contract: v.string(),
  from: v.string(),
  to: v.string(),
  block: v.number(),
});
export const usdtTransferPageView = staffPageOf(staffUsdtTransferView);
export type UsdtTransferPageView = v.InferOutput<typeof usdtTransferPageView>;
export type UsdtDeskView = v.InferOutput<typeof usdtDeskView>;
