// Claims of one round that arrive together go to the database together (the red-packet rush). Profiled
// under 2,000 players at once, each claim's own statement, transaction and commit, and the queue of requests for
// the pool's connections, cost about three quarters of a claim; the HTTP request, the session and the rate limit
// the rest. The batcher keeps at most a few batches on their way to the database; claims arriving meanwhile wait
// and leave together in the next one (up to CLAIM_BATCH_MAX players), so a quiet claim goes alone at once and a
// rush costs one commit per batch. Nothing is answered before its batch has committed: an answered claim is paid
// (or pending for an operator), and a batch lost to a crash or a failed statement took and paid nothing.
import { CLAIM_BATCH_MAX, type ClaimOutcome } from './repository.ts';

/** Batches on their way to the database at once, each holding one pooled connection. */
export const CLAIM_BATCHES_IN_FLIGHT = 4;
/** House accounts one batch takes claims of at most while more claims wait than a batch takes (nextBatch). */
export const RUSH_HOUSES_PER_BATCH = 4;
/** Claims one instance keeps waiting at most; beyond it a claim is refused at once rather than queued without end. */
export const CLAIM_QUEUE_MAX = 20_000;

export interface BatchClaim {
  playerId: number;
  houseAccountId: number;
}

interface Waiting extends BatchClaim {
  resolve: (outcome: ClaimOutcome) => void;
  reject: (err: unknown) => void;
}

/** Runs one batch: distinct players of one round, at most CLAIM_BATCH_MAX, in the order given; the outcome by player. */
export type RunBatch = (roundId: number, claims: BatchClaim[]) => Promise<Map<number, ClaimOutcome>>;

export class ClaimBatcher {
  private readonly run: RunBatch;
  /** Claims waiting, by round, in arrival order. */
  private readonly queues = new Map<number, Waiting[]>();
  private waiting = 0;
  private inFlight = 0;
  /** The house accounts of the claims on their way to the database now (no two batches in flight share one). */
  private readonly housesInFlight = new Set<number>();
  private scheduled = false;

  constructor(run: RunBatch) {
    this.run = run;
  }

  /** Claims waiting now (for the queue's bound and for tests). */
  get queued(): number {
    return this.waiting;
  }

  /** False when the queue is full: the caller refuses the claim instead. */
  claim(roundId: number, claim: BatchClaim): Promise<ClaimOutcome> | false {
    if (this.waiting >= CLAIM_QUEUE_MAX) return false;
    return new Promise<ClaimOutcome>((resolve, reject) => {
      const queue = this.queues.get(roundId) ?? [];
      queue.push({ ...claim, resolve, reject });
      this.queues.set(roundId, queue);
      this.waiting++;
      // Claims that arrive in the same turn of the event loop leave together.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    while (this.inFlight < CLAIM_BATCHES_IN_FLIGHT && this.waiting > 0) {
      const next = this.nextBatch();
      // Every waiting claim is of a house account a batch on its way holds: they leave when one comes back.
      if (!next) return;
      const { roundId, batch } = next;
      this.waiting -= batch.length;
      this.inFlight++;
      const houses = [...new Set(batch.map((w) => w.houseAccountId))];
      for (const h of houses) this.housesInFlight.add(h);
      void this.send(roundId, batch).finally(() => {
        this.inFlight--;
        for (const h of houses) this.housesInFlight.delete(h);
        this.flush();
      });
    }
  }

  /**
   * The next batch: claims of one round, of house accounts no batch on its way holds. A journal locks its house
   * account and the claim's ledger_daily_totals shard (both by player % 16) until the batch commits; batches sharing
   * a shard waited for each other's commits, one behind the other, while batches of disjoint shards run side by side.
   * The houses with the most claims waiting go first; in a rush (more claims waiting than a batch takes) a batch takes
   * at most RUSH_HOUSES_PER_BATCH of them, so the other batches in flight find houses of their own. With few claims
   * waiting and no batch on its way, they all leave together in one batch.
   */
  private nextBatch(): { roundId: number; batch: Waiting[] } | undefined {
    for (const [roundId, queue] of this.queues) {
      const byHouse = new Map<number, Waiting[]>();
      for (const w of queue) {
        if (this.housesInFlight.has(w.houseAccountId)) continue;
        const group = byHouse.get(w.houseAccountId);
        if (group) group.push(w);
        else byHouse.set(w.houseAccountId, [w]);
      }
      if (!byHouse.size) continue;
      const houses = [...byHouse]
        .sort(([ha, a], [hb, b]) => b.length - a.length || ha - hb)
        .slice(0, queue.length > CLAIM_BATCH_MAX ? RUSH_HOUSES_PER_BATCH : undefined);
      // A player appears once in a batch; a second claim of theirs waits for the next one, which answers 'claimed'.
      const batch: Waiting[] = [];
      const seen = new Set<number>();
      for (const [, group] of houses) {
        for (const w of group) {
          if (batch.length >= CLAIM_BATCH_MAX) break;
          if (seen.has(w.playerId)) continue;
          seen.add(w.playerId);
          batch.push(w);
        }
      }
      const taken = new Set(batch);
      const rest = queue.filter((w) => !taken.has(w));
      // The round goes to the back of the line, so a rush on one round does not starve another.
      this.queues.delete(roundId);
      if (rest.length) this.queues.set(roundId, rest);
      return { roundId, batch };
    }
    return undefined;
  }

  private async send(roundId: number, batch: Waiting[]): Promise<void> {
    // By house account, then by player: every batch takes the house shards' row locks in the same order.
    const ordered = [...batch].sort((a, b) => a.houseAccountId - b.houseAccountId || a.playerId - b.playerId);
    try {
      const outcomes = await this.run(
        roundId,
        ordered.map(({ playerId, houseAccountId }) => ({ playerId, houseAccountId })),
      );
      for (const w of batch) {
        const outcome = outcomes.get(w.playerId);
        if (outcome) w.resolve(outcome);
        else w.reject(new Error(`red-packet batch gave no outcome for player ${w.playerId}`));
      }
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
