import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { newTotpSecret, openSecret, otpauthUri, sealSecret, totpAt, verifyTotp } from './totp.ts';

// The SHA-1 seed of RFC 6238 appendix B ('12345678901234567890'), in base32 as authenticators carry it.
const SEED_B32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totp (otplib)', () => {
  it('matches the SHA-1 TOTP vectors of RFC 6238 (eight digits)', () => {
    expect(totpAt(SEED_B32, 59_000, 8)).toBe('94287082');
    expect(totpAt(SEED_B32, 1_111_111_109_000, 8)).toBe('07081804');
    expect(totpAt(SEED_B32, 1_234_567_890_000, 8)).toBe('89005924');
    expect(totpAt(SEED_B32, 20_000_000_000_000, 8)).toBe('65353130');
  });

  it('accepts one step either side of now and nothing further, and says which step matched', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = 1_700_000_000_000;
    expect(verifyTotp(secret, totpAt(secret, now), now)).toBe(Math.floor(now / 30_000));
    expect(verifyTotp(secret, totpAt(secret, now - 30_000), now)).toBe(Math.floor(now / 30_000) - 1);
    expect(verifyTotp(secret, totpAt(secret, now + 30_000), now)).toBe(Math.floor(now / 30_000) + 1);
    expect(verifyTotp(secret, totpAt(secret, now - 90_000), now)).toBeUndefined();
    expect(verifyTotp(secret, 'abcdef', now)).toBeUndefined();
    expect(verifyTotp(secret, '1234567', now)).toBeUndefined();
    expect(verifyTotp('not base32!', '123456', now)).toBeUndefined();
  });

  it('builds an otpauth URI', () => {
    const uri = otpauthUri('Lucky Harbour', 'admin', 'ABC');
    expect(uri).toContain('otpauth://totp/Lucky%20Harbour:admin?');
    expect(uri).toContain('secret=ABC');
    expect(uri).toContain('issuer=Lucky%20Harbour');
  });

  it('seals secrets with AES-256-GCM: unreadable at rest, tamper-evident, and only under the same key', () => {
    const key = randomBytes(32);
    const secret = newTotpSecret();
    const sealed = sealSecret(key, secret);
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(sealSecret(key, secret)).not.toBe(sealed);
    expect(openSecret(key, sealed)).toEqual({ secret, legacy: false });
    expect(openSecret(randomBytes(32), sealed)).toBeUndefined();
    const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(openSecret(key, tampered)).toBeUndefined();
    // A secret stored before encryption is read once and flagged for sealing.
    expect(openSecret(key, SEED_B32)).toEqual({ secret: SEED_B32, legacy: true });
  });
});
