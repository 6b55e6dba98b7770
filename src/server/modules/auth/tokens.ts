// Opaque session tokens: 256 random bits for the client, only their SHA-256 in the database.
import { createHash, randomBytes, randomInt } from 'node:crypto';

export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header.trim());
  return m?.[1];
}

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(phone: string, code: string): Buffer {
  return createHash('sha256').update(`${phone}:${code}`).digest();
}

/** A short referral code for each player: 8 characters without look-alikes (0/O, 1/I/L). */
export function newRecommendCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < 8; i++) out += alphabet[randomInt(0, alphabet.length)];
  return out;
}

export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 4)}***${phone.slice(-3)}` : '***';
}
