// Launch sessions: an opaque token in the launch URL, HMAC-signed with the sim's secret.
import { createHmac, randomBytes } from 'node:crypto';
import { signatureMatches } from './sign.ts';

export const SESSION_TTL_MS = 4 * 60 * 60 * 1000;

export interface Session {
  code: string;
  player: string;
  game: string;
  lang: string;
  /** Expiry, ms since epoch. */
  exp: number;
}

interface Wire {
  c: string;
  p: string;
  g: string;
  l: string;
  e: number;
  n: string;
}

export function issueSession(secret: string, s: Omit<Session, 'exp'>, now = Date.now()): string {
  const wire: Wire = { c: s.code, p: s.player, g: s.game, l: s.lang, e: now + SESSION_TTL_MS, n: randomBytes(9).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The session a token carries, or null if forged, malformed or expired. */
export function verifySession(secret: string, token: string, now = Date.now()): Session | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url').toString('hex');
  if (!signatureMatches(mac(secret, payload, 'hex'), given)) return null;
  try {
    const w = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Wire;
    if (typeof w.e !== 'number' || w.e < now) return null;
    return { code: w.c, player: w.p, game: w.g, lang: w.l, exp: w.e };
  } catch {
    return null;
  }
}

function mac(secret: string, payload: string, encoding: 'base64url' | 'hex' = 'base64url'): string {
  return createHmac('sha256', `session:${secret}`).update(payload).digest(encoding);
}
