import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, newTotpSecret, otpauthUri, totpAt, verifyTotp } from './totp.ts';

// The SHA-1 seed of RFC 6238 appendix B and RFC 4226 appendix D.
const SEED = Buffer.from('12345678901234567890', 'ascii');
const SEED_B32 = base32Encode(SEED);

describe('totp', () => {
  it('encodes base32 as RFC 4648 does', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw6ytboi======')?.toString()).toBe('foobar');
    expect(base32Decode('MZ1')).toBeUndefined();
    expect(SEED_B32).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('matches the HOTP vectors of RFC 4226', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => expect(hotp(SEED, counter)).toBe(code));
  });

  it('matches the SHA-1 TOTP vectors of RFC 6238 (eight digits)', () => {
    expect(totpAt(SEED_B32, 59_000, 8)).toBe('94287082');
    expect(totpAt(SEED_B32, 1_111_111_109_000, 8)).toBe('07081804');
    expect(totpAt(SEED_B32, 1_234_567_890_000, 8)).toBe('89005924');
    expect(totpAt(SEED_B32, 20_000_000_000_000, 8)).toBe('65353130');
  });

  it('accepts one step either side of now and nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    expect(verifyTotp(secret, totpAt(secret, now), now)).toBe(Math.floor(now / 30_000));
    expect(verifyTotp(secret, totpAt(secret, now - 30_000), now)).toBeDefined();
    expect(verifyTotp(secret, totpAt(secret, now + 30_000), now)).toBeDefined();
    expect(verifyTotp(secret, totpAt(secret, now - 90_000), now)).toBeUndefined();
    expect(verifyTotp(secret, 'abcdef', now)).toBeUndefined();
    expect(verifyTotp(secret, '1234567', now)).toBeUndefined();
  });

  it('builds an otpauth URI', () => {
    const uri = otpauthUri('Lucky Harbour', 'admin', 'ABC');
    expect(uri).toBe('otpauth://totp/Lucky%20Harbour:admin?secret=ABC&issuer=Lucky%20Harbour&algorithm=SHA1&digits=6&period=30');
  });
});
