// Adjustments waiting for a second staff member (four eyes): the finance desk's queue under the adjustment form.
// Another staff member approves (the money moves then) or rejects with a reason, each in the site's dialog; a
// staff member's own requests show without buttons, as the server refuses them too. The decided ones are listed
// below it, and drawn again after each decision made here.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff } from '../../../stores/backoffice.ts';
import { boApi } from '../kit/api.ts';
import { ConfirmDialog, cls, fill, formatTime, type CommonT } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { useBoData } from '../kit/data.ts';
import { Money } from '../kit/money.tsx';
import { Dialog } from '../../common/Dialog.tsx';
import { NoticeBanner, useBoAction } from '../kit/form.tsx';
import { formatDecimal } from '../../../shared/money.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { PendingAdjustmentView } from '../../../shared/schemas/backoffice/desk.ts';
import { ADJUST_HISTORY_KEYS, AdjustmentHistory } from './AdjustmentHistory.tsx';

export const ADJUST_QUEUE_KEYS = [
  'bo.desk.adj.queue',
  'bo.desk.adj.queue_hint',
  'bo.desk.adj.col.player',
  'bo.desk.adj.col.amount',
  'bo.desk.adj.col.reason',
  'bo.desk.adj.col.by',
  'bo.desk.adj.approve',
  'bo.desk.adj.reject',
  'bo.desk.adj.own',
  'bo.desk.adj.confirm_approve',
  'bo.desk.adj.reject_title',
  'bo.desk.adj.approved',
  'bo.desk.adj.rejected',
  'bo.desk.bulk.reason',
  ...ADJUST_HISTORY_KEYS,
] as const;
type K = (typeof ADJUST_QUEUE_KEYS)[number];
type T = CommonT & Record<K, string>;
type Row = PendingAdjustmentView;
const PAGE_SIZE = 20;

export function AdjustmentQueue({ t, locale }: { t: T; locale: Locale }) {
  const me = useStore($boStaff);
  const list = useBoData('GET /finance/adjustments', { query: { status: 'pending' }, pageSize: PAGE_SIZE });
  const [approving, setApproving] = useState<Row | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const [decisions, setDecisions] = useState(0);
  const action = useBoAction(t);
  const words = (r: Row) => ({ account: r.account, amount: formatDecimal(r.amount) });

  const decide = async (r: Row, act: 'approve' | 'reject') => {
    const done = await action.run(
      () => boApi('POST /finance/adjustments/:id/decision', { params: { id: r.id }, body: { action: act, reason: act === 'reject' ? reason : '' } }),
      fill(t[act === 'approve' ? 'bo.desk.adj.approved' : 'bo.desk.adj.rejected'], words(r)),
      ['reason'],
    );
    setApproving(null);
    if (done || act === 'approve') setRejecting(null);
    if (done) {
      setReason('');
      setDecisions((n) => n + 1);
      void list.reload();
    }
  };

  const columns: Array<BoColumn<Row, K | 'bo.time' | 'bo.actions'>> = [
    { key: 'time', header: 'bo.time', className: 'whitespace-nowrap text-slate-500', cell: (r) => formatTime(r.created_at, locale) },
    { key: 'player', header: 'bo.desk.adj.col.player', className: 'font-medium', cell: (r) => r.account },
    { key: 'amount', header: 'bo.desk.adj.col.amount', align: 'right', className: 'tabular-nums', cell: (r) => <Money value={r.amount} signed /> },
    { key: 'reason', header: 'bo.desk.adj.col.reason', className: 'max-w-xs break-words', cell: (r) => r.reason },
    { key: 'by', header: 'bo.desk.adj.col.by', cell: (r) => r.requested_by_name },
    {
      key: 'actions',
      header: 'bo.actions',
      cell: (r) =>
        r.requested_by === me?.id ? (
          <span className="text-xs text-slate-500">{t['bo.desk.adj.own']}</span>
        ) : (
          <span className="flex gap-2">
            <button type="button" className={cls.btnSmall} onClick={() => setApproving(r)} data-testid="adj-approve">
              {t['bo.desk.adj.approve']}
            </button>
            <button
              type="button"
              className={cls.btnDanger}
              onClick={() => {
                setReason('');
                setRejecting(r);
              }}
              data-testid="adj-reject"
            >
              {t['bo.desk.adj.reject']}
            </button>
          </span>
        ),
    },
  ];

  return (
    <>
      <section className="mt-8" aria-labelledby="adj-queue" data-testid="adjust-queue">
        <h2 id="adj-queue" className="text-base font-semibold text-brand-800">
          {t['bo.desk.adj.queue']}
        </h2>
        <p className="mb-3 text-xs text-slate-500">{t['bo.desk.adj.queue_hint']}</p>
        <NoticeBanner notice={rejecting ? null : action.notice} testId="adjust-queue-notice" />
        <BoTable t={t} list={list} columns={columns} rowKey={(r) => r.id} rowData={(r) => ({ 'data-adjustment': r.id, 'data-player': r.account })} />
        <ConfirmDialog
          t={t}
          open={!!approving}
          busy={action.busy}
          message={approving ? fill(t['bo.desk.adj.confirm_approve'], words(approving)) : ''}
          onConfirm={() => approving && void decide(approving, 'approve')}
          onCancel={() => setApproving(null)}
        />
        <Dialog
          open={!!rejecting}
          title={rejecting ? fill(t['bo.desk.adj.reject_title'], words(rejecting)) : ''}
          onClose={() => setRejecting(null)}
          labelClose={t['bo.close']}
        >
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (rejecting) void decide(rejecting, 'reject');
            }}
          >
            <label className={cls.label} htmlFor="adj-reject-reason">
              {t['bo.desk.bulk.reason']}
            </label>
            <textarea id="adj-reject-reason" className={cls.textarea} rows={3} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
            <NoticeBanner notice={action.notice} />
            <div className="mt-4 flex justify-end gap-3">
              <button type="button" className={cls.btnGhost} onClick={() => setRejecting(null)}>
                {t['bo.cancel']}
              </button>
              <button type="submit" className={cls.btn} disabled={action.busy}>
                {t['bo.desk.adj.reject']}
              </button>
            </div>
          </form>
        </Dialog>
      </section>
      <AdjustmentHistory key={decisions} t={t} locale={locale} />
    </>
  );
}
