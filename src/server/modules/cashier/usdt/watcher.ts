// The USDT chain watcher (the usdt-watch job, one instance at a time under its advisory lock). It does not poll each
// deposit address: 10,000 addresses at TronGrid's 15 requests a second would take 11 minutes a round. It reads the
// chain block by block instead, every Transfer event of each block in one or two requests (/v1/blocks/{n}/events,
// 200 events a page; a main-network block has a few hundred), and looks the blocks' `to` addresses up in the database
// (one indexed query per block), so its cost follows the chain's 3-second blocks, not the number of players:
//   - solid pass: each block from the 'solid' cursor up to the solidified head, read confirmed. Every Transfer to a
//     deposit address is settled once per transaction id and log index (usdt_transfers' unique key): USDT at or above
//     the minimum is credited at the rate recorded when it was first seen; a transfer seen earlier in that block and
//     missing from its solidified events is marked reorged (it disappeared before solidifying).
//   - seen pass: each newer block once, read unconfirmed, so the player sees a deposit arrive and count its
//     confirmations before it solidifies; nothing is credited from this pass.
// Both cursors live in usdt_watch_cursors and move block by block after that block's work has committed, so a restart,
// or another instance taking the job over, resumes where the last one stopped; settling a block again changes nothing.
import type { Db, DbOrTx } from '../../../db/client.ts';
import { LedgerError, postJournals } from '../../../ledger/ledger.ts';
import type { AccountDirectory } from '../../../ledger/accounts.ts';
import type { Publisher } from '../../../realtime/publisher.ts';
import type { EventPublisher, PublishedEvent } from '../../../lib/events.ts';
import { inMoneyTransaction } from '../../../ledger/money-transaction.ts';
import { TronRateLimited, type TransferEvent, type TronChain } from '../../../integrations/tron/trongrid.ts';
import type { CashierEvents } from '../events.ts';
import * as cashierRepo from '../repository.ts';
import * as repo from './repository.ts';
import { DEPOSIT_STATUS, USDT_TRANSFER_OUTCOME, type UsdtTransferOutcome } from '../../../../shared/statuses.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import { USDT_CONFIRMATIONS, formatRate, formatUsdt, twdMinorOf } from '../../../../shared/usdt.ts';
import { depositIdOfTransfer, usdtNote } from './notes.ts';

/** Solidified blocks settled in one run at most: a watcher that was stopped catches up in runs of this size. */
const MAX_SOLID_BLOCKS = 100;
/** Unconfirmed blocks read in one run at most (the head is about 19 blocks ahead of the solidified head). */
const MAX_SEEN_BLOCKS = 30;
/** Confirming transfers whose players are told the new count each run, at most. */
const MAX_ANNOUNCED = 2_000;

export type WatchReport =
  | { skipped: 'not_configured' | 'no_rate' }
  | { skipped: 'rate_limited'; untilMs: number }
  | { head: number; solid: number; settledBlocks: number; seenBlocks: number; credited: number };

interface Classified {
  outcome: UsdtTransferOutcome;
  rateE4: bigint | null;
  amountMinor: bigint | null;
}

export interface WatcherDeps {
  db: Db;
  chain: TronChain;
  accounts: AccountDirectory;
  publish: Publisher;
  events?: EventPublisher<CashierEvents>;
  usdtContract: string;
  startBlock?: number;
  log?: (err: unknown, what: string) => void;
}

const keyOf = (t: { txid: string; eventIndex: number }) => `${t.txid}:${t.eventIndex}`;
/** The deposit a transfer makes: only USDT at or above the minimum makes one. */
const depositIdFor = (e: TransferEvent, c: Classified) => (c.outcome === USDT_TRANSFER_OUTCOME.confirming ? depositIdOfTransfer(e.txid, e.eventIndex) : null);
/** Transfers settled in one transaction at most (one batch of journals). */
const SETTLE_BATCH = 250;

