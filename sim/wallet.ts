// A platform's wallet: players, their balances, and every transfer under its transferId.
// In-memory state changes synchronously (so concurrent deliveries of one transfer cannot both
// apply) and every change is appended to the platform's journal; callers sync the journal before
// answering. Games (sim/games/) debit stakes and credit wins through `applyGameDelta`; their own
// journal event carries the resulting balance, so a bet and its money are one line on disk.
import type { Journal, JournalEvent } from './journal.ts';

export const PLAYER_RE = /^[A-Za-z0-9_-]{1,40}$/;
export const TRANSFER_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;
export const AMOUNT_RE = /^[1-9]\d{0,14}$/;

export type Direction = 'in' | 'out';
export type RejectCode = 'INSUFFICIENT_FUNDS' | 'PLAYER_NOT_FOUND' | 'INVALID_AMOUNT';

export interface TransferRecord {
  transferId: string;
  player: string;
  direction: Direction;
  /** As sent; only applied transfers are guaranteed to match AMOUNT_RE. */
  amountMinor: string;
  result: 'applied' | 'rejected';
  code?: RejectCode;
  /** Balance right after this transfer (applied only). */
  balanceMinor?: string;
  at: string;
}

export interface Answer {
  httpStatus: number;
  body: Record<string, unknown>;
}

export interface TransferRequest {
  transferId: string;
  player: string;
  direction: Direction;
  amountMinor: string;
}

export class Wallet {
  private readonly balances = new Map<string, bigint>();
  private readonly transfers = new Map<string, TransferRecord>();
  private readonly journal: () => Journal;

  /** The journal is looked up lazily: replay runs before the file is open for appending. */
  constructor(journal: () => Journal) {
    this.journal = journal;
  }

  /** Rebuilds state from one journal event; false if the event is not a wallet event. */
  replay(event: JournalEvent): boolean {
    if (event.t === 'player') {
      const player = event.player as string;
      if (!this.balances.has(player)) this.balances.set(player, 0n);
      return true;
    }
    if (event.t === 'transfer') {
      const rec = event as unknown as TransferRecord & { t: string };
      const { t: _t, ...record } = rec;
      this.transfers.set(record.transferId, record);
      if (record.result === 'applied') this.balances.set(record.player, BigInt(record.balanceMinor ?? '0'));
      return true;
    }
    return false;
  }

  hasPlayer(player: string): boolean {
    return this.balances.has(player);
  }

  /** Creates the player with a zero balance; false if it already existed. */
  createPlayer(player: string): boolean {
    if (this.balances.has(player)) return false;
    this.balances.set(player, 0n);
    this.journal().append({ t: 'player', player, at: new Date().toISOString() });
    return true;
  }

  balance(player: string): bigint | undefined {
    return this.balances.get(player);
  }

  allBalances(): Map<string, bigint> {
    return new Map(this.balances);
  }

  /**
   * Game money (a stake, a win, a provider correction): balance + delta if the player exists and the
   * result stays >= 0, else undefined and nothing changes. Not journaled here: the caller appends its
   * own event with the new balance in the same tick (replayed through `restoreBalance`).
   */
  applyGameDelta(player: string, delta: bigint): bigint | undefined {
    const balance = this.balances.get(player);
    if (balance === undefined || balance + delta < 0n) return undefined;
    const after = balance + delta;
    this.balances.set(player, after);
    return after;
  }

  /** Replay of a game event: the balance it recorded. */
  restoreBalance(player: string, balance: bigint): void {
    this.balances.set(player, balance);
  }

  getTransfer(transferId: string): TransferRecord | undefined {
    return this.transfers.get(transferId);
  }

  /**
   * Applies or rejects a transfer once per transferId. A replay with the same data gets the
   * original answer; with different data, DUPLICATE_MISMATCH (the original stands, nothing recorded).
   */
  transfer(req: TransferRequest): Answer {
    const known = this.transfers.get(req.transferId);
    if (known) {
      if (known.player !== req.player || known.direction !== req.direction || known.amountMinor !== req.amountMinor) {
        return { httpStatus: 409, body: { status: 'rejected', transferId: req.transferId, code: 'DUPLICATE_MISMATCH' } };
      }
      return answerFor(known);
    }
    const at = new Date().toISOString();
    const base = { transferId: req.transferId, player: req.player, direction: req.direction, amountMinor: req.amountMinor, at };
    let record: TransferRecord;
    const balance = this.balances.get(req.player);
    if (!AMOUNT_RE.test(req.amountMinor)) {
      record = { ...base, result: 'rejected', code: 'INVALID_AMOUNT' };
    } else if (balance === undefined) {
      record = { ...base, result: 'rejected', code: 'PLAYER_NOT_FOUND' };
    } else {
      const amount = BigInt(req.amountMinor);
      if (req.direction === 'out' && amount > balance) {
        record = { ...base, result: 'rejected', code: 'INSUFFICIENT_FUNDS' };
      } else {
        const after = req.direction === 'in' ? balance + amount : balance - amount;
        this.balances.set(req.player, after);
        record = { ...base, result: 'applied', balanceMinor: after.toString() };
      }
    }
    this.transfers.set(req.transferId, record);
    this.journal().append({ t: 'transfer', ...record });
    return answerFor(record);
  }
}

/** The answer a transfer got, rebuilt from its record, so every replay answers identically. */
export function answerFor(rec: TransferRecord): Answer {
  if (rec.result === 'applied') {
    return { httpStatus: 200, body: { status: 'applied', transferId: rec.transferId, balanceMinor: rec.balanceMinor, appliedAt: rec.at } };
  }
  const httpStatus = rec.code === 'PLAYER_NOT_FOUND' ? 404 : 422;
  return { httpStatus, body: { status: 'rejected', transferId: rec.transferId, code: rec.code } };
}

/** GET /transfers/:transferId body for a known transfer. */
export function statusBody(rec: TransferRecord): Record<string, unknown> {
  const body: Record<string, unknown> = {
    status: rec.result,
    transferId: rec.transferId,
    player: rec.player,
    direction: rec.direction,
    amountMinor: rec.amountMinor,
  };
  if (rec.result === 'applied') {
    body.balanceMinor = rec.balanceMinor;
    body.appliedAt = rec.at;
  } else {
    body.code = rec.code;
    body.rejectedAt = rec.at;
  }
  return body;
}
