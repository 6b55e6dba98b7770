// The seamless wallet: game providers debit and credit the player's central wallet bet by bet, exactly
// once. Each call is one database transaction (the usual debits and credits of the same moment share one, each as it
// would be alone): the provider's transaction id is claimed through its unique index (a replay or a racing retry finds
// the first row), a debit, credit or rollback changes state only from the state it saw (row locks on the debit it
// names), and the money moves as one ledger journal between the central wallet and the provider's house account in
// that same transaction. Bet records of the round are written there too.
import { createHash, randomBytes } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { HOUSE_SHARDS, type AccountDirectory } from '../../ledger/accounts.ts';
import { BatchPartitions, StatementBatcher } from '../../lib/statement-batcher.ts';
import { LedgerError, journalArguments, postJournal } from '../../ledger/ledger.ts';
import { reverseJournal } from '../../ledger/reversal.ts';
import { centralBalanceOf } from '../../ledger/read.ts';
import type { ProtectionGate } from '../../lib/protection-gate.ts';
import type { EventPublisher } from '../../lib/events.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import type { Config } from '../../config.ts';
import type { ProviderRoundReport } from '../../integrations/games/seamless.ts';
import type { BetsEvents } from '../bets/events.ts';
import { recordSeamlessRound } from '../bets/seamless-records.ts';
import { platformByCode } from '../games/platform-facts.ts';
import { playerFacts } from '../auth/player-facts.ts';
import { MAINTAIN_STATUS, PLATFORM_STATUS, PLAYER_STATUS } from '../../../shared/statuses.ts';
import { SEAMLESS_CODE, SEAMLESS_TX_STATUS, type SeamlessCode, type SeamlessTxKind } from '../../../shared/seamless-statuses.ts';
import type { SeamlessAnswer, SeamlessCreditBody, SeamlessDebitBody, SeamlessEndRoundBody, SeamlessRollbackBody } from '../../../shared/schemas/seamless.ts';
import * as repo from './repository.ts';
import { SeamlessSigner, type SignedRequest } from './signature.ts';
import type { SeamlessMetrics } from './metrics.ts';
import { openSecret } from '../staff/totp.ts';

/**
 * What a call decided, before its answer is shaped. balanceMinor: the central balance the call's own statement read
 * after it moved the money, so the answer needs no read of its own.
 */
interface Outcome {
  code: SeamlessCode;
  replayed?: boolean;
  round?: repo.RoundRow;
  balanceMinor?: bigint;
}

/** What a call needs of its platform: its game group, whether it is live, and the keys it may sign with. */
interface PlatformFacts {
  group: string;
  live: boolean;
  seamless: boolean;
  keys: string[] | undefined;
}

/** The provider, the player and what the call may do, found before the call's transaction. */
interface CallContext {
  code: string;
  playerId: number;
  gameType: string;
  central: number;
  house: number;
}

/** How long a platform's row is remembered: a maintenance switch reaches the wallet API within this. */
const PLATFORM_CACHE_MS = 1_000;
/**
 * How often the players of rounds settled meanwhile are announced (bets.ingested: VIP points and levels, referrals).
 * The bet records are written in each call's own transaction; only the followers' work is gathered, as one ingestion
 * run gathers it, so a provider's stream of wins does not run the points job once per win. Five seconds, the default
 * interval of bet ingestion (BET_INGEST_INTERVAL_MS): points and levels follow seamless play as soon as they follow
 * transfer play, and a player who keeps playing is evaluated once per interval rather than once a second (in the
 * benchmark the followers cost as much as a tenth to a third of the calls' throughput at one second).
 */
const SETTLED_ANNOUNCE_MS = 5_000;
/**
 * A provider's usual debits and credits that arrive at the same moment leave in one statement (lib/statement-batcher.ts,
 * sql/seamless_debit_calls.sql): at most this many a batch, this many batches of each kind on their way at once (a pooled connection
 * each), and this many waiting before one goes alone at once.
 */
const CALL_BATCH = { maxBatch: 32, inFlight: 4, queueMax: 5_000 } as const;

interface CallBatchers {
  debits: StatementBatcher<repo.DebitCall, repo.CallRow>;
  credits: StatementBatcher<repo.CreditCall, repo.CallRow>;
}

/** Players remembered as existing (knownPlayers) before the memory starts over. */
const KNOWN_PLAYERS_LIMIT = 100_000;

/**
 * What the site asks of a seamless provider (integrations/games/seamless.ts): the game page for a launch token, and
 * its round report for reconciliation.
 */
