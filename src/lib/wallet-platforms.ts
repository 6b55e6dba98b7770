// How many platform wallets a player's wallet list will hold, as far as the site's public platform list tells:
// one per provider code among the platforms that are on and keep a wallet of their own (transfer, not seamless).
// The wallet pages keep that much room for the list while a player's balances load, so nothing under it moves
// when they arrive. A seamless platform that still holds a player's money adds a row the count does not foresee;
// that costs a small shift, never a wrong figure.
import type { PageLocals } from '../shared/page-locals.ts';
import type { PlatformView } from '../shared/schemas/games.ts';
import { PLATFORM_STATUS } from '../shared/statuses.ts';

/** At most this many rows are kept: a longer list is rare, and a page should not open on a wall of empty boxes. */
const MAX_KEPT = 24;

export async function walletPlatformCount(publicApi: PageLocals['publicApi'] | undefined): Promise<number> {
  const platforms = await publicApi?.<PlatformView[]>('/api/games/platform/all').catch(() => undefined);
  if (!platforms) return 0;
  const codes = new Set(platforms.filter((p) => p.status === PLATFORM_STATUS.on && p.wallet_model === 'transfer').map((p) => p.gp_code));
  return Math.min(codes.size, MAX_KEPT);
}
