// Staff credentials: opaque bearer tokens (256 random bits for the browser, only their SHA-256 in staff_sessions)
// and argon2id password hashes. The staff domain keeps its own so it depends on no domain it authenticates for;
// the format and cost are those of player credentials, so a hash or token made by either verifies the same way.
import { createHash, randomBytes } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

/** argon2id (algorithm 2) at OWASP's minimum cost: 19 MiB, two passes, one lane. */
const ARGON = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

export function newStaffToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashStaffToken(token) };
}

export function hashStaffToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The token of an `Authorization: Bearer …` header, or undefined for anything else. */
export function staffBearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return BEARER.exec(header.trim())?.[1];
}

export function hashStaffPassword(password: string): Promise<string> {
  return argonHash(password, ARGON);
}

export function verifyStaffPassword(passwordHash: string, password: string): Promise<boolean> {
  return argonVerify(passwordHash, password);
}
