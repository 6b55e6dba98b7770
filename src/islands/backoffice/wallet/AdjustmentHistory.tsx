// Adjustments a second staff member has decided (four eyes): who asked and when, who decided and when, and the
// outcome with the rejection's reason, the latest decision first. Read-only; it sits under the waiting queue.
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { formatTime, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { Money } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { PendingAdjustmentView } from '../../../shared/schemas/backoffice/desk.ts';

export const ADJUST_HISTORY_KEYS = [
  'bo.desk.adj.history',
  'bo.desk.adj.history_hint',
  'bo.desk.adj.col.player',
  'bo.desk.adj.col.amount',
  'bo.desk.adj.col.reason',
  'bo.desk.adj.col.asked',
  'bo.desk.adj.col.outcome',
  'bo.desk.adj.col.decided',
  'bo.desk.adj.outcome.approved',
  'bo.desk.adj.outcome.rejected',
] as const;
type K = (typeof ADJUST_HISTORY_KEYS)[number];
type T = CommonT & Record<K, string>;
type Row = PendingAdjustmentView;
const PAGE_SIZE = 20;

const OUTCOME_TONE = { approved: 'bg-emerald-100 text-emerald-800', rejected: 'bg-red-100 text-red-800' } as const;

export function AdjustmentHistory({ t, locale }: { t: T; locale: Locale }) {
  const list = useBoData('GET /finance/adjustments', { query: { status: 'decided' }, pageSize: PAGE_SIZE });
  // Who and when share a cell (the name, the time under it), so the table fits the desk's card at 1280 px.
  const whoAndWhen = (name: string | null, at: string | null) => (
    <>
      <div className="whitespace-nowrap">{name ?? ''}</div>
      <div className="whitespace-nowrap text-xs text-slate-500">{formatTime(at, locale)}</div>
    </>
  );
  const columns: Array<BoColumn<Row, K>> = [
    { key: 'player', header: 'bo.desk.adj.col.player', className: 'font-medium', cell: (r) => r.account },
    { key: 'amount', header: 'bo.desk.adj.col.amount', align: 'right', className: 'tabular-nums', cell: (r) => <Money value={r.amount} signed /> },
    { key: 'reason', header: 'bo.desk.adj.col.reason', className: 'max-w-xs break-words', cell: (r) => r.reason },
    { key: 'asked', header: 'bo.desk.adj.col.asked', cell: (r) => whoAndWhen(r.requested_by_name, r.created_at) },
    {
      key: 'outcome',
      header: 'bo.desk.adj.col.outcome',
      className: 'max-w-xs break-words',
      cell: (r) =>
        r.status === 'pending' ? null : (
          <>
            <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${OUTCOME_TONE[r.status]}`} data-outcome={r.status}>
              {t[`bo.desk.adj.outcome.${r.status}`]}
            </span>
            {r.decision_reason && <div className="mt-0.5 text-xs text-slate-600">{r.decision_reason}</div>}
          </>
        ),
    },
    { key: 'decided', header: 'bo.desk.adj.col.decided', cell: (r) => whoAndWhen(r.decided_by_name, r.decided_at) },
  ];
  return (
    <section className="mt-8" aria-labelledby="adj-history" data-testid="adjust-history">
      <h2 id="adj-history" className="text-base font-semibold text-brand-800">
        {t['bo.desk.adj.history']}
      </h2>
      <p className="mb-3 text-xs text-slate-500">{t['bo.desk.adj.history_hint']}</p>
      <BoTable t={t} list={list} scroll columns={columns} rowKey={(r) => r.id} rowData={(r) => ({ 'data-adjustment': r.id, 'data-outcome': r.status })} />
    </section>
  );
}