export class UsdtWatcher {
  private readonly deps: WatcherDeps;
  /** The head whose confirmations were last announced (this instance's memory: a repeat costs only an event). */
  private announcedHead = 0;
  /** The deposits this run credited, for the report. */
  private credited = 0;

  constructor(deps: WatcherDeps) {
    this.deps = deps;
  }

  async run(): Promise<WatchReport> {
    const { db, chain } = this.deps;
    const rate = await repo.currentRate(db);
    if (!rate) return { skipped: 'no_rate' };
    try {
      const head = (await chain.nowBlock()).number;
      const solid = (await chain.solidBlock()).number;
      const state = { head, solid };
      const c = await this.cursors(state);
      this.credited = 0;
      const solidTo = Math.min(solid, c.solid + MAX_SOLID_BLOCKS);
      for (let b = c.solid + 1; b <= solidTo; b++) {
        await this.settleBlock(b, rate);
        await repo.moveCursor(db, 'solid', b, state);
      }
      const seenFrom = Math.max(c.seen, solidTo) + 1;
      const seenTo = Math.min(head, seenFrom + MAX_SEEN_BLOCKS - 1);
      for (let b = seenFrom; b <= seenTo; b++) {
        await this.seeBlock(b, rate, head);
        await repo.moveCursor(db, 'seen', b, state);
      }
      // The head is recorded even when no block was read, for the confirmations players and the desk see.
      if (seenTo < seenFrom) await repo.moveCursor(db, 'seen', Math.max(c.seen, solidTo), state);
      await this.announce(head);
      return { head, solid, settledBlocks: Math.max(0, solidTo - c.solid), seenBlocks: Math.max(0, seenTo - seenFrom + 1), credited: this.credited };
    } catch (err) {
      // TronGrid suspended the key: the next run after the suspension carries on from the cursors.
      if (err instanceof TronRateLimited) return { skipped: 'rate_limited', untilMs: err.untilMs };
      throw err;
    }
  }

  /** The cursors, started at the configured block or the solidified head on the very first run. */
  private async cursors(state: { head: number; solid: number }): Promise<{ solid: number; seen: number }> {
    const c = await repo.cursors(this.deps.db);
    if (c.solid) return { solid: c.solid.block, seen: c.seen?.block ?? c.solid.block };
    const start = this.deps.startBlock ?? state.solid;
    await repo.moveCursor(this.deps.db, 'solid', start, state);
    await repo.moveCursor(this.deps.db, 'seen', start, state);
    return { solid: start, seen: start };
  }

  /** The Transfer events of a block that reach deposit addresses, with whose they are. */
  private async ours(block: number, confirmed: boolean): Promise<Array<{ e: TransferEvent; playerId: number }>> {
    const events = await this.deps.chain.blockTransfers(block, confirmed);
    const owners = await repo.ownersOf(this.deps.db, [...new Set(events.map((e) => e.to))]);
    return events.filter((e) => owners.has(e.to)).map((e) => ({ e, playerId: owners.get(e.to)! }));
  }

  private classify(e: TransferEvent, rateE4: bigint, minValue: bigint): Classified {
    if (e.contract !== this.deps.usdtContract) return { outcome: USDT_TRANSFER_OUTCOME.unknown_contract, rateE4: null, amountMinor: null };
    const amountMinor = twdMinorOf(e.value, rateE4);
    const enough = e.value >= minValue && amountMinor > 0n;
    return { outcome: enough ? USDT_TRANSFER_OUTCOME.confirming : USDT_TRANSFER_OUTCOME.below_minimum, rateE4, amountMinor };
  }

  private transferValues(e: TransferEvent, playerId: number, c: Classified) {
    return {
      txid: e.txid,
      eventIndex: e.eventIndex,
      blockNumber: e.blockNumber,
      blockTime: new Date(e.blockTimestampMs),
      contract: e.contract,
      fromAddress: e.from,
      toAddress: e.to,
      playerId,
      value: e.value.toString(),
      outcome: c.outcome,
      rateE4: c.rateE4,
      amountMinor: c.amountMinor,
    };
  }

