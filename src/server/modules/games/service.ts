// Starting games (SPEC.md section 4): platform checks, the player blacklist, the automatic transfer, and
// the provider's launch or demo link.
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { GameProvider } from '../../integrations/games/provider.ts';
import type { TransferResultView as TransferResult } from '../../../shared/schemas/wallet.ts';
import type { Blacklist } from '../auth/transfer-flags-facts.ts';
import type { PlatformRow } from './platform-facts.ts';
import type { Locale } from '../../../shared/constants.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import type { ProtectionGate } from '../../lib/protection-gate.ts';
import type { GameView } from '../../../shared/schemas/games.ts';
import { listGames } from './repository.ts';

/**
 * What starting a game asks of the wallet (the wallet service answers it). Named here rather than imported from
 * the wallet: the wallet reads this domain's platforms through platform-facts.ts, and two domains never import
 * each other.
 */
export interface LaunchWallet {
  /** A platform that can take a transfer now; throws when it is off or under maintenance. */
  livePlatform(code: string): Promise<PlatformRow>;
  playerFlags(playerId: number): Promise<{ autoTransfer: boolean; blacklist: Blacklist } | undefined>;
  platformGroups(code: string): Promise<string[]>;
  balances(playerId: number): Promise<{ central: bigint }>;
  transferIn(playerId: number, code: string, amountMinor: bigint, source: { kind: 'central' }): Promise<TransferResult>;
  ensureProviderPlayer(playerId: number, code: string): Promise<string>;
}

export class GamesService {
  private readonly db: Db;
  private readonly provider: GameProvider;
  private readonly wallet: LaunchWallet;
  /** The player-protection gate, asked before a game opens and before the automatic transfer. */
  private readonly gate: ProtectionGate | undefined;
  constructor(deps: { db: Db; provider: GameProvider; wallet: LaunchWallet; gate?: ProtectionGate }) {
    this.db = deps.db;
    this.gate = deps.gate;
    this.provider = deps.provider;
    this.wallet = deps.wallet;
  }

  /** The lobby's games (GET /games/list), thumbnails in the reader's language. */
  list(q: { group?: string; code?: string; lang?: 'cn' | 'en' | 'th'; locale: Locale }): Promise<GameView[]> {
    return listGames(this.db, q);
  }

  async launch(playerId: number, code: string, game: string, locale: Locale): Promise<{ url: string; auto_transfer: TransferResult | null }> {
    await this.gate?.check(playerId, 'launch');
    const platform = await this.wallet.livePlatform(code);
    const flags = await this.wallet.playerFlags(playerId);
    if (!flags) throw new ApiError('unauthorized');
    const groups = await this.wallet.platformGroups(code);
    const blockedType = groups.some((g) => flags.blacklist.type.includes(g));
    const codes = flags.blacklist.game_platform_code;
    if (blockedType && (codes.length === 0 || codes.includes(code))) throw new ApiError('platform_blocked');

    let autoTransfer: TransferResult | null = null;
    if (flags.autoTransfer) {
      // With automatic transfer the whole central wallet follows the player into the game.
      const central = (await this.wallet.balances(playerId)).central;
      if (central > 0n) {
        await this.gate?.check(playerId, 'auto_transfer', central);
        try {
          autoTransfer = await this.wallet.transferIn(playerId, platform.gpCode, central, { kind: 'central' });
        } catch (err) {
          // A platform holding an activity wallet's money takes no central money until it is emptied, and a
          // launch that lost the race for the central wallet to another one at the same moment finds it
          // already moved (insufficient funds under the lock): either way the game opens with what is there.
          if (!(err instanceof ApiError && (err.code === 'bonus_not_usable' || err.code === 'insufficient_funds'))) throw err;
        }
      }
    }
    const providerPlayer = await this.wallet.ensureProviderPlayer(playerId, code);
    try {
      return { url: await this.provider.launchUrl(code, { player: providerPlayer, game, lang: byLocale(locale, 'zh-TW', 'en') }), auto_transfer: autoTransfer };
    } catch {
      throw new ApiError('platform_unavailable');
    }
  }

  async demo(code: string, game: string, locale: Locale): Promise<string | undefined> {
    await this.wallet.livePlatform(code);
    try {
      return await this.provider.demoUrl(code, { game, lang: byLocale(locale, 'zh-TW', 'en') });
    } catch {
      throw new ApiError('platform_unavailable');
    }
  }
}
