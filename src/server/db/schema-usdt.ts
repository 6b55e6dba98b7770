// USDT on TRON credited without a person (owned by modules/cashier): each player's deposit address derived from the
// operator's extended public key, every TRC-20 transfer the chain watcher saw reach one of them with its outcome, the
// watcher's cursors (the last block read), and the operator's rates (TWD per USDT) and minimum, one row per change.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { depositOrders, players, staff } from './schema-core.ts';
import type { UsdtTransferOutcome } from '../../shared/statuses.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A player's deposit address: the external chain's key `derivation_index` below the account key `account_key`. */
export const usdtDepositAddresses = pgTable(
  'usdt_deposit_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    /** The BIP-32 fingerprint (8 hex digits) of the extended public key the address was derived from. */
    accountKey: varchar('account_key', { length: 8 }).notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    address: varchar('address', { length: 34 }).notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usdt_deposit_addresses_address_uq').on(t.address),
    uniqueIndex('usdt_deposit_addresses_player_uq').on(t.playerId, t.accountKey),
    uniqueIndex('usdt_deposit_addresses_index_uq').on(t.accountKey, t.derivationIndex),
    check('usdt_deposit_addresses_index_range', sql`${t.derivationIndex} >= 0`),
  ],
);

/** A Transfer event to a deposit address, once per transaction id and log index. */
export const usdtTransfers = pgTable(
  'usdt_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txid: varchar('txid', { length: 64 }).notNull(),
    eventIndex: integer('event_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockTime: tsz('block_time').notNull(),
    /** The contract that emitted the event (the USDT contract, or another token's). */
    contract: varchar('contract', { length: 34 }).notNull(),
    fromAddress: varchar('from_address', { length: 34 }).notNull(),
    toAddress: varchar('to_address', { length: 34 }).notNull(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    /** The amount in the contract's smallest unit (USDT: 6 decimals); a uint256, so numeric. */
    value: numeric('value', { precision: 78, scale: 0, mode: 'string' }).notNull(),
    outcome: varchar('outcome', { length: 20 }).$type<UsdtTransferOutcome>().notNull(),
    /** The rate at detection (TWD per USDT, times 10^4) and the TWD it came to, in minor units. */
    rateE4: bigint('rate_e4', { mode: 'bigint' }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    depositId: varchar('deposit_id', { length: 40 }).references(() => depositOrders.id),
    detectedAt: tsz('detected_at').notNull().defaultNow(),
    solidifiedAt: tsz('solidified_at'),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usdt_transfers_event_uq').on(t.txid, t.eventIndex),
    index('usdt_transfers_block_idx').on(t.blockNumber),
    index('usdt_transfers_outcome_idx').on(t.outcome, t.detectedAt),
    index('usdt_transfers_player_idx').on(t.playerId, t.detectedAt),
  ],
);

/** Where the watcher has read the chain to: 'seen' (newest blocks, unconfirmed) and 'solid' (solidified). */
export const usdtWatchCursors = pgTable('usdt_watch_cursors', {
  name: varchar('name', { length: 10 }).primaryKey(),
  block: bigint('block', { mode: 'number' }).notNull(),
  /** The chain's head and solidified head when the cursor last moved, for the desk's status. */
  head: bigint('head', { mode: 'number' }),
  solid: bigint('solid', { mode: 'number' }),
  updatedAt: tsz('updated_at').notNull().defaultNow(),
});

/** The operator's rate (TWD per USDT, times 10^4) and minimum deposit (in USDT's 6-decimal units); the newest row applies. */
export const usdtRates = pgTable(
  'usdt_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rateE4: bigint('rate_e4', { mode: 'bigint' }).notNull(),
    minValue: bigint('min_value', { mode: 'bigint' }).notNull(),
    setBy: bigint('set_by', { mode: 'number' }).references(() => staff.id),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [check('usdt_rates_positive', sql`${t.rateE4} > 0 and ${t.minValue} > 0`)],
);
