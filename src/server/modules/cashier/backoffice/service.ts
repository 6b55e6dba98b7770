// The finance desk: the deposit queue (confirm or reject manual payments), the withdrawal queue (pay out or
// reject), bank cards to audit and the gateway callback log (manual balance adjustments are the wallet's back
// office). Money and statuses move only through the cashier service, which runs its own transactions and tells
// the player's pages after commit; the audit row of an action is written right after that call succeeded, with
// what the action was about in its detail (as the wallet's back office does for grants).
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { maskCardNumber } from '../../../lib/mask.ts';
import { isReviewable, type CashierService } from '../service.ts';
import type { BetsService } from '../../bets/service.ts';
import { BANKS } from '../banks.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import { recordAudit } from '../../staff/audit.ts';
import * as repo from './repository.ts';
import { withdrawalContext } from './withdrawal-context.ts';
import type { Operator, PageOf } from '../../staff/service.ts';
import type { Paging } from '../../../../shared/schemas/paging.ts';
import { startOfTaipeiDay } from '../../../../shared/time.ts';
import { BANK_CARD_STATUS, WITHDRAWAL_STATUS } from '../../../../shared/statuses.ts';
import { RISK_DECISION } from '../../../../shared/schemas/risk/settings.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function bankNames(code: string) {
  const bank = BANKS.find((b) => b.code === code);
  return { bank_name: bank?.name ?? code, bank_name_en: bank?.name_en ?? code };
}

/**
 * The cashier names the order in its per-field errors ({ id: [...] }); the back office shows them as the
 * action's message, since the operator pressed a button rather than filled in an id.
 */
function asModal(err: unknown): unknown {
  if (err instanceof ApiError && err.fields?.id && !err.fields.modal) return new ApiError(err.code, { modal: err.fields.id }, err.extra);
  return err;
}

export interface QueuePage<T> extends PageOf<T> {
  totals_today: { count: number; amount: string };
}

export class BackofficeFinanceService {
  private readonly db: Db;
  private readonly cashier: CashierService;
  private readonly bets: BetsService;

  constructor(deps: { db: Db; cashier: CashierService; bets: BetsService }) {
    this.db = deps.db;
    this.cashier = deps.cashier;
    this.bets = deps.bets;
  }

  // Deposits.

  async deposits(p: Paging & repo.DepositFilter): Promise<QueuePage<ReturnType<typeof depositView>>> {
    const { rows, total, today } = await repo.listDeposits(this.db, p, startOfTaipeiDay());
    return {
      data: rows.map(depositView),
      total,
      page: p.page,
      pageSize: p.pageSize,
      totals_today: { count: today.count, amount: minorToDecimal(today.amountMinor) },
    };
  }

