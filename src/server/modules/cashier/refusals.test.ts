// The refused-callback count: written once per flush delay for every refusal of that moment, on time without
// anyone asking, and kept for the next write when the database is away.
import { describe, expect, it } from 'vitest';
import { ManualTimer } from '../../lib/timer.ts';
import { REFUSAL_FLUSH_MS, RefusalCounter, type RefusedOutcome } from './refusals.ts';

function counter(fail = { now: false }) {
  const timer = new ManualTimer();
  const writes: Array<[RefusedOutcome, number]> = [];
  const refusals = new RefusalCounter({
    timer,
    write: async (outcome, count) => {
      if (fail.now) throw new Error('database away');
      writes.push([outcome, count]);
    },
  });
  return { timer, writes, refusals };
}

describe('RefusalCounter', () => {
  it("writes a moment's refusals in one write per outcome once the delay has passed, and not before", async () => {
    const { timer, writes, refusals } = counter();
    for (let i = 0; i < 3; i++) refusals.count('forged_or_malformed');
    refusals.count('rate_limited');
    expect(timer.pending).toBe(1);
    await timer.advance(REFUSAL_FLUSH_MS - 1);
    expect(writes).toEqual([]);
    await timer.advance(1);
    expect(writes).toEqual([
      ['forged_or_malformed', 3],
      ['rate_limited', 1],
    ]);
    expect(timer.pending).toBe(0);
  });

  it('schedules again after a write, and an early flush leaves nothing for the timer', async () => {
    const { timer, writes, refusals } = counter();
    refusals.count('rate_limited');
    await refusals.flush();
    expect(writes).toEqual([['rate_limited', 1]]);
    await timer.advance(REFUSAL_FLUSH_MS);
    expect(writes).toHaveLength(1);
    refusals.count('rate_limited');
    expect(timer.pending).toBe(1);
  });

  it('keeps the count for the next write while the database is away', async () => {
    const fail = { now: true };
    const { timer, writes, refusals } = counter(fail);
    refusals.count('forged_or_malformed');
    await timer.advance(REFUSAL_FLUSH_MS);
    expect(writes).toEqual([]);
    fail.now = false;
    refusals.count('forged_or_malformed');
    await timer.advance(REFUSAL_FLUSH_MS);
    expect(writes).toEqual([['forged_or_malformed', 2]]);
  });
});
