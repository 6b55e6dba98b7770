// Wallet rules (SPEC.md section 4, DESIGN.md sections 4 and 5): central, activity and platform wallets,
// transfers to and from providers that are recorded as pending before they are sent, settled on a clear
// answer, refunded only on a definite rejection, and otherwise left to reconciliation.
import { isUniqueViolation } from '../../db/errors.ts';
import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { inMoneyTransaction } from '../../ledger/money-transaction.ts';
import { StatementBatcher } from '../../lib/statement-batcher.ts';
import { AccountDirectory, balanceOf } from '../../ledger/accounts.ts';
import { LedgerError, journalArguments, postJournal, type Posting } from '../../ledger/ledger.ts';
import type { GameProvider, TransferOutcome } from '../../integrations/games/provider.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import * as repo from './repository.ts';
import * as platformFacts from '../games/platform-facts.ts';
import { seamlessCodes } from '../seamless/platform-facts.ts';
import * as flagFacts from '../auth/transfer-flags-facts.ts';
import type { BonusWalletView } from '../../../shared/user.ts';
import type { ProtectionGate } from '../../lib/protection-gate.ts';

/** The request answers before reconciliation looks, so the two rarely race (they are safe if they do). */
const FIRST_CHECK_DELAY_MS = 5_000;
/** After this many unclear answers a pending transfer is listed for operators (it keeps being retried). */
const FINDING_AFTER_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 5 * 60_000;
/** A margin past the provider's request lifetime before 'not found' is taken as 'never applied'. */
const NOT_FOUND_MARGIN_MS = 5_000;
/** Reconciliation handles at most this many transfers a run. */
const RECONCILE_BATCH = 100;
/** Player bindings remembered per instance at most. */
const BINDING_CACHE_MAX = 100_000;
/** Live balance reads from providers are given this long before the platform shows as unavailable. */
const BALANCE_READ_CONCURRENCY = 4;
/**
 * Transfers into play that start (or settle) at the same moment leave in one statement (lib/statement-batcher.ts,
 * sql/wallet_start_transfers_in.sql): at most this many a batch, this many batches on their way at once (a pooled connection each), and
 * this many waiting before one goes alone at once. Sixteen clients transferring at once made batches of three to six.
 */
const TRANSFER_BATCH = { maxBatch: 32, inFlight: 4, queueMax: 5_000 } as const;

export type Source = { kind: 'central' } | { kind: 'bonus'; walletId: number };

export type { PlatformWalletView, TransferResultView as TransferResult } from '../../../shared/schemas/wallet.ts';
import type {
  MoneyCategory,
  MoneyRecordsQuery,
  MoneyRecordView,
  PlatformWalletView,
  TransactionRecordQuery,
  TransferRecordView,
  TransferResultView as TransferResult,
} from '../../../shared/schemas/wallet.ts';
import type { PlatformStatusView, PlatformView } from '../../../shared/schemas/games.ts';
import type { JournalKind } from '../../ledger/kinds.ts';
import type { Locale } from '../../../shared/constants.ts';
import { offsetOf } from '../../../shared/schemas/paging.ts';
import type { RecordPage } from '../../../shared/schemas/paging.ts';
import { START_END_FIELDS, dayRange } from '../../lib/record-days.ts';
import { BONUS_WALLET_STATUS, MAINTAIN_STATUS, PLATFORM_STATUS, TRANSFER_STATUS } from '../../../shared/statuses.ts';

/** How a pending transfer ends. */
type SettledStatus = typeof TRANSFER_STATUS.applied | typeof TRANSFER_STATUS.refunded;

/** The journal kinds each money-record category lists; `all` lists every kind. */
const MONEY_CATEGORY_KINDS: Record<MoneyCategory, readonly JournalKind[] | undefined> = {
  all: undefined,
  transfer: ['transfer_start', 'transfer_settle', 'transfer_refund', 'bonus_to_central'],
  // Every bonus the player was paid (by an operator, a promotion, a VIP reward, a red packet or the points mall) and
  // what became of activity wallets: unlocked, given up, paid out or forfeited.
  bonus: ['bonus_grant', 'promotion_grant', 'vip_reward', 'red_packet', 'exchange_bonus', 'bonus_unlock', 'bonus_give_up', 'bonus_to_central', 'bonus_forfeit'],
  adjust: ['adjustment'],
};

/** What a transfer's settlement needs to know before its transaction: who, where, and which wallet paid for it. */
type TransferParties = Pick<repo.TransferRow, 'playerId' | 'gpCode' | 'walletKind' | 'bonusWalletId' | 'direction' | 'amountMinor'>;

/** The start statement's refusals, each as the error the full path gives (the platform's as livePlatform's). */
const START_REFUSALS: Partial<Record<repo.StartOutcome['outcome'], ErrorCode>> = {
  insufficient: 'insufficient_funds',
  not_found: 'not_found',
  unavailable: 'platform_unavailable',
  maintenance: 'platform_maintenance',
};

/** Unwinds a grant that lost a race to an identical one. */
class RollbackGrant extends Error {}

function newTransferId(): string {
  return `TR${Date.now().toString(36)}${randomBytes(10).toString('hex')}`;
}

function providerPlayerId(playerId: number): string {
  return `p${playerId}`;
}

export class WalletService {
  readonly accounts: AccountDirectory;
  /** Brings the platform's game results into the ledger before money leaves it (bet ingestion of that platform). */
  private readonly beforeTransferOut: ((code: string) => Promise<void>) | undefined;
  /** The player-protection gate, asked before money goes into play. */
  private readonly gate: ProtectionGate | undefined;
  private readonly db: Db;
  /** Where record lists are read: the read replica when it may serve (db/reader.ts), else the primary. */
  private readonly reader: Db;
  private readonly provider: GameProvider;
  private readonly publish: Publisher;
  /**
   * The provider's name for a player at a platform, once this instance has seen the binding: bindings are never
   * deleted and the name never changes, so a transfer after the first need not read it.
   */
  private readonly bindings = new Map<string, string>();
  /** The starts and settlements of transfers into play, batched; each batch in the order of its players' locks. */
  private readonly starts: StatementBatcher<repo.StartItem, repo.StartOutcome>;
  private readonly settlements: StatementBatcher<repo.SettleItem, boolean>;

  /** How the transfers' starts and settlements went to the database: batches sent, items in them, batches that failed. */
  get batching(): { starts: StatementBatcher<repo.StartItem, repo.StartOutcome>['counts']; settlements: StatementBatcher<repo.SettleItem, boolean>['counts'] } {
    return { starts: { ...this.starts.counts }, settlements: { ...this.settlements.counts } };
  }

