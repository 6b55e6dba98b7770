// Delayed work behind an interface, so a service that defers a write (the cashier's count of refused callbacks)
// can be driven by a test without sleeping: the app passes realTimer, a test a ManualTimer it advances itself.

export interface Timer {
  /** Runs `fn` once, `delayMs` from now; never keeps the process alive for it. */
  after(delayMs: number, fn: () => unknown): void;
}

/** setTimeout, unref'd; a rejected promise from `fn` is the caller's to handle and is dropped here. */
export const realTimer: Timer = {
  after(delayMs, fn) {
    setTimeout(() => {
      void Promise.resolve()
        .then(fn)
        .catch(() => undefined);
    }, delayMs).unref();
  },
};

/** A timer whose time moves only when a test advances it; advance() waits for the work it ran. */
export class ManualTimer implements Timer {
  private nowMs = 0;
  private queue: Array<{ atMs: number; fn: () => unknown }> = [];

  after(delayMs: number, fn: () => unknown): void {
    this.queue.push({ atMs: this.nowMs + delayMs, fn });
  }

  /** How many scheduled runs are still waiting. */
  get pending(): number {
    return this.queue.length;
  }

  /** Moves time forward by `ms` and runs, in order, everything that falls due, awaiting each. */
  async advance(ms: number): Promise<void> {
    this.nowMs += ms;
    for (;;) {
      const due = this.queue.filter((q) => q.atMs <= this.nowMs).sort((a, b) => a.atMs - b.atMs)[0];
      if (!due) return;
      this.queue.splice(this.queue.indexOf(due), 1);
      await due.fn();
    }
  }
}