  async confirmDeposit(op: Operator, id: string) {
    const before = await repo.depositWithPlayer(this.db, id);
    if (!before) throw new ApiError('not_found');
    try {
      await this.cashier.confirmDeposit(op.staffId, id);
    } catch (err) {
      throw asModal(err);
    }
    const journalId = await repo.journalIdByKey(this.db, `deposit:${id}`);
    const d = before.deposit;
    const after = (await repo.depositWithPlayer(this.db, id))!.deposit;
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'deposit.confirm',
      target: `deposit:${id}`,
      ip: op.ip,
      before: { status: d.status },
      after: { status: after.status },
      detail: {
        player_id: d.playerId,
        account: before.account,
        method: d.method,
        amount: minorToDecimal(d.amountMinor),
        player_ref: d.playerRef,
        journal_id: journalId ?? null,
      },
    });
    return this.depositAfter(id);
  }

  async rejectDeposit(op: Operator, id: string, reason: string) {
    const before = await repo.depositWithPlayer(this.db, id);
    if (!before) throw new ApiError('not_found');
    try {
      await this.cashier.rejectDeposit(op.staffId, id, reason);
    } catch (err) {
      throw asModal(err);
    }
    const d = before.deposit;
    const after = (await repo.depositWithPlayer(this.db, id))!.deposit;
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'deposit.reject',
      target: `deposit:${id}`,
      ip: op.ip,
      before: { status: d.status },
      after: { status: after.status },
      detail: { player_id: d.playerId, account: before.account, method: d.method, amount: minorToDecimal(d.amountMinor), player_ref: d.playerRef, reason },
    });
    return this.depositAfter(id);
  }

  private async depositAfter(id: string) {
    const row = (await repo.depositWithPlayer(this.db, id))!;
    return { id, status: row.deposit.status, amount: minorToDecimal(row.deposit.amountMinor), paid_at: iso(row.deposit.paidAt), reason: row.deposit.reason };
  }

  // Withdrawals.

  /** `full` shows whole account numbers (finance pays to them); other roles see the last four digits. */
  async withdrawals(p: Paging & repo.WithdrawalFilter, full: boolean): Promise<QueuePage<ReturnType<typeof withdrawalView>>> {
    const { rows, total, today } = await repo.listWithdrawals(this.db, p, startOfTaipeiDay());
    return {
      data: rows.map((r) => withdrawalView(r, full)),
      total,
      page: p.page,
      pageSize: p.pageSize,
      totals_today: { count: today.count, amount: minorToDecimal(today.amountMinor) },
    };
  }

  /** The risk context beside a withdrawal under review. */
  async withdrawalContext(id: string) {
    return withdrawalContext({ db: this.db, cashier: this.cashier, bets: this.bets }, id);
  }

  /** Pays a withdrawal out, with the bank's reference of the transfer, kept on the withdrawal and in the audit row. */
  async approveWithdrawal(op: Operator, id: string, reason: string, bankReference = '') {
    return this.closeWithdrawal(op, id, 'pay', reason, bankReference);
  }

  async rejectWithdrawal(op: Operator, id: string, reason: string) {
    return this.closeWithdrawal(op, id, 'reject', reason);
  }

  private async closeWithdrawal(op: Operator, id: string, action: 'pay' | 'reject', reason: string, bankReference = '') {
    const before = await repo.withdrawalWithPlayer(this.db, id);
    if (!before) throw new ApiError('not_found');
    try {
      await this.cashier.closeWithdrawal(id, action, { staffId: op.staffId }, reason, bankReference);
    } catch (err) {
      throw asModal(err);
    }
    const journalId = await repo.journalIdByKey(this.db, `withdraw:${id}:end`);
    const w = before.withdrawal;
    const after = (await repo.withdrawalWithPlayer(this.db, id))!;
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: action === 'pay' ? 'withdrawal.pay' : 'withdrawal.reject',
      target: `withdrawal:${id}`,
      ip: op.ip,
      before: { status: w.status },
      after: { status: after.withdrawal.status },
      detail: {
        player_id: w.playerId,
        account: before.account,
        amount: minorToDecimal(w.amountMinor),
        fee: minorToDecimal(w.feeMinor),
        payout: minorToDecimal(w.amountMinor - w.feeMinor),
        bank_card_id: w.bankCardId,
        reason,
        ...(action === 'pay' ? { bank_reference: bankReference } : {}),
        journal_id: journalId ?? null,
      },
    });
    return { id, status: after.withdrawal.status, reason: after.withdrawal.reason, reviewed_at: iso(after.withdrawal.reviewedAt) };
  }

  /**
   * A risk reviewer releases a held withdrawal so the finance desk may pay it; audited with the hold before and
   * after, the reason and what risk found.
   */
  async releaseWithdrawal(op: Operator, id: string, reason: string) {
    const account = (await repo.withdrawalWithPlayer(this.db, id))?.account;
    let released;
    try {
      released = await this.cashier.releaseHold(id, op.staffId, reason);
    } catch (err) {
      throw asModal(err);
    }
    const w = released.after;
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'withdrawal.release',
      target: `withdrawal:${id}`,
      ip: op.ip,
      playerId: w.playerId,
      before: { hold: 'held' },
      after: { hold: 'released' },
      detail: { player_id: w.playerId, account: account ?? null, amount: minorToDecimal(w.amountMinor), reason },
    });
    return { id, held: false, released_at: iso(w.releasedAt), release_reason: w.releaseReason };
  }

  // Bank cards.

  async cards(p: Paging & repo.CardFilter) {
    const { rows, total } = await repo.listCards(this.db, p);
    const moved = await repo.boundByOthers(
      this.db,
      rows.map((r) => r.card.id),
    );
    return {
      data: rows.map(({ card: c, account, realName, auditor }) => ({
        id: c.id,
        player_id: c.playerId,
        account,
        real_name: realName,
        bank: c.bank,
        ...bankNames(c.bank),
        branch: c.market,
        account_name: c.accountName,
        card_number: c.cardNumber,
        status: c.statusDebitCard,
        audit_reason: c.auditReason,
        audited_by: auditor ?? null,
        created_at: iso(c.createdAt),
        /** The name on the account is the player's real name (or the player has not given one yet). */
        name_matches: !realName || realName === c.accountName,
        bound_by_others: moved.has(c.id),
      })),
      total,
      page: p.page,
      pageSize: p.pageSize,
    };
  }

  async auditCard(op: Operator, id: number, approve: boolean, reason: string) {
    const before = await repo.cardWithPlayer(this.db, id);
    if (!before || before.card.deletedAt) throw new ApiError('not_found');
    await this.cashier.auditCard(op.staffId, id, approve, reason);
    const c = before.card;
    const status = approve ? BANK_CARD_STATUS.usable : BANK_CARD_STATUS.refused;
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: approve ? 'bankcard.approve' : 'bankcard.reject',
      target: `bank_card:${id}`,
      ip: op.ip,
      before: { status: c.statusDebitCard },
      after: { status },
      detail: { player_id: c.playerId, account: before.account, bank: c.bank, card_number: maskCardNumber(c.cardNumber), reason },
    });
    return { id, status, audit_reason: reason };
  }

  // Gateway callbacks.

  async callbacks(p: Paging & { order?: string; signature?: '0' | '1' }) {
    const [{ rows, total }, refused] = await Promise.all([repo.listCallbacks(this.db, p), repo.refusedCallbacksLastDay(this.db)]);
    return {
      refused_24h: { total: refused.reduce((n, r) => n + r.count, 0), by_gateway: refused },
      data: rows.map((c) => ({
        id: c.id,
        gateway: c.gateway,
        event_id: c.eventId,
        order_id: c.orderId,
        state: c.state,
        signature_ok: c.signatureOk,
        outcome: c.outcome,
        body: c.body,
        ip: c.ip ?? '',
        received_at: iso(c.receivedAt),
      })),
      total,
      page: p.page,
      pageSize: p.pageSize,
    };
  }
}