  constructor(deps: {
    db: Db;
    provider: GameProvider;
    publish: Publisher;
    accounts?: AccountDirectory;
    reader?: Db;
    gate?: ProtectionGate;
    beforeTransferOut?: (code: string) => Promise<void>;
  }) {
    this.db = deps.db;
    this.reader = deps.reader ?? deps.db;
    this.provider = deps.provider;
    this.publish = deps.publish;
    this.accounts = deps.accounts ?? new AccountDirectory(deps.db);
    this.gate = deps.gate;
    this.beforeTransferOut = deps.beforeTransferOut;
    const db = deps.db;
    this.starts = new StatementBatcher({
      ...TRANSFER_BATCH,
      runBatch: (items) => repo.startTransfersIn(db, items),
      runOne: (item) => repo.startTransferIn(db, item),
      compare: (a, b) => a.playerId - b.playerId,
    });
    this.settlements = new StatementBatcher({
      ...TRANSFER_BATCH,
      runBatch: (items) => repo.settleTransfersWithJournals(db, items),
      runOne: (item) => repo.settleTransferWithJournal(db, item),
      compare: (a, b) => (a.journal.playerId ?? 0) - (b.journal.playerId ?? 0),
    });
  }

  // ---- platforms ---------------------------------------------------------------------------------

  /** A platform that can take a transfer now: switched on and not under maintenance. */
  async livePlatform(code: string): Promise<platformFacts.PlatformRow> {
    // Read every time: a platform switched off or put under maintenance is refused from that moment.
    const rows = await platformFacts.platformByCode(this.db, code);
    const platform = rows.find((p) => p.status === PLATFORM_STATUS.on) ?? rows[0];
    if (!platform) throw new ApiError('not_found');
    if (platform.status !== PLATFORM_STATUS.on) throw new ApiError('platform_unavailable');
    const now = Date.now();
    const inWindow = platform.maintainStart && platform.maintainEnd && platform.maintainStart.getTime() <= now && now <= platform.maintainEnd.getTime();
    if (platform.maintainStatus === MAINTAIN_STATUS.maintenance || inWindow) throw new ApiError('platform_maintenance');
    return platform;
  }

  /**
   * A platform that takes transfers now: live (livePlatform) and not seamless, both read side by side. A seamless
   * platform plays straight from the central wallet: nothing is ever moved into it. wallet_start_transfer_in (drizzle
   * 0043) answers the same question in SQL; the two change together.
   */
  private async transferablePlatform(code: string): Promise<void> {
    const [, seamless] = await Promise.all([this.livePlatform(code), seamlessCodes(this.db)]);
    if (seamless.has(code)) throw new ApiError('platform_unavailable');
  }

  /** The game groups a platform code serves (one provider may serve several). */
  async platformGroups(code: string): Promise<string[]> {
    return (await platformFacts.platformByCode(this.db, code)).map((p) => p.group);
  }

  /** Whether the player moves the central wallet into each game, and the game groups and platforms barred to them. */
  playerFlags(playerId: number) {
    return flagFacts.playerFlags(this.db, playerId);
  }

  async ensureProviderPlayer(playerId: number, code: string): Promise<string> {
    const known = this.knownBinding(playerId, code);
    if (known) return known;
    const existing = await repo.playerPlatform(this.db, playerId, code);
    if (existing) return this.rememberBinding(playerId, code, existing.providerPlayer);
    const providerPlayer = providerPlayerId(playerId);
    try {
      await this.provider.createPlayer(code, providerPlayer);
    } catch {
      throw new ApiError('platform_unavailable');
    }
    await repo.insertPlayerPlatform(this.db, { playerId, gpCode: code, providerPlayer });
    return this.rememberBinding(playerId, code, providerPlayer);
  }

  private knownBinding(playerId: number, code: string): string | undefined {
    return this.bindings.get(`${playerId}|${code}`);
  }

  private rememberBinding(playerId: number, code: string, providerPlayer: string): string {
    if (this.bindings.size >= BINDING_CACHE_MAX) this.bindings.clear();
    this.bindings.set(`${playerId}|${code}`, providerPlayer);
    return providerPlayer;
  }

  // ---- transfers ---------------------------------------------------------------------------------

  private async sourceAccount(playerId: number, source: Source): Promise<number> {
    return source.kind === 'central'
      ? this.accounts.playerAccount(playerId, 'central')
      : this.accounts.playerAccount(playerId, 'bonus', String(source.walletId));
  }

  /** Checks that an activity wallet is the player's, active, and allowed on the platform. */
  private async usableBonus(db: DbOrTx, playerId: number, walletId: number, code: string, lock = false): Promise<repo.BonusWalletRow> {
    const wallet = await repo.bonusWalletById(db, walletId, lock);
    if (!wallet || wallet.playerId !== playerId || wallet.status !== BONUS_WALLET_STATUS.active) throw new ApiError('bonus_not_found');
    if (wallet.platformCodes.length && !wallet.platformCodes.includes(code)) throw new ApiError('bonus_not_usable');
    return wallet;
  }

  /** Moves money from the central or an activity wallet to a provider's wallet. */
  async transferIn(playerId: number, code: string, amountMinor: bigint, source: Source, clientKey?: string): Promise<TransferResult> {
    if (amountMinor <= 0n) throw new ApiError('validation_failed', { money: ['v.money.positive'] });
    if (clientKey) {
      const seen = await repo.transferByClientKey(this.db, playerId, clientKey);
      if (seen) return this.replay(seen, { code, direction: 'in', amountMinor, bonusWalletId: source.kind === 'bonus' ? source.walletId : null });
    }
    // A replay answers with its first result; anything new into play asks the protection gate, under the player's
    // protection lock in the transaction below. A player not yet known at the provider is asked here first as well,
    // so that no account is opened there for a player the gate would refuse.
    const known = this.knownBinding(playerId, code);
    if (!known) await this.gate?.check(playerId, 'transfer_in', amountMinor);
    // Whether the platform takes transfers is read every time (a platform switched off is refused from that moment).
    // From the central wallet to a platform this instance knows the player at, the usual case, the start statement
    // below asks it (sql/wallet_start_transfer_in.sql), in the transfer's own transaction; otherwise it is asked
    // here, before anything is opened at the provider or an activity wallet is looked at.
    if (!known || source.kind !== 'central') await this.transferablePlatform(code);
    if (source.kind === 'bonus') await this.usableBonus(this.db, playerId, source.walletId, code);
    const providerPlayer = await this.ensureProviderPlayer(playerId, code);
    const [sourceAcc, transitAcc] = await Promise.all([
      this.sourceAccount(playerId, source),
      this.accounts.playerAccount(playerId, 'transit', code),
      this.accounts.playerAccount(playerId, 'platform', code),
    ]);
    const id = newTransferId();
    const bonusWalletId = source.kind === 'bonus' ? source.walletId : null;
    const start: TransferInStart = {
      id,
      playerId,
      code,
      amountMinor,
      source,
      bonusWalletId,
      clientKey,
      reason: 'sending to provider',
      nextCheckAt: new Date(Date.now() + FIRST_CHECK_DELAY_MS),
      journal: transferStartJournal(id, code, playerId, sourceAcc, transitAcc, amountMinor),
    };
    if (source.kind === 'central') {
      const done = await this.startFromCentral(start, providerPlayer);
      if (done) return done;
    }
    const raced = await this.inTransaction((tx) => this.startTransferIn(tx, start)).then(
      () => undefined,
      (err: unknown) => this.sameKeyRace(err, playerId, clientKey, { code, direction: 'in', amountMinor, bonusWalletId }),
    );
    if (raced) return raced;
    const outcome = await this.provider.transfer(code, { transferId: id, player: providerPlayer, direction: 'in', amountMinor });
    return this.applyOutcome(id, outcome, { playerId, gpCode: code, walletKind: source.kind, bonusWalletId, direction: 'in', amountMinor });
  }

