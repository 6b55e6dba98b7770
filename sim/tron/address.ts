// TRON address encodings as the stand-in writes them: base58check of 0x41 and 20 bytes for accounts and contracts, and
// the EVM-style 0x-prefixed 20 bytes TronGrid's event results use. The stand-in shares no code with the product.
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check, hex } from '@scure/base';

const base58check = createBase58check(sha256);

/** The base58 address of 20 account bytes. */
export function base58Address(bytes20: Uint8Array): string {
  return base58check.encode(Uint8Array.from([0x41, ...bytes20]));
}

/** The 20 account bytes of a base58 address, or undefined when it is not one. */
export function accountBytes(address: string): Uint8Array | undefined {
  try {
    const bytes = base58check.decode(address);
    return bytes.length === 21 && bytes[0] === 0x41 ? bytes.subarray(1) : undefined;
  } catch {
    return undefined;
  }
}

/** A base58 address as an event result writes it: 0x and the 20 bytes in lower-case hex. */
export function evmHex(address: string): string {
  const bytes = accountBytes(address);
  if (!bytes) throw new Error(`not a TRON address: ${address}`);
  return `0x${hex.encode(bytes)}`;
}

/** The 41-prefixed hex form TronGrid also accepts in paths. */
export function tronHex(address: string): string | undefined {
  const bytes = accountBytes(address);
  return bytes ? `41${hex.encode(bytes)}` : undefined;
}

/** A path address in base58 or 41-prefixed hex, as base58; undefined when it is neither. */
export function normaliseAddress(text: string): string | undefined {
  if (/^41[0-9a-fA-F]{40}$/.test(text)) return base58Address(hex.decode(text.slice(2).toLowerCase()));
  return accountBytes(text) ? text : undefined;
}
