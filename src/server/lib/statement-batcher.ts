// Statements of the same kind that arrive together go to the database together: one statement, one transaction and
// one commit for a batch, where each alone cost a round trip, a commit and a wake-up of a database backend
// ("transfer and play"; the red-packet rush does the same with its own ClaimBatcher). A batch leaves as soon as the
// event loop's turn that filled it ends, so an item that arrives alone goes at once and alone, as it always went;
// only items arriving while batches are on their way wait, and leave together with the next one. Nothing is answered
// before its batch has committed. A batch is one statement, so when it fails nothing of it stays: each of its items
// is then sent alone, and answers (or fails) exactly as it would have without batching.

export interface StatementBatcherOptions<I, O> {
  /** Sends the items as one statement; answers one outcome per item, in the items' order. Throws when it failed. */
  runBatch: (items: I[]) => Promise<O[]>;
  /** Sends one item alone: a batch of one, and each item of a batch that failed. */
  runOne: (item: I) => Promise<O>;
  /**
   * The order of the items inside a batch: the order their row locks are taken in. Every batch takes them in this one
   * order, so batches on their way at once cannot deadlock with each other.
   */
  compare: (a: I, b: I) => number;
  /** Items one batch takes at most. */
  maxBatch: number;
  /** Batches on their way at once, each holding one pooled connection. */
  inFlight: number;
  /** Items waiting at most; beyond it an item is sent alone at once rather than queued without end. */
  queueMax: number;
  /**
   * Rows many items share (a house account shard, a report's daily shard): partitions.of names the share an item
   * takes, and no two batches on their way at once, of this batcher or of any other given the same partitions, hold the
   * same one. Such batches would only wait for each other's commits, one behind the other, each holding a pooled
   * connection. A batch takes items of at most maxPartitions partitions, so the batches on their way share them out.
   */
  partitions?: { of: (item: I) => number; shared: BatchPartitions; maxPartitions: number };
}

/** The partitions held by the batches on their way, shared by the batchers whose statements write the same rows. */
export class BatchPartitions {
  private readonly held = new Set<number>();
  private readonly listeners: Array<() => void> = [];

  has(partition: number): boolean {
    return this.held.has(partition);
  }

  take(partitions: Iterable<number>): void {
    for (const p of partitions) this.held.add(p);
  }

  /** Frees a batch's partitions and lets every batcher sharing them send what waited for them. */
  release(partitions: Iterable<number>): void {
    for (const p of partitions) this.held.delete(p);
    for (const listener of this.listeners) listener();
  }

  onRelease(listener: () => void): void {
    this.listeners.push(listener);
  }
}

interface Waiting<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (err: unknown) => void;
}

export class StatementBatcher<I, O> {
  private readonly opts: StatementBatcherOptions<I, O>;
  private queue: Array<Waiting<I, O>> = [];
  private inFlight = 0;
  private scheduled = false;
  /** Batches sent and batches that failed and were sent item by item (for the metrics and tests). */
  readonly counts = { batches: 0, batchedItems: 0, failedBatches: 0 };

  constructor(opts: StatementBatcherOptions<I, O>) {
    if (opts.maxBatch < 1 || opts.inFlight < 1 || opts.queueMax < 1) throw new Error('statement batcher: limits must be positive');
    this.opts = opts;
    opts.partitions?.shared.onRelease(() => this.flush());
  }

  /** Items waiting now. */
  get queued(): number {
    return this.queue.length;
  }

  submit(item: I): Promise<O> {
    if (this.queue.length >= this.opts.queueMax) return this.opts.runOne(item);
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // Items that arrive in the same turn of the event loop leave together.
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
    while (this.inFlight < this.opts.inFlight && this.queue.length > 0) {
      const batch = this.nextBatch();
      // Every waiting item is of a partition a batch on its way holds: they leave when one comes back.
      if (!batch.length) return;
      const partitions = this.opts.partitions;
      const held = partitions ? new Set(batch.map((w) => partitions.of(w.item))) : undefined;
      if (partitions && held) partitions.shared.take(held);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        if (partitions && held) partitions.shared.release(held);
        this.flush();
      });
    }
  }

  /** The next batch in arrival order: the first maxBatch items, or with partitions those of free partitions. */
  private nextBatch(): Array<Waiting<I, O>> {
    const partitions = this.opts.partitions;
    if (!partitions) return this.queue.splice(0, this.opts.maxBatch);
    const taken: Array<Waiting<I, O>> = [];
    const rest: Array<Waiting<I, O>> = [];
    const chosen = new Set<number>();
    for (const w of this.queue) {
      const p = partitions.of(w.item);
      const fits = taken.length < this.opts.maxBatch && !partitions.shared.has(p) && (chosen.has(p) || chosen.size < partitions.maxPartitions);
      if (fits) {
        chosen.add(p);
        taken.push(w);
      } else {
        rest.push(w);
      }
    }
    this.queue = rest;
    return taken;
  }

  private async send(batch: Array<Waiting<I, O>>): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Waiting<I, O>];
      await this.opts.runOne(only.item).then(only.resolve, only.reject);
      return;
    }
    const ordered = [...batch].sort((a, b) => this.opts.compare(a.item, b.item));
    let outcomes: O[];
    try {
      outcomes = await this.opts.runBatch(ordered.map((w) => w.item));
    } catch {
      // Nothing of the batch stays: each item goes alone and answers as it would have without batching (an item
      // that cannot be written raises there, on its own request, and the others go through).
      this.counts.failedBatches++;
      await Promise.all(ordered.map((w) => this.opts.runOne(w.item).then(w.resolve, w.reject)));
      return;
    }
    if (outcomes.length !== ordered.length) {
      // The batch committed but its answer cannot be matched to its items: a defect, never sent again.
      const err = new Error(`statement batch answered ${outcomes.length} outcomes for ${ordered.length} items`);
      for (const w of ordered) w.reject(err);
      return;
    }
    this.counts.batches++;
    this.counts.batchedItems += ordered.length;
    ordered.forEach((w, i) => w.resolve(outcomes[i] as O));
  }
}
