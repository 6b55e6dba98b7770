// A grant as the player's list and the application queue show it: the grant with its promotion's titles (this
// domain's tables), its activity wallet (the wallet domain), that wallet's balance (the ledger) and the player's
// account name (the auth domain). Each page is read in one statement per owner.
import type { DbOrTx } from '../../db/client.ts';
import { bonusWalletBalances } from '../../ledger/read.ts';
import { accountNames, playersByAccounts } from '../auth/player-facts.ts';
import { bonusWalletsById, type BonusWalletRow } from '../wallet/bonus-wallet-facts.ts';
import * as repo from './repository.ts';

export interface GrantDetail extends repo.GrantWithTitles {
  wallet: BonusWalletRow | null;
  balance: bigint | null;
  account: string;
}

async function withOwners(db: DbOrTx, rows: repo.GrantWithTitles[]): Promise<GrantDetail[]> {
  const funded = rows.flatMap((r) => (r.grant.walletId === null ? [] : [r.grant.walletId]));
  const [wallets, balances, accounts] = await Promise.all([
    bonusWalletsById(db, funded),
    bonusWalletBalances(db, funded),
    accountNames(
      db,
      rows.map((r) => r.grant.playerId),
    ),
  ]);
  // A grant whose player is gone is not shown, as the join on players used to leave it out.
  return rows
    .filter((r) => accounts.has(r.grant.playerId))
    .map((r) => {
      const walletId = r.grant.walletId;
      return {
        ...r,
        account: accounts.get(r.grant.playerId)!,
        wallet: walletId === null ? null : (wallets.get(walletId) ?? null),
        balance: walletId === null ? null : (balances.get(walletId) ?? null),
      };
    });
}

export async function grantDetail(db: DbOrTx, id: number): Promise<GrantDetail | undefined> {
  const row = await repo.grantWithTitles(db, id);
  return row ? (await withOwners(db, [row]))[0] : undefined;
}

export async function myGrants(db: DbOrTx, playerId: number, q: { status?: string; limit: number; offset: number }) {
  const { rows, total } = await repo.grantsOfPlayer(db, playerId, q);
  return { rows: await withOwners(db, rows), total };
}

/** The application queue; an account filter is matched without case, as account names are unique that way. */
export async function applicationQueue(
  db: DbOrTx,
  q: { promotionId?: number; status?: string; mode?: number; account?: string; limit: number; offset: number },
) {
  const playerIds = q.account ? (await playersByAccounts(db, [q.account])).map((p) => p.id) : undefined;
  if (playerIds && !playerIds.length) return { rows: [], total: 0 };
  const { rows, total } = await repo.applicationQueue(db, { ...q, playerIds });
  return { rows: await withOwners(db, rows), total };
}
