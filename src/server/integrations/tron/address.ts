// TRON addresses and the per-player deposit addresses derived from the operator's extended public key. The server
// holds only the public half: BIP-32 non-hardened derivation (CKDpub) from an account-level xpub gives every player a
// public key whose address the operator's own wallet, which holds the private key, can spend from.
//
// Path: the operator exports the account key at m/44'/195'/<account>' (BIP-44, coin type 195 is TRON, SLIP-44); the
// hardened steps are done in the operator's wallet. The server derives <xpub>/0/<index>: the external chain (0), then
// the player's index, handed out densely from 0 so a wallet that scans with BIP-44's gap limit finds every address.
// A TRON address is base58check(0x41 || last 20 bytes of keccak256(uncompressed public key without its 0x04 prefix)).
import { HDKey } from '@scure/bip32';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { createBase58check, hex } from '@scure/base';

const base58check = createBase58check(sha256);

/** The version byte of every main-network TRON address (base58 addresses start with T). */
const TRON_PREFIX = 0x41;
/** BIP-44's external chain: the addresses given out to receive payments. */
const EXTERNAL_CHAIN = 0;
/** The first hardened index: non-hardened derivation, the only kind a public key allows, stays below it. */
const HARDENED_OFFSET = 0x8000_0000;

/** The documented derivation of a player's address below the operator's account key. */
export const DERIVATION_PATH = "m/44'/195'/<account>'/0/<index>";

export class TronAddressError extends Error {}

/** Reads the operator's extended public key; an extended private key is refused, so none is ever held by the server. */
export function parseAccountKey(xpub: string): HDKey {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xpub.trim());
  } catch (err) {
    throw new TronAddressError(`TRON_XPUB is not an extended public key: ${(err as Error).message}`);
  }
  if (key.privateKey) throw new TronAddressError('TRON_XPUB holds a private key (xprv); give the extended public key (xpub) only');
  return key;
}

/** The external-chain key below the account key, derived once and reused for every player's address. */
export function externalChain(account: HDKey): HDKey {
  return account.deriveChild(EXTERNAL_CHAIN);
}

/** The address at `index` on the external chain. */
export function depositAddress(chain: HDKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED_OFFSET) throw new TronAddressError(`derivation index out of range: ${index}`);
  const publicKey = chain.deriveChild(index).publicKey;
  if (!publicKey) throw new TronAddressError('derived key has no public key');
  return addressOfPublicKey(publicKey);
}

/** A TRON address from a secp256k1 public key, compressed (33 bytes) or not (65 bytes). */
export function addressOfPublicKey(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const digest = keccak_256(uncompressed.subarray(1));
  return base58check.encode(Uint8Array.from([TRON_PREFIX, ...digest.subarray(12)]));
}

/** The 21-byte hex form (41...) of a base58 address; undefined when it is not a valid TRON address. */
export function addressToHex(address: string): string | undefined {
  try {
    const bytes = base58check.decode(address);
    if (bytes.length !== 21 || bytes[0] !== TRON_PREFIX) return undefined;
    return hex.encode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The base58 address of a hex one: 41 followed by 20 bytes, or the 20 bytes alone with or without 0x (how TronGrid's
 * event results write addresses, the EVM way). Undefined for anything else.
 */
export function addressFromHex(text: string): string | undefined {
  const bare = text.toLowerCase().replace(/^0x/, '');
  const full = /^[0-9a-f]{40}$/.test(bare) ? `41${bare}` : bare;
  if (!/^41[0-9a-f]{40}$/.test(full)) return undefined;
  return base58check.encode(hex.decode(full));
}

/** Whether a string is a main-network TRON address with a valid checksum. */
export function isTronAddress(address: string): boolean {
  return addressToHex(address) !== undefined;
}
