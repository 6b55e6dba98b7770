// What other domains may know about activity (bonus) wallets, asked through this file rather than by reading
// bonus_wallets: the wallets by id, whether any of a set is still active, and the bet-flow totals of a set (the
// promotions' report). A set of wallets is given as a sub-select of wallet ids, so each answer stays one statement.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bonusWallets } from '../../db/schema.ts';
import { BONUS_WALLET_STATUS } from '../../../shared/statuses.ts';

export type BonusWalletRow = typeof bonusWallets.$inferSelect;

export async function bonusWalletsById(db: DbOrTx, ids: number[]): Promise<Map<number, BonusWalletRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(bonusWallets)
    .where(inArray(bonusWallets.id, [...new Set(ids)]));
  return new Map(rows.map((w) => [w.id, w]));
}

/** Whether any wallet of the set (a sub-select of wallet ids) is still active. */
export async function anyActiveBonusWallet(db: DbOrTx, walletIds: SQL): Promise<boolean> {
  const r = await db
    .select({ id: bonusWallets.id })
    .from(bonusWallets)
    .where(and(eq(bonusWallets.status, BONUS_WALLET_STATUS.active), sql`${bonusWallets.id} in (${walletIds})`))
    .limit(1);
  return r.length > 0;
}

/** The bet-flow target and progress of a set of wallets (a sub-select of wallet ids), with how many were unlocked and given up. */
export async function bonusWalletTotals(db: DbOrTx, walletIds: SQL) {
  const r = await db
    .select({
      flowTarget: sql<string>`coalesce(sum(${bonusWallets.bonusBetMinor}), 0)`,
      flowDone: sql<string>`coalesce(sum(least(${bonusWallets.bonusNowBetMinor}, ${bonusWallets.bonusBetMinor})), 0)`,
      unlocks: sql<number>`count(*) filter (where ${bonusWallets.status} = ${BONUS_WALLET_STATUS.unlocked})::int`,
      givenUp: sql<number>`count(*) filter (where ${bonusWallets.status} = ${BONUS_WALLET_STATUS.givenUp})::int`,
    })
    .from(bonusWallets)
    .where(sql`${bonusWallets.id} in (${walletIds})`);
  return r[0]!;
}

/**
 * Every activity wallet as a sub-select (wallet_id, player_id, created_at) another domain's statement joins by id: the
 * bonuses report finds the journal that funded a wallet by its owner and creation time (ledger's releasesByWallet).
 */
export function walletOrigins(): SQL {
  return sql`(select id as wallet_id, player_id, created_at from bonus_wallets)`;
}
