// Player credentials: session tokens (shared with staff, src/server/lib/credentials.ts), SMS codes stored hashed,
// referral codes and the masked phone shown back to a player.
import { createHash, randomInt } from 'node:crypto';

export { bearerToken, hashToken, hashTokenBase64, newToken } from '../../lib/credentials.ts';

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
