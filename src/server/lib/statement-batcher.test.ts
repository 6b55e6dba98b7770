import { describe, expect, it } from 'vitest';
import { StatementBatcher, type StatementBatcherOptions } from './statement-batcher.ts';

/** A batcher over numbers whose statements are recorded; a batch holding `poison` fails as a whole. */
function recorder(over: Partial<StatementBatcherOptions<number, string>> = {}, poison = -1) {
  const batches: number[][] = [];
  const singles: number[] = [];
  const batcher = new StatementBatcher<number, string>({
    runBatch: async (items) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      if (items.includes(poison)) throw new Error('batch failed');
      return items.map((i) => `b${i}`);
    },
    runOne: async (item) => {
      singles.push(item);
      await new Promise((r) => setTimeout(r, 1));
      if (item === poison) throw new Error(`item ${item} refused`);
      return `s${item}`;
    },
    compare: (a, b) => a - b, maxBatch: 4, inFlight: 1, queueMax: 100,
    ...over,
  });
  return { batcher, batches, singles };
}

describe('StatementBatcher', () => {
  it('sends an item that arrives alone on its own, as before batching', async () => {
    const { batcher, batches, singles } = recorder();
    expect(await batcher.submit(7)).toBe('s7');
    expect(batches).toEqual([]);
    expect(singles).toEqual([7]);
  });

  it('sends items of the same turn together, in the lock order, and answers each its own outcome', async () => {
    const { batcher, batches } = recorder();
    const answers = await Promise.all([3, 1, 2].map((i) => batcher.submit(i)));
    expect(answers).toEqual(['b3', 'b1', 'b2']);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(batcher.counts).toMatchObject({ batches: 1, batchedItems: 3, failedBatches: 0 });
  });

  it('keeps at most maxBatch items a batch and inFlight batches on their way; the rest wait for the next', async () => {
    const { batcher, batches } = recorder();
    const answers = await Promise.all([9, 8, 7, 6, 5, 4].map((i) => batcher.submit(i)));
    expect(answers).toEqual(['b9', 'b8', 'b7', 'b6', 'b5', 'b4']);
    // The first four leave at once (sorted inside their batch); the two others wait for it to come back.
    expect(batches).toEqual([[6, 7, 8, 9], [4, 5]]);
  });

  it('sends each item of a failed batch alone: the others succeed and only the bad one fails', async () => {
    const { batcher, batches, singles } = recorder({}, 2);
    const answers = await Promise.allSettled([1, 2, 3].map((i) => batcher.submit(i)));
    expect(batches).toEqual([[1, 2, 3]]);
    expect(singles.sort()).toEqual([1, 2, 3]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : String(a.reason)))).toEqual(['s1', 'Error: item 2 refused', 's3']);
    expect(batcher.counts.failedBatches).toBe(1);
  });

  it('never sends again a batch whose answer does not match its items', async () => {
    const singles: number[] = [];
    const batcher = new StatementBatcher<number, string>({
      runBatch: async () => ['only one'], runOne: async (i) => { singles.push(i); return 'alone'; },
      compare: (a, b) => a - b, maxBatch: 4, inFlight: 1, queueMax: 100,
    });
    const answers = await Promise.allSettled([1, 2].map((i) => batcher.submit(i)));
    expect(answers.every((a) => a.status === 'rejected')).toBe(true);
    expect(singles).toEqual([]);
  });

  it('sends an item alone at once when the queue is full', async () => {
    const { batcher, singles } = recorder({ queueMax: 2 });
    const answers = await Promise.all([1, 2, 3].map((i) => batcher.submit(i)));
    expect(answers).toEqual(['b1', 'b2', 's3']);
    expect(singles).toEqual([3]);
  });
});
