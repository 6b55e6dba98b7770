// Binding players to partners: by the code at registration, by a tracking link's cookie, by a partner's
// domain; the first binding wins for good; an operator's move is audited with its reason. Also what the auto-redirect
// settings do for a link and a partner's domain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { registerPlayer } from '../helpers/players.ts';
import { admin, auditOf, bo, createPartner, createPlan, expectLedgerClean, playerOf, portal, type Partner, type Staff } from './partners-helpers.ts';

let t: TestApp;
let staff: Staff;
let a: Partner;
let b: Partner;
const PC = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

async function bindingOf(playerId: number) {
  const res = await bo(t, staff, 'GET', `/bindings?player_id=${playerId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data[0] as { partner_id: number; source: string; campaign: string } | undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await admin(t);
  const plan = await createPlan(t, staff);
  a = await createPartner(t, staff, 'agenta01', plan);
  b = await createPartner(t, staff, 'agentb01', plan);
  const dom = await bo(t, staff, 'POST', '/domains', { host: 'Agent-A.Example.com', partner_id: a.id });
  expect(dom.statusCode, dom.body).toBe(200);
  expect(dom.json().data.host).toBe('agent-a.example.com');
});

afterAll(async () => {
  await t?.close();
});

describe('binding at registration', () => {
  it('binds by the partner code typed as the recommended code', async () => {
    const p = await playerOf(t, 'AGENTA01');
    expect(await bindingOf(p.id)).toMatchObject({ partner_id: a.id, source: 'code' });
  });

  it('binds by a tracking link: the click is counted, the cookie set, the visitor sent to registration', async () => {
    const click = await t.app.inject({ method: 'GET', url: '/r/agentb01?sub=spring-fb', headers: { 'user-agent': PC } });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('/register?p=agentb01');
    const ref = click.cookies.find((c) => c.name === 'lh_ref');
    // Signed: the value, a dot and its signature.
    expect(ref?.value).toMatch(/^agentb01\.spring-fb\.[A-Za-z0-9+/=_-]+$/);
    expect(ref?.maxAge).toBe(30 * 24 * 3600);
    expect(ref?.httpOnly).toBe(true);
    const p = await playerOf(t, undefined, { headers: { cookie: `lh_ref=${ref!.value}` } });
    expect(await bindingOf(p.id)).toMatchObject({ partner_id: b.id, source: 'link', campaign: 'spring-fb' });
    // The partner sees the click and the registration on its link.
    await portal(t, b, 'POST', '/links', { campaign: 'spring-fb' });
    const links = await portal(t, b, 'GET', '/links');
    expect(links.json().data).toEqual([expect.objectContaining({ campaign: 'spring-fb', clicks: 1, registrations: 1, first_deposits: 0 })]);
    // The landing page fills in the link's code: a registration carrying the cookie's own code is still the link's.
    const typed = await playerOf(t, 'AGENTB01', { headers: { cookie: `lh_ref=${ref!.value}` } });
    expect(await bindingOf(typed.id)).toMatchObject({ partner_id: b.id, source: 'link', campaign: 'spring-fb' });
    const again = await portal(t, b, 'GET', '/links');
    expect(again.json().data).toEqual([expect.objectContaining({ campaign: 'spring-fb', registrations: 2 })]);
    const phone = await t.app.inject({ method: 'GET', url: '/r/agentb01', headers: { 'user-agent': PHONE } });
    expect(phone.headers.location).toBe('/mobile/f-entry/register?p=agentb01');
  });

  it('an unknown code counts nothing and sets no cookie', async () => {
    const click = await t.app.inject({ method: 'GET', url: '/r/nosuch99', headers: { 'user-agent': PC } });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('/');
    expect(click.cookies.find((c) => c.name === 'lh_ref')).toBeUndefined();
  });

  it("binds by a partner's own domain", async () => {
    const p = await playerOf(t, undefined, { headers: { host: 'agent-a.example.com' } });
    expect(await bindingOf(p.id)).toMatchObject({ partner_id: a.id, source: 'domain' });
  });

  it('the code wins over the cookie and the domain; a player is never bound twice', async () => {
    const p = await playerOf(t, 'agentb01', { headers: { cookie: 'lh_ref=agenta01', host: 'agent-a.example.com' } });
    expect(await bindingOf(p.id)).toMatchObject({ partner_id: b.id, source: 'code' });
    const again = await t.app.services.partners.binding.bindAtRegistration(t.database.db, p.id, {
      partnerCode: 'agenta01',
      refCookie: '',
      host: '',
      ip: '10.0.0.1',
      device: '',
      registeredAt: new Date(),
    });
    expect(again).toBe(false);
    expect(await bindingOf(p.id)).toMatchObject({ partner_id: b.id });
  });

  it('the binding commits with the registration: a crash after the commit does not lose it', async () => {
    // Everything after registration's commit (the player.registered event and its subscribers) fails, as a process
    // dying right after the commit would: the binding was written in the registration's own transaction.
    const events = t.app.services.events;
    const deliver = events.deliver.bind(events);
    events.deliver = async () => {
      throw new Error('the process died after the commit');
    };
    let reg: Awaited<ReturnType<typeof registerPlayer>>;
    try {
      reg = await registerPlayer(t, { extra: { recommended_code: 'agenta01' } });
    } finally {
      events.deliver = deliver;
    }
    expect(reg.res.statusCode).toBe(500);
    const row = await t.database.db.execute<{ id: string }>(sql`select id::text as id from players where account = ${reg.account}`);
    expect(row.rows).toHaveLength(1);
    expect(await bindingOf(Number(row.rows[0]!.id))).toMatchObject({ partner_id: a.id, source: 'code' });
  });

  it('a player without any partner stays unbound; a player referral code still works as before', async () => {
    const p = await playerOf(t, undefined);
    expect(await bindingOf(p.id)).toBeUndefined();
  });
});

describe('operator move', () => {
  it('moves a player with a reason and records before and after', async () => {
    const p = await playerOf(t, 'agenta01');
    const refused = await bo(t, staff, 'POST', '/bindings/move', { player_id: p.id, partner_id: b.id, reason: '' });
    expect(refused.statusCode).toBe(422);
    const res = await bo(t, staff, 'POST', '/bindings/move', { player_id: p.id, partner_id: b.id, reason: 'player asked, proof in ticket 77' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bindingOf(p.id)).toMatchObject({ partner_id: b.id, source: 'operator' });
    const entries = await auditOf(t, staff, 'partners.binding.move');
    expect(entries[0]).toMatchObject({ target: `player:${p.id}`, before: { partner: 'agenta01' }, after: { partner: 'agentb01' } });
  });

  it('a marketing operator may not move players', async () => {
    const { signedInStaff } = await import('../helpers/app.ts');
    const m = await signedInStaff(t, 'partners_mkt', 'marketing');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/partners/bindings/move',
      headers: { authorization: `Bearer ${m.token}` },
      payload: { player_id: 1, partner_id: a.id, reason: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('auto-redirect settings', () => {
  it('off: links land on registration and domains serve the home page', async () => {
    await bo(t, staff, 'PATCH', `/partners/${a.id}`, { landing_url: '/promotions/12', reason: 'campaign landing page' });
    const click = await t.app.inject({ method: 'GET', url: '/r/agenta01', headers: { 'user-agent': PC } });
    expect(click.headers.location).toBe('/register?p=agenta01');
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'agent-a.example.com', 'user-agent': PC } });
    expect(home.statusCode).not.toBe(302);
  });

  it('on for desktops only: a desktop visitor goes to the landing page, a phone does not', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/backoffice/settings',
      headers: staff.headers,
      payload: { auto_redirect_agent_site_pc: 1, auto_redirect_agent_site_mb: 0 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const click = await t.app.inject({ method: 'GET', url: '/r/agenta01', headers: { 'user-agent': PC } });
    expect(click.headers.location).toBe('/promotions/12');
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'agent-a.example.com', 'user-agent': PC } });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/promotions/12');
    const phone = await t.app.inject({ method: 'GET', url: '/mobile/', headers: { host: 'agent-a.example.com', 'user-agent': PHONE } });
    expect(phone.statusCode).not.toBe(302);
    const other = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'www.example.com', 'user-agent': PC } });
    expect(other.statusCode).not.toBe(302);
  });

  it('first visit only: a browser that has been here before is left on the page it asked for', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/backoffice/settings', headers: staff.headers, payload: { auto_redirect_first_visit: 1 } });
    const first = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'agent-a.example.com', 'user-agent': PC } });
    expect(first.statusCode).toBe(302);
    expect(first.cookies.find((c) => c.name === 'lh_visited')?.value).toBe('1');
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'agent-a.example.com', 'user-agent': PC, cookie: 'lh_visited=1' } });
    expect(again.statusCode).not.toBe(302);
  });

  it('leaves the ledger whole', async () => {
    await expectLedgerClean(t);
  });
});