export interface SeamlessLauncher {
  launchUrl(code: string, q: { token: string; game: string; lang: string }): Promise<string>;
  roundReport(code: string, from: Date, to: Date): Promise<ProviderRoundReport[]>;
}

export interface SeamlessDeps {
  db: Db;
  accounts: AccountDirectory;
  gate: ProtectionGate;
  publish: Publisher;
  config: Config['seamless'];
  events?: EventPublisher<BetsEvents>;
  launcher?: SeamlessLauncher;
  metrics?: SeamlessMetrics;
  /** The site's at-rest key that seals rotated signing keys (the staff TOTP key of the configuration). */
  sealKey: Buffer;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The content of a call, hashed: a replay with another hash is a different call reusing the id. */
function contentHash(kind: SeamlessTxKind, fields: Array<string | number | boolean | undefined>): string {
  return sha256(JSON.stringify([kind, ...fields.map((f) => f ?? null)]));
}

const refused = (code: SeamlessCode): Outcome => ({ code });

export class SeamlessService {
  private readonly db: Db;
  /** The ledger's account directory; the back office's resolutions open accounts through the same one. */
  readonly accounts: AccountDirectory;
  private readonly gate: ProtectionGate;
  private readonly publish: Publisher;
  private readonly events: EventPublisher<BetsEvents> | undefined;
  private readonly launcher: SeamlessLauncher | undefined;
  /** The provider adapter (launch and round report), for the back office's reconciliation. */
  get provider(): SeamlessLauncher | undefined {
    return this.launcher;
  }
  private readonly launchTtlMs: number;
  readonly signer: SeamlessSigner;
  readonly metrics: SeamlessMetrics | undefined;
  private readonly platforms = new Map<string, { at: number; row: PlatformFacts | undefined }>();
  /** The platform reads under way, which calls arriving meanwhile wait for. */
  private readonly platformReads = new Map<string, Promise<PlatformFacts | undefined>>();
  /** Seals and opens rotated signing keys. */
  readonly sealKey: Buffer;
  private readonly settledPlayers = new Set<number>();
  /**
   * Players found once: a debit or credit for one of them skips the read of the player's facts, because its statement
   * checks the status itself (a debit's answers 'fallback' for a player no longer active, and the full path reads
   * the facts again) and a credit settles money already taken whatever the status.
   */
  private readonly knownPlayers = new Set<number>();
  private announceTimer: NodeJS.Timeout | undefined;
  /** The usual debits and credits of each provider, batched (sql/seamless_debit_calls.sql, sql/seamless_credit_calls.sql). */
  private readonly batchers = new Map<string, CallBatchers>();

  constructor(deps: SeamlessDeps) {
    this.db = deps.db;
    this.accounts = deps.accounts;
    this.gate = deps.gate;
    this.publish = deps.publish;
    this.events = deps.events;
    this.launcher = deps.launcher;
    this.launchTtlMs = deps.config.launchTtlMs;
    this.signer = new SeamlessSigner(deps.config);
    this.metrics = deps.metrics;
    this.sealKey = deps.sealKey;
  }

  /** The signature, timestamp and address check every call passes before its body is validated. */
  async verify(req: SignedRequest): Promise<SeamlessCode | undefined> {
    const platform = /^[A-Za-z0-9_-]{1,20}$/.test(req.code) ? await this.platform(req.code) : undefined;
    return this.signer.verify(req, Date.now(), platform?.keys);
  }

  // ---- the provider's calls ------------------------------------------------------------------------

  /** authenticate: the launch token becomes the player, currency and balance. */
  async authenticate(code: string, body: { token: string }): Promise<SeamlessAnswer> {
    const platform = await this.platform(code);
    if (!platform?.seamless) return { status: SEAMLESS_CODE.unknownProvider };
    if (!platform.live) return { status: SEAMLESS_CODE.maintenance };
    const session = await repo.liveSession(this.db, sha256(body.token), code, new Date());
    if (!session) return { status: SEAMLESS_CODE.invalidToken };
    const player = await playerFacts(this.db, session.playerId);
    if (!player) return { status: SEAMLESS_CODE.playerNotFound };
    if (player.status !== PLAYER_STATUS.active) return { status: SEAMLESS_CODE.playerDisabled };
    return this.answer(session.playerId, { code: SEAMLESS_CODE.ok });
  }

  async balance(code: string, body: { player: string }): Promise<SeamlessAnswer> {
    const ctx = await this.context(code, body.player, 'balance');
    if (typeof ctx === 'string') return { status: ctx };
    return this.answer(ctx.playerId, { code: SEAMLESS_CODE.ok });
  }