  /** A solidified block: every transfer to us settled, and those seen in it before that it no longer holds, reorged. */
  private async settleBlock(block: number, rate: repo.UsdtRateRow): Promise<void> {
    const ours = await this.ours(block, true);
    for (let i = 0; i < ours.length; i += SETTLE_BATCH) await this.settle(ours.slice(i, i + SETTLE_BATCH), rate);
    const present = new Set(ours.map(({ e }) => keyOf(e)));
    for (const row of await repo.unsettledInBlock(this.deps.db, block)) if (!present.has(keyOf(row))) await this.reorged(row);
  }

  /**
   * Solidified transfers, in one transaction: each credited once if it is USDT at or above the minimum (one journal
   * each, posted as a batch), else its outcome recorded. A transfer settled before (a block read again) is left alone.
   */
  private async settle(batch: Array<{ e: TransferEvent; playerId: number }>, rate: repo.UsdtRateRow): Promise<void> {
    const { accounts } = this.deps;
    const byKey = new Map(batch.map((b) => [keyOf(b.e), b]));
    const ledgerOf = new Map(
      await Promise.all(
        batch.map(
          async ({ playerId }) =>
            [playerId, { central: await accounts.playerAccount(playerId, 'central'), house: await accounts.houseAccount('cash', playerId) }] as const,
        ),
      ),
    );
    const credited: Array<{ playerId: number; depositId: string; txid: string; amountMinor: bigint }> = [];
    const announced: Array<PublishedEvent | undefined> = [];
    await inMoneyTransaction(this.deps.db, async (tx) => {
      const fresh = batch.map(({ e, playerId }) => ({ e, playerId, c: this.classify(e, rate.rateE4, rate.minValue) }));
      await cashierRepo.insertDepositsIfNew(
        tx,
        fresh.filter((f) => f.c.outcome === USDT_TRANSFER_OUTCOME.confirming).map((f) => this.depositValues(f.e, f.playerId, f.c)),
      );
      await repo.insertTransfers(
        tx,
        fresh.map((f) => ({ ...this.transferValues(f.e, f.playerId, f.c), depositId: depositIdFor(f.e, f.c) })),
      );
      const journals: Parameters<typeof postJournals>[1] = [];
      const creditedIds: number[] = [];
      for (const row of await repo.transfersForUpdate(
        tx,
        batch.map(({ e }) => e),
      )) {
        const { e, playerId } = byKey.get(keyOf(row))!;
        if (row.solidifiedAt) continue;
        // Seen before: its rate and outcome are those of its detection. Back after a re-organisation: judged again at that rate.
        const c = row.outcome === USDT_TRANSFER_OUTCOME.reorged ? this.classify(e, row.rateE4 ?? rate.rateE4, rate.minValue) : row;
        const settled = { blockNumber: e.blockNumber, blockTime: new Date(e.blockTimestampMs), solidifiedAt: new Date() };
        if (c.outcome !== USDT_TRANSFER_OUTCOME.confirming) {
          await repo.updateTransfer(tx, row.id, { ...settled, outcome: c.outcome, rateE4: c.rateE4, amountMinor: c.amountMinor });
          continue;
        }
        const depositId = await this.ensureDeposit(tx, e, playerId, c, row.depositId !== null && row.outcome !== USDT_TRANSFER_OUTCOME.reorged);
        // A transfer that moved to another block, or came back, has its block and judgement written one by one.
        if (row.blockNumber !== e.blockNumber || row.outcome === USDT_TRANSFER_OUTCOME.reorged)
          await repo.updateTransfer(tx, row.id, { ...settled, rateE4: c.rateE4, amountMinor: c.amountMinor, depositId });
        journals.push(this.journal(depositId, { playerId, ...ledgerOf.get(playerId)!, value: e.value, rateE4: c.rateE4!, amountMinor: c.amountMinor! }));
        creditedIds.push(row.id);
        credited.push({ playerId, depositId, txid: e.txid, amountMinor: c.amountMinor! });
      }
      for (const r of await postJournals(tx, journals)) if (r instanceof LedgerError) throw r;
      await cashierRepo.markDepositsPaid(
        tx,
        credited.map((x) => x.depositId),
      );
      await repo.markCredited(tx, creditedIds);
      // Announced with the credit: the money and deposit.credited commit together.
      for (const { playerId, depositId } of credited) announced.push(await this.deps.events?.publish(tx, 'deposit.credited', { playerId, depositId }));
    });
    this.credited += credited.length;
    // Side effects after commit: the players' pages react live, and the other domains hear of the deposits.
    for (const { playerId, depositId, txid, amountMinor } of credited) {
      this.deps.publish.toPlayer(playerId, 'usdt-deposit', { id: depositId, txid, outcome: USDT_TRANSFER_OUTCOME.credited, confirmations: USDT_CONFIRMATIONS });
      this.deps.publish.toPlayer(playerId, 'deposit-success', { id: depositId, amount: minorToDecimal(amountMinor) });
    }
    await this.deps.events?.deliver(...announced);
  }

