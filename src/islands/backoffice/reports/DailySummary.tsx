// The daily summary: one row per Taipei day of the chosen range, a line chart of the day's money and the
// table of every figure with its totals, and the CSV of the same range.
import { useState } from 'react';
import { Guard, cls, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { DailyRowView, DailyTotalsView } from '../../../shared/schemas/backoffice/reports.ts';
import { ReportChart } from './Chart.tsx';
import { CsvButton, REPORT_KEYS, RangeForm, count, downloadCsv, lastDays, money, percent, plotted, type ReportKey } from './shared.tsx';

export const DAILY_KEYS = [...REPORT_KEYS, 'bo.reports.chart.daily'] as const;
type K = (typeof DAILY_KEYS)[number];
type T = IslandProps<K>['t'];

/** A quarter of days fits one page; the server answers at most a year and a day. */
const PAGE_SIZE = 92;
const DEFAULT_DAYS = 30;

export default function DailySummary({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="reports">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [range, setRange] = useState(() => lastDays(DEFAULT_DAYS));
  const list = useBoData('GET /reports/daily', { query: { ...range, sort: 'day', order: 'asc' }, pageSize: PAGE_SIZE });
  const rows = list.data?.data ?? [];
  return (
    <div className="max-w-[1400px] space-y-4">
      <p className="text-sm text-slate-500">{t['bo.reports.note.days']}</p>
      <RangeForm t={t} range={range} onApply={setRange}>
        <CsvButton t={t} locale={locale} run={(l) => downloadCsv('GET /reports/daily/export', range, l)} />
      </RangeForm>
      <section className={cls.card}>
        <ReportChart
          xLabel={t['bo.reports.col.day']}
          kind="line"
          testId="daily-chart"
          title={t['bo.reports.chart.daily']}
          emptyText={t['bo.reports.chart.none']}
          labels={rows.map((r) => r.day)}
          series={[
            { label: t['bo.reports.col.deposit_amount'], values: rows.map((r) => plotted(r.deposit_amount)), color: '#0284c7' },
            { label: t['bo.reports.col.withdrawal_amount'], values: rows.map((r) => plotted(r.withdrawal_amount)), color: '#f97316' },
            { label: t['bo.reports.col.ggr'], values: rows.map((r) => plotted(r.ggr)), color: '#16a34a' },
            { label: t['bo.reports.col.ngr'], values: rows.map((r) => plotted(r.ngr)), color: '#7c3aed' },
          ]}
        />
      </section>
      <section className={cls.card} aria-label={t['bo.reports.table']}>
        <BoTable
          t={t}
          list={list}
          columns={columns(list.data?.totals)}
          rowKey={(r) => r.day}
          testId="daily-table"
          rowTestId="daily-row"
          scroll
          footer={list.data ? <Totals t={t} totals={list.data.totals} /> : null}
        />
      </section>
    </div>
  );
}

type Field = Exclude<keyof DailyRowView, 'day'>;
const COLUMNS: Array<[Field, 'count' | 'money' | 'percent']> = [
  ['registrations', 'count'],
  ['ftd_count', 'count'],
  ['ftd_amount', 'money'],
  ['active_players', 'count'],
  ['deposit_count', 'count'],
  ['deposit_amount', 'money'],
  ['withdrawal_count', 'count'],
  ['withdrawal_amount', 'money'],
  ['net_cash', 'money'],
  ['rounds', 'count'],
  ['bets', 'money'],
  ['valid_bet', 'money'],
  ['payout', 'money'],
  ['ggr', 'money'],
  ['ggr_pct', 'percent'],
  ['bonus_total', 'money'],
  ['ngr', 'money'],
];

function shown(kind: 'count' | 'money' | 'percent', value: DailyRowView[Field]): string {
  if (kind === 'count') return count(value as number);
  if (kind === 'percent') return percent(value as string | null);
  return money(value as string);
}

function columns(_totals: DailyTotalsView | undefined): Array<BoColumn<DailyRowView, ReportKey>> {
  return [
    { key: 'day', header: 'bo.reports.col.day', className: 'whitespace-nowrap font-medium', testId: 'cell-day', cell: (r) => r.day },
    ...COLUMNS.map(([field, kind]): BoColumn<DailyRowView, ReportKey> => ({
      key: field,
      header: `bo.reports.col.${field}` as ReportKey,
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      testId: `cell-${field}`,
      cell: (r) => shown(kind, r[field]),
    })),
  ];
}

function Totals({ t, totals }: { t: T; totals: DailyTotalsView }) {
  return (
    <tfoot>
      <tr className="bg-slate-50 font-semibold" data-testid="daily-totals">
        <td className={cls.td}>{t['bo.reports.totals']}</td>
        {COLUMNS.map(([field, kind]) => (
          <td key={field} className={`${cls.td} whitespace-nowrap text-right tabular-nums`} data-testid={`total-${field}`}>
            {shown(kind, totals[field])}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}
