import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import type { ProviderBet } from '../../src/server/integrations/games/provider.ts';

let t: TestApp;
const provider = new FakeProvider();
beforeAll(async () => {
  t = await createTestApp({}, { provider });
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
function bet(player: string, over: Partial<ProviderBet> = {}): ProviderBet {
  seq++;
  return {
    betId: `B${seq}`,
    player,
    game: 'lucky-7',
    gameType: 'slots',
    stakeMinor: 100n,
    payoutMinor: 0n,
    status: 'settled',
    placedAt: new Date(),
    settledAt: new Date(),
    version: 1,
    detail: {},
    ...over,
  };
}

/** A funded player with money at SLX, as if they had transferred in before playing. */
async function playerAtSlx(centralMinor: bigint, inMinor: bigint) {
  const p = await seedPlayer(t, { centralMinor });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/players/deposit/SLX',
    headers: p.headers,
    payload: { money: (Number(inMinor) / 100).toFixed(2) },
  });
  expect(res.json().data.status).toBe('applied');
  return { ...p, providerPlayer: `p${p.playerId}` };
}

async function platformLedger(playerId: number): Promise<bigint> {
  const r = await t.database.db.execute<{ b: string }>(
    sql`select balance_minor::text as b from accounts where player_id = ${playerId} and kind = 'platform' and ref = 'SLX'`,
  );
  return BigInt(r.rows[0]?.b ?? '0');
}

