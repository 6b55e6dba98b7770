// The payments report: deposit orders per method and gateway with the success rate and the average time to
// pay, a bar chart of the amount paid per method, the orders per method and status, and withdrawals per status, over
// a Taipei date range; the CSV of the method rows.
import { useState } from 'react';
import { Guard, ListState, cls, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { DEPOSIT_METHODS } from '../../../shared/schemas/cashier.ts';
import { DEPOSIT_STATUS, WITHDRAWAL_STATUS } from '../../../shared/statuses.ts';
import { PAYMENT_SORTS, type PaymentsReportView } from '../../../shared/schemas/backoffice/reports.ts';
import { ReportChart } from './Chart.tsx';
import { CsvButton, REPORT_KEYS, RangeForm, SortButton, count, downloadCsv, lastDays, money, percent, plotted, useKept, useSort } from './shared.tsx';

export const PAYMENTS_KEYS = [
  ...REPORT_KEYS,
  'bo.reports.chart.breakdown',
  'bo.reports.col.method',
  'bo.reports.col.gateway',
  'bo.reports.col.orders',
  'bo.reports.col.paid',
  'bo.reports.col.decided',
  'bo.reports.col.success_pct',
  'bo.reports.col.paid_amount',
  'bo.reports.col.avg_pay_seconds',
  'bo.reports.col.amount',
  'bo.reports.col.fee',
  'bo.reports.col.requests',
  'bo.reports.col.status',
  'bo.reports.gateway.manual',
  'bo.reports.title.withdrawals',
  'bo.reports.title.statuses',
  'bo.reports.note.payments',
  ...DEPOSIT_METHODS.map((m) => `bo.dep.method.${m}` as const),
  ...Object.values(DEPOSIT_STATUS).map((s) => `bo.dep.status.${s}` as const),
  ...Object.values(WITHDRAWAL_STATUS).map((s) => `bo.wd.status.${s}` as const),
] as const;
type K = (typeof PAYMENTS_KEYS)[number];
type T = IslandProps<K>['t'];
type Row = PaymentsReportView['methods'][number];
type Sort = (typeof PAYMENT_SORTS)[number];
type Sorting = ReturnType<typeof useSort<Sort>>;

export default function PaymentsReport({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="reports">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

const say = (t: Record<string, string>, key: string, code: string) => t[key] ?? code;

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [range, setRange] = useState(() => lastDays(30));
  const sort = useSort<Sort>('name', 'asc', ['name']);
  const report = useBoData('GET /reports/payments', { query: { ...range, sort: sort.sort, order: sort.order } });
  const { data, state: shownState } = useKept(report);
  const state = { ...shownState, empty: data !== null && data.totals.orders === 0 && data.withdrawal_totals.requests === 0 };
  const methodName = (m: string) => say(t, `bo.dep.method.${m}`, m);
  return (
    <div className="max-w-[1400px] space-y-4">
      <p className="text-sm text-slate-500">{t['bo.reports.note.payments']}</p>
      <RangeForm t={t} range={range} onApply={setRange}>
        <CsvButton t={t} locale={locale} run={(l) => downloadCsv('GET /reports/payments/export', { ...range, sort: sort.sort, order: sort.order }, l)} />
      </RangeForm>
      <ListState t={t} {...state}>
        {data && (
          <>
            <section className={cls.card}>
              <ReportChart
                xLabel={t['bo.reports.col.method']}
                kind="bars"
                testId="payments-chart"
                title={t['bo.reports.chart.breakdown']}
                emptyText={t['bo.reports.chart.none']}
                labels={data.methods.map((m) => methodName(m.method))}
                series={[{ label: t['bo.reports.col.paid_amount'], values: data.methods.map((m) => plotted(m.paid_amount)), color: '#0284c7' }]}
              />
            </section>
            <section className={cls.card} aria-label={t['bo.reports.table']}>
              <BoTable
                t={t}
                rows={data.methods}
                state={state}
                columns={payColumns(t, 'method', sort)}
                ariaSort={(key) => sort.ariaSort(key === 'method' ? 'name' : key, PAYMENT_SORTS)}
                rowKey={(r) => r.method}
                testId="payments-methods"
                rowTestId="payments-row"
                scroll
                footer={<PayTotals t={t} label={t['bo.reports.totals']} span={2} figures={data.totals} />}
              />
            </section>
            <section className={cls.card}>
              <BoTable
                t={t}
                rows={data.gateways}
                state={state}
                columns={payColumns(t, 'gateway', sort)}
                ariaSort={(key) => sort.ariaSort(key === 'gateway' ? 'name' : key, PAYMENT_SORTS)}
                rowKey={(r) => r.gateway}
                testId="payments-gateways"
                scroll
              />
            </section>
            <section className={cls.card}>
              <h2 className="mb-2 text-sm font-semibold text-slate-700">{t['bo.reports.title.statuses']}</h2>
              <BoTable
                t={t}
                rows={data.statuses}
                state={state}
                rowKey={(r) => `${r.method} ${r.status}`}
                testId="payments-statuses"
                columns={[
                  { key: 'method', header: 'bo.reports.col.method', cell: (r) => methodName(r.method) },
                  { key: 'status', header: 'bo.reports.col.status', cell: (r) => say(t, `bo.dep.status.${r.status}`, r.status) },
                  { key: 'orders', header: 'bo.reports.col.orders', align: 'right', cell: (r) => count(r.orders) },
                  { key: 'amount', header: 'bo.reports.col.amount', align: 'right', cell: (r) => money(r.amount) },
                ]}
              />
            </section>
            <section className={cls.card}>
              <h2 className="mb-2 text-sm font-semibold text-slate-700">{t['bo.reports.title.withdrawals']}</h2>
              <BoTable
                t={t}
                rows={data.withdrawals}
                state={state}
                rowKey={(r) => r.status}
                testId="payments-withdrawals"
                columns={[
                  { key: 'status', header: 'bo.reports.col.status', cell: (r) => say(t, `bo.wd.status.${r.status}`, r.status) },
                  { key: 'requests', header: 'bo.reports.col.requests', align: 'right', cell: (r) => count(r.requests) },
                  { key: 'amount', header: 'bo.reports.col.amount', align: 'right', cell: (r) => money(r.amount) },
                  { key: 'fee', header: 'bo.reports.col.fee', align: 'right', cell: (r) => money(r.fee) },
                ]}
                footer={<WithdrawalTotals t={t} totals={data.withdrawal_totals} />}
              />
            </section>
          </>
        )}
      </ListState>
    </div>
  );
}

const FIGURES = [
  ['orders', 'count'],
  ['paid', 'count'],
  ['decided', 'count'],
  ['success_pct', 'percent'],
  ['paid_amount', 'money'],
  ['avg_pay_seconds', 'seconds'],
] as const;
type Figures = PaymentsReportView['totals'];

function shown(kind: (typeof FIGURES)[number][1], value: number | string | null): string {
  if (value === null) return '—';
  if (kind === 'count' || kind === 'seconds') return count(value as number);
  if (kind === 'percent') return percent(value as string);
  return money(value as string);
}

/** The columns of the method and gateway tables; the name (the method's, or the gateway's) and every figure sort, on the server. */
function payColumns<R extends Figures & { method?: string; gateway: string }>(t: T, by: 'method' | 'gateway', sort: Sorting): Array<BoColumn<R, K>> {
  const gateway = (g: string) => say(t, `bo.reports.gateway.${g}`, g);
  const header = (key: Sort, label: K) => (
    <SortButton label={t[label]} active={sort.sort === key} order={sort.order} onSort={() => sort.choose(key)} testId={`sort-${key}`} />
  );
  return [
    ...(by === 'method'
      ? [
          {
            key: 'method',
            header: 'bo.reports.col.method',
            headerCell: header('name', 'bo.reports.col.method'),
            className: 'whitespace-nowrap font-medium',
            cell: (r: R) => say(t, `bo.dep.method.${r.method}`, r.method ?? ''),
          } as BoColumn<R, K>,
        ]
      : []),
    {
      key: 'gateway',
      header: 'bo.reports.col.gateway',
      headerCell: by === 'gateway' ? header('name', 'bo.reports.col.gateway') : undefined,
      className: 'whitespace-nowrap',
      cell: (r) => gateway(r.gateway),
    },
    ...FIGURES.map(([field, kind]): BoColumn<R, K> => ({
      key: field,
      header: `bo.reports.col.${field}` as K,
      headerCell: header(field, `bo.reports.col.${field}` as K),
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      testId: `cell-${field}`,
      cell: (r) => shown(kind, r[field]),
    })),
  ];
}

function PayTotals({ label, span, figures }: { t: T; label: string; span: number; figures: Figures }) {
  return (
    <tfoot>
      <tr className="bg-slate-50 font-semibold" data-testid="payments-totals">
        <td className={cls.td} colSpan={span}>
          {label}
        </td>
        {FIGURES.map(([field, kind]) => (
          <td key={field} className={`${cls.td} whitespace-nowrap text-right tabular-nums`} data-testid={`total-${field}`}>
            {shown(kind, figures[field])}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}

/** The withdrawals' totals: requests, and of the paid ones their amount, the success rate and the average time to pay. */
function WithdrawalTotals({ t, totals }: { t: T; totals: PaymentsReportView['withdrawal_totals'] }) {
  return (
    <tfoot>
      <tr className="bg-slate-50 font-semibold" data-testid="withdrawals-totals">
        <td className={cls.td}>{t['bo.reports.totals']}</td>
        <td className={`${cls.td} text-right tabular-nums`}>{count(totals.requests)}</td>
        <td className={`${cls.td} text-right tabular-nums`} colSpan={2}>
          {t['bo.reports.col.paid_amount']} {money(totals.paid_amount)} · {t['bo.reports.col.success_pct']} {shown('percent', totals.success_pct)}
          {' · '}
          {t['bo.reports.col.avg_pay_seconds']} {shown('seconds', totals.avg_pay_seconds)}
        </td>
      </tr>
    </tfoot>
  );
}

export type { Row as PaymentRow };
