// What the wallet does when other domains announce something. Listed in app.ts; each handler takes its payload as
// a plain shape, so the wallet imports none of the domains it listens to.
import type { Db, DbOrTx } from '../../db/client.ts';
import { balanceOf } from '../../ledger/accounts.ts';
import { postJournal } from '../../ledger/ledger.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { BONUS_WALLET_STATUS } from '../../../shared/statuses.ts';
import type { WalletService } from './service.ts';
import * as repo from './repository.ts';

/** Writes a line of the excluding domain's history (player protection keeps what happened to the money). */
export type ExclusionNote = (db: DbOrTx, playerId: number, action: string, detail: Record<string, unknown>) => Promise<void>;

/** A time-out or self-exclusion started (player.excluded). */
export interface ExclusionStarted {
  playerId: number;
  exclusionId: number;
  activityWalletRule: 'freeze' | 'forfeit';
}

/**
 * Under an exclusion every platform wallet comes home at once, and activity wallets follow the operator's rule:
 * kept frozen (the protection gate refuses every transfer into play meanwhile) or forfeited by a journal.
 */
export function recoverOnExclusion(deps: { db: Db; wallet: WalletService; note: ExclusionNote }) {
  return async (event: ExclusionStarted): Promise<void> => {
    const { db, wallet, note } = deps;
    const recovered = await wallet.recoverAll(event.playerId);
    await note(db, event.playerId, 'platform_wallets_recovered', { transfers: recovered.map((r) => ({ id: r.id, status: r.status, amount: r.amount })) });
    const wallets = await repo.bonusWalletsOf(db, event.playerId);
    if (!wallets.length) return;
    if (event.activityWalletRule === 'freeze') {
      await note(db, event.playerId, 'activity_wallets_frozen', { wallets: wallets.map((w) => w.id) });
      return;
    }
    for (const w of wallets) await forfeitActivityWallet(deps, event, w.id);
  };
}

async function forfeitActivityWallet(deps: { db: Db; wallet: WalletService; note: ExclusionNote }, event: ExclusionStarted, walletId: number): Promise<void> {
  const { playerId, exclusionId } = event;
  const house = await deps.wallet.accounts.houseAccount('bonus', playerId);
  const acc = await deps.wallet.accounts.playerAccount(playerId, 'bonus', String(walletId));
  await deps.db.transaction(async (tx) => {
    const locked = await repo.bonusWalletById(tx, walletId, true);
    if (!locked || locked.status !== BONUS_WALLET_STATUS.active) return;
    const money = await balanceOf(tx, acc);
    if (money > 0n) {
      await postJournal(tx, {
        kind: 'bonus_forfeit',
        idempotencyKey: `protection:forfeit:${exclusionId}:${walletId}`,
        request: { walletId, exclusionId },
        playerId,
        ref: String(walletId),
        memo: 'forfeited under self-protection',
        postings: [
          { accountId: acc, amountMinor: -money },
          { accountId: house, amountMinor: money },
        ],
      });
    }
    // Given up: the wallet's money is with the house and the wallet closes.
    await repo.setBonusStatus(tx, walletId, BONUS_WALLET_STATUS.givenUp);
    await deps.note(tx, playerId, 'activity_wallet_forfeited', { wallet: walletId, amount: minorToDecimal(money) });
  });
}