  /**
   * From the central wallet, the usual case, the transfer starts in one statement (wallet_start_transfer_in, 0035,
   * 0043, batched with the starts of the same moment by this.starts, 0045): the platform's question, the locks, row
   * and journal of the transaction of startTransferIn, in one round trip. It writes nothing and says so when a player
   * has protection rules or the platform holds an activity wallet's money; then this answers undefined and the
   * transaction does the work.
   */
  private async startFromCentral(t: TransferInStart, providerPlayer: string): Promise<TransferResult | undefined> {
    const { id, playerId, code, amountMinor, clientKey, bonusWalletId } = t;
    const started = await this.starts
      .submit({
        id,
        playerId,
        gpCode: code,
        amountMinor,
        clientKey: clientKey ?? null,
        reason: t.reason,
        nextCheckAt: t.nextCheckAt,
        checkGate: this.gate !== undefined,
        journal: journalArguments(t.journal),
      })
      .catch((err: unknown) => this.sameKeyRace(err, playerId, clientKey, { code, direction: 'in', amountMinor, bonusWalletId }));
    // A client key used twice at once: the other request's result.
    if (!('outcome' in started)) return started;
    const refused = START_REFUSALS[started.outcome];
    if (refused) throw new ApiError(refused);
    if (started.outcome !== 'posted') return undefined;
    const outcome = await this.provider.transfer(code, { transferId: id, player: providerPlayer, direction: 'in', amountMinor });
    return this.applyOutcome(id, outcome, { playerId, gpCode: code, walletKind: t.source.kind, bonusWalletId, direction: 'in', amountMinor });
  }

  /** A transfer into play started in a transaction: the gate again, the platform's wallet binding, the row and its journal. */
  private async startTransferIn(tx: DbOrTx, t: TransferInStart): Promise<void> {
    const { id, playerId, code, amountMinor, source, bonusWalletId } = t;
    // Again under the player's protection lock: a concurrent transfer may have used up the limit meanwhile.
    await this.gate?.checkLocked(tx, playerId, 'transfer_in', amountMinor);
    // What sits at a provider belongs to one wallet at a time, so it can go back where it came from.
    const binding = await repo.playerPlatform(tx, playerId, code, true);
    if (binding && (binding.bonusWalletId ?? null) !== bonusWalletId) {
      const platformAcc = await this.accounts.playerAccount(playerId, 'platform', code);
      const occupied = (await this.balance(tx, platformAcc)) > 0n || (await repo.pendingCount(tx, playerId, code)) > 0;
      if (occupied) throw new ApiError('bonus_not_usable');
      await repo.bindPlatformWallet(tx, playerId, code, bonusWalletId);
    }
    if (source.kind === 'bonus') await this.usableBonus(tx, playerId, source.walletId, code, true);
    await repo.insertTransfer(tx, {
      id,
      playerId,
      gpCode: code,
      direction: 'in',
      amountMinor,
      walletKind: source.kind,
      bonusWalletId,
      status: TRANSFER_STATUS.pending,
      reason: t.reason,
      clientKey: t.clientKey ?? null,
      nextCheckAt: t.nextCheckAt,
    });
    await postJournal(tx, t.journal);
  }

  /** Moves money from a provider's wallet back to the wallet that funded it. `all` takes everything there. */
  async transferOut(playerId: number, code: string, amount: bigint | 'all', clientKey?: string): Promise<TransferResult> {
    if (amount !== 'all' && amount <= 0n) throw new ApiError('validation_failed', { money: ['v.money.positive'] });
    if (clientKey) {
      const seen = await repo.transferByClientKey(this.db, playerId, clientKey);
      if (seen) return this.replay(seen, { code, direction: 'out', amountMinor: amount === 'all' ? seen.amountMinor : amount });
    }
    await this.livePlatform(code);
    const binding = await repo.playerPlatform(this.db, playerId, code);
    if (!binding) throw new ApiError('nothing_to_transfer');
    await this.beforeTransferOut?.(code);
    const [platformAcc, transitAcc] = await Promise.all([
      this.accounts.playerAccount(playerId, 'platform', code),
      this.accounts.playerAccount(playerId, 'transit', code),
    ]);
    const amountMinor = amount === 'all' ? await this.agreedBalance(playerId, code, binding.providerPlayer, platformAcc) : amount;
    const id = newTransferId();
    const raced = await this.inTransaction(async (tx) => {
      const bound = await repo.playerPlatform(tx, playerId, code, true);
      let walletKind: 'central' | 'bonus' = 'central';
      let bonusWalletId: number | null = null;
      if (bound?.bonusWalletId) {
        const wallet = await repo.bonusWalletById(tx, bound.bonusWalletId);
        // An activity wallet that was unlocked meanwhile has paid out: its money now returns to central.
        if (wallet?.status === BONUS_WALLET_STATUS.active) {
          walletKind = 'bonus';
          bonusWalletId = wallet.id;
        }
      }
      await repo.insertTransfer(tx, {
        id,
        playerId,
        gpCode: code,
        direction: 'out',
        amountMinor,
        walletKind,
        bonusWalletId,
        status: TRANSFER_STATUS.pending,
        reason: 'sending to provider',
        clientKey: clientKey ?? null,
        nextCheckAt: new Date(Date.now() + FIRST_CHECK_DELAY_MS),
      });
      await postJournal(tx, {
        kind: 'transfer_start',
        idempotencyKey: `xfer:${id}:start`,
        request: { id, code, direction: 'out' },
        playerId,
        ref: id,
        postings: [
          { accountId: platformAcc, amountMinor: -amountMinor },
          { accountId: transitAcc, amountMinor },
        ],
      });
    }).then(
      () => undefined,
      (err: unknown) => this.sameKeyRace(err, playerId, clientKey, { code, direction: 'out', amountMinor: amount === 'all' ? undefined : amountMinor }),
    );
    if (raced) return raced;
    const outcome = await this.provider.transfer(code, { transferId: id, player: binding.providerPlayer, direction: 'out', amountMinor });
    return this.applyOutcome(id, outcome);
  }

