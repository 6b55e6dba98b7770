// Claims of one round that arrive together go to the database together (issue 24, the red-packet rush). Profiled
// under 2,000 players at once, each claim's own statement, transaction and commit, and the queue of requests for
// the pool's connections, cost about three quarters of a claim; the HTTP request, the session and the rate limit
// the rest. The batcher keeps at most a few batches on their way to the database; claims arriving meanwhile wait
// and leave together in the next one (up to CLAIM_BATCH_MAX players), so a quiet claim goes alone at once and a
// rush costs one commit per batch. Nothing is answered before its batch has committed: an answered claim is paid
// (or pending for an operator), and a batch lost to a crash or a failed statement took and paid nothing.
import { CLAIM_BATCH_MAX, type ClaimOutcome } from './repository.ts';

/** Batches on their way to the database at once, each holding one pooled connection. */
export const CLAIM_BATCHES_IN_FLIGHT = 4;
/** Claims one instance keeps waiting at most; beyond it a claim is refused at once rather than queued without end. */
export const CLAIM_QUEUE_MAX = 20_000;

export interface BatchClaim { playerId: number; houseAccountId: number }

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
      const [roundId, queue] = this.queues.entries().next().value as [number, Waiting[]];
      // A player appears once in a batch; a second claim of theirs waits for the next one, which answers 'claimed'.
      const batch: Waiting[] = [];
      const seen = new Set<number>();
      const rest: Waiting[] = [];
      for (const w of queue) {
        if (batch.length < CLAIM_BATCH_MAX && !seen.has(w.playerId)) {
          seen.add(w.playerId);
          batch.push(w);
        } else {
          rest.push(w);
        }
      }
      // The round goes to the back of the line, so a rush on one round does not starve another.
      this.queues.delete(roundId);
      if (rest.length) this.queues.set(roundId, rest);
      this.waiting -= batch.length;
      this.inFlight++;
      void this.send(roundId, batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async send(roundId: number, batch: Waiting[]): Promise<void> {
    // By house account, then by player: every batch takes the house shards' row locks in the same order.
    const ordered = [...batch].sort((a, b) => a.houseAccountId - b.houseAccountId || a.playerId - b.playerId);
    try {
      const outcomes = await this.run(roundId, ordered.map(({ playerId, houseAccountId }) => ({ playerId, houseAccountId })));
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
