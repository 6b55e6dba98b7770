import { describe, expect, it } from 'vitest';
import { BatchPartitions, StatementBatcher, type StatementBatcherOptions } from './statement-batcher.ts';

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
    compare: (a, b) => a - b,
    maxBatch: 4,
    inFlight: 1,
    queueMax: 100,
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
    expect(batches).toEqual([
      [6, 7, 8, 9],
      [4, 5],
    ]);
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
      runBatch: async () => ['only one'],
      runOne: async (i) => {
        singles.push(i);
        return 'alone';
      },
      compare: (a, b) => a - b,
      maxBatch: 4,
      inFlight: 1,
      queueMax: 100,
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

describe('StatementBatcher with partitions', () => {
  it('never has two batches on their way holding the same partition, across the batchers that share them', async () => {
    const shared = new BatchPartitions();
    let inFlight: number[][] = [];
    const clashes: number[][] = [];
    const make = () =>
      new StatementBatcher<number, number>({
        runBatch: async (items) => {
          const parts = items.map((i) => i % 4);
          for (const other of inFlight) if (other.some((p) => parts.includes(p))) clashes.push(parts);
          inFlight.push(parts);
          await new Promise((r) => setTimeout(r, 3));
          inFlight = inFlight.filter((x) => x !== parts);
          return items;
        },
        runOne: async (item) => {
          const parts = [item % 4];
          for (const other of inFlight) if (other.includes(parts[0]!)) clashes.push(parts);
          inFlight.push(parts);
          await new Promise((r) => setTimeout(r, 3));
          inFlight = inFlight.filter((x) => x !== parts);
          return item;
        },
        compare: (a, b) => (a % 4) - (b % 4) || a - b,
        maxBatch: 8,
        inFlight: 3,
        queueMax: 100,
        partitions: { of: (i) => i % 4, shared, maxPartitions: 2 },
      });
    const a = make();
    const b = make();
    const items = Array.from({ length: 40 }, (_, i) => i);
    const answers = await Promise.all(items.flatMap((i) => [a.submit(i), b.submit(i + 100)]));
    expect(answers.sort((x, y) => x - y)).toEqual([...items, ...items.map((i) => i + 100)]);
    expect(clashes).toEqual([]);
  });

  it('a batch takes items of at most maxPartitions partitions; the rest leave in the next', async () => {
    const shared = new BatchPartitions();
    const batches: number[][] = [];
    const batcher = new StatementBatcher<number, number>({
      runBatch: async (items) => {
        batches.push(items);
        return items;
      },
      runOne: async (i) => {
        batches.push([i]);
        return i;
      },
      compare: (a, b) => a - b,
      maxBatch: 10,
      inFlight: 4,
      queueMax: 100,
      partitions: { of: (i) => i % 4, shared, maxPartitions: 2 },
    });
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => batcher.submit(i)));
    expect(batches).toEqual([
      [0, 1, 4, 5],
      [2, 3],
    ]);
  });
});