  /**
   * What a withdraw-all takes: what both sides agree is there, the ledger's figure capped by the provider's own. The
   * provider is asked first: a concurrent transfer journals its move (platform to transit) before it calls the
   * provider, so any deduction the provider shows is already in the ledger read after it. Read the other way round,
   * a withdraw-all racing another saw the provider emptied against a stale ledger figure and opened a mismatch that
   * was not one.
   */
  private async agreedBalance(playerId: number, code: string, providerPlayer: string, platformAcc: number): Promise<bigint> {
    const readBoth = async () => {
      const live = await this.provider.balance(code, providerPlayer);
      if (live.kind === 'maintenance') throw new ApiError('platform_maintenance');
      if (live.kind !== 'ok') throw new ApiError('platform_unavailable');
      return { providerMinor: live.balanceMinor, ledger: await this.balance(this.db, platformAcc) };
    };
    let { providerMinor, ledger } = await readBoth();
    // A difference is looked at twice before it becomes a finding: money may have moved between the reads.
    if (providerMinor < ledger) ({ providerMinor, ledger } = await readBoth());
    const findingId = `${code}:${playerId}`;
    if (providerMinor < ledger) {
      await repo.openFinding(this.db, {
        kind: 'balance_mismatch',
        transferId: findingId,
        playerId,
        gpCode: code,
        detail: { ledgerMinor: ledger.toString(), providerMinor: providerMinor.toString() },
      });
    } else {
      // Both sides agree again: an earlier mismatch of this player's platform wallet is settled.
      await repo.resolveFindings(this.db, findingId);
    }
    const amountMinor = providerMinor < ledger ? providerMinor : ledger;
    if (amountMinor <= 0n) throw new ApiError('nothing_to_transfer');
    return amountMinor;
  }

  /** Recovers every platform wallet that holds money (SPEC.md: withdrawAll). */
  async recoverAll(playerId: number): Promise<TransferResult[]> {
    const results: TransferResult[] = [];
    // Every platform the player has an account at is asked, not only those the ledger shows money at:
    // a win the provider has not reported yet is pulled in by transferOut before it counts what is there.
    for (const binding of await repo.playerPlatformsOf(this.db, playerId)) {
      try {
        results.push(await this.transferOut(playerId, binding.gpCode, 'all'));
      } catch (err) {
        // One platform in maintenance must not keep the others' money away from the player.
        if (!(err instanceof ApiError)) throw err;
      }
    }
    return results;
  }

  private replay(seen: repo.TransferRow, asked: { code: string; direction: 'in' | 'out'; amountMinor: bigint; bonusWalletId?: number | null }): TransferResult {
    // A transfer in is also defined by the wallet that pays for it (central, or which activity wallet).
    const otherSource = asked.bonusWalletId !== undefined && (seen.bonusWalletId ?? null) !== asked.bonusWalletId;
    if (seen.gpCode !== asked.code || seen.direction !== asked.direction || seen.amountMinor !== asked.amountMinor || otherSource) {
      throw new ApiError('idempotency_mismatch');
    }
    return this.view(seen);
  }

  /** Two requests with one Idempotency-Key at once: the unique index lets one through and the other answers as its replay. */
  private async sameKeyRace(
    err: unknown,
    playerId: number,
    clientKey: string | undefined,
    asked: { code: string; direction: 'in' | 'out'; amountMinor: bigint | undefined; bonusWalletId?: number | null },
  ): Promise<TransferResult> {
    if (!clientKey || !isUniqueViolation(err, 'platform_transfers_client_key_uq')) throw err;
    const seen = await repo.transferByClientKey(this.db, playerId, clientKey);
    if (!seen) throw err;
    return this.replay(seen, { ...asked, amountMinor: asked.amountMinor ?? seen.amountMinor });
  }

  private view(t: Pick<repo.TransferRow, 'id' | 'status' | 'reason' | 'amountMinor'>): TransferResult {
    return { id: t.id, status: t.status, reason: t.reason, amount: minorToDecimal(t.amountMinor) };
  }

  private async applyOutcome(id: string, outcome: TransferOutcome, known?: TransferParties): Promise<TransferResult> {
    if (outcome.kind === 'applied') return this.settle(id, TRANSFER_STATUS.applied, 'applied at provider', known);
    if (outcome.kind === 'rejected') return this.settle(id, TRANSFER_STATUS.refunded, `rejected by provider: ${outcome.code}`, known);
    await repo.postponeTransfer(this.db, id, `awaiting provider confirmation (${outcome.reason})`, FIRST_CHECK_DELAY_MS);
    const row = await repo.transferById(this.db, id);
    return this.view(row!);
  }

  /**
   * Ends a pending transfer exactly once, whoever gets there first (the request or reconciliation). `known` is what
   * the request that recorded the transfer already knows of it (none of it ever changes), which spares a read.
   */
  async settle(id: string, result: SettledStatus, reason: string, known?: TransferParties): Promise<TransferResult> {
    if (known?.direction === 'in' && result === TRANSFER_STATUS.applied) return this.settleIntoPlay(id, reason, known);
    const first = known ?? (await repo.transferById(this.db, id));
    if (!first) throw new Error(`settle: unknown transfer ${id}`);
    const { playerId, gpCode: code } = first;
    const transitAcc = await this.accounts.playerAccount(playerId, 'transit', code);
    const platformAcc = await this.accounts.playerAccount(playerId, 'platform', code);
    const walletAcc =
      first.walletKind === 'bonus' && first.bonusWalletId
        ? await this.accounts.playerAccount(playerId, 'bonus', String(first.bonusWalletId))
        : await this.accounts.playerAccount(playerId, 'central');
    const centralAcc = await this.accounts.playerAccount(playerId, 'central');
    let finished: Pick<repo.TransferRow, 'id' | 'status' | 'reason' | 'amountMinor'> | undefined;
    await this.inTransaction(async (tx) => {
      // The conditional update takes the row's lock and ends the transfer in one statement; whoever finds it
      // still pending is the one who moves the money, in this same transaction.
      const t = await repo.finishPendingTransfer(tx, id, result, reason);
      if (!t) {
        finished = await repo.transferById(tx, id);
        return;
      }
      await this.settleMoney(tx, t, result, reason, { transitAcc, platformAcc, walletAcc, centralAcc });
      finished = t;
    });
    // Side effects after commit: the player's open pages refresh their wallets.
    this.publish.toPlayer(playerId, 'update-user');
    return this.view(finished!);
  }

