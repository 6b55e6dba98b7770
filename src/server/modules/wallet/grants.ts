// One way to pay a bonus, inside the caller's transaction, for every feature that gives money away
// (VIP rewards, promotions, red packets, gifts): from the house promotions account into a new activity
// wallet with its bet-flow target, or straight into the central wallet (promotions do that when their
// bet-flow multiple is 0).
// The caller names the journal's idempotency key after the command (promotion, player, qualifying
// event or period), so a job or callback that runs twice pays once. Call bonusAccounts() before opening
// the transaction: accounts are opened on the directory's own connection, and on the embedded database
// (one connection) asking for one inside a transaction waits forever.
import type { DbOrTx } from '../../db/client.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import type { JournalKind } from '../../ledger/kinds.ts';
import { LedgerError, postJournal } from '../../ledger/ledger.ts';
import { insertBonusWallet, openPlayerAccountInTx } from './repository.ts';
import type { BonusClearance } from '../../lib/protection-gate.ts';

export interface BonusPayment {
  playerId: number;
  /** The protection gate's yes for this player, asked in the same transaction (protection's clearBonus). */
  cleared: BonusClearance;
  amountMinor: bigint;
  /** central: straight into the central wallet; bonus: a new activity wallet with the bet-flow target below. */
  target: 'central' | 'bonus';
  /** Bet flow the player must complete before the activity wallet unlocks (ignored for central). */
  bonusBetMinor: bigint;
  name: string;
  nameEn: string;
  /** Journal kind, e.g. 'vip_reward', 'promotion_grant', 'red_packet'. */
  kind: JournalKind;
  idempotencyKey: string;
  /** What the command was; a replay with other details is refused by the ledger. */
  request: unknown;
  isSports?: boolean;
  platformCodes?: string[];
  giveUpWalletAmountMinor?: bigint;
  staffId?: number | null;
  /** Reference stored on the journal when paying to central (the activity wallet id otherwise). */
  ref?: string;
}

/** The accounts a bonus moves between; opened before the transaction (see AccountDirectory). */
export interface BonusAccounts {
  house: number;
  central: number;
}

/** Opens (or finds) the house promotions account and the player's central account, outside any transaction. */
export async function bonusAccounts(accounts: AccountDirectory, playerId: number): Promise<BonusAccounts> {
  const [house, central] = await Promise.all([accounts.houseAccount('bonus', playerId), accounts.playerAccount(playerId, 'central')]);
  return { house, central };
}

export interface BonusPaid {
  target: 'central' | 'bonus';
  walletId: number | null;
  journalId: number;
}

/**
 * Pays the bonus in the caller's transaction, between accounts from bonusAccounts(). A replayed key throws idempotency_mismatch: the caller's
 * own row (grant, claim, reward) must say whether it was paid, so a replay here means that row and the
 * ledger disagree, and paying again would pay twice.
 */
export async function payBonusInTx(tx: DbOrTx, accounts: BonusAccounts, input: BonusPayment): Promise<BonusPaid> {
  // Callers validate amounts for the user; a non-positive bonus reaching here is a programmer error.
  if (input.amountMinor <= 0n) throw new Error(`bonus must be positive: ${input.amountMinor}`);
  if (input.cleared.playerId !== input.playerId) throw new Error(`bonus cleared for player ${input.cleared.playerId}, paid to ${input.playerId}`);
  const { house, central } = accounts;
  if (input.target === 'central') {
    const posted = await postJournal(tx, {
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      request: input.request,
      playerId: input.playerId,
      ref: input.ref,
      memo: input.name,
      staffId: input.staffId ?? null,
      postings: [
        { accountId: house, amountMinor: -input.amountMinor },
        { accountId: central, amountMinor: input.amountMinor },
      ],
    });
    if (posted.replayed) throw new LedgerError('idempotency_mismatch');
    return { target: 'central', walletId: null, journalId: posted.journalId };
  }
  const wallet = await insertBonusWallet(tx, {
    playerId: input.playerId,
    name: input.name,
    nameEn: input.nameEn,
    isSports: input.isSports ?? false,
    platformCodes: input.platformCodes ?? [],
    bonusBetMinor: input.bonusBetMinor,
    giveUpWalletAmountMinor: input.giveUpWalletAmountMinor ?? 0n,
    grantedBy: input.staffId ?? null,
  });
  const account = await openPlayerAccountInTx(tx, input.playerId, 'bonus', String(wallet.id));
  const posted = await postJournal(tx, {
    kind: input.kind,
    idempotencyKey: input.idempotencyKey,
    request: input.request,
    playerId: input.playerId,
    ref: String(wallet.id),
    memo: input.name,
    staffId: input.staffId ?? null,
    postings: [
      { accountId: house, amountMinor: -input.amountMinor },
      { accountId: account, amountMinor: input.amountMinor },
    ],
  });
  if (posted.replayed) throw new LedgerError('idempotency_mismatch');
  return { target: 'bonus', walletId: wallet.id, journalId: posted.journalId };
}
