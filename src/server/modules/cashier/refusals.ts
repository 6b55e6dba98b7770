// The count of gateway callbacks refused unread (forged, malformed, or from a sender that failed too often), kept
// where operators see it: at once on the Prometheus counter (the caller's onRefused), and in the hourly counts of
// gateway_callback_refusals for the back office. Those are written after the answer, one upsert per flushDelayMs
// for all the refusals of that moment, so a flood of forged callbacks costs an instance at most one statement a
// second and never delays the refusal; a crash loses at most the last second's count.
import type { Timer } from '../../lib/timer.ts';

/** Why a callback was refused unread: its signature or shape failed, or its sender had failed too often. */
export type RefusedOutcome = 'forged_or_malformed' | 'rate_limited';

/** Refused callbacks are added to the back office's hourly counts at most this often per instance. */
export const REFUSAL_FLUSH_MS = 1000;

export interface RefusalCounterDeps {
  timer: Timer;
  /** Adds `count` refusals of one outcome to the stored hourly figure; throws when the database is away. */
  write: (outcome: RefusedOutcome, count: number) => Promise<void>;
  flushDelayMs?: number;
}

export class RefusalCounter {
  /** Refusals counted in memory and not yet written, by outcome. */
  private readonly unflushed = new Map<RefusedOutcome, number>();
  private scheduled = false;

  private readonly deps: RefusalCounterDeps;

  constructor(deps: RefusalCounterDeps) {
    this.deps = deps;
  }

  /** Counts one refusal; the write follows within flushDelayMs, whoever asks for it. */
  count(outcome: RefusedOutcome): void {
    this.unflushed.set(outcome, (this.unflushed.get(outcome) ?? 0) + 1);
    if (this.scheduled) return;
    this.scheduled = true;
    this.deps.timer.after(this.deps.flushDelayMs ?? REFUSAL_FLUSH_MS, () => this.flush());
  }

  /** Writes the refusals counted so far (the app calls it on close, tests to read the figure at once). */
  async flush(): Promise<void> {
    this.scheduled = false;
    const counts = [...this.unflushed];
    this.unflushed.clear();
    for (const [outcome, n] of counts) {
      try {
        await this.deps.write(outcome, n);
      } catch {
        // The database is away: the count goes back into the next flush rather than being lost.
        this.unflushed.set(outcome, (this.unflushed.get(outcome) ?? 0) + n);
      }
    }
  }
}