  /**
   * settle's commonest case, a transfer into play the provider applied, as the request that recorded it knows it: the
   * money goes from transit to the platform wallet whatever else holds (no activity wallet to look at, no binding to
   * free), so the conditional update and the journal are one statement (repo.settleTransferWithJournal, batched with the
   * settlements of the same moment by this.settlements), one round trip instead of four, with the same exactly-once
   * rule: only the caller that finds the transfer pending moves money.
   */
  private async settleIntoPlay(id: string, reason: string, known: TransferParties): Promise<TransferResult> {
    const { playerId, gpCode: code, amountMinor } = known;
    const [transitAcc, platformAcc] = await Promise.all([
      this.accounts.playerAccount(playerId, 'transit', code),
      this.accounts.playerAccount(playerId, 'platform', code),
    ]);
    const result = TRANSFER_STATUS.applied;
    const journal = journalArguments({
      kind: 'transfer_settle',
      idempotencyKey: `xfer:${id}:end`,
      request: { id, result },
      playerId,
      ref: id,
      memo: reason,
      postings: [
        { accountId: transitAcc, amountMinor: -amountMinor },
        { accountId: platformAcc, amountMinor },
      ],
    });
    const settled = await this.settlements.submit({ id, status: result, reason, journal });
    const finished = settled ? { id, status: result, reason, amountMinor } : await repo.transferById(this.db, id);
    if (!finished) throw new Error(`settle: unknown transfer ${id}`);
    // Side effects after commit: the player's open pages refresh their wallets.
    this.publish.toPlayer(playerId, 'update-user');
    return this.view(finished);
  }

  /** The journal that ends a transfer the caller has just marked finished, in the caller's transaction. */
  private async settleMoney(
    tx: DbOrTx,
    t: repo.TransferRow,
    result: SettledStatus,
    reason: string,
    acc: { transitAcc: number; platformAcc: number; walletAcc: number; centralAcc: number },
  ): Promise<void> {
    const { playerId, gpCode: code, id } = t;
    const amount = t.amountMinor;
    // Locks in the order transferIn and transferOut take them (binding, activity wallet, accounts), so a settle
    // cannot deadlock with them, and the unbinding below sees a transfer they have just recorded.
    if (t.direction === 'out' && result === TRANSFER_STATUS.applied) await repo.playerPlatform(tx, playerId, code, true);
    let target: number;
    if (t.direction === 'in' && result === TRANSFER_STATUS.applied) target = acc.platformAcc;
    else if (t.direction === 'out' && result === TRANSFER_STATUS.refunded) target = acc.platformAcc;
    else {
      // Money coming back to an activity wallet (a refund of its transfer in, or its transfer out) goes there only
      // while that wallet is still active; once unlocked or given up it is closed, so the money goes to central.
      // The wallet row is locked so an unlock cannot pay the wallet out between this check and the journal.
      const wallet = t.walletKind === 'bonus' && t.bonusWalletId ? await repo.bonusWalletById(tx, t.bonusWalletId, true) : undefined;
      target = wallet?.status === BONUS_WALLET_STATUS.active ? acc.walletAcc : acc.centralAcc;
    }
    const postings: Posting[] = [
      { accountId: acc.transitAcc, amountMinor: -amount },
      { accountId: target, amountMinor: amount },
    ];
    await postJournal(tx, {
      kind: result === TRANSFER_STATUS.applied ? 'transfer_settle' : 'transfer_refund',
      idempotencyKey: `xfer:${id}:end`,
      request: { id, result },
      playerId,
      ref: id,
      memo: reason,
      postings,
    });
    // A finding names a transfer only after reconciliation has postponed it several times (FINDING_AFTER_ATTEMPTS),
    // so one never postponed has none to resolve.
    if (t.attempts > 0) await repo.resolveFindings(tx, id);
    // An emptied platform wallet is free to be funded by any wallet again.
    if (
      t.direction === 'out' &&
      result === TRANSFER_STATUS.applied &&
      (await this.balance(tx, acc.platformAcc)) === 0n &&
      (await repo.pendingCount(tx, playerId, code)) === 0
    ) {
      await repo.bindPlatformWallet(tx, playerId, code, null);
    }
  }

  /** One reconciliation run over the pending transfers that are due. Returns how many it settled. */
  async reconcile(limit = RECONCILE_BATCH): Promise<{ checked: number; settled: number }> {
    const due = await repo.duePendingTransfers(this.db, limit);
    let settled = 0;
    for (const t of due) {
      const status = await this.provider.transferStatus(t.gpCode, t.id);
      const ageMs = Date.now() - t.createdAt.getTime();
      if (status.kind === 'applied') {
        await this.settle(t.id, TRANSFER_STATUS.applied, 'applied at provider (reconciled)');
        settled++;
      } else if (status.kind === 'rejected') {
        await this.settle(t.id, TRANSFER_STATUS.refunded, `rejected by provider: ${status.code} (reconciled)`);
        settled++;
      } else if (status.kind === 'not_found' && ageMs > this.provider.requestTtlMs + NOT_FOUND_MARGIN_MS) {
        // The provider refuses requests older than its lifetime, so an unknown transfer can no longer apply.
        await this.settle(t.id, TRANSFER_STATUS.refunded, 'never reached the provider (reconciled)');
        settled++;
      } else {
        const reason = status.kind === 'not_found' ? 'not yet seen by provider' : `provider unclear: ${status.reason}`;
        const delay = Math.min(MAX_BACKOFF_MS, 2000 * 2 ** Math.min(t.attempts, 10));
        await repo.postponeTransfer(this.db, t.id, `awaiting provider confirmation (${reason})`, delay);
        if (t.attempts + 1 >= FINDING_AFTER_ATTEMPTS) {
          await repo.openFinding(this.db, {
            kind: 'unresolved_transfer',
            transferId: t.id,
            playerId: t.playerId,
            gpCode: t.gpCode,
            detail: { attempts: t.attempts + 1, lastAnswer: reason, amountMinor: t.amountMinor.toString(), direction: t.direction },
          });
        }
      }
    }
    return { checked: due.length, settled };
  }

  /** A manual balance adjustment of the central wallet against the house's adjustment account. */
  /**
   * `onPosted` runs inside the journal's transaction with the ledger's answer, so that what belongs with the
   * money (the operator's audit row) commits with it, or not at all, and knows whether the journal was new.
   */
  async adjustCentral(input: {
    playerId: number;
    amountMinor: bigint;
    memo: string;
    staffId?: number | null;
    idempotencyKey: string;
    /** Runs first in the journal's transaction; what it throws rolls the transaction back before any posting. */
    beforePost?: (tx: DbOrTx) => Promise<void>;
    onPosted?: (tx: DbOrTx, posted: { journalId: number; replayed: boolean; centralBalanceMinor: bigint }) => Promise<void>;
  }): Promise<void> {
    if (input.amountMinor === 0n) throw new ApiError('validation_failed', { money: ['v.money.positive'] });
    const [central, house] = await Promise.all([this.accounts.playerAccount(input.playerId, 'central'), this.accounts.houseAccount('adjust', input.playerId)]);
    await this.inTransaction(async (tx) => {
      if (input.beforePost) await input.beforePost(tx);
      const posted = await postJournal(tx, {
        kind: 'adjustment',
        idempotencyKey: `adjust:${input.idempotencyKey}`,
        request: { playerId: input.playerId, amount: input.amountMinor.toString() },
        playerId: input.playerId,
        memo: input.memo,
        staffId: input.staffId ?? null,
        postings: [
          { accountId: central, amountMinor: input.amountMinor },
          { accountId: house, amountMinor: -input.amountMinor },
        ],
      });
      if (input.onPosted) await input.onPosted(tx, { ...posted, centralBalanceMinor: await balanceOf(tx, central) });
    });
    this.publish.toPlayer(input.playerId, 'system-money-action');
  }

