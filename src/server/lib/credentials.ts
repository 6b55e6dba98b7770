// Credentials that players and staff share the format of: opaque bearer tokens (256 random bits for the client, only
// their SHA-256 in the database) and argon2id password hashes. Kept below the domains so the auth and staff domains
// use one implementation without depending on each other.
import { createHash, hash as oneShotHash, randomBytes } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

/** argon2id (algorithm 2) at OWASP's minimum cost: 19 MiB, two passes, one lane. */
const ARGON = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * The same SHA-256 as base64 text, for in-memory caches keyed by it: the one-shot hash straight to base64 costs a
 * fifth of hashToken(token).toString('base64'), and it runs on every signed-in request.
 */
export function hashTokenBase64(token: string): string {
  return oneShotHash('sha256', token, 'base64');
}

/** The token of an `Authorization: Bearer …` header, or undefined for anything else. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return BEARER.exec(header.trim())?.[1];
}

export function hashPassword(password: string): Promise<string> {
  return argonHash(password, ARGON);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return argonVerify(passwordHash, password);
}