  /** debit: a bet, taken from the central wallet once, if the balance and the protection gate allow it. */
  async debit(code: string, b: SeamlessDebitBody): Promise<SeamlessAnswer> {
    const known = this.knownPlayers.has(Number(b.player));
    const quick = await this.context(code, b.player, 'debit', known);
    if (typeof quick === 'string') return { status: quick };
    const amountMinor = BigInt(b.amount);
    const hash = contentHash('debit', [b.player, b.round_id, b.game_code, b.amount]);
    const fast = await this.debitInOneStatement(quick, b, amountMinor, hash);
    if (fast) return this.finish(quick.playerId, fast, 'debit', code);
    // The full path: the player's facts read again when the statement above took them on trust (it checked the status
    // itself, and a player no longer active is answered here with the right code).
    const ctx = known ? await this.context(code, b.player, 'debit') : quick;
    if (typeof ctx === 'string') return { status: ctx };
    const out = await this.db.transaction(async (tx) => {
      const id = await repo.claimTx(tx, {
        gpCode: code,
        txId: b.transaction_id,
        kind: 'debit',
        playerId: ctx.playerId,
        roundId: b.round_id,
        gameCode: b.game_code,
        amountMinor,
        status: SEAMLESS_TX_STATUS.open,
        code: SEAMLESS_CODE.ok,
        requestHash: hash,
      });
      if (id === undefined) return this.replay(tx, code, b.transaction_id, 'debit', hash, b);
      const outcome = await this.takeStake(tx, ctx, b, amountMinor);
      if (outcome.code === SEAMLESS_CODE.ok) {
        await repo.settleTx(tx, id, { status: SEAMLESS_TX_STATUS.open, code: SEAMLESS_CODE.ok, journalId: outcome.journalId });
        return outcome;
      }
      // A definite refusal is the transaction's first answer: a retry of the same id hears it again.
      await repo.settleTx(tx, id, { status: SEAMLESS_TX_STATUS.refused, code: outcome.code });
      return outcome;
    });
    return this.finish(ctx.playerId, out, 'debit', code);
  }

  /**
   * The usual debit as one statement (repo.debitCall), its own transaction or one with the usual debits of the same
   * moment (batchersOf): an active player, a new id, an open round of this player and a player the gate has nothing to
   * say about. The stake, the round and its bet record are written and committed in one round trip, so the house shard
   * and the player's account stay locked for the statement and its commit only. Undefined when it wrote nothing and the full path must decide (a replay, a
   * closed round, a player with limits or exclusions or not active).
   */
  private async debitInOneStatement(ctx: CallContext, b: SeamlessDebitBody, amountMinor: bigint, hash: string): Promise<Outcome | undefined> {
    const key = `seamless:${ctx.code}:${b.transaction_id}`;
    const journal = journalArguments({
      kind: 'seamless_debit',
      idempotencyKey: key,
      request: { round: b.round_id, amount: b.amount },
      postings: [
        { accountId: ctx.central, amountMinor: -amountMinor },
        { accountId: ctx.house, amountMinor },
      ],
    });
    const row = await this.batchersOf(ctx.code).debits.submit({
      c: {
        code: ctx.code,
        txId: b.transaction_id,
        playerId: ctx.playerId,
        roundId: b.round_id,
        gameCode: b.game_code,
        amountMinor,
        requestHash: hash,
        memo: `${ctx.code} ${b.game_code} ${b.round_id}`,
        gameType: ctx.gameType,
        activeStatus: PLAYER_STATUS.active,
      },
      j: { key, ...journal, central: ctx.central },
    });
    if (row.outcome === 'fallback') return undefined;
    const balanceMinor = row.balanceMinor ?? undefined;
    if (row.outcome === 'insufficient') return { code: SEAMLESS_CODE.insufficientFunds, balanceMinor };
    if (!row.round) throw new Error(`seamless: debit ${b.transaction_id} answered no round`);
    return { code: SEAMLESS_CODE.ok, round: row.round, balanceMinor };
  }