  // ---- activity wallets --------------------------------------------------------------------------

  /** Operators (and later promotions) grant an activity wallet funded by the house's bonus account. */
  async grantBonus(input: BonusGrant): Promise<repo.BonusWalletRow> {
    if (input.amountMinor <= 0n) throw new ApiError('validation_failed', { money: ['v.money.positive'] });
    const key = `bonus:grant:${input.idempotencyKey}`;
    const request = { playerId: input.playerId, amount: input.amountMinor.toString(), bet: input.bonusBetMinor.toString(), name: input.name };
    const house = await this.accounts.houseAccount('bonus', input.playerId);
    const replayOf = async (): Promise<repo.BonusWalletRow | undefined> => {
      const first = await repo.journalByKey(this.db, key);
      if (!first) return undefined;
      const w = await repo.bonusWalletById(this.db, Number(first.ref));
      // The same key with other details is a different command, not a retry.
      if (!w || w.playerId !== input.playerId || w.bonusBetMinor !== input.bonusBetMinor || w.name !== input.name) throw new ApiError('idempotency_mismatch');
      return w;
    };
    const earlier = await replayOf();
    if (earlier) return earlier;
    let wallet: repo.BonusWalletRow | undefined;
    let lostRace = false;
    await this.inTransaction(async (tx) => {
      // The wallet, its account and the money arrive together, or not at all: a replay leaves no empty wallet.
      wallet = await repo.insertBonusWallet(tx, {
        playerId: input.playerId,
        name: input.name,
        nameEn: input.nameEn ?? '',
        isSports: input.isSports ?? false,
        platformCodes: input.platformCodes ?? [],
        bonusBetMinor: input.bonusBetMinor,
        giveUpWalletAmountMinor: input.giveUpWalletAmountMinor ?? 0n,
        grantedBy: input.staffId ?? null,
      });
      const bonusAcc = await repo.openPlayerAccountInTx(tx, input.playerId, 'bonus', String(wallet.id));
      const posted = await postJournal(tx, {
        kind: 'bonus_grant',
        idempotencyKey: key,
        request,
        playerId: input.playerId,
        ref: String(wallet.id),
        memo: input.name,
        staffId: input.staffId ?? null,
        postings: [
          { accountId: house, amountMinor: -input.amountMinor },
          { accountId: bonusAcc, amountMinor: input.amountMinor },
        ],
      }).catch((err: unknown) => {
        // A concurrent identical grant committed first: its wallet is the answer, this one rolls back.
        if (err instanceof LedgerError && err.code === 'idempotency_mismatch') return { replayed: true, journalId: 0 };
        throw err;
      });
      if (posted.replayed) {
        lostRace = true;
        throw new RollbackGrant();
      }
    }).catch((err: unknown) => {
      if (!(err instanceof RollbackGrant)) throw err;
    });
    if (lostRace) {
      const w = await replayOf();
      if (w) return w;
      throw new ApiError('idempotency_mismatch');
    }
    this.publish.toPlayer(input.playerId, 'update-user');
    return wallet!;
  }

  private async bonusPlatformBusy(tx: DbOrTx, playerId: number, walletId: number): Promise<boolean> {
    for (const binding of await repo.playerPlatformsOf(tx, playerId)) {
      if (binding.bonusWalletId !== walletId) continue;
      const acc = await this.accounts.playerAccount(playerId, 'platform', binding.gpCode);
      if ((await this.balance(tx, acc)) > 0n || (await repo.pendingCount(tx, playerId, binding.gpCode)) > 0) return true;
    }
    return false;
  }

  static canUnlock(w: Pick<repo.BonusWalletRow, 'bonusBetMinor' | 'bonusNowBetMinor' | 'status'>): boolean {
    return w.status === BONUS_WALLET_STATUS.active && w.bonusBetMinor > 0n && w.bonusNowBetMinor >= w.bonusBetMinor;
  }

  static canGiveUp(
    w: Pick<repo.BonusWalletRow, 'bonusBetMinor' | 'bonusNowBetMinor' | 'status' | 'isSports' | 'giveUpWalletAmountMinor'>,
    moneyMinor: bigint,
    platformBusy: boolean,
  ): boolean {
    const targetReached = w.bonusBetMinor > 0n && w.bonusNowBetMinor >= w.bonusBetMinor;
    return w.status === BONUS_WALLET_STATUS.active && !w.isSports && !targetReached && !platformBusy && moneyMinor < w.giveUpWalletAmountMinor;
  }

  /** Unlock: the bet target is met, so the wallet pays out to the central wallet (SPEC: bonusTransfer). */
  async unlockBonus(playerId: number, walletId: number): Promise<string> {
    const bonusAcc = await this.accounts.playerAccount(playerId, 'bonus', String(walletId));
    const centralAcc = await this.accounts.playerAccount(playerId, 'central');
    let paid = 0n;
    await this.inTransaction(async (tx) => {
      const w = await repo.bonusWalletById(tx, walletId, true);
      if (!w || w.playerId !== playerId || w.status !== BONUS_WALLET_STATUS.active) throw new ApiError('bonus_not_found');
      if (!WalletService.canUnlock(w)) throw new ApiError('bonus_cannot_unlock');
      paid = await this.balance(tx, bonusAcc);
      if (paid > 0n) {
        await postJournal(tx, {
          kind: 'bonus_unlock',
          idempotencyKey: `bonus:unlock:${walletId}`,
          request: { walletId },
          playerId,
          ref: String(walletId),
          postings: [
            { accountId: bonusAcc, amountMinor: -paid },
            { accountId: centralAcc, amountMinor: paid },
          ],
        });
      }
      await repo.setBonusStatus(tx, walletId, 2);
    });
    this.publish.toPlayer(playerId, 'update-user');
    return minorToDecimal(paid);
  }

