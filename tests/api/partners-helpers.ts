// Shared steps of the partners API tests: a plan and partners made through the back office, partners signed
// in to the portal, players registered with a partner's code, and money and bets of a fixture written through the
// same paths production uses (journals through the ledger, bets through ingestion).
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { signedInStaff, type TestApp } from '../helpers/app.ts';
import { freshIp, login, registerPlayer } from '../helpers/players.ts';
import { postJournal } from '../../src/server/ledger/ledger.ts';
import { AccountDirectory } from '../../src/server/ledger/accounts.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import type { JournalKind } from '../../src/shared/journal-kinds.ts';

export const STANDARD_PLAN = {
  name: 'Standard',
  period_kind: 'month',
  carry_over: true,
  payment_fee_bp: 100,
  is_default: true,
  tiers: [
    { min_ngr: '0', min_active_players: 1, rate_bp: 2000 },
    { min_ngr: '500.00', min_active_players: 2, rate_bp: 3000 },
  ],
  cpa: { amount: '50.00', min_first_deposit: '300.00', min_valid_bet: '200.00', within_days: 30 },
  platform_fees: [{ game_group: 'slots', fee_bp: 1000 }],
};

export interface Staff {
  token: string;
  headers: Record<string, string>;
}

export async function admin(t: TestApp, name = 'partners_admin'): Promise<Staff> {
  const s = await signedInStaff(t, name, 'admin');
  return { token: s.token, headers: { authorization: `Bearer ${s.token}` } };
}

export async function bo(
  t: TestApp,
  staff: Staff,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url: `/api/backoffice/partners${url}`, headers: staff.headers, payload: payload as Record<string, unknown> | undefined });
}

export async function createPlan(t: TestApp, staff: Staff, plan: Record<string, unknown> = STANDARD_PLAN): Promise<number> {
  const res = await bo(t, staff, 'POST', '/plans', plan);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

export interface Partner {
  id: number;
  account: string;
  password: string;
  cookie: string;
}

/** A partner made by an operator, signed in to the portal with its first password. */
export async function createPartner(t: TestApp, staff: Staff, account: string, planId: number, extra: Record<string, unknown> = {}): Promise<Partner> {
  const res = await bo(t, staff, 'POST', '/partners', { account, name: `Partner ${account}`, plan_id: planId, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const { partner_id: id, initial_password: first } = res.json().data as { partner_id: number; initial_password: string };
  return { id, account, ...(await firstSignIn(t, account, first)) };
}

/** Signs in with a first password and replaces it, as the portal makes a partner do before anything else. */
export async function firstSignIn(t: TestApp, account: string, first: string): Promise<{ password: string; cookie: string }> {
  const cookie = await portalLogin(t, account, first);
  const password = `${first.slice(0, 8)}9z`;
  const changed = await portal(t, { cookie }, 'PUT', '/password', { old_password: first, new_password: password });
  expect(changed.statusCode, changed.body).toBe(200);
  return { password, cookie };
}

export async function portalLogin(t: TestApp, account: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/agent/login', payload: { account, password }, remoteAddress: freshIp() });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'lh_agent');
  expect(cookie?.value).toBeTruthy();
  return `lh_agent=${cookie!.value}`;
}

export async function portal(
  t: TestApp,
  p: { cookie: string },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url: `/api/agent${url}`, headers: { cookie: p.cookie }, payload: payload as Record<string, unknown> | undefined });
}

/** A sub-partner created by its parent in the portal, then signed in. */
export async function createSub(t: TestApp, parent: Partner, account: string, rateBp: number): Promise<Partner> {
  const res = await portal(t, parent, 'POST', '/sub-partners', { account, password: 'sub12345', name: `Sub ${account}`, rate_bp: rateBp });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, account, ...(await firstSignIn(t, account, 'sub12345')) };
}

/** A player registered through the API with the partner's code; answers the player's id and bearer token. */
export async function playerOf(t: TestApp, code: string | undefined, opts: { headers?: Record<string, string> } = {}) {
  const reg = await registerPlayer(t, { extra: code ? { recommended_code: code } : {}, headers: opts.headers });
  expect(reg.res.statusCode, reg.res.body).toBe(200);
  const res = await login(t, reg.account, reg.password);
  const token = res.json().data.access_token as string;
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  return { id: me.json().data.id as number, account: reg.account, token, headers: { authorization: `Bearer ${token}` } };
}

/** One journal of a reported kind between the player's central wallet and the house (a deposit, a bonus). */
export async function money(t: TestApp, kind: JournalKind, playerId: number, amountMinor: bigint, key: string): Promise<void> {
  const dir = new AccountDirectory(t.database.db);
  const [central, house] = await Promise.all([dir.playerAccount(playerId, 'central'), dir.houseAccount('cash', playerId)]);
  await t.database.db.transaction(async (tx) => {
    await postJournal(tx, {
      kind,
      idempotencyKey: key,
      request: { key },
      playerId,
      postings: [
        { accountId: central, amountMinor },
        { accountId: house, amountMinor: -amountMinor },
      ],
    });
  });
}

/** A paid withdrawal: held out of the central wallet, then paid to the house, as the cashier does. */
export async function withdrawal(t: TestApp, playerId: number, amountMinor: bigint, key: string): Promise<void> {
  const dir = new AccountDirectory(t.database.db);
  const [central, hold, house] = await Promise.all([
    dir.playerAccount(playerId, 'central'),
    dir.playerAccount(playerId, 'withdraw_hold'),
    dir.houseAccount('cash', playerId),
  ]);
  await t.database.db.transaction(async (tx) => {
    await postJournal(tx, {
      kind: 'withdraw_hold',
      idempotencyKey: `${key}:hold`,
      request: {},
      playerId,
      postings: [
        { accountId: central, amountMinor: -amountMinor },
        { accountId: hold, amountMinor },
      ],
    });
    await postJournal(tx, {
      kind: 'withdraw_paid',
      idempotencyKey: `${key}:paid`,
      request: {},
      playerId,
      postings: [
        { accountId: hold, amountMinor: -amountMinor },
        { accountId: house, amountMinor },
      ],
    });
  });
}

export async function expectLedgerClean(t: TestApp): Promise<void> {
  expect(await checkLedger(t.database.db)).toEqual([]);
}

export async function auditOf(t: TestApp, staff: Staff, action: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/audit?action=${action}`, headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data as Array<{ action: string; before: unknown; after: unknown; target: string; detail?: Record<string, unknown> }>;
}