  /** The stake of an accepted debit: the round, the gate, the journal and the round's bet record. */
  private async takeStake(tx: Tx, ctx: CallContext, b: SeamlessDebitBody, amountMinor: bigint): Promise<Outcome & { journalId?: number }> {
    const round = await repo.roundOf(tx, ctx.code, b.round_id);
    if (round && (round.status !== 'open' || round.playerId !== ctx.playerId)) return refused(SEAMLESS_CODE.roundClosed);
    try {
      await this.gate.checkLocked(tx, ctx.playerId, 'seamless_debit', amountMinor);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // A used-up limit reads to the provider as too little money; a time-out or exclusion blocks the player.
      return refused(err.code === 'protection_limit' ? SEAMLESS_CODE.insufficientFunds : SEAMLESS_CODE.playerBlocked);
    }
    let journalId: number;
    try {
      journalId = (
        await postJournal(tx, {
          kind: 'seamless_debit',
          idempotencyKey: `seamless:${ctx.code}:${b.transaction_id}`,
          request: { round: b.round_id, amount: b.amount },
          playerId: ctx.playerId,
          ref: b.transaction_id,
          memo: `${ctx.code} ${b.game_code} ${b.round_id}`,
          postings: [
            { accountId: ctx.central, amountMinor: -amountMinor },
            { accountId: ctx.house, amountMinor },
          ],
        })
      ).journalId;
    } catch (err) {
      if (err instanceof LedgerError && err.code === 'insufficient_funds') return refused(SEAMLESS_CODE.insufficientFunds);
      throw err;
    }
    const next = await repo.addToRound(tx, {
      code: ctx.code,
      roundId: b.round_id,
      playerId: ctx.playerId,
      gameCode: b.game_code,
      stakeMinor: amountMinor,
      payoutMinor: 0n,
      open: true,
    });
    // The round was checked open and ours above and nothing closes it before this transaction ends.
    if (!next) throw new Error(`seamless: round ${b.round_id} changed under its lock`);
    await this.recordRound(tx, ctx, next);
    return { code: SEAMLESS_CODE.ok, round: next, journalId };
  }

  /** credit: a win (zero for a loss) paid against a debit the provider names; a round may have several. */
  async credit(code: string, b: SeamlessCreditBody): Promise<SeamlessAnswer> {
    const known = this.knownPlayers.has(Number(b.player));
    const quick = await this.context(code, b.player, 'settle', known);
    if (typeof quick === 'string') return { status: quick };
    const amountMinor = BigInt(b.amount);
    const hash = contentHash('credit', [b.player, b.round_id, b.debit_transaction_id, b.amount, b.round_closed ?? false]);
    const fast = await this.creditInOneStatement(quick, b, amountMinor, hash);
    if (fast) return this.finish(quick.playerId, fast, 'credit', code);
    const ctx = known ? await this.context(code, b.player, 'settle') : quick;
    if (typeof ctx === 'string') return { status: ctx };
    const out = await this.db.transaction(async (tx) => {
      const seen = await repo.txById(tx, code, b.transaction_id);
      if (seen) return this.replay(tx, code, b.transaction_id, 'credit', hash, b);
      // The debit first, locked: a rollback of it waits for this credit or this credit waits for the rollback.
      const debit = await repo.txForUpdate(tx, code, b.debit_transaction_id);
      // A credit for a debit not seen (yet) is refused without being recorded: once the debit arrives, the
      // provider's retry of this same credit is paid.
      if (!debit || debit.kind !== 'debit' || debit.playerId !== ctx.playerId || debit.roundId !== b.round_id || debit.status === SEAMLESS_TX_STATUS.refused) {
        return refused(SEAMLESS_CODE.debitNotFound);
      }
      const id = await repo.claimTx(tx, {
        gpCode: code,
        txId: b.transaction_id,
        kind: 'credit',
        playerId: ctx.playerId,
        roundId: b.round_id,
        gameCode: debit.gameCode,
        amountMinor,
        refTxId: b.debit_transaction_id,
        status: SEAMLESS_TX_STATUS.accepted,
        code: SEAMLESS_CODE.ok,
        requestHash: hash,
      });
      if (id === undefined) return this.replay(tx, code, b.transaction_id, 'credit', hash, b);
      if (debit.status === SEAMLESS_TX_STATUS.rolledBack || debit.status === SEAMLESS_TX_STATUS.cancelled) {
        await repo.settleTx(tx, id, { status: SEAMLESS_TX_STATUS.refused, code: SEAMLESS_CODE.creditAfterRollback });
        return refused(SEAMLESS_CODE.creditAfterRollback);
      }
      return this.payWin(tx, ctx, b, { id, debit, amountMinor });
    });
    return this.finish(ctx.playerId, out, 'credit', code);
  }