  /** Give up: the wallet's money returns to the house (SPEC: giveUpBonusWallet, with its conditions). */
  async giveUpBonus(playerId: number, walletId: number): Promise<void> {
    const bonusAcc = await this.accounts.playerAccount(playerId, 'bonus', String(walletId));
    const house = await this.accounts.houseAccount('bonus', playerId);
    await this.inTransaction(async (tx) => {
      const w = await repo.bonusWalletById(tx, walletId, true);
      if (!w || w.playerId !== playerId || w.status !== BONUS_WALLET_STATUS.active) throw new ApiError('bonus_not_found');
      const money = await this.balance(tx, bonusAcc);
      if (!WalletService.canGiveUp(w, money, await this.bonusPlatformBusy(tx, playerId, walletId))) throw new ApiError('bonus_cannot_give_up');
      if (money > 0n) {
        await postJournal(tx, {
          kind: 'bonus_give_up',
          idempotencyKey: `bonus:giveup:${walletId}`,
          request: { walletId },
          playerId,
          ref: String(walletId),
          postings: [
            { accountId: bonusAcc, amountMinor: -money },
            { accountId: house, amountMinor: money },
          ],
        });
      }
      await repo.setBonusStatus(tx, walletId, 3);
    });
    this.publish.toPlayer(playerId, 'update-user');
  }

  /** Moves money out of an activity wallet to central: only once its bet flow is complete (SPEC: depositBonus). */
  async bonusToCentral(playerId: number, walletId: number, amountMinor: bigint, clientKey: string): Promise<void> {
    if (amountMinor <= 0n) throw new ApiError('validation_failed', { money: ['v.money.positive'] });
    const bonusAcc = await this.accounts.playerAccount(playerId, 'bonus', String(walletId));
    const centralAcc = await this.accounts.playerAccount(playerId, 'central');
    await this.inTransaction(async (tx) => {
      const w = await repo.bonusWalletById(tx, walletId, true);
      if (!w || w.playerId !== playerId || w.status !== BONUS_WALLET_STATUS.active) throw new ApiError('bonus_not_found');
      if (!(w.bonusBetMinor === 0n || w.bonusNowBetMinor >= w.bonusBetMinor)) throw new ApiError('bonus_flow_incomplete');
      await postJournal(tx, {
        kind: 'bonus_to_central',
        idempotencyKey: `bonus:out:${playerId}:${clientKey}`,
        request: { walletId, amount: amountMinor.toString() },
        playerId,
        ref: String(walletId),
        postings: [
          { accountId: bonusAcc, amountMinor: -amountMinor },
          { accountId: centralAcc, amountMinor },
        ],
      });
    });
    this.publish.toPlayer(playerId, 'update-user');
  }

  // ---- reading wallets ---------------------------------------------------------------------------

  async balances(playerId: number): Promise<{ central: bigint; bonus: Map<number, bigint>; platform: Map<string, bigint>; transit: Map<string, bigint> }> {
    const rows = await repo.playerAccountBalances(this.db, playerId);
    const out = { central: 0n, bonus: new Map<number, bigint>(), platform: new Map<string, bigint>(), transit: new Map<string, bigint>() };
    for (const r of rows) {
      if (r.kind === 'central') out.central = r.balanceMinor;
      else if (r.kind === 'bonus') out.bonus.set(Number(r.ref), r.balanceMinor);
      else if (r.kind === 'platform') out.platform.set(r.ref, r.balanceMinor);
      else if (r.kind === 'transit') out.transit.set(r.ref, r.balanceMinor);
    }
    return out;
  }

  async bonusWalletViews(playerId: number, locale: 'zh-TW' | 'en', known?: Awaited<ReturnType<WalletService['balances']>>): Promise<BonusWalletView[]> {
    // The three reads are independent; a caller that already has the balances passes them in.
    const [wallets, b, bindings] = await Promise.all([
      repo.bonusWalletsOf(this.db, playerId),
      known ?? this.balances(playerId),
      repo.playerPlatformsOf(this.db, playerId),
    ]);
    const busy = new Set<number>();
    for (const binding of bindings) {
      if (binding.bonusWalletId && ((b.platform.get(binding.gpCode) ?? 0n) > 0n || (b.transit.get(binding.gpCode) ?? 0n) > 0n)) busy.add(binding.bonusWalletId);
    }
    return wallets.map((w) => {
      const money = b.bonus.get(w.id) ?? 0n;
      return {
        id: w.id,
        name: locale === 'en' && w.nameEn ? w.nameEn : w.name,
        money: minorToDecimal(money),
        is_unlock: WalletService.canUnlock(w),
        status: w.status,
        is_sports: w.isSports,
        wallet: w.platformCodes,
        bonus_bet: minorToDecimal(w.bonusBetMinor),
        bonus_now_bet: minorToDecimal(w.bonusNowBetMinor),
        give_up_wallet_amount: minorToDecimal(w.giveUpWalletAmountMinor),
        can_give_up: WalletService.canGiveUp(w, money, busy.has(w.id)),
      };
    });
  }

