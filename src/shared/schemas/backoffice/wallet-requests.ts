// Request schemas of the back office's money pages: a player's wallets and ledger, activity-wallet grants,
// the blacklist, reconciliation and the stand-in provider's fault switches. Messages are i18n keys as in
// schemas.ts. Money arrives as decimal strings and leaves the schema as bigint minor units.
import * as v from 'valibot';
import { GAME_GROUPS } from '../../constants.ts';
import { idNumber } from '../ids.ts';
import { decimalToMinor } from '../../money.ts';
import { pageQuery } from '../paging.ts';
import { FINDING_STATUS, TRANSFER_STATUS, statusValues } from '../../statuses.ts';

/** One grant may put at most this much into an activity wallet (10,000,000.00). */
const GRANT_MAX_MINOR = 1_000_000_000n;
/** A bet target or give-up threshold of more than this (1,000,000,000.00) is a typing mistake. */
const TARGET_MAX_MINOR = 100_000_000_000n;
/** A wallet name fits a wallet card in the player's list. */
const NAME_MAX = 60;
/** More codes than platforms that will ever exist; stops lists built to be huge. */
const CODES_MAX = 30;

const str = () => v.string('v.type.string');
const trimmed = (max: number) => v.pipe(str(), v.maxLength(max, 'v.too_long'), v.trim());
const code = () => v.pipe(str(), v.regex(/^[A-Za-z0-9_-]{1,20}$/, 'bo.v.platform_code'));

/**
 * A decimal string with at most two decimals, within [min, max] minor units. Numbers are refused: a float
 * such as 0.1 cannot carry an exact amount, so money only travels as text.
 */
const money = (minMinor: bigint, maxMinor: bigint) =>
  v.pipe(
    v.string('bo.v.money.format'),
    v.trim(),
    v.regex(/^\d{1,13}(\.\d{1,2})?$/, 'bo.v.money.format'),
    v.transform((text) => decimalToMinor(text)!),
    v.check((m) => m >= minMinor, minMinor > 0n ? 'bo.v.money.positive' : 'bo.v.money.format'),
    v.check((m) => m <= maxMinor, 'bo.v.money.too_large'),
  );

/** A list without repeats, bounded. */
const uniqueList = <T extends v.GenericSchema<unknown, string>>(item: T, max: number, message: string) =>
  v.pipe(
    v.array(item, message),
    v.maxLength(max, 'v.too_long'),
    v.transform((list) => [...new Set(list)]),
  );

export const bonusGrantBody = v.strictObject(
  {
    name: v.pipe(trimmed(NAME_MAX), v.nonEmpty('bo.v.bonus.name_required')),
    name_en: v.optional(trimmed(NAME_MAX), ''),
    amount: money(1n, GRANT_MAX_MINOR),
    /** The bet target: how much must be wagered before the wallet can be unlocked. 0 means none. */
    bonus_bet: money(0n, TARGET_MAX_MINOR),
    /** Below this balance the player may give the wallet up. */
    give_up_wallet_amount: v.optional(money(0n, TARGET_MAX_MINOR), '0'),
    is_sports: v.optional(v.boolean('v.type.boolean'), false),
    /** Platforms the wallet may fund; empty means every platform. */
    platform_codes: v.optional(uniqueList(code(), CODES_MAX, 'bo.v.platform_codes'), []),
  },
  'v.type.object',
);

/** One adjustment moves at most this much either way (10,000,000.00); more is a typing mistake. */
const ADJUST_MAX_MINOR = 1_000_000_000n;
/** An adjustment's reason fits the audit log's line. */
const ADJUST_REASON_MAX = 200;

/**
 * A signed decimal string with at most two decimals, never zero, within ±ADJUST_MAX_MINOR. Numbers are
 * refused: a float cannot carry an exact amount.
 */
const signedMoney = () =>
  v.pipe(
    v.string('bo.v.money.format'),
    v.trim(),
    v.regex(/^[+-]?\d{1,13}(\.\d{1,2})?$/, 'bo.v.adjust.format'),
    v.transform((text) => {
      const negative = text.startsWith('-');
      const [whole, frac = ''] = text.replace(/^[+-]/, '').split('.');
      const minor = BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
      return negative ? -minor : minor;
    }),
    v.check((m) => m !== 0n, 'bo.v.adjust.zero'),
    v.check((m) => m <= ADJUST_MAX_MINOR && m >= -ADJUST_MAX_MINOR, 'bo.v.money.too_large'),
  );

export const adjustmentBody = v.strictObject(
  {
    player_id: idNumber('bo.v.player_id'),
    amount: signedMoney(),
    reason: v.optional(v.pipe(trimmed(ADJUST_REASON_MAX), v.nonEmpty('bo.v.reason_required')), ''),
  },
  'v.type.object',
);

export const blacklistBody = v.strictObject(
  {
    type: uniqueList(v.picklist(GAME_GROUPS, 'bo.v.game_group'), GAME_GROUPS.length, 'bo.v.game_groups'),
    game_platform_code: uniqueList(code(), CODES_MAX, 'bo.v.platform_codes'),
  },
  'v.type.object',
);

export const ledgerQuery = v.object({ ...pageQuery });

export const transfersQuery = v.object({
  ...pageQuery,
  status: v.optional(v.picklist(statusValues(TRANSFER_STATUS), 'bo.v.transfer_status')),
});

export const walletsQuery = v.object({
  /** 1 asks every provider for its live balance as well. */
  live: v.optional(v.picklist(['0', '1'], 'bo.v.live'), '0'),
});

export const lookupQuery = v.object({
  account: v.pipe(trimmed(32), v.nonEmpty('bo.v.account_required')),
});

export const findingsQuery = v.object({
  ...pageQuery,
  status: v.optional(v.picklist(statusValues(FINDING_STATUS), 'bo.v.finding_status'), FINDING_STATUS.open),
});

export const pendingQuery = v.object({ ...pageQuery });

export const transferParams = v.object({
  id: v.pipe(str(), v.regex(/^[A-Za-z0-9_-]{8,40}$/, 'error.not_found')),
});

export const codeParams = v.object({ code: code() });

/** The switches of the stand-in provider (sim/faults.ts); ranges match what the stand-in accepts. */
const rate = () => v.pipe(v.number('bo.v.faults.rate'), v.minValue(0, 'bo.v.faults.rate'), v.maxValue(1, 'bo.v.faults.rate'));
const wholeMs = (max: number) =>
  v.pipe(v.number('bo.v.faults.ms'), v.integer('bo.v.faults.ms'), v.minValue(0, 'bo.v.faults.ms'), v.maxValue(max, 'bo.v.faults.ms'));
export const faultsBody = v.pipe(
  v.strictObject(
    {
      latencyMs: v.optional(wholeMs(30_000)),
      errorRate: v.optional(rate()),
      timeoutAfterApplyRate: v.optional(rate()),
      timeoutBeforeApplyRate: v.optional(rate()),
      duplicateDeliveryRate: v.optional(rate()),
      maintenance: v.optional(v.boolean('v.type.boolean')),
      hangMs: v.optional(wholeMs(600_000)),
    },
    'v.type.object',
  ),
  v.check((b) => Object.keys(b).length > 0, 'bo.v.nothing_to_change'),
);

export type FaultsPatch = v.InferOutput<typeof faultsBody>;