  /**
   * The usual credit as one statement (repo.creditCall), its own transaction or one with the usual credits of the same
   * moment (batchersOf): a new id naming an open or settled debit of this player and round. The win, the round and its bet record (with the reports' daily
   * figures once it settles) are written and committed in one round trip. Undefined when it wrote nothing and the full
   * path must decide (a replay, an unknown or cancelled debit).
   */
  private async creditInOneStatement(ctx: CallContext, b: SeamlessCreditBody, amountMinor: bigint, hash: string): Promise<Outcome | undefined> {
    const key = `seamless:${ctx.code}:${b.transaction_id}`;
    // A loss posts no journal; the arguments are still checked and hashed so both cases take one statement.
    const journal = journalArguments({
      kind: 'seamless_credit',
      idempotencyKey: key,
      request: { round: b.round_id, debit: b.debit_transaction_id, amount: b.amount },
      postings: [
        { accountId: ctx.house, amountMinor: -(amountMinor > 0n ? amountMinor : 1n) },
        { accountId: ctx.central, amountMinor: amountMinor > 0n ? amountMinor : 1n },
      ],
    });
    const row = await this.batchersOf(ctx.code).credits.submit({
      c: {
        code: ctx.code,
        txId: b.transaction_id,
        playerId: ctx.playerId,
        roundId: b.round_id,
        debitTxId: b.debit_transaction_id,
        amountMinor,
        roundClosed: b.round_closed ?? false,
        requestHash: hash,
        gameType: ctx.gameType,
      },
      j: { key, ...journal, central: ctx.central },
    });
    if (row.outcome === 'fallback') return undefined;
    if (row.outcome !== 'ok') throw new Error(`seamless: credit ${b.transaction_id} answered ${row.outcome}`);
    return { code: SEAMLESS_CODE.ok, round: row.round, balanceMinor: row.balanceMinor ?? undefined };
  }

  private async payWin(tx: Tx, ctx: CallContext, b: SeamlessCreditBody, c: { id: number; debit: repo.TxRow; amountMinor: bigint }): Promise<Outcome> {
    if (c.amountMinor > 0n) {
      const posted = await postJournal(tx, {
        kind: 'seamless_credit',
        idempotencyKey: `seamless:${ctx.code}:${b.transaction_id}`,
        request: { round: b.round_id, debit: b.debit_transaction_id, amount: b.amount },
        playerId: ctx.playerId,
        ref: b.transaction_id,
        memo: `${ctx.code} ${c.debit.gameCode} ${b.round_id}`,
        postings: [
          { accountId: ctx.house, amountMinor: -c.amountMinor },
          { accountId: ctx.central, amountMinor: c.amountMinor },
        ],
      });
      await repo.settleTx(tx, c.id, { status: SEAMLESS_TX_STATUS.accepted, code: SEAMLESS_CODE.ok, journalId: posted.journalId });
    }
    await repo.moveDebit(tx, c.debit.id, [SEAMLESS_TX_STATUS.open, SEAMLESS_TX_STATUS.settled], SEAMLESS_TX_STATUS.settled);
    let round = await repo.addToRound(tx, {
      code: ctx.code,
      roundId: b.round_id,
      playerId: ctx.playerId,
      gameCode: c.debit.gameCode,
      stakeMinor: 0n,
      payoutMinor: c.amountMinor,
      open: false,
    });
    if (b.round_closed) round = (await repo.closeRound(tx, ctx.code, b.round_id, ctx.playerId)) ?? round;
    if (round) await this.recordRound(tx, ctx, round);
    return { code: SEAMLESS_CODE.ok, round };
  }

  /** rollback: cancels a debit by its transaction id; one never seen is recorded so that it is refused when it comes. */
  async rollback(code: string, b: SeamlessRollbackBody): Promise<SeamlessAnswer> {
    const ctx = await this.context(code, b.player, 'settle');
    if (typeof ctx === 'string') return { status: ctx };
    const hash = contentHash('rollback', [b.player, b.round_id, b.debit_transaction_id]);
    const out = await this.db.transaction(async (tx) => {
      const id = await repo.claimTx(tx, {
        gpCode: code,
        txId: b.transaction_id,
        kind: 'rollback',
        playerId: ctx.playerId,
        roundId: b.round_id,
        refTxId: b.debit_transaction_id,
        status: SEAMLESS_TX_STATUS.accepted,
        code: SEAMLESS_CODE.ok,
        requestHash: hash,
      });
      if (id === undefined) return this.replay(tx, code, b.transaction_id, 'rollback', hash, b);
      // The debit's own row: written here as cancelled when it was never seen, so the late debit finds it.
      const placeholder = await repo.claimTx(tx, {
        gpCode: code,
        txId: b.debit_transaction_id,
        kind: 'debit',
        playerId: ctx.playerId,
        roundId: b.round_id,
        status: SEAMLESS_TX_STATUS.cancelled,
        code: SEAMLESS_CODE.debitRolledBack,
        requestHash: '',
      });
      if (placeholder !== undefined) return { code: SEAMLESS_CODE.ok };
      const outcome = await this.cancelDebit(tx, ctx, b);
      if (outcome.code !== SEAMLESS_CODE.ok) await repo.settleTx(tx, id, { status: SEAMLESS_TX_STATUS.refused, code: outcome.code });
      else if (outcome.journalId) await repo.settleTx(tx, id, { status: SEAMLESS_TX_STATUS.accepted, code: SEAMLESS_CODE.ok, journalId: outcome.journalId });
      return outcome;
    });
    return this.finish(ctx.playerId, out, 'rollback', code);
  }