  /** The platform wallet list: ledger figures, or the providers' own figures when forceUpdate asks for them. */
  async platformWallets(playerId: number, forceUpdate: boolean, locale: 'zh-TW' | 'en'): Promise<PlatformWalletView[]> {
    const [platforms, bindings, b, seamless] = await Promise.all([
      platformFacts.allPlatforms(this.db),
      repo.playerPlatformsOf(this.db, playerId),
      this.balances(playerId),
      seamlessCodes(this.db),
    ]);
    const bound = new Map(bindings.map((x) => [x.gpCode, x]));
    // One wallet per provider code, even when a provider serves several groups; a seamless platform has none (its
    // play is the central wallet's), unless money was moved there while it was still a transfer platform.
    const byCode = new Map<string, platformFacts.PlatformRow>();
    for (const p of platforms) {
      const held = (b.platform.get(p.gpCode) ?? 0n) > 0n || (b.transit.get(p.gpCode) ?? 0n) > 0n;
      if (p.status === PLATFORM_STATUS.on && !byCode.has(p.gpCode) && (!seamless.has(p.gpCode) || held)) byCode.set(p.gpCode, p);
    }
    const list = [...byCode.values()];
    const views: PlatformWalletView[] = [];
    const queue = [...list];
    const work = async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        const binding = bound.get(p.gpCode);
        const maintained = p.maintainStatus === MAINTAIN_STATUS.maintenance;
        let wallet = minorToDecimal(b.platform.get(p.gpCode) ?? 0n);
        if (maintained) wallet = 'maintain';
        else if (forceUpdate && binding) {
          const live = await this.provider.balance(p.gpCode, binding.providerPlayer);
          wallet = live.kind === 'ok' ? minorToDecimal(live.balanceMinor) : 'maintain';
        }
        views.push({
          id: p.id,
          code: p.gpCode,
          name: byLocale(locale, p.name, p.nameEn),
          group: p.group,
          wallet,
          player_bonus_wallet_id: binding?.bonusWalletId ?? null,
          pending: (b.transit.get(p.gpCode) ?? 0n) > 0n,
        });
      }
    };
    await Promise.all(Array.from({ length: BALANCE_READ_CONCURRENCY }, work));
    const order = new Map(list.map((p, i) => [p.gpCode, i]));
    return views.sort((x, y) => order.get(x.code)! - order.get(y.code)!);
  }

  /** The wallet part of GET /auth/me: central, activity wallets and the total, all from the ledger. */
  async userSummary(playerId: number, locale: 'zh-TW' | 'en') {
    const b = await this.balances(playerId);
    const bonus = await this.bonusWalletViews(playerId, locale, b);
    let bonusSum = 0n;
    for (const w of bonus) bonusSum += b.bonus.get(w.id) ?? 0n;
    let total = b.central + bonusSum;
    for (const v of b.platform.values()) total += v;
    for (const v of b.transit.values()) total += v;
    return {
      amount: minorToDecimal(b.central),
      total_money: minorToDecimal(total),
      player_bonus_wallet: bonus,
      player_bonus_wallet_sum: minorToDecimal(bonusSum),
    };
  }

  // ---- the player's platform list and records -----------------------------------------------------

  /** Every platform, in the lobby's order, named in the reader's language (GET /games/platform/all). */
  async platformList(locale: Locale): Promise<PlatformView[]> {
    const [rows, seamless] = await Promise.all([platformFacts.allPlatforms(this.db), seamlessCodes(this.db)]);
    return rows.map((p) => ({
      id: p.id,
      name: byLocale(locale, p.name, p.nameEn),
      gp_code: p.gpCode,
      group: p.group,
      front_show: p.frontShow,
      maintain_status: p.maintainStatus,
      maintain: p.maintainStart && p.maintainEnd ? `${p.maintainStart.toISOString()} ~ ${p.maintainEnd.toISOString()}` : '',
      status: p.status,
      start_time: p.startTime?.toISOString() ?? null,
      end_time: p.endTime?.toISOString() ?? null,
      logo: `/partners/${p.gpCode.toLowerCase()}.svg`,
      wallet_model: seamless.has(p.gpCode) ? 'seamless' : 'transfer',
    }));
  }

  /** Each platform's switch and maintenance window, for pages that grey out closed platforms. */
  async platformStatuses(): Promise<PlatformStatusView[]> {
    const rows = await platformFacts.allPlatforms(this.db);
    return rows.map((p) => ({
      gp_code: p.gpCode,
      group: p.group,
      status: p.status,
      front_show: p.frontShow,
      start_time: p.maintainStart?.toISOString() ?? null,
      end_time: p.maintainEnd?.toISOString() ?? null,
    }));
  }

  /** The activity wallets that may fund platform `code` (those limited to no platform fund every one). */
  async bonusWalletsFor(playerId: number, code: string, locale: Locale): Promise<BonusWalletView[]> {
    const views = await this.bonusWalletViews(playerId, locale);
    return views.filter((w) => !w.wallet.length || w.wallet.includes(code));
  }

  async setAutoTransfer(playerId: number, on: boolean): Promise<void> {
    await flagFacts.setAutoTransfer(this.db, playerId, on);
  }

  /** A transfer from central to the first platform of a game group that takes transfers now. */
  async transferInToGroup(playerId: number, group: string, amountMinor: bigint, clientKey?: string): Promise<TransferResult> {
    const [platforms, seamless] = await Promise.all([platformFacts.allPlatforms(this.db), seamlessCodes(this.db)]);
    const target = platforms.find(
      (p) => p.group === group && !seamless.has(p.gpCode) && p.status === PLATFORM_STATUS.on && p.maintainStatus === MAINTAIN_STATUS.running,
    );
    if (!target) throw new ApiError('not_found');
    return this.transferIn(playerId, target.gpCode, amountMinor, { kind: 'central' }, clientKey);
  }

  /** The player's ledger lines of one category in a record date range, newest first. */
  async moneyRecords(playerId: number, category: MoneyCategory, q: MoneyRecordsQuery): Promise<RecordPage<MoneyRecordView>> {
    const { from, to } = dayRange(q.start, q.end, START_END_FIELDS);
    const { rows, total } = await repo.moneyRecords(this.reader, playerId, MONEY_CATEGORY_KINDS[category], from, to, q.pageSize, offsetOf(q));
    return {
      data: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        ref: r.ref,
        memo: r.memo,
        created_at: new Date(r.created_at).toISOString(),
        wallet: r.account_kind === 'central' ? 'central' : `bonus:${r.account_ref}`,
        amount: minorToDecimal(BigInt(r.amount_minor)),
        balance_after: minorToDecimal(BigInt(r.balance_after_minor)),
      })),
      total,
    };
  }

  /** The player's platform transfers in a record date range, newest first. */
  async transferRecords(playerId: number, q: TransactionRecordQuery): Promise<RecordPage<TransferRecordView>> {
    const { from, to } = dayRange(q.date_start, q.date_end);
    const { rows, total } = await repo.transfersOf(this.reader, playerId, from, to, q.pageSize, offsetOf(q));
    return {
      data: rows.map((t) => ({
        id: t.id,
        gp_code: t.gpCode,
        direction: t.direction,
        wallet: t.walletKind === 'bonus' ? `bonus:${t.bonusWalletId}` : 'central',
        amount: minorToDecimal(t.amountMinor),
        status: t.status,
        reason: t.reason,
        created_at: t.createdAt.toISOString(),
        settled_at: t.settledAt?.toISOString() ?? null,
      })),
      total,
    };
  }

  // ---- helpers -----------------------------------------------------------------------------------

  private balance(tx: DbOrTx, accountId: number): Promise<bigint> {
    return balanceOf(tx, accountId);
  }

  /** Runs a money transaction and turns the ledger's operating errors into API errors. */
  private inTransaction(fn: (tx: DbOrTx) => Promise<void>): Promise<void> {
    return inMoneyTransaction(this.db, fn);
  }
}

/** A transfer into play as its start is written, by the one statement or by the transaction. */
interface TransferInStart {
  id: string;
  playerId: number;
  code: string;
  amountMinor: bigint;
  source: Source;
  bonusWalletId: number | null;
  clientKey: string | undefined;
  reason: string;
  nextCheckAt: Date;
  journal: ReturnType<typeof transferStartJournal>;
}

/** The journal that starts a transfer into play: the money leaves its wallet for the platform's transit account. */
function transferStartJournal(id: string, code: string, playerId: number, sourceAcc: number, transitAcc: number, amountMinor: bigint) {
  return {
    kind: 'transfer_start' as const,
    idempotencyKey: `xfer:${id}:start`,
    request: { id, code, direction: 'in' },
    playerId,
    ref: id,
    postings: [
      { accountId: sourceAcc, amountMinor: -amountMinor },
      { accountId: transitAcc, amountMinor },
    ],
  };
}

/** An activity wallet an operator (or a job) grants: its money, its bet target and where it may be played. */
export interface BonusGrant {
  playerId: number;
  name: string;
  nameEn?: string;
  amountMinor: bigint;
  bonusBetMinor: bigint;
  giveUpWalletAmountMinor?: bigint;
  isSports?: boolean;
  platformCodes?: string[];
  staffId?: number | null;
  idempotencyKey: string;
}
