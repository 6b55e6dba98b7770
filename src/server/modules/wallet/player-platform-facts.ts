// What other domains may know and do about players' game-platform accounts and activity wallets, asked through
// this file rather than by reading player_platforms and bonus_wallets: which players a provider's player names
// stand for (bet ingestion), a player's active activity wallets with their bet-flow targets, and the bet flow a
// batch of ingested bets adds to a wallet, written in the ingesting transaction.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bonusWallets, playerPlatforms } from '../../db/schema.ts';
import { BONUS_WALLET_STATUS } from '../../../shared/statuses.ts';

/** The bindings of the given provider player names on one platform (a name unknown here is absent). */
export async function bindingsOf(db: DbOrTx, code: string, providerPlayers: string[]) {
  if (!providerPlayers.length) return [];
  return db
    .select()
    .from(playerPlatforms)
    .where(and(eq(playerPlatforms.gpCode, code), sql`${playerPlatforms.providerPlayer} in ${providerPlayers}`));
}

/**
 * Adds bet flow to an activity wallet that still counts it, in one statement of the caller's transaction (the bet
 * ingestion's, so the records and their flow commit together); a wallet unlocked or given up meanwhile is left alone.
 */
export async function addBonusProgress(tx: DbOrTx, walletId: number, deltaMinor: bigint): Promise<void> {
  await tx
    .update(bonusWallets)
    .set({ bonusNowBetMinor: sql`${bonusWallets.bonusNowBetMinor} + ${deltaMinor.toString()}::bigint` })
    .where(and(eq(bonusWallets.id, walletId), eq(bonusWallets.status, BONUS_WALLET_STATUS.active)));
}

/** A player's active activity wallets, oldest first, with their bet-flow targets. */
export async function activeBonusWallets(db: DbOrTx, playerId: number) {
  return db
    .select({
      id: bonusWallets.id,
      name: bonusWallets.name,
      nameEn: bonusWallets.nameEn,
      target: bonusWallets.bonusBetMinor,
      achieved: bonusWallets.bonusNowBetMinor,
    })
    .from(bonusWallets)
    .where(and(eq(bonusWallets.playerId, playerId), eq(bonusWallets.status, BONUS_WALLET_STATUS.active)))
    .orderBy(asc(bonusWallets.id));
}
