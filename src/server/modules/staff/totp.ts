// Time-based one-time passwords for staff (RFC 6238, HMAC-SHA1, 30-second steps, six digits) through otplib,
// and the encryption that keeps their secrets unreadable at rest (AES-256-GCM under STAFF_TOTP_KEY).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';

export const TOTP_STEP_MS = 30_000;
const TOTP_DIGITS = 6;
/** Steps accepted on either side of now, for clocks that drift and codes typed near a step's end. */
export const TOTP_WINDOW_STEPS = 1;
/** 160 bits, the key length RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;

const base = authenticator.clone({ step: TOTP_STEP_MS / 1000, digits: TOTP_DIGITS, window: TOTP_WINDOW_STEPS });
const at = (nowMs: number, digits = TOTP_DIGITS) => base.clone({ epoch: nowMs, digits });

/** The code an authenticator shows at the given time. */
export function totpAt(secret: string, nowMs: number, digits = TOTP_DIGITS): string {
  return at(nowMs, digits).generate(secret);
}

/**
 * Checks a six-digit code against the steps around now. Returns the step that matched, so the caller can
 * refuse a second use of the same code, or undefined when none did.
 */
export function verifyTotp(secret: string, code: string, nowMs = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const delta = at(nowMs).checkDelta(code, secret);
    return delta === null ? undefined : Math.floor(nowMs / TOTP_STEP_MS) + delta;
  } catch {
    return undefined;
  }
}

export function newTotpSecret(): string {
  return base.generateSecret(SECRET_BYTES);
}

/** The URI an authenticator app imports (by QR code or by pasting it). */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  return base.keyuri(account, issuer, secret);
}

const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypts a TOTP secret for the staff table: 'v1:' and base64 of nonce, tag and ciphertext. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/**
 * Decrypts a stored secret. A value written before secrets were encrypted (no prefix) is returned as it is,
 * with `legacy` set so the caller can seal it; a value that fails authentication gives undefined.
 */
export function openSecret(key: Buffer, stored: string): { secret: string; legacy: boolean } | undefined {
  if (!stored.startsWith(SEALED_PREFIX)) return { secret: stored, legacy: true };
  try {
    const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const secret = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    return { secret, legacy: false };
  } catch {
    return undefined;
  }
}
