// The red-packet claim batcher (src/server/modules/redpacket/claim-batcher.ts) on its own, with a stand-in for the
// database's batch: batches on their way at once never share a house account (a journal locks its house and its
// ledger_daily_totals shard, both by player % 16, until the batch commits), a rush's batches take a few houses each,
// every claim is answered once, and a few claims waiting while nothing is in flight still leave in one batch.
import { describe, expect, it } from 'vitest';
import { CLAIM_BATCHES_IN_FLIGHT, ClaimBatcher, RUSH_HOUSES_PER_BATCH, type BatchClaim } from '../../src/server/modules/redpacket/claim-batcher.ts';
import { CLAIM_BATCH_MAX, type ClaimOutcome } from '../../src/server/modules/redpacket/repository.ts';

function standIn() {
  const batches: BatchClaim[][] = [];
  const running = new Set<BatchClaim[]>();
  const overlaps: number[] = [];
  let most = 0;
  const batcher = new ClaimBatcher(async (_roundId, claims) => {
    batches.push(claims);
    const houses = new Set(claims.map((c) => c.houseAccountId));
    for (const other of running) for (const c of other) if (houses.has(c.houseAccountId)) overlaps.push(c.houseAccountId);
    running.add(claims);
    most = Math.max(most, running.size);
    // A few turns of the event loop, as a statement's round trip takes.
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    running.delete(claims);
    return new Map(claims.map((c) => [c.playerId, { outcome: 'empty' } as ClaimOutcome]));
  });
  return { batcher, batches, overlaps, most: () => most };
}

describe('the claim batcher', () => {
  it('never has two batches of one house account on their way at once, and answers every claim once', async () => {
    const { batcher, batches, overlaps, most } = standIn();
    // 400 players over 16 house accounts (player % 16, as the ledger shards them), all claiming in one turn.
    const claims = Array.from({ length: 400 }, (_, i) => ({ playerId: 1000 + i, houseAccountId: 50 + (i % 16) }));
    const answers = await Promise.all(claims.map((c) => batcher.claim(7, c) as Promise<ClaimOutcome>));
    expect(answers.every((a) => a.outcome === 'empty')).toBe(true);
    expect(overlaps).toEqual([]);
    expect(most()).toBeGreaterThan(1);
    expect(most()).toBeLessThanOrEqual(CLAIM_BATCHES_IN_FLIGHT);
    const sent = batches
      .flat()
      .map((c) => c.playerId)
      .sort((a, b) => a - b);
    expect(sent).toEqual(claims.map((c) => c.playerId));
    for (const b of batches) {
      expect(b.length).toBeLessThanOrEqual(CLAIM_BATCH_MAX);
      // The first batches leave while the queue holds the whole rush: a few houses each, full.
      expect(new Set(b.map((c) => c.houseAccountId)).size).toBeLessThanOrEqual(RUSH_HOUSES_PER_BATCH);
    }
    expect(batches[0]!.length).toBe(CLAIM_BATCH_MAX);
    expect(batcher.queued).toBe(0);
  });

  it('sends a player twice in separate batches, and a few claims of many houses together', async () => {
    const { batcher, batches } = standIn();
    const few = Array.from({ length: 6 }, (_, i) => ({ playerId: 2000 + i, houseAccountId: 80 + i }));
    const twice = { playerId: 2000, houseAccountId: 80 };
    await Promise.all([...few, twice].map((c) => batcher.claim(8, c) as Promise<ClaimOutcome>));
    expect(batches.map((b) => b.length)).toEqual([6, 1]);
    expect(batches[1]).toEqual([twice]);
  });
});
