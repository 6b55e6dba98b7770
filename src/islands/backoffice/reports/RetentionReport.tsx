// The retention report: each Taipei registration week's cohort against the weeks since, as a heat map of
// the share of the cohort active (a settled bet or a deposit) or depositing, the cohort's first-deposit conversion,
// and a line of week-1 retention per cohort; the CSV of the same table.
import { useState } from 'react';
import { Guard, ListState, cls, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import type { Locale } from '../../../shared/constants.ts';
import { RETENTION_SORTS, type RetentionCohortView } from '../../../shared/schemas/backoffice/reports.ts';
import { ReportChart } from './Chart.tsx';
import { CsvButton, REPORT_KEYS, RangeForm, SortButton, count, downloadCsv, lastDays, percent, useKept, useSort } from './shared.tsx';

export const RETENTION_KEYS = [
  ...REPORT_KEYS,
  'bo.reports.col.week_start',
  'bo.reports.col.players',
  'bo.reports.col.converted',
  'bo.reports.col.conversion_pct',
  'bo.reports.col.converted_7d',
  'bo.reports.col.conversion_7d_pct',
  'bo.reports.col.active_pct',
  'bo.reports.col.depositing_pct',
  'bo.reports.retention.show',
  'bo.reports.retention.week',
  'bo.reports.retention.weeks',
  'bo.reports.chart.retention',
  'bo.reports.note.retention',
] as const;
type K = (typeof RETENTION_KEYS)[number];
type T = IslandProps<K>['t'];
type Shown = 'active_pct' | 'depositing_pct';
type Sort = (typeof RETENTION_SORTS)[number];
/** The cohort columns the table shows, each sorting on the server. */
const COHORT_COLUMNS = ['week_start', 'players', 'converted', 'conversion_pct', 'conversion_7d_pct'] as const satisfies readonly Sort[];

const WEEKS = 8;

export default function RetentionReport({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="reports">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [range, setRange] = useState(() => lastDays(12 * 7));
  const [shownField, setShown] = useState<Shown>('active_pct');
  const sort = useSort<Sort>('week_start', 'asc', ['week_start']);
  const report = useBoData('GET /reports/retention', { query: { ...range, weeks: String(WEEKS), sort: sort.sort, order: sort.order } });
  const { data, state: shownState } = useKept(report);
  const state = { ...shownState, empty: data !== null && data.totals.players === 0 };
  // The line runs through the weeks in order, whichever column the table is sorted by.
  const byWeek = data ? [...data.cohorts].sort((a, b) => a.week_start.localeCompare(b.week_start)) : [];
  const week = (k: number) => t['bo.reports.retention.week'].replace('{n}', String(k));
  return (
    <div className="max-w-[1400px] space-y-4">
      <p className="text-sm text-slate-500">{t['bo.reports.note.retention']}</p>
      <RangeForm t={t} range={range} onApply={setRange}>
        <label className="text-sm text-slate-600">
          <span className={cls.label}>{t['bo.reports.retention.show']}</span>
          <select name="shown" value={shownField} onChange={(e) => setShown(e.target.value as Shown)} className={cls.input}>
            <option value="active_pct">{t['bo.reports.col.active_pct']}</option>
            <option value="depositing_pct">{t['bo.reports.col.depositing_pct']}</option>
          </select>
        </label>
        <CsvButton
          t={t}
          locale={locale}
          run={(l) => downloadCsv('GET /reports/retention/export', { ...range, weeks: String(WEEKS), sort: sort.sort, order: sort.order }, l)}
        />
      </RangeForm>
      <ListState t={t} {...state}>
        {data && (
          <>
            <section className={cls.card}>
              <ReportChart
                xLabel={t['bo.reports.col.week_start']}
                kind="line"
                testId="retention-chart"
                title={t['bo.reports.chart.retention']}
                emptyText={t['bo.reports.chart.none']}
                labels={byWeek.map((c) => c.week_start)}
                series={[1, 2, 4].map((k, i) => ({
                  label: week(k),
                  values: byWeek.map((c) => Number(cellOf(c, k, shownField) ?? 0)),
                  color: ['#16a34a', '#0284c7', '#7c3aed'][i]!,
                }))}
              />
            </section>
            <section className={`${cls.card} overflow-x-auto`} aria-label={t['bo.reports.table']}>
              <table className={cls.table} data-testid="retention-table">
                <thead>
                  <tr>
                    {COHORT_COLUMNS.map((f) => (
                      <th key={f} scope="col" className={`${cls.th}${f === 'week_start' ? '' : ' text-right'}`} aria-sort={sort.ariaSort(f, RETENTION_SORTS)}>
                        <SortButton
                          label={t[`bo.reports.col.${f}`]}
                          active={sort.sort === f}
                          order={sort.order}
                          onSort={() => sort.choose(f)}
                          testId={`sort-${f}`}
                        />
                      </th>
                    ))}
                    {Array.from({ length: WEEKS }, (_, k) => (
                      <th key={k} className={`${cls.th} text-center`}>
                        {week(k)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.cohorts.map((c) => (
                    <tr key={c.week_start} data-testid="retention-row">
                      <td className={`${cls.td} whitespace-nowrap font-medium`}>{c.week_start}</td>
                      <td className={`${cls.td} text-right tabular-nums`} data-testid="cell-players">
                        {count(c.players)}
                      </td>
                      <td className={`${cls.td} text-right tabular-nums`}>{count(c.converted)}</td>
                      <td className={`${cls.td} text-right tabular-nums`}>{percent(c.conversion_pct)}</td>
                      <td className={`${cls.td} text-right tabular-nums`}>{percent(c.conversion_7d_pct)}</td>
                      {Array.from({ length: WEEKS }, (_, k) => (
                        <HeatCell key={k} value={k < c.cells.length ? cellOf(c, k, shownField) : undefined} />
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="bg-slate-50 font-semibold" data-testid="retention-totals">
                    <td className={cls.td}>{t['bo.reports.totals']}</td>
                    <td className={`${cls.td} text-right tabular-nums`} data-testid="total-players">
                      {count(data.totals.players)}
                    </td>
                    <td className={`${cls.td} text-right tabular-nums`}>{count(data.totals.converted)}</td>
                    <td className={`${cls.td} text-right tabular-nums`}>{percent(data.totals.conversion_pct)}</td>
                    <td className={`${cls.td} text-right tabular-nums`}>{percent(data.totals.conversion_7d_pct)}</td>
                    <td className={cls.td} colSpan={WEEKS} />
                  </tr>
                </tfoot>
              </table>
            </section>
          </>
        )}
      </ListState>
    </div>
  );
}

function cellOf(c: RetentionCohortView, k: number, field: Shown): string | null {
  return c.cells.find((x) => x.week === k)?.[field] ?? null;
}

/** A heat-map cell: the share as text on a green as deep as the share (empty for a week that has not begun). */
function HeatCell({ value }: { value: string | null | undefined }) {
  if (value === undefined) return <td className={cls.td} />;
  const share = Math.min(100, Math.max(0, Number(value ?? 0)));
  return (
    <td
      className={`${cls.td} text-center tabular-nums`}
      data-testid="heat-cell"
      data-value={value ?? ''}
      style={{ background: `rgba(22, 163, 74, ${(share / 100) * 0.85 + 0.05})`, color: share > 55 ? '#fff' : '#0f172a' }}
    >
      {percent(value)}
    </td>
  );
}