  private async cancelDebit(tx: Tx, ctx: CallContext, b: SeamlessRollbackBody): Promise<Outcome & { journalId?: number }> {
    const debit = await repo.txForUpdate(tx, ctx.code, b.debit_transaction_id);
    if (!debit || debit.kind !== 'debit' || debit.playerId !== ctx.playerId) return refused(SEAMLESS_CODE.debitNotFound);
    if (debit.status === SEAMLESS_TX_STATUS.settled) return refused(SEAMLESS_CODE.rollbackAfterCredit);
    // Already cancelled, rolled back or refused: nothing left to return, and saying so again is harmless.
    if (debit.status !== SEAMLESS_TX_STATUS.open || debit.journalId === null) return { code: SEAMLESS_CODE.ok };
    const reversal = await reverseJournal(tx, debit.journalId, {
      key: `seamless:${ctx.code}:${b.transaction_id}`,
      reason: `${ctx.code} rollback ${b.debit_transaction_id}`,
    });
    if (!(await repo.moveDebit(tx, debit.id, [SEAMLESS_TX_STATUS.open], SEAMLESS_TX_STATUS.rolledBack)))
      throw new Error('seamless: debit changed under its lock');
    const round = await repo.addToRound(tx, {
      code: ctx.code,
      roundId: debit.roundId,
      playerId: ctx.playerId,
      gameCode: debit.gameCode,
      stakeMinor: -debit.amountMinor,
      payoutMinor: 0n,
      open: false,
    });
    if (round) await this.recordRound(tx, ctx, round);
    return { code: SEAMLESS_CODE.ok, round, journalId: reversal.journalId };
  }

  /** end-round: the round is settled; its bet record counts toward turnover, points and reports from now on. */
  async endRound(code: string, b: SeamlessEndRoundBody): Promise<SeamlessAnswer> {
    const ctx = await this.context(code, b.player, 'settle');
    if (typeof ctx === 'string') return { status: ctx };
    const out = await this.db.transaction(async (tx): Promise<Outcome> => {
      const round = await repo.closeRound(tx, code, b.round_id, ctx.playerId);
      if (round) {
        await this.recordRound(tx, ctx, round);
        return { code: SEAMLESS_CODE.ok, round };
      }
      const known = await repo.roundOf(tx, code, b.round_id);
      // Ending a round twice is answered as the first time; a round never opened here cannot be ended.
      return known && known.playerId === ctx.playerId ? { code: SEAMLESS_CODE.ok, replayed: true } : refused(SEAMLESS_CODE.roundNotFound);
    });
    return this.finish(ctx.playerId, out, 'end-round', code);
  }

  // ---- shared steps --------------------------------------------------------------------------------

  /**
   * The answer to a transaction id already taken: the first answer again when the content is the same, a refusal
   * when it is not. A debit whose id a rollback took first is refused as rolled back, and its content is kept.
   */
  private async replay(tx: Tx, code: string, txId: string, kind: SeamlessTxKind, hash: string, body: { round_id: string }): Promise<Outcome> {
    const first = await repo.txForUpdate(tx, code, txId);
    if (!first) throw new Error(`seamless: transaction ${code}/${txId} taken but not found`);
    if (kind === 'debit' && first.kind === 'debit' && first.status === SEAMLESS_TX_STATUS.cancelled && first.requestHash === '') {
      const debit = body as SeamlessDebitBody;
      await repo.fillCancelled(tx, first.id, { hash, gameCode: debit.game_code, amountMinor: BigInt(debit.amount) });
      return refused(SEAMLESS_CODE.debitRolledBack);
    }
    if (first.kind !== kind || first.requestHash !== hash) return refused(SEAMLESS_CODE.duplicateMismatch);
    return { code: first.code, replayed: true };
  }