  /** A transfer's deposit order as first written: pending, for the TWD at the rate of detection. */
  private depositValues(e: TransferEvent, playerId: number, c: Classified) {
    return {
      id: depositIdOfTransfer(e.txid, e.eventIndex),
      playerId,
      method: 'usdt',
      amountMinor: c.amountMinor!,
      status: DEPOSIT_STATUS.pending,
      playerRef: e.eventIndex ? `${e.txid}:${e.eventIndex}` : e.txid,
      chainAmount: e.value,
      chainRate: c.rateE4,
    };
  }

  /** The transfer's deposit order, made pending if missing, or again pending after a re-organisation; answers its id. */
  private async ensureDeposit(tx: DbOrTx, e: TransferEvent, playerId: number, c: Classified, known = false): Promise<string> {
    const id = depositIdOfTransfer(e.txid, e.eventIndex);
    if (known) return id;
    const row = await cashierRepo.depositById(tx, id, true);
    if (!row) await cashierRepo.insertDeposit(tx, this.depositValues(e, playerId, c));
    // Back on the chain after a re-organisation had taken it away.
    else if (row.status === DEPOSIT_STATUS.failed) await cashierRepo.updateDeposit(tx, id, { status: DEPOSIT_STATUS.pending, reason: '' });
    return id;
  }

  /** The deposit's journal (its key makes any repeat a no-op), with the USDT received and the rate in its note. */
  private journal(depositId: string, m: { playerId: number; central: number; house: number; value: bigint; rateE4: bigint; amountMinor: bigint }) {
    return {
      kind: 'deposit' as const,
      idempotencyKey: `deposit:${depositId}`,
      request: { id: depositId, amount: m.amountMinor.toString() },
      playerId: m.playerId,
      ref: depositId,
      memo: usdtNote(formatUsdt(m.value), formatRate(m.rateE4)),
      staffId: null,
      postings: [
        { accountId: m.central, amountMinor: m.amountMinor },
        { accountId: m.house, amountMinor: -m.amountMinor },
      ],
    };
  }

