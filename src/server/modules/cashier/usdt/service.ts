// USDT on TRON, credited without a person. Each player gets a deposit address of their own, derived from the
// operator's extended public key (integrations/tron/address.ts; the server never holds a private key), shown with a QR
// code, the minimum and the rate. The chain watcher (watcher.ts, the usdt-watch job) credits every USDT Transfer to one
// of those addresses once its block is solidified, once per transaction id and log index, at the rate recorded when it
// was first seen. The operator sets the rate and the minimum on the finance desk (audited by the back-office routes).
import QRCode from 'qrcode';
import type { HDKey } from '@scure/bip32';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { AccountDirectory } from '../../../ledger/accounts.ts';
import type { Publisher } from '../../../realtime/publisher.ts';
import type { EventPublisher } from '../../../lib/events.ts';
import type { ProtectionGate } from '../../../lib/protection-gate.ts';
import type { TronChain } from '../../../integrations/tron/trongrid.ts';
import { depositAddress, externalChain, parseAccountKey } from '../../../integrations/tron/address.ts';
import type { CashierEvents } from '../events.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import { USDT_CONFIRMATIONS, formatRate, formatUsdt, parseRate, parseUsdt, twdMinorOf } from '../../../../shared/usdt.ts';
import type { UsdtDepositInfoView, UsdtTransferView } from '../../../../shared/schemas/usdt.ts';
import * as repo from './repository.ts';
import { UsdtWatcher, type WatchReport } from './watcher.ts';

/** Transfers a player's deposit page lists. */
const PLAYER_TRANSFERS = 10;
/** Tries at taking a fresh derivation index when two players take the same one at once. */
const INDEX_TRIES = 5;

export interface UsdtDepositsDeps {
  db: Db;
  accounts: AccountDirectory;
  publish: Publisher;
  events?: EventPublisher<CashierEvents>;
  gate?: ProtectionGate;
  /** TronGrid (or its stand-in); without it nothing is watched. */
  chain?: TronChain;
  /** The operator's extended public key; without it no address is handed out. */
  xpub?: string;
  usdtContract: string;
  /** Where a fresh watcher starts (the block before the first it reads); unset: the solidified head at its first run. */
  startBlock?: number;
  log?: (err: unknown, what: string) => void;
}

export class UsdtDeposits {
  private readonly db: Db;
  private readonly gate: ProtectionGate | undefined;
  private readonly chainKey: HDKey | undefined;
  /** The account key's BIP-32 fingerprint, stored with each address it derived. */
  private readonly accountKey: string;
  readonly usdtContract: string;
  readonly watcher: UsdtWatcher | undefined;

  constructor(deps: UsdtDepositsDeps) {
    this.db = deps.db;
    this.gate = deps.gate;
    this.usdtContract = deps.usdtContract;
    const account = deps.xpub ? parseAccountKey(deps.xpub) : undefined;
    this.chainKey = account ? externalChain(account) : undefined;
    this.accountKey = account ? account.fingerprint.toString(16).padStart(8, '0') : '';
    this.watcher = deps.chain
      ? new UsdtWatcher({
          db: deps.db,
          chain: deps.chain,
          accounts: deps.accounts,
          publish: deps.publish,
          events: deps.events,
          log: deps.log,
          usdtContract: deps.usdtContract,
          startBlock: deps.startBlock,
        })
      : undefined;
  }

  /** Whether an extended public key is configured. */
  get hasKey(): boolean {
    return !!this.chainKey;
  }

  /** Whether players are offered USDT on TRON: an extended public key configured and a rate set. */
  async available(): Promise<boolean> {
    return !!this.chainKey && !!this.watcher && !!(await repo.currentRate(this.db));
  }

  /** The player's deposit address, derived and stored the first time it is asked for. */
  async addressFor(playerId: number): Promise<string> {
    if (!this.chainKey) throw new ApiError('validation_failed', { method: ['cashier.method.unavailable'] });
    const known = await repo.addressOf(this.db, playerId, this.accountKey);
    if (known) return known;
    for (let i = 0; i < INDEX_TRIES; i++) {
      const index = await repo.nextIndex(this.db, this.accountKey);
      const address = depositAddress(this.chainKey, index);
      try {
        await repo.insertAddress(this.db, { playerId, accountKey: this.accountKey, derivationIndex: index, address });
        return address;
      } catch (err) {
        // The same player asking twice at once: the other request's address is the answer.
        if (isUniqueViolation(err, 'usdt_deposit_addresses_player_uq')) return (await repo.addressOf(this.db, playerId, this.accountKey))!;
        // Another player took this index a moment earlier: take the next one.
        if (!isUniqueViolation(err, 'usdt_deposit_addresses_index_uq')) throw err;
      }
    }
    throw new ApiError('service_unavailable');
  }

