import { describe, expect, it } from 'vitest';
import { SeamlessSigner, seamlessSignature } from './signature.ts';

const config = {
  defaultSecret: 'shared-secret',
  secrets: { OWN: 'own-secret' },
  allow: { OWN: ['10.1.0.0/16', '192.168.7.7'] },
  requestTtlMs: 30_000,
  launchTtlMs: 60_000,
};
const signer = new SeamlessSigner(config);
const now = 1_800_000_000_000;
const request = (code: string, secret: string, ip = '10.1.2.3', at = now, body = '{"player":"1"}') => ({
  code,
  timestamp: String(at),
  signature: seamlessSignature(secret, String(at), body),
  rawBody: body,
  ip,
});

describe('the seamless signer', () => {
  it("takes each provider's own secret, or the shared one", () => {
    expect(signer.verify(request('OWN', 'own-secret'), now)).toBeUndefined();
    expect(signer.verify(request('OWN', 'shared-secret'), now)).toBe('INVALID_SIGNATURE');
    expect(signer.verify(request('ANY', 'shared-secret', '8.8.8.8'), now)).toBeUndefined();
  });

  it("refuses addresses outside the provider's list, IPv4-mapped or not", () => {
    expect(signer.verify(request('OWN', 'own-secret', '::ffff:10.1.200.9'), now)).toBeUndefined();
    expect(signer.verify(request('OWN', 'own-secret', '192.168.7.7'), now)).toBeUndefined();
    expect(signer.verify(request('OWN', 'own-secret', '10.2.0.1'), now)).toBe('ADDRESS_NOT_ALLOWED');
  });

  it('refuses a timestamp older than the TTL or more than five seconds ahead, and a body changed after signing', () => {
    expect(signer.verify(request('OWN', 'own-secret', '10.1.2.3', now - 30_001), now)).toBe('STALE_REQUEST');
    expect(signer.verify(request('OWN', 'own-secret', '10.1.2.3', now + 5_001), now)).toBe('STALE_REQUEST');
    expect(signer.verify({ ...request('OWN', 'own-secret'), rawBody: '{"player":"2"}' }, now)).toBe('INVALID_SIGNATURE');
  });

  it('refuses every call when no secret is configured', () => {
    const bare = new SeamlessSigner({ ...config, defaultSecret: '', secrets: {} });
    expect(bare.verify(request('ANY', ''), now)).toBe('INVALID_SIGNATURE');
  });
});
