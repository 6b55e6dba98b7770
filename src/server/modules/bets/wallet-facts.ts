// What bet ingestion needs of the wallet domain, which owns players' game-platform accounts and activity wallets:
// declared here and handed in by app.ts (the wallet's player-platform-facts.ts), because the wallet sits above bets
// (it reaches seamless and games, which record bets) and bets must not import it back.
import type { DbOrTx } from '../../db/client.ts';

export interface WalletFacts {
  /** The bindings of the given provider player names on one platform (a name unknown there is absent). */
  bindingsOf(db: DbOrTx, code: string, providerPlayers: string[]): Promise<Array<{ providerPlayer: string; playerId: number; bonusWalletId: number | null }>>;
  /** Adds bet flow to an activity wallet that still counts it, in the caller's (the ingesting) transaction. */
  addBonusProgress(tx: DbOrTx, walletId: number, deltaMinor: bigint): Promise<void>;
  /** A player's active activity wallets, oldest first, with their bet-flow targets. */
  activeBonusWallets(db: DbOrTx, playerId: number): Promise<Array<{ id: number; name: string; nameEn: string; target: bigint; achieved: bigint }>>;
}