  /** The round's bet record, in the call's transaction. */
  private recordRound(tx: DbOrTx, ctx: CallContext, round: repo.RoundRow): Promise<void> {
    const closed = round.status === 'closed';
    const nothing = round.stakeMinor === 0n && round.payoutMinor === 0n;
    return recordSeamlessRound(tx, {
      gpCode: ctx.code,
      roundId: round.roundId,
      playerId: round.playerId,
      game: round.gameCode,
      gameType: ctx.gameType,
      stakeMinor: round.stakeMinor,
      payoutMinor: round.payoutMinor,
      status: closed ? (nothing ? 'void' : 'settled') : 'open',
      version: round.version,
      placedAt: round.openedAt,
      settledAt: closed ? round.closedAt : null,
    });
  }

  /** After the commit: the answer with the balance as it is now, the header's refresh and the settled round's event. */
  private async finish(playerId: number, out: Outcome, call: string, code: string): Promise<SeamlessAnswer> {
    this.metrics?.call(code, call, out.code, out.replayed === true);
    if (out.code === SEAMLESS_CODE.ok && !out.replayed) {
      this.publish.toPlayer(playerId, 'update-user');
      if (out.round?.status === 'closed') this.announceSettled(playerId);
    }
    return this.answer(playerId, out);
  }

  private announceSettled(playerId: number): void {
    this.settledPlayers.add(playerId);
    this.announceTimer ??= setTimeout(() => void this.flushSettled(), SETTLED_ANNOUNCE_MS).unref();
  }

  /** Announces the players of rounds settled since the last announcement (tests and shutdown call it directly). */
  async flushSettled(): Promise<void> {
    clearTimeout(this.announceTimer);
    this.announceTimer = undefined;
    if (!this.settledPlayers.size) return;
    const playerIds = [...this.settledPlayers];
    this.settledPlayers.clear();
    // The rounds committed call by call; their players are announced in a batch, in a transaction of its own.
    const announced = await this.db.transaction((tx) => this.events?.publish(tx, 'bets.ingested', { playerIds }) ?? Promise.resolve(undefined));
    await this.events?.deliver(announced);
  }

  private async answer(playerId: number, out: Outcome): Promise<SeamlessAnswer> {
    const balance = out.balanceMinor ?? (await centralBalanceOf(this.db, playerId));
    return { status: out.code, balance: balance.toString(), currency: 'TWD', player: String(playerId), ...(out.replayed ? { replayed: true } : {}) };
  }

  /**
   * The provider and player of a call. Debits need a live platform and an active player; credits, rollbacks and
   * round ends settle money already taken, so they are accepted under maintenance and for a disabled player. With
   * `known` (a player found before, see knownPlayers) the facts are not read: the caller's statement checks the status.
   */
  private async context(code: string, player: string, call: 'balance' | 'debit' | 'settle', known = false): Promise<CallContext | SeamlessCode> {
    const platform = await this.platform(code);
    if (!platform?.seamless) return SEAMLESS_CODE.unknownProvider;
    if (call === 'debit' && !platform.live) return SEAMLESS_CODE.maintenance;
    const playerId = Number(player);
    if (!known) {
      const facts = await playerFacts(this.db, playerId);
      if (!facts) return SEAMLESS_CODE.playerNotFound;
      if (call !== 'settle' && facts.status !== PLAYER_STATUS.active) return SEAMLESS_CODE.playerDisabled;
      if (this.knownPlayers.size >= KNOWN_PLAYERS_LIMIT) this.knownPlayers.clear();
      this.knownPlayers.add(playerId);
    }
    const [central, house] = await Promise.all([this.accounts.playerAccount(playerId, 'central'), this.accounts.seamlessHouseAccount(code, playerId)]);
    return { code, playerId, gameType: platform.group, central, house };
  }

  /**
   * A platform's seamless row and catalogue switches, remembered for a second. One read at a time per platform: the
   * calls that find the memory out of date wait for the read already under way rather than each sending their own
   * (32 provider connections sent 64 reads every second).
   */
  private async platform(code: string): Promise<PlatformFacts | undefined> {
    const hit = this.platforms.get(code);
    if (hit && Date.now() - hit.at < PLATFORM_CACHE_MS) return hit.row;
    const reading = this.platformReads.get(code);
    if (reading) return reading;
    const read: Promise<PlatformFacts | undefined> = this.readPlatform(code).finally(() => {
      if (this.platformReads.get(code) === read) this.platformReads.delete(code);
    });
    this.platformReads.set(code, read);
    return read;
  }

