// Shortcuts for API tests that need players: fresh client addresses, registration through the real
// SMS flow, login. Every request can carry its own client address, so the per-address limits
// (login, SMS, registrations per day) are only met by the tests that aim at them.
import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { lastSmsCode, type TestApp } from './app.ts';

let ipSeq = 0;
/** A client address no other request of this process has used (random second octet: also between runs). */
export function freshIp(): string {
  ipSeq += 1;
  return `10.${randomInt(0, 256)}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

let nameSeq = 0;
/** A valid, unused account name (letters and digits, 6 to 12 characters). */
export function freshAccount(prefix = 'pl'): string {
  nameSeq += 1;
  // Letters, then digits: always both kinds, whatever the random part holds.
  return `${prefix}${randomInt(0, 26 ** 3)
    .toString(26)
    .padStart(3, '0')}${nameSeq}`.slice(0, 12);
}

/** A valid phone (09 and 8 digits) that is random enough not to meet one from an earlier run. */
export function freshPhone(): string {
  nameSeq += 1;
  return `09${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(nameSeq % 100).padStart(2, '0')}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const PASSWORD = 'abc12345';

export async function sendCode(t: TestApp, phone: string, ip = freshIp(), headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'PUT', url: '/api/send/phone', payload: { phone }, remoteAddress: ip, headers });
}

export interface RegisterOptions {
  account?: string;
  phone?: string;
  password?: string;
  ip?: string;
  /** Fields merged into the body last (may override or add). */
  extra?: Record<string, unknown>;
  /** Asks for an SMS code first and puts it into the body (default true). */
  withCode?: boolean;
  headers?: Record<string, string>;
}

export async function registerPlayer(t: TestApp, opts: RegisterOptions = {}) {
  const account = opts.account ?? freshAccount();
  const phone = opts.phone ?? freshPhone();
  const password = opts.password ?? PASSWORD;
  const ip = opts.ip ?? freshIp();
  let code: string | undefined;
  if (opts.withCode ?? true) {
    const sent = await sendCode(t, phone, ip);
    if (sent.statusCode !== 200) throw new Error(`send code failed: ${sent.statusCode} ${sent.body}`);
    code = await lastSmsCode(t, phone);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: ip,
    headers: opts.headers,
    payload: { account, password, password_confirm: password, phone, ...(code ? { code } : {}), agreement: true, ...opts.extra },
  });
  return { res, account, phone, password, code, ip };
}

export async function login(t: TestApp, account: string, password = PASSWORD, ip = freshIp(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account, password }, remoteAddress: ip, headers });
}

/** Registers a player and logs in, returning the token. */
export async function playerWithToken(t: TestApp, opts: RegisterOptions = {}) {
  const reg = await registerPlayer(t, opts);
  if (reg.res.statusCode !== 200) throw new Error(`register failed: ${reg.res.statusCode} ${reg.res.body}`);
  const res = await login(t, reg.account, reg.password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { ...reg, token: res.json().data.access_token as string };
}
