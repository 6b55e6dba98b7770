// The room the wallet pages keep for the platform wallets: one row per provider code that is on and keeps a wallet.
import { describe, expect, it } from 'vitest';
import type { PageLocals } from '../shared/page-locals.ts';
import type { PlatformView } from '../shared/schemas/games.ts';
import { walletPlatformCount } from './wallet-platforms.ts';

const platform = (gp_code: string, over: Partial<PlatformView> = {}): PlatformView => ({
  id: 1,
  name: gp_code,
  gp_code,
  group: 'slots',
  front_show: 1,
  maintain_status: 1,
  maintain: '',
  status: 1,
  start_time: null,
  end_time: null,
  logo: '',
  wallet_model: 'transfer',
  ...over,
});
const answering = (list: PlatformView[] | undefined, seen: string[] = []): PageLocals['publicApi'] =>
  (async (path: string) => {
    seen.push(path);
    return list;
  }) as PageLocals['publicApi'];

describe('walletPlatformCount', () => {
  it('counts each provider code once, leaves out platforms that are off or seamless, and asks the public platform list', async () => {
    const seen: string[] = [];
    const list = [
      platform('SLX'),
      platform('SLX', { group: 'fish' }),
      platform('FSH'),
      platform('OFF', { status: 0 }),
      platform('SEA', { wallet_model: 'seamless' }),
      platform('MNT', { maintain_status: 0 }),
    ];
    expect(await walletPlatformCount(answering(list, seen))).toBe(3);
    expect(seen).toEqual(['/api/games/platform/all']);
  });

  it('keeps at most 24 rows', async () => {
    expect(await walletPlatformCount(answering(Array.from({ length: 40 }, (_, i) => platform(`P${i}`))))).toBe(24);
  });

  it('is 0 (the plain loader) when the list is not there: a prerendered page, a refusal or a failure', async () => {
    expect(await walletPlatformCount(undefined)).toBe(0);
    expect(await walletPlatformCount(answering(undefined))).toBe(0);
    expect(
      await walletPlatformCount((async () => {
        throw new Error('down');
      }) as PageLocals['publicApi']),
    ).toBe(0);
  });
});
