// Calls of the seamless wallet API as a provider makes them: signed over the timestamp and the raw body.
import { sql } from 'drizzle-orm';
import { seamlessSignature } from '../../src/server/modules/seamless/signature.ts';
import type { SeamlessLauncher } from '../../src/server/modules/seamless/service.ts';
import type { TestApp } from './app.ts';

export const SEAMLESS_SECRET = 'dev-seamless-secret';

/** A launcher that answers a game page carrying the token, as a provider would, and remembers the last token. */
export class FakeLauncher implements SeamlessLauncher {
  lastToken = '';
  /** What roundReport answers: the provider's rounds as a test sets them. */
  report: Array<{ roundId: string; player: string; stakeMinor: bigint; payoutMinor: bigint; status: string }> = [];
  async roundReport() {
    return this.report;
  }
  async launchUrl(code: string, q: { token: string; game: string; lang: string }): Promise<string> {
    this.lastToken = q.token;
    return `https://provider.example/${code}/${q.game}?token=${q.token}&lang=${q.lang}`;
  }
}

/** A seamless platform in the catalogue: a game_platforms row and its seamless row. */
export async function addSeamlessPlatform(t: TestApp, code: string, group = 'slots'): Promise<void> {
  await t.database.db.execute(sql`insert into game_platforms (name, name_en, gp_code, "group", sort) values (${code}, ${code}, ${code}, ${group}, 99)`);
  await t.database.db.execute(sql`insert into seamless_platforms (gp_code) values (${code})`);
}

export interface CallOptions {
  secret?: string;
  timestamp?: number;
  signature?: string;
  remoteAddress?: string;
}

/** One signed call; answers the HTTP status and the JSON answer. */
export async function seamlessCall(t: TestApp, code: string, call: string, body: unknown, o: CallOptions = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = String(o.timestamp ?? Date.now());
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/seamless/${code}/${call}`,
    payload: raw,
    remoteAddress: o.remoteAddress ?? '10.9.9.9',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': o.signature ?? seamlessSignature(o.secret ?? SEAMLESS_SECRET, timestamp, raw),
    },
  });
  return { statusCode: res.statusCode, body: res.json() as { status: string; balance?: string; replayed?: boolean; player?: string; message?: string } };
}

/** The player's central balance in minor units, from the ledger. */
export async function centralMinor(t: TestApp, playerId: number): Promise<bigint> {
  const res = await t.database.db.execute<{ b: string }>(sql`select balance_minor::text as b from accounts where player_id = ${playerId} and kind = 'central'`);
  return BigInt(res.rows[0]?.b ?? '0');
}

/** How many journals a provider transaction wrote (its own, and its reversal). */
export async function journalsOf(t: TestApp, code: string, txId: string): Promise<number> {
  const res = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from journals where idempotency_key = ${`seamless:${code}:${txId}`}`);
  return Number(res.rows[0]?.n ?? 0);
}
