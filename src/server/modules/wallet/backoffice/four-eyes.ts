// Four eyes on large manual balance adjustments: above the operator's threshold (the setting
// adjustment_approval_threshold_amount, whole currency units) one staff member asks with a reason and a second one
// approves or rejects. The journal is posted only on approval, keyed by the pending adjustment's id, in the same
// transaction as the conditional update that moves it out of pending: two approvals racing each other post once,
// and nobody approves or rejects what they asked for themselves (the update's condition, and a check constraint).
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { WalletService } from '../service.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { Operator, PageOf } from '../../staff/service.ts';
import { offsetOf, type Paging } from '../../../../shared/schemas/paging.ts';
import type { AdjustmentListFilter, AdjustmentStatus, PendingAdjustmentView } from '../../../../shared/schemas/backoffice/desk.ts';
import * as repo from './adjustments-repository.ts';

/** The idempotency key of an approved adjustment's journal: derived from the pending row, never from the request. */
export const fourEyesKey = (id: number) => `four-eyes:${id}`;

export interface PendingAnswer {
  player_id: number;
  account: string;
  amount: string;
  status: 'pending';
  pending_id: number;
  journal_id: null;
  balance: null;
  replayed: boolean;
}

export class FourEyesAdjustments {
  private readonly db: Db;
  private readonly wallet: WalletService;

  constructor(deps: { db: Db; wallet: WalletService }) {
    this.db = deps.db;
    this.wallet = deps.wallet;
  }

  /** The first staff member's request: a pending adjustment and its audit row, once per Idempotency-Key. */
  async request(op: Operator, input: { player_id: number; amount: bigint; reason: string }, account: string, clientKey: string): Promise<PendingAnswer> {
    if (!input.reason) throw new ApiError('validation_failed', { reason: ['bo.desk.adj.reason_required'] });
    const { row, created } = await this.db.transaction(async (tx) => {
      const made = await repo.insertPending(tx, {
        playerId: input.player_id,
        amountMinor: input.amount,
        reason: input.reason,
        requestedBy: op.staffId,
        clientKey,
      });
      if (!made.created) return made;
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'balance.adjust.request',
        target: `player:${input.player_id}`,
        ip: op.ip,
        detail: { account, adjustment_id: made.row.id, amount: minorToDecimal(input.amount), reason: input.reason },
        before: null,
        after: { status: 'pending', amount: minorToDecimal(input.amount) },
      });
      return made;
    });
    if (!created && (row.playerId !== input.player_id || row.amountMinor !== input.amount)) throw new ApiError('idempotency_mismatch');
    return {
      player_id: row.playerId,
      account,
      amount: minorToDecimal(row.amountMinor),
      status: 'pending',
      pending_id: row.id,
      journal_id: null,
      balance: null,
      replayed: !created,
    };
  }

  /** A second staff member's decision: approval posts the journal, rejection posts nothing. */
  async decide(op: Operator, id: number, action: 'approve' | 'reject', reason: string): Promise<PendingAdjustmentView> {
    const row = await repo.adjustmentById(this.db, id);
    if (!row) throw new ApiError('not_found');
    if (row.requestedBy === op.staffId) throw new ApiError('adjustment_own');
    if (row.status !== 'pending') throw new ApiError('adjustment_decided');
    if (action === 'reject') await this.reject(op, row, reason);
    else await this.approve(op, row);
    return this.view(id);
  }

  private async reject(op: Operator, row: repo.AdjustmentRow, reason: string): Promise<void> {
    if (!reason) throw new ApiError('validation_failed', { reason: ['bo.desk.adj.reject_reason'] });
    await this.db.transaction(async (tx) => {
      const decided = await repo.decide(tx, row.id, { status: 'rejected', staffId: op.staffId, reason });
      if (!decided) throw new ApiError('adjustment_decided');
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'balance.adjust.reject',
        target: `player:${row.playerId}`,
        ip: op.ip,
        detail: { adjustment_id: row.id, amount: minorToDecimal(row.amountMinor), reason },
        before: { status: 'pending' },
        after: { status: 'rejected' },
      });
    });
  }

  private async approve(op: Operator, row: repo.AdjustmentRow): Promise<void> {
    try {
      await this.wallet.adjustCentral({
        playerId: row.playerId,
        amountMinor: row.amountMinor,
        memo: row.reason,
        staffId: op.staffId,
        idempotencyKey: fourEyesKey(row.id),
        // The conditional update runs before the posting: a second approval waits on the row, finds it decided and
        // rolls back without touching the ledger.
        beforePost: async (tx) => {
          const decided = await repo.decide(tx, row.id, { status: 'approved', staffId: op.staffId, reason: '' });
          if (!decided) throw new ApiError('adjustment_decided');
        },
        onPosted: async (tx, posted) => {
          await repo.setJournal(tx, row.id, posted.journalId);
          await recordAudit(tx, {
            staffId: op.staffId,
            action: 'balance.adjust.approve',
            target: `player:${row.playerId}`,
            ip: op.ip,
            detail: { adjustment_id: row.id, amount: minorToDecimal(row.amountMinor), reason: row.reason, journal_id: posted.journalId },
            before: { status: 'pending' },
            after: { status: 'approved', balance: minorToDecimal(posted.centralBalanceMinor) },
          });
        },
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'insufficient_funds') throw new ApiError('insufficient_funds', { amount: ['bo.err.adjust_negative'] });
      throw err;
    }
  }

  async list(q: Paging & { status: AdjustmentListFilter }): Promise<PageOf<PendingAdjustmentView>> {
    const { rows, total } = await repo.listAdjustments(this.db, { status: q.status, limit: q.pageSize, offset: offsetOf(q) });
    return { data: rows.map(viewOf), total, page: q.page, pageSize: q.pageSize };
  }

  private async view(id: number): Promise<PendingAdjustmentView> {
    const row = await repo.listedAdjustment(this.db, id);
    if (!row) throw new ApiError('not_found');
    return viewOf(row);
  }
}

function viewOf(r: Awaited<ReturnType<typeof repo.listAdjustments>>['rows'][number]): PendingAdjustmentView {
  const a = r.row;
  return {
    id: a.id,
    player_id: a.playerId,
    account: r.account ?? '',
    amount: minorToDecimal(a.amountMinor),
    reason: a.reason,
    status: a.status as AdjustmentStatus,
    requested_by: a.requestedBy,
    requested_by_name: r.requestedByName ?? '',
    decided_by: a.decidedBy,
    decided_by_name: r.decidedByName,
    decision_reason: a.decisionReason,
    journal_id: a.journalId,
    created_at: a.createdAt.toISOString(),
    decided_at: a.decidedAt ? a.decidedAt.toISOString() : null,
  };
}
