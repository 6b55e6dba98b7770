// Partner money through the ledger. An approved statement is one journal from the house commission account
// into the partner's wallet, keyed by the statement so it is written once however many approvals race; a payout is
// held out of the wallet at request, then paid out to the bank card or released back, the withdrawal's three journals.
// Partner accounts have no player, so the ledger's overdraft guard does not cover them: every debit of a partner
// wallet happens under the partner's row lock after reading the locked balance.
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import { postJournal } from '../../ledger/ledger.ts';
import { lockedBalanceOf } from '../../ledger/read.ts';
import { ApiError } from '../../lib/errors.ts';
import { inMoneyTransaction } from '../../ledger/money-transaction.ts';
import { recordAudit } from '../staff/audit.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import * as repo from './repository.ts';

/** The smallest payout a partner may ask for, in minor units (100.00). */
export const MIN_PAYOUT_MINOR = 10_000n;

export interface Operator {
  staffId: number;
  ip: string;
}

const amountWords = (minor: bigint) => minorToDecimal(minor);

export class PartnerMoney {
  private readonly db: Db;
  private readonly accounts: AccountDirectory;
  constructor(db: Db, accounts: AccountDirectory) {
    this.db = db;
    this.accounts = accounts;
  }

  /**
   * Approves a pending or held statement: pays its commission (computed + adjustment) into the partner's wallet and
   * marks it approved, in one transaction under the statement's row lock. An approved statement answers as it is.
   */
  async approve(id: number, who: Operator, note = ''): Promise<repo.StatementRow> {
    const first = await repo.statementById(this.db, id);
    if (!first) throw new ApiError('not_found');
    const [wallet, house] = await Promise.all([
      this.accounts.partnerAccount(first.partnerId, 'partner_wallet'),
      this.accounts.houseAccount('commission', first.partnerId),
    ]);
    let out: repo.StatementRow | undefined;
    await inMoneyTransaction(this.db, async (tx) => {
      const s = (await repo.statementById(tx, id, true))!;
      if (s.status === 'approved') {
        out = s;
        return;
      }
      const amount = s.computedMinor + s.adjustmentMinor;
      let journalId: number | null = null;
      if (amount > 0n) {
        journalId = (
          await postJournal(tx, {
            kind: 'partner_commission',
            idempotencyKey: `partner-statement:${id}:approve`,
            request: { id, amount: amount.toString() },
            ref: String(id),
            memo: `${s.period}`,
            staffId: who.staffId,
            postings: [
              { accountId: house, amountMinor: -amount },
              { accountId: wallet, amountMinor: amount },
            ],
          })
        ).journalId;
      }
      out = await repo.updateStatement(tx, id, { status: 'approved', journalId, approvedAt: new Date(), approvedBy: who.staffId });
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.statement.approve',
        target: `partner_statement:${id}`,
        ip: who.ip,
        before: { status: s.status },
        after: { status: 'approved', commission: amountWords(amount) },
        detail: { partner_id: s.partnerId, period: s.period, journal_id: journalId, note },
      });
    });
    return out!;
  }

  /** A partner asks for a payout: the amount moves from the wallet to the hold at once. A repeated key answers the first. */
  async requestPayout(partnerId: number, amountMinor: bigint, requestKey: string): Promise<repo.PayoutRow> {
    const seen = await repo.payoutByKey(this.db, partnerId, requestKey);
    if (seen) return seen;
    if (amountMinor < MIN_PAYOUT_MINOR) throw new ApiError('validation_failed', { amount: ['partners.below_min_payout'] });
    const [wallet, hold] = await Promise.all([
      this.accounts.partnerAccount(partnerId, 'partner_wallet'),
      this.accounts.partnerAccount(partnerId, 'partner_hold'),
    ]);
    let out: repo.PayoutRow | undefined;
    await inMoneyTransaction(this.db, async (tx) => {
      const p = (await repo.partnerById(tx, partnerId, true))!;
      // The same key sent twice at once: the copy that waited for the lock answers with the first one's payout.
      const again = await repo.payoutByKey(tx, partnerId, requestKey);
      if (again) {
        out = again;
        return;
      }
      if (p.status !== 'active') throw new ApiError('forbidden');
      if (!p.bankCardNumber) throw new ApiError('validation_failed', { amount: ['partners.no_bank_card'] });
      // The code stays insufficient_funds; the amount field says in the partner's words that the balance is too low
      // (the code's own message is the cashier's "enter a valid amount", which tells a partner nothing).
      if ((await lockedBalanceOf(tx, wallet)) < amountMinor) throw new ApiError('insufficient_funds', { amount: ['partners.payout_above_balance'] });
      out = await repo.insertPayout(tx, {
        partnerId,
        amountMinor,
        requestKey,
        bank: p.bank,
        bankBranch: p.bankBranch,
        holder: p.bankHolder,
        cardNumber: p.bankCardNumber,
      });
      await postJournal(tx, {
        kind: 'partner_payout_hold',
        idempotencyKey: `partner-payout:${out.id}:hold`,
        request: { id: out.id, amount: amountMinor.toString() },
        ref: String(out.id),
        postings: [
          { accountId: wallet, amountMinor: -amountMinor },
          { accountId: hold, amountMinor },
        ],
      });
    });
    return out!;
  }

  /** Finance pays a payout out (hold to house cash) or rejects it (hold back to the wallet); only an applying one. */
  async closePayout(id: number, action: 'pay' | 'reject', who: Operator, reason: string): Promise<repo.PayoutRow> {
    const first = await repo.payoutById(this.db, id);
    if (!first) throw new ApiError('not_found');
    const [wallet, hold, cash] = await Promise.all([
      this.accounts.partnerAccount(first.partnerId, 'partner_wallet'),
      this.accounts.partnerAccount(first.partnerId, 'partner_hold'),
      this.accounts.houseAccount('cash', first.partnerId),
    ]);
    let out: repo.PayoutRow | undefined;
    await inMoneyTransaction(this.db, async (tx: DbOrTx) => {
      const p = (await repo.payoutById(tx, id, true))!;
      if (p.status !== 'applying') throw new ApiError('validation_failed', { id: ['partners.payout_not_applying'] });
      await postJournal(tx, {
        kind: action === 'pay' ? 'partner_payout_paid' : 'partner_payout_release',
        idempotencyKey: `partner-payout:${id}:end`,
        request: { id, action },
        ref: String(id),
        memo: reason,
        staffId: who.staffId,
        postings: [
          { accountId: hold, amountMinor: -p.amountMinor },
          { accountId: action === 'pay' ? cash : wallet, amountMinor: p.amountMinor },
        ],
      });
      const status = action === 'pay' ? 'paid' : 'rejected';
      out = await repo.updatePayout(tx, id, { status, reason, reviewedBy: who.staffId, reviewedAt: new Date() });
      await recordAudit(tx, {
        staffId: who.staffId,
        action: action === 'pay' ? 'partners.payout.pay' : 'partners.payout.reject',
        target: `partner_payout:${id}`,
        ip: who.ip,
        before: { status: 'applying', amount: amountWords(p.amountMinor) },
        after: { status },
        detail: { partner_id: p.partnerId, reason },
      });
    });
    return out!;
  }
}
