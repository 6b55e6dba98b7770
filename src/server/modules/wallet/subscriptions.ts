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
/** Whether the excluding domain's history already has a line of this action about this exclusion. */
export type ExclusionNoted = (db: DbOrTx, playerId: number, action: string, exclusionId: number) => Promise<boolean>;

interface RecoveryDeps {
  db: Db;
  wallet: WalletService;
  note: ExclusionNote;
  noted: ExclusionNoted;
}

/** A time-out or self-exclusion started (player.excluded). */
export interface ExclusionStarted {
  playerId: number;
  exclusionId: number;
  activityWalletRule: 'freeze' | 'forfeit';
}

/**
 * Under an exclusion every platform wallet comes home at once, and activity wallets follow the operator's rule:
 * kept frozen (the protection gate refuses every transfer into play meanwhile) or forfeited by a journal. Delivered
 * at least once, it changes nothing the second time: a platform wallet already home has nothing to move, a forfeited
 * wallet is closed, and each line of the history is written once per exclusion (detail.exclusion_id), except that
 * a later delivery that did bring money home says so.
 */
export function recoverOnExclusion(deps: RecoveryDeps) {
  return async (event: ExclusionStarted): Promise<void> => {
    const { db, wallet, note, noted } = deps;
    const { playerId, exclusionId } = event;
    const recovered = await wallet.recoverAll(playerId);
    if (recovered.length || !(await noted(db, playerId, 'platform_wallets_recovered', exclusionId))) {
      await note(db, playerId, 'platform_wallets_recovered', {
        exclusion_id: exclusionId,
        transfers: recovered.map((r) => ({ id: r.id, status: r.status, amount: r.amount })),
      });
    }
    const wallets = await repo.bonusWalletsOf(db, playerId);
    if (!wallets.length) return;
    if (event.activityWalletRule === 'freeze') {
      if (!(await noted(db, playerId, 'activity_wallets_frozen', exclusionId)))
        await note(db, playerId, 'activity_wallets_frozen', { exclusion_id: exclusionId, wallets: wallets.map((w) => w.id) });
      return;
    }
    for (const w of wallets) await forfeitActivityWallet(deps, event, w.id);
  };
}

async function forfeitActivityWallet(deps: RecoveryDeps, event: ExclusionStarted, walletId: number): Promise<void> {
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
