// The red-packet claim in one statement (src/server/modules/redpacket/sql/red_packet_claim.sql): the journal it
// writes is the one the application's ledger would write for the same command (same key, same request hash),
// the central-wallet target, the gate's slow path for players with limits, eligibility met, and the number of
// statements a claim sends.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { requestHash } from '../../src/server/ledger/ledger.ts';
import { betRecords, depositOrders, redPackets } from '../../src/server/db/schema.ts';
import { claimPackets } from '../../src/server/modules/redpacket/repository.ts';

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = (await signedInStaff(t, 'rppath', 'admin')).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function schedule(over: Record<string, unknown> = {}): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/red-packets/rounds',
    headers: { authorization: `Bearer ${staffToken}` },
    payload: {
      title: '一次往返',
      title_en: 'One trip',
      starts_at: iso(-1000),
      ends_at: iso(10 * 60_000),
      pool: '100.00',
      packet_count: 10,
      min_packet: '1.00',
      max_packet: '20.00',
      min_level: 0,
      lookback_days: 0,
      min_deposit: '0',
      min_valid_bet: '0',
      flow_multiple: 2,
      approval_ceiling: '1000.00',
      position: 'left',
      picture_id: null,
      show_page_type: 0,
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const claim = (roundId: number, playerId: number) => t.app.services.redpacket.claim(playerId, roundId, 'en');

async function packetOf(roundId: number, playerId: number) {
  return (await t.database.db.select().from(redPackets).where(eq(redPackets.roundId, roundId))).find((p) => p.playerId === playerId);
}

async function journal(id: number) {
  const res = await t.database.db.execute<{ kind: string; idempotency_key: string; request_hash: Buffer | Uint8Array; ref: string; memo: string }>(
    sql`select kind, idempotency_key, request_hash, ref, memo from journals where id = ${id}`,
  );
  const postings = await t.database.db.execute<{ account_id: string | number; amount_minor: string | number }>(
    sql`select account_id, amount_minor from postings where journal_id = ${id} order by account_id`,
  );
  return { ...res.rows[0]!, postings: postings.rows.map((l) => ({ accountId: Number(l.account_id), amountMinor: BigInt(l.amount_minor) })) };
}

describe('red_packet_claim', () => {
  it('writes the journal the ledger would: same key, request hash, postings and activity wallet', async () => {
    const id = await schedule();
    const p = await seedPlayer(t);
    const res = await claim(id, p.playerId);
    expect(res.view.status).toBe('approved');
    const packet = (await packetOf(id, p.playerId))!;
    expect(packet).toMatchObject({ status: 'approved', reviewedBy: null });
    expect(packet.walletId).not.toBeNull();
    const j = await journal(packet.journalId!);
    expect(j.kind).toBe('red_packet');
    expect(j.idempotency_key).toBe(`red_packet:${id}:${packet.id}:${p.playerId}`);
    expect(j.ref).toBe(String(packet.walletId));
    expect(j.memo).toBe('紅包雨 一次往返');
    const request = { roundId: id, packetId: packet.id, playerId: p.playerId, amountMinor: packet.amountMinor.toString() };
    expect(Buffer.from(j.request_hash).equals(requestHash({ kind: 'red_packet', request, postings: j.postings }))).toBe(true);
    const wallet = await t.database.db.execute<{ bonus_bet_minor: string | number; name_en: string }>(
      sql`select bonus_bet_minor, name_en from bonus_wallets where id = ${packet.walletId}`,
    );
    expect(BigInt(wallet.rows[0]!.bonus_bet_minor)).toBe(packet.amountMinor * 2n);
    expect(wallet.rows[0]!.name_en).toBe('Red packet One trip');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('pays straight into the central wallet when the bet-flow multiple is 0', async () => {
    const id = await schedule({ flow_multiple: 0 });
    const p = await seedPlayer(t);
    await claim(id, p.playerId);
    const packet = (await packetOf(id, p.playerId))!;
    expect(packet).toMatchObject({ status: 'approved', walletId: null });
    const j = await journal(packet.journalId!);
    expect(j.ref).toBe(`red_packet:${packet.id}`);
    const central = await t.app.services.wallet.accounts.playerAccount(p.playerId, 'central');
    expect(j.postings.find((l) => l.accountId === central)?.amountMinor).toBe(packet.amountMinor);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('asks the full gate for a player with a limit: room left claims, a used-up limit refuses with its reason', async () => {
    const id = await schedule();
    const roomy = await seedPlayer(t);
    await t.app.services.protection.setLimit(roomy.playerId, 'wager', 'day', 100_000n);
    expect((await claim(id, roomy.playerId)).view.status).toBe('approved');

    const spent = await seedPlayer(t);
    await t.app.services.protection.setLimit(spent.playerId, 'wager', 'day', 10_000n);
    const now = new Date();
    await t.database.db.insert(betRecords).values({
      gpCode: 'SLX',
      betId: `RPW${Date.now().toString(36)}`,
      playerId: spent.playerId,
      game: 'g',
      gameType: 'slot',
      stakeMinor: 10_000n,
      payoutMinor: 0n,
      validBetMinor: 10_000n,
      status: 'settled',
      version: 1,
      ledgerVersion: 1,
      placedAt: now,
      settledAt: now,
    });
    await expect(claim(id, spent.playerId)).rejects.toMatchObject({ code: 'protection_limit' });
    expect(await packetOf(id, spent.playerId)).toBeUndefined();
  });

  it('admits a player whose deposits over the lookback meet the round, and only then', async () => {
    const id = await schedule({ lookback_days: 7, min_deposit: '100.00' });
    const p = await seedPlayer(t);
    await expect(claim(id, p.playerId)).rejects.toMatchObject({ code: 'red_packet_ineligible' });
    const old = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
    await t.database.db.insert(depositOrders).values({
      id: `DPrp${Date.now().toString(36)}a`,
      playerId: p.playerId,
      method: 'bank_transfer',
      amountMinor: 50_000n,
      status: 'paid',
      paidAt: old,
      playerRef: 't',
    });
    await expect(claim(id, p.playerId)).rejects.toMatchObject({ code: 'red_packet_ineligible' });
    await t.database.db.insert(depositOrders).values({
      id: `DPrp${Date.now().toString(36)}b`,
      playerId: p.playerId,
      method: 'bank_transfer',
      amountMinor: 10_000n,
      status: 'paid',
      paidAt: new Date(),
      playerRef: 't',
    });
    expect((await claim(id, p.playerId)).view.status).toBe('approved');
  });

  it('sends one statement per claim once the round and the house account are known', async () => {
    const id = await schedule();
    const p = await seedPlayer(t);
    const warm = await seedPlayer(t);
    await claim(id, warm.playerId);
    await t.app.services.wallet.accounts.houseAccount('bonus', p.playerId);
    const db = t.database.db;
    const spies = (['execute', 'select', 'insert', 'update', 'delete', 'transaction'] as const).map((m) => vi.spyOn(db, m));
    try {
      expect((await claim(id, p.playerId)).view.status).toBe('approved');
      // The realtime publisher's pg_notify (PostgreSQL without a Redis adapter) tells the player's pages after the
      // claim; it is no part of the claim's own statements.
      const text = (c: unknown[]) => JSON.stringify((c[0] as { queryChunks?: unknown[] }).queryChunks ?? '');
      const claimStatements = spies[0]!.mock.calls.filter((c) => !text(c).includes('pg_notify('));
      expect(claimStatements.map(text)[0]).toContain('red_packet_claim_batch(');
      expect([claimStatements.length, ...spies.slice(1).map((s) => s.mock.calls.length)]).toEqual([1, 0, 0, 0, 0, 0]);
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });
  it('refuses the claims of a round a batch found empty for a second without a statement, then asks the database again', async () => {
    const id = await schedule({ pool: '2.00', packet_count: 1, min_packet: '1.00', max_packet: '2.00' });
    const first = await seedPlayer(t);
    const second = await seedPlayer(t);
    const third = await seedPlayer(t);
    expect((await claim(id, first.playerId)).view.status).toBe('approved');
    await expect(claim(id, second.playerId)).rejects.toMatchObject({ code: 'red_packet_empty' });
    await t.app.services.wallet.accounts.houseAccount('bonus', third.playerId);
    const spy = vi.spyOn(t.database.db, 'execute');
    try {
      await expect(claim(id, third.playerId)).rejects.toMatchObject({ code: 'red_packet_empty' });
      expect(spy.mock.calls).toHaveLength(0);
      // A second on, the database is asked again: the packet freed meanwhile (as by a batch that rolled back) is taken.
      await t.database.db
        .update(redPackets)
        .set({ playerId: null, status: 'unclaimed', claimedAt: null, walletId: null, journalId: null })
        .where(eq(redPackets.roundId, id));
      const clock = vi.spyOn(t.app.services.redpacket, 'now').mockImplementation(() => Date.now() + 1_500);
      try {
        expect((await claim(id, third.playerId)).view.status).toBe('approved');
      } finally {
        clock.mockRestore();
      }
      expect(
        spy.mock.calls.map((c) => JSON.stringify((c[0] as { queryChunks?: unknown[] }).queryChunks ?? '')).some((x) => x.includes('red_packet_claim_batch(')),
      ).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('pays a batch from one house shard, so batches on their way at once lock no house row in common', async () => {
    const id = await schedule();
    const warm = await seedPlayer(t);
    await claim(id, warm.playerId);
    const group = [];
    for (let i = 0; i < 6; i++) group.push(await seedPlayer(t));
    const houses = new Set<number>();
    for (const p of group) houses.add(await t.app.services.wallet.accounts.houseAccount('bonus', p.playerId));
    expect(houses.size).toBeGreaterThan(1);
    const answers = await Promise.all(group.map((p) => claim(id, p.playerId)));
    const journalIds = [];
    for (const p of group) journalIds.push((await packetOf(id, p.playerId))!.journalId!);
    const payers = await t.database.db.execute<{ account_id: string | number }>(
      sql`select distinct account_id from postings where journal_id in ${journalIds} and amount_minor < 0`,
    );
    expect(payers.rows).toHaveLength(1);
    expect(houses.has(Number(payers.rows[0]!.account_id))).toBe(true);
    expect(answers.every((a) => a.view.status === 'approved')).toBe(true);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('takes and pays the claims arriving together in one statement, each player their own packet', async () => {
    const id = await schedule();
    const warm = await seedPlayer(t);
    await claim(id, warm.playerId);
    const group = [];
    for (let i = 0; i < 6; i++) group.push(await seedPlayer(t));
    for (const p of group) await t.app.services.wallet.accounts.houseAccount('bonus', p.playerId);
    const spy = vi.spyOn(t.database.db, 'execute');
    try {
      const answers = await Promise.all(group.map((p) => claim(id, p.playerId)));
      const text = (c: unknown[]) => JSON.stringify((c[0] as { queryChunks?: unknown[] }).queryChunks ?? '');
      const batches = spy.mock.calls.map(text).filter((x) => x.includes('red_packet_claim_batch('));
      expect(batches).toHaveLength(1);
      expect(new Set(answers.map((a) => a.view.id)).size).toBe(group.length);
      for (const [i, p] of group.entries()) {
        const row = await packetOf(id, p.playerId);
        expect(row?.id).toBe(answers[i]!.view.id);
        expect(row?.status).toBe('approved');
      }
    } finally {
      spy.mockRestore();
    }
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('answers claimed, and undoes only that player, when a batch meets the same player taken by another at once', async () => {
    const id = await schedule();
    const p = await seedPlayer(t);
    const other = await seedPlayer(t);
    const house = await t.app.services.wallet.accounts.houseAccount('bonus', p.playerId);
    const otherHouse = await t.app.services.wallet.accounts.houseAccount('bonus', other.playerId);
    const q = { roundId: id, lookbackSince: new Date(0), name: 'x', nameEn: 'x' };
    // Two statements on two connections: neither sees the other's packet before it commits, so one meets the
    // per-player index and must answer 'claimed' for that player while still paying the other.
    const [a, b] = await Promise.all([
      claimPackets(t.database.db, { ...q, players: [{ playerId: p.playerId, houseAccountId: house }] }),
      claimPackets(t.database.db, {
        ...q,
        players: [
          { playerId: p.playerId, houseAccountId: house },
          { playerId: other.playerId, houseAccountId: otherHouse },
        ],
      }),
    ]);
    const outcomes = [a.get(p.playerId)!.outcome, b.get(p.playerId)!.outcome].sort();
    expect(outcomes).toEqual(['claimed', 'paid']);
    expect(b.get(other.playerId)!.outcome).toBe('paid');
    const rows = await t.database.db.select().from(redPackets).where(eq(redPackets.playerId, p.playerId));
    expect(rows.filter((r) => r.roundId === id)).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
