// A partner's own players: a player registering with the partner's code from an address or a device the partner signed
// in to the portal from earns no CPA until an operator approves it (audited); denied, never. And the tracking cookie
// is signed: a tampered or unsigned lh_ref is ignored (the registration succeeds, unbound), a signed one binds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { freshIp, login, registerPlayer } from '../helpers/players.ts';
import type { ProviderBet } from '../../src/server/integrations/games/provider.ts';
import { settlePeriod } from '../../src/server/modules/partners/settlement.ts';
import { periodAt } from '../../src/server/modules/partners/periods.ts';
import { admin, auditOf, bo, createPartner, createPlan, expectLedgerClean, money, portal, type Partner, type Staff } from './partners-helpers.ts';

let t: TestApp;
let staff: Staff;
const provider = new FakeProvider();
let A: Partner;
const month = periodAt('month', new Date());
const PARTNER_IP = '203.0.113.7';
const PARTNER_DEVICE = 'ab'.repeat(16);
const announced: Array<{ playerId: number; partnerId: number; kinds: string[] }> = [];
const players: Record<'sameIp' | 'sameDevice' | 'other', number> = { sameIp: 0, sameDevice: 0, other: 0 };

let seq = 0;
function bet(id: number): void {
  seq += 1;
  const at = new Date();
  const b: ProviderBet = {
    betId: `OP${seq}`,
    player: `p${id}`,
    game: 'ocean',
    gameType: 'fish',
    stakeMinor: 50_000n,
    payoutMinor: 10_000n,
    status: 'settled',
    placedAt: at,
    settledAt: at,
    version: 1,
    detail: {},
  };
  provider.recordBet('SLX', b, -40_000n);
}

/** A player of A's code registered from the given address and device, who reaches the CPA's thresholds. */
async function qualifyingPlayer(ip: string, device?: string): Promise<number> {
  const reg = await registerPlayer(t, { ip, extra: { recommended_code: 'ownagent1' }, headers: device ? { 'x-device-fp': device } : {} });
  expect(reg.res.statusCode, reg.res.body).toBe(200);
  const token = (await login(t, reg.account, reg.password)).json<{ data: { access_token: string } }>().data.access_token;
  const headers = { authorization: `Bearer ${token}` };
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  const id = me.json<{ data: { id: number } }>().data.id;
  await t.app.services.wallet.adjustCentral({ playerId: id, amountMinor: 300_000n, memo: 'fixture funds', idempotencyKey: `fixture-${id}` });
  const moved = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers, payload: { money: '3000.00' } });
  expect(moved.statusCode, moved.body).toBe(200);
  await money(t, 'deposit', id, 100_000n, `op-dep-${id}`);
  bet(id);
  return id;
}

const cpaOfA = async () => {
  await settlePeriod(t.database.db, month.key);
  const res = await portal(t, A, 'GET', '/statements');
  const s = res
    .json<{ data: { data: Array<{ period: string; figures: { cpa_players: number; cpa: string } }> } }>()
    .data.data.find((x) => x.period === month.key);
  return s?.figures;
};