describe('bet ingestion', () => {
  it('stores bets once, mirrors them in the ledger, and agrees with the provider', async () => {
    const p = await playerAtSlx(10_000n, 5_000n);
    const won = bet(p.providerPlayer, { stakeMinor: 200n, payoutMinor: 700n });
    const lost = bet(p.providerPlayer, { stakeMinor: 300n });
    provider.recordBet('SLX', won, 500n);
    provider.recordBet('SLX', lost, -300n);
    const first = await t.app.services.bets.ingest('SLX');
    expect(first).toMatchObject({ inserted: 2, unchanged: 0 });
    expect(await platformLedger(p.playerId)).toBe(5_200n);
    expect(provider.balances.get(`SLX:${p.providerPlayer}`)).toBe(5_200n);
    // Reading the same page again from an old cursor changes nothing.
    await t.database.db.execute(sql`update ingestion_cursors set cursor = '' where gp_code = 'SLX'`);
    const again = await t.app.services.bets.ingest('SLX');
    expect(again.inserted).toBe(0);
    expect(again.updated).toBe(0);
    expect(await platformLedger(p.playerId)).toBe(5_200n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('applies a correction in place, keeps the history, and moves only the difference', async () => {
    const p = await playerAtSlx(10_000n, 2_000n);
    const original = bet(p.providerPlayer, { stakeMinor: 100n, payoutMinor: 1_000n });
    provider.recordBet('SLX', original, 900n);
    await t.app.services.bets.ingest('SLX');
    provider.recordBet('SLX', { ...original, payoutMinor: 400n, version: 2 }, -600n);
    const r = await t.app.services.bets.ingest('SLX');
    expect(r.updated).toBe(1);
    const rows = await t.database.db.execute<{ payout: string; version: number; history: number }>(sql`
      select b.payout_minor::text as payout, b.version, (select count(*)::int from bet_record_history h where h.bet_record_id = b.id) as history
      from bet_records b where b.bet_id = ${original.betId}`);
    expect(rows.rows[0]).toMatchObject({ payout: '400', version: 2, history: 1 });
    expect(await platformLedger(p.playerId)).toBe(2_300n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('keeps its cursor when a provider fails mid-page and resumes without loss or duplication', async () => {
    const p = await playerAtSlx(10_000n, 3_000n);
    for (let i = 0; i < 5; i++) provider.recordBet('SLX', bet(p.providerPlayer, { stakeMinor: 100n }), -100n);
    const before = await t.database.db.execute<{ c: string }>(sql`select cursor as c from ingestion_cursors where gp_code = 'SLX'`);
    provider.failBetLogAfter = 2;
    const failed = await t.app.services.bets.ingest('SLX');
    expect(failed.error).toBe('INTERNAL');
    const after = await t.database.db.execute<{ c: string; e: string }>(sql`select cursor as c, last_error as e from ingestion_cursors where gp_code = 'SLX'`);
    expect(after.rows[0]!.c).toBe(before.rows[0]!.c);
    expect(after.rows[0]!.e).toBe('INTERNAL');
    const resumed = await t.app.services.bets.ingest('SLX');
    expect(resumed.inserted).toBe(5);
    const count = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from bet_records where player_id = ${p.playerId}`);
    expect(count.rows[0]!.n).toBe(5);
    expect(await platformLedger(p.playerId)).toBe(2_500n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('advances the bet target of the activity wallet that funded the platform', async () => {
    const p = await seedPlayer(t, { centralMinor: 0n });
    const wallet = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: '首存紅利',
      amountMinor: 5_000n,
      bonusBetMinor: 1_000n,
      idempotencyKey: `g-${p.playerId}`,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/players/deposit/SLX',
      headers: p.headers,
      payload: { money: '50.00', player_bonus_wallet_id: wallet.id },
    });
    expect(res.json().data.status).toBe('applied');
    for (let i = 0; i < 4; i++) provider.recordBet('SLX', bet(`p${p.playerId}`, { stakeMinor: 300n }), -300n);
    await t.app.services.bets.ingest('SLX');
    const me = await t.app.inject({ url: '/api/auth/me', headers: p.headers });
    const w = me.json().data.player_bonus_wallet.find((x: { id: number }) => x.id === wallet.id);
    expect(w.bonus_now_bet).toBe('12.00');
    expect(w.is_unlock).toBe(true);
    const records = await t.app.inject({ url: '/api/players/bet/records?code=SLX', headers: p.headers });
    expect(records.json().data.total).toBe(4);
    expect(records.json().data.totals).toMatchObject({ stake: '12.00', valid_bet: '12.00', win_loss: '-12.00' });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('waits to post a stake whose funding transfer has not settled here yet', async () => {
    const p = await seedPlayer(t, { centralMinor: 1_000n });
    provider.mode = 'timeout-after-apply';
    const res = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '10.00' } });
    provider.mode = 'normal';
    expect(res.json().data.status).toBe('pending');
    provider.recordBet('SLX', bet(`p${p.playerId}`, { stakeMinor: 400n, status: 'open', payoutMinor: 0n, settledAt: null }), -400n);
    await t.app.services.bets.ingest('SLX');
    expect(await platformLedger(p.playerId)).toBe(0n);
    await t.database.db.execute(sql`update platform_transfers set next_check_at = now()`);
    await t.app.services.wallet.reconcile();
    await t.app.services.bets.postLedger();
    expect(await platformLedger(p.playerId)).toBe(600n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('stores a page with duplicates, corrections and stale versions as one-by-one storing would', async () => {
    const p = await playerAtSlx(10_000n, 5_000n);
    const a = bet(p.providerPlayer, { stakeMinor: 100n, payoutMinor: 0n });
    const b = bet(p.providerPlayer, { stakeMinor: 200n, payoutMinor: 500n });
    const c = bet(p.providerPlayer, { stakeMinor: 50n, payoutMinor: 0n, status: 'open', settledAt: null });
    provider.recordBet('SLX', a, -100n);
    provider.recordBet('SLX', b, 300n);
    provider.recordBet('SLX', a, 0n);
    provider.recordBet('SLX', { ...a, payoutMinor: 300n, version: 2 }, 300n);
    provider.recordBet('SLX', b, 0n);
    provider.recordBet('SLX', a, 0n);
    provider.recordBet('SLX', { ...a, payoutMinor: 250n, version: 3 }, -50n);
    provider.recordBet('SLX', c, -50n);
    const r = await t.app.services.bets.ingest('SLX');
    expect(r).toMatchObject({ inserted: 3, updated: 2, unchanged: 3 });
    const rows = await t.database.db.execute<{ bet_id: string; payout: string; version: number; history: string }>(sql`
      select b.bet_id, b.payout_minor::text as payout, b.version,
        (select string_agg(h.version::text, ',' order by h.version) from bet_record_history h where h.bet_record_id = b.id) as history
      from bet_records b where b.player_id = ${p.playerId} order by b.id`);
    expect(rows.rows).toEqual([
      { bet_id: a.betId, payout: '250', version: 3, history: '1,2' },
      { bet_id: b.betId, payout: '500', version: 1, history: null },
      { bet_id: c.betId, payout: '0', version: 1, history: null },
    ]);
    expect(await platformLedger(p.playerId)).toBe(5_000n + 150n + 300n - 50n);
    expect(await platformLedger(p.playerId)).toBe(provider.balances.get(`SLX:${p.providerPlayer}`));
    // The same page read again changes nothing.
    await t.database.db.execute(sql`update ingestion_cursors set cursor = '' where gp_code = 'SLX'`);
    const again = await t.app.services.bets.ingest('SLX');
    expect(again).toMatchObject({ inserted: 0, updated: 0 });
    expect(await platformLedger(p.playerId)).toBe(5_400n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('posts what is funded and lets an unfunded stake wait, in the same page', async () => {
    const funded = await playerAtSlx(10_000n, 1_000n);
    const unfunded = await seedPlayer(t, { centralMinor: 1_000n });
    provider.mode = 'timeout-after-apply';
    const res = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: unfunded.headers, payload: { money: '10.00' } });
    provider.mode = 'normal';
    expect(res.json().data.status).toBe('pending');
    provider.recordBet('SLX', bet(funded.providerPlayer, { stakeMinor: 100n }), -100n);
    provider.recordBet('SLX', bet(`p${unfunded.playerId}`, { stakeMinor: 400n }), -400n);
    provider.recordBet('SLX', bet(funded.providerPlayer, { stakeMinor: 100n, payoutMinor: 300n }), 200n);
    const r = await t.app.services.bets.ingest('SLX');
    expect(r.inserted).toBe(3);
    expect(await platformLedger(funded.playerId)).toBe(1_100n);
    expect(await platformLedger(unfunded.playerId)).toBe(0n);
    const due = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bet_records where player_id = ${unfunded.playerId} and ledger_version < version`,
    );
    expect(due.rows[0]!.n).toBe(1);
    await t.database.db.execute(sql`update platform_transfers set next_check_at = now()`);
    await t.app.services.wallet.reconcile();
    await t.app.services.bets.postLedger();
    expect(await platformLedger(unfunded.playerId)).toBe(600n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('stores nothing of a page that fails part-way through and stores it once when read again', async () => {
    const p = await playerAtSlx(10_000n, 3_000n);
    const cursorBefore = (await t.database.db.execute<{ c: string }>(sql`select cursor as c from ingestion_cursors where gp_code = 'SLX'`)).rows[0]?.c ?? '';
    const good = [bet(p.providerPlayer, { stakeMinor: 100n }), bet(p.providerPlayer, { stakeMinor: 200n, payoutMinor: 500n })];
    // A bet id longer than the column allows makes the database refuse the page's insert.
    const broken = bet(p.providerPlayer, { stakeMinor: 300n, betId: `X${'9'.repeat(80)}` });
    const last = bet(p.providerPlayer, { stakeMinor: 400n });
    provider.recordBet('SLX', good[0]!, -100n);
    provider.recordBet('SLX', good[1]!, 300n);
    provider.recordBet('SLX', broken, -300n);
    provider.recordBet('SLX', last, -400n);
    await expect(t.app.services.bets.ingest('SLX')).rejects.toThrow();
    const stored = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from bet_records where player_id = ${p.playerId}`);
    expect(stored.rows[0]!.n).toBe(0);
    const journals = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journals where kind = 'game_result' and player_id = ${p.playerId}`,
    );
    expect(journals.rows[0]!.n).toBe(0);
    expect((await t.database.db.execute<{ c: string }>(sql`select cursor as c from ingestion_cursors where gp_code = 'SLX'`)).rows[0]?.c ?? '').toBe(
      cursorBefore,
    );
    expect(await platformLedger(p.playerId)).toBe(3_000n);
    // The provider repairs its record; the next run reads the same page again and stores every record once.
    const log = provider.betLogs.get('SLX')!;
    log[log.indexOf(broken)] = { ...broken, betId: `X${seq}` };
    const resumed = await t.app.services.bets.ingest('SLX');
    expect(resumed.inserted).toBe(4);
    expect(await platformLedger(p.playerId)).toBe(3_000n - 100n + 300n - 300n - 400n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
