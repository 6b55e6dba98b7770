// Turning what a player shows into signal values: each value is normalised (so '0912-345-678' and '0912345678' meet)
// and hashed with HMAC-SHA256 under a key derived from the server's secret, so the table holds no phone, card number,
// name or address in clear and a copy of it cannot be matched against a list of numbers without the key.
import { createHmac, hkdfSync } from 'node:crypto';
import { isIP } from 'node:net';
import type { SignalKind } from '../../../shared/schemas/risk/settings.ts';

/** The client's fingerprint is a hex digest of stable browser properties; anything else is ignored. */
const DEVICE_RE = /^[a-f0-9]{16,128}$/;

export type SignalValues = Partial<Record<SignalKind, string>>;

export function signalKey(serverKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), 'lucky-harbour risk signals', 32));
}

export function hashSignal(key: Buffer, kind: SignalKind, value: string): string {
  return createHmac('sha256', key).update(`${kind}\n${value}`).digest('hex');
}

/** The /24 of an IPv4 address (or the /48 of an IPv6 one); undefined for anything that is not an address. */
export function subnetOf(ip: string): string | undefined {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(plain) === 4) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(plain) === 6) return `${plain.split(':').slice(0, 3).join(':')}::/48`;
  return undefined;
}

/**
 * The normalised values of what was seen, by kind, leaving out what is empty or malformed: an address also gives
 * its subnet, a card number keeps only its digits, a name and birthday become one identity.
 */
export function normaliseSignals(seen: {
  ip?: string;
  device?: string;
  phone?: string | null;
  card?: string;
  realName?: string;
  birthday?: string;
  payer?: string;
}): SignalValues {
  const out: SignalValues = {};
  const ip = seen.ip?.startsWith('::ffff:') ? seen.ip.slice(7) : seen.ip;
  // A loopback address is this machine (a local proxy, a health check), never where a player is: every player would share it.
  if (ip && isIP(ip) && !isLoopback(ip)) {
    out.ip = ip;
    out.subnet = subnetOf(ip);
  }
  const device = seen.device?.trim().toLowerCase();
  if (device && DEVICE_RE.test(device)) out.device = device;
  const phone = seen.phone?.replace(/\D/g, '');
  if (phone && phone.length >= 6) out.phone = phone;
  const card = seen.card?.replace(/\D/g, '');
  if (card && card.length >= 6) out.card = card;
  const name = seen.realName?.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
  if (name && seen.birthday) out.identity = `${name}|${seen.birthday.trim()}`;
  const payer = seen.payer?.trim().toLowerCase();
  if (payer) out.payer = payer.slice(0, 200);
  return out;
}

function isLoopback(ip: string): boolean {
  return ip.startsWith('127.') || ip === '::1';
}