  /** What the player's USDT deposit screen shows: the address and its QR code, the minimum, the rate, recent transfers. */
  async depositInfo(playerId: number): Promise<UsdtDepositInfoView> {
    const rate = await repo.currentRate(this.db);
    if (!rate || !this.chainKey || !this.watcher) throw new ApiError('validation_failed', { method: ['cashier.method.unavailable'] });
    // A player who may not deposit now (a limit reached, a time-out) is not handed an address to send to.
    await this.gate?.check(playerId, 'deposit', 0n);
    const address = await this.addressFor(playerId);
    const [qr, transfers, cursors] = await Promise.all([
      // Drawn here, so the deposit island carries no QR encoder.
      QRCode.toDataURL(address, { errorCorrectionLevel: 'M', margin: 1, width: 220 }),
      repo.transfersOf(this.db, playerId, PLAYER_TRANSFERS),
      repo.cursors(this.db),
    ]);
    const head = cursors.seen?.head ?? cursors.solid?.head ?? null;
    return {
      address,
      network: 'TRC-20',
      contract: this.usdtContract,
      qr_data_url: qr,
      min_usdt: formatUsdt(rate.minValue),
      min_amount: minorToDecimal(twdMinorOf(rate.minValue, rate.rateE4)),
      rate: formatRate(rate.rateE4),
      confirmations_required: USDT_CONFIRMATIONS,
      transfers: transfers.map((t) => transferView(t, head, this.usdtContract)),
    };
  }

  /** The operator's new rate and minimum; answers the ones before and after for the audit. */
  async setRate(staffId: number, input: { rate: string; min_usdt: string }): Promise<{ before: repo.UsdtRateRow | undefined; after: repo.UsdtRateRow }> {
    const rateE4 = parseRate(input.rate);
    const minValue = parseUsdt(input.min_usdt);
    const fields: Record<string, string[]> = {};
    if (!rateE4 || rateE4 <= 0n) fields.rate = ['bo.usdt.rate_invalid'];
    // A minimum below a cent of USDT would credit deposits that round to nothing.
    if (!minValue || minValue < 10_000n) fields.min_usdt = ['bo.usdt.min_invalid'];
    if (Object.keys(fields).length) throw new ApiError('validation_failed', fields);
    const before = await repo.currentRate(this.db);
    const after = await repo.insertRate(this.db, { rateE4: rateE4!, minValue: minValue!, setBy: staffId });
    return { before, after };
  }

  currentRate(): Promise<repo.UsdtRateRow | undefined> {
    return repo.currentRate(this.db);
  }

  /** One run of the chain watcher (the usdt-watch job). */
  async watch(): Promise<WatchReport> {
    if (!this.watcher) return { skipped: 'not_configured' };
    return this.watcher.run();
  }
}

/** A transfer as its player sees it, with its confirmations counted from the head the watcher saw last. */
export function transferView(t: repo.UsdtTransferRow, head: number | null, usdtContract: string): UsdtTransferView {
  const confirmations = head === null ? 0 : Math.max(0, Math.min(USDT_CONFIRMATIONS, head - t.blockNumber + 1));
  return {
    deposit_id: t.depositId,
    txid: t.txid,
    event_index: t.eventIndex,
    // Another token's amount is shown in its own smallest unit: its decimals are not known here.
    usdt: t.contract === usdtContract ? formatUsdt(BigInt(t.value)) : t.value,
    amount: t.amountMinor === null ? null : minorToDecimal(t.amountMinor),
    rate: t.rateE4 === null ? null : formatRate(t.rateE4),
    outcome: t.outcome,
    confirmations: t.solidifiedAt ? USDT_CONFIRMATIONS : confirmations,
    detected_at: t.detectedAt.toISOString(),
    solidified_at: t.solidifiedAt?.toISOString() ?? null,
  };
}