  private async readPlatform(code: string): Promise<PlatformFacts | undefined> {
    const now = Date.now();
    const [seamless, rows] = await Promise.all([repo.seamlessPlatform(this.db, code), platformByCode(this.db, code)]);
    const first = rows[0];
    const row = first
      ? {
          group: first.group,
          seamless: seamless !== undefined,
          keys: seamless ? this.keysOf(seamless, now) : undefined,
          live: rows.some((r) => r.status === PLATFORM_STATUS.on) && rows.every((r) => r.maintainStatus === MAINTAIN_STATUS.running),
        }
      : undefined;
    if (this.platforms.size > 1000) this.platforms.clear();
    this.platforms.set(code, { at: now, row });
    return row;
  }

  /**
   * The keys a provider may sign with now: the one an operator rotated to and, until its time runs out, the one
   * before it; undefined when no key was rotated, so the configuration's key applies. A sealed key that does not
   * open (the at-rest key changed) is no key at all: calls are refused rather than accepted unsigned.
   */
  private keysOf(row: repo.PlatformRow, now: number): string[] | undefined {
    if (!row.secretSealed) return undefined;
    const open = (sealed: string | null) => (sealed ? (openSecret(this.sealKey, sealed)?.secret ?? '') : '');
    const keys = [open(row.secretSealed)];
    if (row.previousSecretSealed && row.previousValidUntil && row.previousValidUntil.getTime() > now) keys.push(open(row.previousSecretSealed));
    return keys;
  }

  /**
   * A provider's batchers of usual debits and credits: calls that arrive while others are on their way to the database
   * leave together in one statement. No two batches on their way, debits or credits, hold calls of the same shard
   * (player % 16: the provider's house account and the reports' daily shards write the same rows, and such batches
   * would wait for each other's commits); inside a batch the calls go by shard and then by player.
   */
  private batchersOf(code: string): CallBatchers {
    let found = this.batchers.get(code);
    if (!found) {
      const db = this.db;
      const shardOf = (x: { c: { playerId: number } }) => x.c.playerId % HOUSE_SHARDS;
      const compare = (a: { c: { playerId: number } }, b: { c: { playerId: number } }) => shardOf(a) - shardOf(b) || a.c.playerId - b.c.playerId;
      const partitions = { of: shardOf, shared: new BatchPartitions(), maxPartitions: Math.ceil(HOUSE_SHARDS / CALL_BATCH.inFlight) };
      found = {
        debits: new StatementBatcher<repo.DebitCall, repo.CallRow>({
          ...CALL_BATCH,
          compare,
          partitions,
          runBatch: (calls) => repo.debitCalls(db, calls),
          runOne: (call) => repo.debitCall(db, call),
        }),
        credits: new StatementBatcher<repo.CreditCall, repo.CallRow>({
          ...CALL_BATCH,
          compare,
          partitions,
          runBatch: (calls) => repo.creditCalls(db, calls),
          runOne: (call) => repo.creditCall(db, call),
        }),
      };
      // Providers are few: a call reaches this only for a seamless platform of the catalogue.
      this.batchers.set(code, found);
    }
    return found;
  }

  /** How each provider's usual calls went to the database: batches sent, calls in them, batches that failed. */
  get batching(): Record<
    string,
    { debits: StatementBatcher<repo.DebitCall, repo.CallRow>['counts']; credits: StatementBatcher<repo.CreditCall, repo.CallRow>['counts'] }
  > {
    return Object.fromEntries([...this.batchers].map(([code, b]) => [code, { debits: { ...b.debits.counts }, credits: { ...b.credits.counts } }]));
  }

  /** Forgets what was remembered of a platform (after an operator changed it). */
  forgetPlatform(code: string): void {
    this.platforms.delete(code);
    // A read under way may have started before the change: the next call reads again.
    this.platformReads.delete(code);
  }

  // ---- the player's launch -------------------------------------------------------------------------

  /** Opens a seamless game at once: a launch token the provider's authenticate call exchanges for the player. */
  async launch(playerId: number, code: string, game: string, lang: string): Promise<{ url: string }> {
    const platform = await this.platform(code);
    if (!platform?.seamless) throw new ApiError('not_found');
    if (!platform.live) throw new ApiError('platform_maintenance');
    await this.gate.check(playerId, 'launch');
    const token = randomBytes(32).toString('base64url');
    await repo.insertSession(this.db, { tokenHash: sha256(token), playerId, gpCode: code, gameCode: game, expiresAt: new Date(Date.now() + this.launchTtlMs) });
    if (!this.launcher) throw new ApiError('platform_unavailable');
    try {
      return { url: await this.launcher.launchUrl(code, { token, game, lang }) };
    } catch {
      throw new ApiError('platform_unavailable');
    }
  }
}
