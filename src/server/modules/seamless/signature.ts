// Who may call the seamless wallet API: a request signed with the provider's secret (HMAC-SHA256 of the timestamp and
// the raw body), recent, and, when the provider's addresses are configured, from one of them.
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { SEAMLESS_CODE, type SeamlessCode } from '../../../shared/seamless-statuses.ts';

/** How far ahead of our clock a provider's timestamp may be (clocks drift a little). */
const MAX_AHEAD_MS = 5_000;

/** The signature a provider sends in x-signature: lowercase hex HMAC-SHA256(secret, `${timestamp}\n${rawBody}`). */
export function seamlessSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${rawBody}`).digest('hex');
}

function matches(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

function blockListOf(addresses: string[]): BlockList {
  const list = new BlockList();
  for (const entry of addresses) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!isIPv4(address) && !isIPv6(address)) continue;
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

export interface SignedRequest {
  code: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  ip: string;
}

/** Checks every request before its body is read; answers the refusal code, or undefined when the caller may go on. */
export class SeamlessSigner {
  private readonly config: Config['seamless'];
  private readonly allowLists = new Map<string, BlockList>();
  constructor(config: Config['seamless']) {
    this.config = config;
    for (const [code, addresses] of Object.entries(config.allow)) this.allowLists.set(code, blockListOf(addresses));
  }

  /** The provider's own key, or the shared one; empty means no key is configured and every call is refused. */
  secretOf(code: string): string {
    return this.config.secrets[code] ?? this.config.defaultSecret;
  }

  /**
   * `keys`: the keys the provider may sign with now (a rotated key and, for a while, the one before it); without
   * them, the key of the configuration.
   */
  verify(req: SignedRequest, now = Date.now(), keys?: string[]): SeamlessCode | undefined {
    const allowed = this.allowLists.get(req.code);
    if (allowed) {
      const address = req.ip.startsWith('::ffff:') ? req.ip.slice(7) : req.ip;
      if (!allowed.check(address, isIPv6(address) ? 'ipv6' : 'ipv4')) return SEAMLESS_CODE.addressNotAllowed;
    }
    const secrets = (keys ?? [this.secretOf(req.code)]).filter((k) => k !== '');
    if (!secrets.length || !req.signature || !req.timestamp || !/^\d{1,15}$/.test(req.timestamp)) return SEAMLESS_CODE.badSignature;
    const signature = req.signature;
    const timestamp = req.timestamp;
    if (!secrets.some((secret) => matches(seamlessSignature(secret, timestamp, req.rawBody), signature))) return SEAMLESS_CODE.badSignature;
    const age = now - Number(req.timestamp);
    if (age > this.config.requestTtlMs || age < -MAX_AHEAD_MS) return SEAMLESS_CODE.staleRequest;
    return undefined;
  }
}
