// Statements of the same kind that arrive together go to the database together: one statement, one transaction and
// one commit for a batch, where each alone cost a round trip, a commit and a wake-up of a database backend (issue 24,
// "transfer and play"; the red-packet rush does the same with its own ClaimBatcher). A batch leaves as soon as the
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
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
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