  /** A block not yet solidified, read once: what reached deposit addresses is recorded and shown, not credited. */
  private async seeBlock(block: number, rate: repo.UsdtRateRow, head: number): Promise<void> {
    const ours = await this.ours(block, false);
    if (!ours.length) return;
    const seen = ours.map(({ e, playerId }) => ({ e, playerId, c: this.classify(e, rate.rateE4, rate.minValue) }));
    let fresh: repo.UsdtTransferRow[] = [];
    await this.deps.db.transaction(async (tx) => {
      await cashierRepo.insertDepositsIfNew(
        tx,
        seen.filter((f) => f.c.outcome === USDT_TRANSFER_OUTCOME.confirming).map((f) => this.depositValues(f.e, f.playerId, f.c)),
      );
      fresh = await repo.insertTransfers(
        tx,
        seen.map((f) => ({ ...this.transferValues(f.e, f.playerId, f.c), depositId: depositIdFor(f.e, f.c) })),
      );
    });
    const inserted = new Set(fresh.map(keyOf));
    for (const t of fresh)
      this.deps.publish.toPlayer(t.playerId, 'usdt-deposit', {
        id: t.depositId,
        txid: t.txid,
        outcome: t.outcome,
        confirmations: Math.max(1, head - block + 1),
      });
    // Known already: nothing to do, unless a re-organisation had taken it away and it is back in this block.
    for (const { e, playerId } of ours) if (!inserted.has(keyOf(e))) await this.seenAgain(e, playerId, rate, head);
  }

  /** A transfer marked reorged, seen again in a newer block before that one solidified: confirming again. */
  private async seenAgain(e: TransferEvent, playerId: number, rate: repo.UsdtRateRow, head: number): Promise<void> {
    let outcome: UsdtTransferOutcome | undefined;
    let depositId: string | null = null;
    await this.deps.db.transaction(async (tx) => {
      const [row] = await repo.transfersForUpdate(tx, [e]);
      if (!row || row.solidifiedAt || row.outcome !== USDT_TRANSFER_OUTCOME.reorged) return;
      const c = this.classify(e, row.rateE4 ?? rate.rateE4, rate.minValue);
      if (c.outcome === USDT_TRANSFER_OUTCOME.confirming) depositId = await this.ensureDeposit(tx, e, playerId, c);
      await repo.updateTransfer(tx, row.id, { blockNumber: e.blockNumber, blockTime: new Date(e.blockTimestampMs), outcome: c.outcome, depositId });
      outcome = c.outcome;
    });
    if (outcome)
      this.deps.publish.toPlayer(playerId, 'usdt-deposit', { id: depositId, txid: e.txid, outcome, confirmations: Math.max(1, head - e.blockNumber + 1) });
  }

  /** A transfer gone from its block before the block solidified: it credits nothing, and its deposit fails. */
  private async reorged(row: repo.UsdtTransferRow): Promise<void> {
    let depositFailed = false;
    await this.deps.db.transaction(async (tx) => {
      const locked = await repo.transferByIdForUpdate(tx, row.id);
      if (!locked || locked.solidifiedAt || locked.outcome === USDT_TRANSFER_OUTCOME.reorged) return;
      await repo.updateTransfer(tx, locked.id, { outcome: USDT_TRANSFER_OUTCOME.reorged });
      const deposit = locked.depositId ? await cashierRepo.depositById(tx, locked.depositId, true) : undefined;
      if (deposit?.status === DEPOSIT_STATUS.pending) {
        await cashierRepo.updateDeposit(tx, deposit.id, { status: DEPOSIT_STATUS.failed, reason: 'reorged' });
        depositFailed = true;
      }
    });
    this.deps.publish.toPlayer(row.playerId, 'usdt-deposit', { id: row.depositId, txid: row.txid, outcome: USDT_TRANSFER_OUTCOME.reorged, confirmations: 0 });
    if (depositFailed) this.deps.publish.toPlayer(row.playerId, 'deposit-fail', { id: row.depositId, reason: 'reorged' });
  }

  /** Each confirming transfer's player hears its new count of confirmations once per new head. */
  private async announce(head: number): Promise<void> {
    if (head === this.announcedHead) return;
    this.announcedHead = head;
    for (const t of await repo.confirming(this.deps.db, MAX_ANNOUNCED)) {
      const confirmations = Math.max(1, Math.min(USDT_CONFIRMATIONS, head - t.blockNumber + 1));
      this.deps.publish.toPlayer(t.playerId, 'usdt-deposit', { id: t.depositId, txid: t.txid, outcome: t.outcome, confirmations });
    }
  }
}