beforeAll(async () => {
  t = await createTestApp({}, { provider });
  staff = await admin(t);
  const plan = await createPlan(t, staff);
  A = await createPartner(t, staff, 'ownagent1', plan);
  // The partner signs in to the portal again from its own address with its own browser.
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/agent/login',
    payload: { account: 'ownagent1', password: A.password },
    remoteAddress: PARTNER_IP,
    headers: { 'x-device-fp': PARTNER_DEVICE },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  // What the domain announces for the risk domain, as it is published.
  const events = t.app.services.events;
  const publish = events.publish.bind(events);
  events.publish = async (tx, name, payload) => {
    if (name === 'partner.own_player_suspected') announced.push(payload as (typeof announced)[number]);
    return publish(tx, name, payload);
  };
  players.sameIp = await qualifyingPlayer(PARTNER_IP);
  players.sameDevice = await qualifyingPlayer(freshIp(), PARTNER_DEVICE);
  players.other = await qualifyingPlayer(freshIp(), 'cd'.repeat(16));
  await t.app.services.bets.ingest('SLX');
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe("a partner's own players", () => {
  it('are put up for a decision with what they share with the partner’s sign-ins', async () => {
    const res = await bo(t, staff, 'GET', `/own-players?partner_id=${A.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: { data: Array<{ player_id: number; kinds: string[]; status: string }> } }>().data.data;
    expect(rows.map((r) => [r.player_id, r.kinds, r.status]).sort()).toEqual(
      [
        [players.sameIp, ['ip'], 'pending'],
        [players.sameDevice, ['device'], 'pending'],
      ].sort(),
    );
  });

  it('are announced to the risk domain as suspected own players (the event after registration)', () => {
    expect(announced.sort((a, b) => a.playerId - b.playerId)).toEqual(
      [
        { playerId: players.sameIp, partnerId: A.id, kinds: ['ip'] },
        { playerId: players.sameDevice, partnerId: A.id, kinds: ['device'] },
      ].sort((a, b) => a.playerId - b.playerId),
    );
  });

  it('earn no CPA while the decision waits: only the other player’s 50.00 is counted', async () => {
    expect(await cpaOfA()).toMatchObject({ cpa_players: 1, cpa: '50.00' });
  });

  it('approved, the player earns the CPA; denied, never; both audited in words', async () => {
    const refused = await bo(t, staff, 'POST', `/own-players/${players.sameIp}/approve`, { reason: '' });
    expect(refused.statusCode).toBe(422);
    const ok = await bo(t, staff, 'POST', `/own-players/${players.sameIp}/approve`, { reason: 'a cousin, ID checked' });
    expect(ok.statusCode, ok.body).toBe(200);
    const no = await bo(t, staff, 'POST', `/own-players/${players.sameDevice}/deny`, { reason: 'the partner’s own phone' });
    expect(no.statusCode, no.body).toBe(200);
    const again = await bo(t, staff, 'POST', `/own-players/${players.sameDevice}/approve`, { reason: 'changed my mind' });
    expect(again.statusCode).toBe(422);
    expect(await cpaOfA()).toMatchObject({ cpa_players: 2, cpa: '100.00' });
    const [approved] = await auditOf(t, staff, 'partners.own_player.approve');
    expect(approved).toMatchObject({ target: `player:${players.sameIp}`, before: { status: 'pending' }, after: { status: 'approved' } });
    const [denied] = await auditOf(t, staff, 'partners.own_player.deny');
    expect(denied).toMatchObject({ target: `player:${players.sameDevice}`, before: { status: 'pending' }, after: { status: 'denied' } });
  });

  it('an anonymous caller is refused before validation', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/backoffice/partners/own-players/${players.sameIp}/approve`, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('the signed tracking cookie', () => {
  const bindingOf = async (playerId: number) => {
    const res = await bo(t, staff, 'GET', `/bindings?player_id=${playerId}`);
    return res.json<{ data: { data: Array<{ partner_id: number; source: string; campaign: string }> } }>().data.data[0];
  };
  const registerWith = async (cookie: string) => {
    const reg = await registerPlayer(t, { headers: { cookie: `lh_ref=${cookie}` } });
    expect(reg.res.statusCode, reg.res.body).toBe(200);
    const token = (await login(t, reg.account, reg.password)).json<{ data: { access_token: string } }>().data.access_token;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    return me.json<{ data: { id: number } }>().data.id;
  };

  it('a signed cookie binds with its campaign; a tampered or unsigned one is ignored without an error', async () => {
    const click = await t.app.inject({ method: 'GET', url: '/r/ownagent1?sub=spring' });
    const signed = click.cookies.find((c) => c.name === 'lh_ref')!.value;
    expect(signed).not.toBe('ownagent1.spring');
    expect(await bindingOf(await registerWith(signed))).toMatchObject({ partner_id: A.id, source: 'link', campaign: 'spring' });
    const tampered = signed.replace('spring', 'summer');
    expect(await bindingOf(await registerWith(tampered))).toBeUndefined();
    expect(await bindingOf(await registerWith('ownagent1.spring'))).toBeUndefined();
  });

  it('leaves the ledger whole', async () => {
    await expectLedgerClean(t);
  });
});
