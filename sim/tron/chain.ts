// The stand-in's TRON chain: block heights, solidification 19 confirmations behind the head, TRC-20 Transfer events
// placed in blocks, re-organisations of blocks not yet solidified, and the background traffic of other people's
// transfers. Blocks without events are not stored: their ids are derived from their height (and a generation that a
// re-organisation bumps), so a chain of millions of blocks costs only the blocks that carry our test transfers.
import { createHash, randomBytes } from 'node:crypto';
import { base58Address, evmHex } from './address.ts';

/** Solidified once this many blocks (the block itself included) stand on it: 19 of TRON's 27 super representatives. */
export const SOLID_CONFIRMATIONS = 19;
/** The main network's USDT contract. */
export const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Heights start here, near the main network's, so nothing mistakes a small number for a real block. */
const FIRST_BLOCK = 60_000_000;
/** The stand-in starts with this many blocks, so a solidified block exists from the start. */
const INITIAL_BLOCKS = 40;
/** The main network's block time. */
export const BLOCK_MS = 3_000;
/** Clock mode counts blocks from this moment (2024-01-01T00:00:00Z), so heights keep rising across restarts. */
const CLOCK_EPOCH_MS = Date.UTC(2024, 0, 1);

export interface ChainEvent {
  txid: string;
  eventIndex: number;
  contract: string;
  /** Base58 addresses. */
  from: string;
  to: string;
  value: bigint;
}

export interface ChainOptions {
  /** 0: blocks are made only by produce() (tests); otherwise one block every this many ms, counted from the clock. */
  blockIntervalMs: number;
  /** Transfers between strangers in every block (the main network has about a hundred USDT transfers a block). */
  noisePerBlock: number;
}

interface StoredBlock {
  events: ChainEvent[];
  timestampMs: number;
}

export class Chain {
  private readonly opts: ChainOptions;
  /** Manual mode's head. */
  private manualHead = FIRST_BLOCK + INITIAL_BLOCKS - 1;
  private readonly startedAtMs = Date.now();
  /** Blocks that carry events placed by the operator controls, by height. */
  private readonly blocks = new Map<number, StoredBlock>();
  /** Heights a re-organisation replaced, with how many times. */
  private readonly generations = new Map<number, number>();
  noisePerBlock: number;

  constructor(opts: ChainOptions) {
    this.opts = opts;
    this.noisePerBlock = opts.noisePerBlock;
  }

  get manual(): boolean {
    return this.opts.blockIntervalMs <= 0;
  }

  head(): number {
    if (this.manual) return this.manualHead;
    return FIRST_BLOCK + INITIAL_BLOCKS - 1 + Math.floor((Date.now() - CLOCK_EPOCH_MS) / this.opts.blockIntervalMs);
  }

  solid(): number {
    return this.head() - (SOLID_CONFIRMATIONS - 1);
  }

  /** Manual mode: makes `count` new blocks. */
  produce(count: number): number {
    if (!this.manual) throw new Error('blocks come from the clock');
    for (let i = 0; i < count; i++) {
      this.manualHead++;
      const stored = this.blocks.get(this.manualHead);
      if (stored) stored.timestampMs = Date.now();
    }
    return this.manualHead;
  }

  timestampOf(number: number): number {
    const stored = this.blocks.get(number);
    if (stored && this.manual) return stored.timestampMs;
    if (this.manual) return this.startedAtMs + (number - FIRST_BLOCK) * BLOCK_MS;
    return CLOCK_EPOCH_MS + (number - FIRST_BLOCK - INITIAL_BLOCKS + 1) * this.opts.blockIntervalMs;
  }

  blockId(number: number): string {
    // TRON's block id starts with the height as 8 bytes, then 24 bytes of the block's hash.
    const hash = createHash('sha256')
      .update(`block:${number}:${this.generations.get(number) ?? 0}`)
      .digest('hex');
    return number.toString(16).padStart(16, '0') + hash.slice(16);
  }

  /** The events of a block that exists (at or below the head); undefined above it. */
  eventsOf(number: number): ChainEvent[] | undefined {
    if (number > this.head()) return undefined;
    return [...(this.blocks.get(number)?.events ?? []), ...this.noiseOf(number)];
  }

  /** A transaction with one Transfer event per part, placed in the next block (or a later one). Answers its id and block. */
  transfer(parts: Array<{ to: string; value: bigint; contract?: string; from?: string }>, block?: number): { txid: string; block: number } {
    const at = Math.max(block ?? 0, this.head() + 1);
    const txid = randomBytes(32).toString('hex');
    const stored = this.stored(at);
    parts.forEach((p, i) =>
      stored.events.push({ txid, eventIndex: i, contract: p.contract ?? USDT_CONTRACT, from: p.from ?? randomAddress(), to: p.to, value: p.value }),
    );
    return { txid, block: at };
  }

  /**
   * Replaces the unsolidified blocks that hold the given transactions: they get new ids and lose those transactions,
   * which come back in the next block when `reinclude` is set. Refused (false) for a transaction that is solidified or
   * not on the chain.
   */
  reorg(txids: string[], reinclude: boolean): boolean {
    const found = txids.map((t) => this.locate(t));
    if (found.some((f) => f === undefined || f.block <= this.solid())) return false;
    const moved: ChainEvent[] = [];
    for (const f of found) {
      const stored = this.blocks.get(f!.block)!;
      moved.push(...stored.events.filter((e) => e.txid === f!.txid));
      stored.events = stored.events.filter((e) => e.txid !== f!.txid);
      this.generations.set(f!.block, (this.generations.get(f!.block) ?? 0) + 1);
    }
    if (reinclude && moved.length) this.stored(this.head() + 1).events.push(...moved);
    return true;
  }

  /** Every stored transfer at or below `upTo`, newest block first (the account history's source). */
  storedEvents(upTo: number): Array<ChainEvent & { block: number }> {
    const out: Array<ChainEvent & { block: number }> = [];
    // Within a block the later transaction comes first; the sort is stable.
    for (const [block, stored] of this.blocks) if (block <= upTo) for (const e of [...stored.events].reverse()) out.push({ ...e, block });
    return out.sort((a, b) => b.block - a.block);
  }

  private locate(txid: string): { txid: string; block: number } | undefined {
    for (const [block, stored] of this.blocks) if (block <= this.head() && stored.events.some((e) => e.txid === txid)) return { txid, block };
    return undefined;
  }

  private stored(number: number): StoredBlock {
    let stored = this.blocks.get(number);
    if (!stored) {
      stored = { events: [], timestampMs: Date.now() };
      this.blocks.set(number, stored);
    }
    return stored;
  }

  /** Strangers' USDT transfers, the same for a block every time it is read (derived from its height). */
  private noiseOf(number: number): ChainEvent[] {
    const out: ChainEvent[] = [];
    for (let i = 0; i < this.noisePerBlock; i++) {
      const seed = createHash('sha256').update(`noise:${number}:${i}`).digest();
      out.push({
        txid: createHash('sha256').update(seed).digest('hex'),
        eventIndex: 0,
        contract: USDT_CONTRACT,
        from: base58Address(seed.subarray(0, 20)),
        to: base58Address(seed.subarray(12, 32)),
        value: BigInt(seed.readUInt32BE(0) % 5_000_000_000) + 1n,
      });
    }
    return out;
  }
}

function randomAddress(): string {
  return base58Address(randomBytes(20));
}

export { evmHex };
