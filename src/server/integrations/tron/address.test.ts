// Published vectors: BIP-32's test vector 1 (bitcoin/bips, bip-0032.mediawiki) for public derivation, java-tron's
// ECKeyTest for the public key to address step, and TronWeb's documented hex/base58 pair and the USDT contract for the
// base58check step.
import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import {
  TronAddressError,
  addressFromHex,
  addressOfPublicKey,
  addressToHex,
  depositAddress,
  externalChain,
  isTronAddress,
  parseAccountKey,
} from './address.ts';

// BIP-32 test vector 1, the extended public keys of m/0H, m/0H/1, m/0H/1/2H, m/0H/1/2H/2 and m/0H/1/2H/2/1000000000.
const M_0H = 'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw';
const M_0H_1 = 'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ';
const M_0H_1_2H = 'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5';
const M_0H_1_2H_2 = 'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV';
const M_0H_1_2H_2_1E9 = 'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy';
const M_0H_XPRV = 'xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7';

describe('BIP-32 public derivation (test vector 1)', () => {
  it('derives the non-hardened children of a public key as the specification lists them', () => {
    expect(parseAccountKey(M_0H).deriveChild(1).publicExtendedKey).toBe(M_0H_1);
    expect(parseAccountKey(M_0H_1_2H).deriveChild(2).publicExtendedKey).toBe(M_0H_1_2H_2);
    expect(parseAccountKey(M_0H_1_2H_2).deriveChild(1_000_000_000).publicExtendedKey).toBe(M_0H_1_2H_2_1E9);
  });

  it('refuses an extended private key and anything that is not an extended key', () => {
    expect(() => parseAccountKey(M_0H_XPRV)).toThrow(TronAddressError);
    expect(() => parseAccountKey('not a key')).toThrow(TronAddressError);
  });

  it('gives the address of the key the chain derivation reaches', () => {
    // The external chain of m/0H is m/0H/0; its child 1 is m/0H/0/1, derived here both ways.
    const chain = externalChain(parseAccountKey(M_0H));
    const direct = HDKey.fromExtendedKey(M_0H).deriveChild(0).deriveChild(1).publicKey!;
    expect(depositAddress(chain, 1)).toBe(addressOfPublicKey(direct));
    expect(depositAddress(chain, 1)).not.toBe(depositAddress(chain, 2));
    expect(() => depositAddress(chain, 0x8000_0000)).toThrow(TronAddressError);
    expect(() => depositAddress(chain, -1)).toThrow(TronAddressError);
  });
});

describe('TRON address of a public key', () => {
  // java-tron, framework/src/test/java/org/tron/common/crypto/ECKeyTest.java: the key's address is 0x41 followed by these 20 bytes.
  const uncompressed = '040947751e3022ecf3016be03ec77ab0ce3c2662b4843898cb068d74f698ccc8ad75aa17564ae80a20bb044ee7a6d903e8e8df624b089c95d66a0570f051e5a05b';
  const compressed = '030947751e3022ecf3016be03ec77ab0ce3c2662b4843898cb068d74f698ccc8ad';
  const addressHex = '41cd2a3d9f938e13cd947ec05abc7fe734df8dd826';

  it('hashes the uncompressed key with keccak256 and keeps the last 20 bytes behind 0x41', () => {
    const fromCompressed = addressOfPublicKey(Buffer.from(compressed, 'hex'));
    expect(addressToHex(fromCompressed)).toBe(addressHex);
    expect(addressOfPublicKey(Buffer.from(uncompressed, 'hex'))).toBe(fromCompressed);
    expect(fromCompressed.startsWith('T')).toBe(true);
    expect(fromCompressed).toHaveLength(34);
  });

  it('writes base58check as TronWeb documents it', () => {
    // TronWeb's address.fromHex / toHex example pair, and the USDT contract of the main network.
    expect(addressFromHex('418840E6C55B9ADA326D211D818C34A994AECED808')).toBe('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
    expect(addressToHex('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe('418840e6c55b9ada326d211d818c34a994aeced808');
    expect(addressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    // Event results write the 20 bytes the EVM way.
    expect(addressFromHex('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('refuses a wrong checksum, another version byte and malformed hex', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(false);
    expect(addressFromHex('42a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeUndefined();
    expect(addressFromHex('0x1234')).toBeUndefined();
  });
});