type DepositListRow = Awaited<ReturnType<typeof repo.listDeposits>>['rows'][number];

function depositView({ deposit: d, account, realName, reviewer }: DepositListRow) {
  return {
    id: d.id,
    player_id: d.playerId,
    account,
    real_name: realName,
    method: d.method,
    amount: minorToDecimal(d.amountMinor),
    status: d.status,
    player_ref: d.playerRef,
    reason: d.reason,
    gateway_order_id: d.gatewayOrderId,
    payment_code: d.paymentCode,
    created_at: iso(d.createdAt),
    expires_at: iso(d.expiresAt),
    paid_at: iso(d.paidAt),
    reviewed_by: reviewer ?? null,
    /** Manual payments wait for finance; gateway orders are settled by their callbacks. */
    reviewable: isReviewable(d),
  };
}

type WithdrawalListRow = Awaited<ReturnType<typeof repo.listWithdrawals>>['rows'][number];

function withdrawalView({ withdrawal: w, account, realName, reviewer, card }: WithdrawalListRow, full: boolean) {
  return {
    id: w.id,
    player_id: w.playerId,
    account,
    real_name: realName,
    amount: minorToDecimal(w.amountMinor),
    fee: minorToDecimal(w.feeMinor),
    payout: minorToDecimal(w.amountMinor - w.feeMinor),
    status: w.status,
    reason: w.reason,
    created_at: iso(w.createdAt),
    reviewed_at: iso(w.reviewedAt),
    reviewed_by: reviewer ?? null,
    bank_card: {
      id: card.id,
      bank: card.bank,
      ...bankNames(card.bank),
      branch: card.market,
      account_name: card.accountName,
      card_number: full ? card.cardNumber : maskCardNumber(card.cardNumber),
      status: card.status,
    },
    name_matches: realName === card.accountName,
    risk_decision: w.riskDecision,
    risk_pending: w.status === WITHDRAWAL_STATUS.applying && w.riskDecision === null,
    held: w.riskDecision === RISK_DECISION.hold && !w.releasedAt,
    released_at: iso(w.releasedAt),
    release_reason: w.releaseReason,
    auto_approved_at: iso(w.autoApprovedAt),
    bank_reference: w.payoutReference,
  };
}
