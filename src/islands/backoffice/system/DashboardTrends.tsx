// The dashboard's trends: the last 30 Taipei days of the daily summary as a line of deposits, withdrawals,
// GGR and NGR, bars of the bonuses by kind over those days, and the same numbers as a table. The dashboard imports this
// module lazily, so the chart library is fetched only when a staff member who may read reports opens the dashboard.
import { useMemo } from 'react';
import { ListState, cls, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BONUS_KINDS, type DailyRowView } from '../../../shared/schemas/backoffice/reports.ts';
import { ReportChart } from '../reports/Chart.tsx';
import { count, lastDays, money, plotted } from '../reports/shared.tsx';
import type { TrendKey } from './trend-keys.ts';

/** The days the dashboard shows: a month, today included. */
export const TREND_DAYS = 30;

/** The table's columns: the line's figures and the bonuses. */
const TABLE_FIELDS = ['deposit_amount', 'withdrawal_amount', 'ggr', 'bonus_total', 'ngr'] as const satisfies ReadonlyArray<keyof DailyRowView>;

export default function DashboardTrends({ t, base }: { t: CommonT & Record<TrendKey, string>; base: string }) {
  const range = useMemo(() => lastDays(TREND_DAYS), []);
  const list = useBoData('GET /reports/daily', { query: { ...range, sort: 'day', order: 'asc' }, pageSize: TREND_DAYS });
  const rows = list.data?.data ?? [];
  const totals = list.data?.totals;
  return (
    <section className="col-span-4 space-y-4" aria-labelledby="dash-trends" data-testid="dash-trends">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 id="dash-trends" className="text-base font-semibold text-brand-800">
            {t['bo.dash.trends']}
          </h2>
          <p className="text-xs text-slate-500">{t['bo.dash.trends_note']}</p>
        </div>
        <a href={`${base}/reports`} className="text-sm text-brand-700 underline-offset-2 hover:underline">
          {t['bo.dash.trend_open']}
        </a>
      </div>
      <ListState t={t} loading={!list.data} error={list.error} retry={list.reload}>
        {totals && (
          <>
            <div className={cls.card}>
              <ReportChart
                kind="line"
                testId="dash-trend-chart"
                title={t['bo.dash.trend_money']}
                xLabel={t['bo.reports.col.day']}
                emptyText={t['bo.reports.chart.none']}
                labels={rows.map((r) => r.day)}
                height={240}
                series={[
                  { label: t['bo.reports.col.deposit_amount'], values: rows.map((r) => plotted(r.deposit_amount)), color: '#0284c7' },
                  { label: t['bo.reports.col.withdrawal_amount'], values: rows.map((r) => plotted(r.withdrawal_amount)), color: '#f97316' },
                  { label: t['bo.reports.col.ggr'], values: rows.map((r) => plotted(r.ggr)), color: '#16a34a' },
                  { label: t['bo.reports.col.ngr'], values: rows.map((r) => plotted(r.ngr)), color: '#7c3aed' },
                ]}
              />
            </div>
            <div className={cls.card}>
              <ReportChart
                kind="bars"
                testId="dash-bonus-chart"
                title={t['bo.dash.trend_bonuses']}
                xLabel={t['bo.reports.col.bonus_total']}
                emptyText={t['bo.reports.chart.none']}
                height={220}
                labels={BONUS_KINDS.map((k) => t[`bo.reports.col.bonus_${k}`])}
                series={[{ label: t['bo.reports.col.bonus_total'], values: BONUS_KINDS.map((k) => plotted(totals[`bonus_${k}`])), color: '#d97706' }]}
              />
            </div>
            <details className={cls.card} data-testid="dash-trend-table">
              <summary className="cursor-pointer text-sm font-semibold text-slate-700">{t['bo.dash.trend_table']}</summary>
              <div className="mt-3 overflow-x-auto">
                <table className={cls.table}>
                  <thead>
                    <tr>
                      <th scope="col" className={cls.th}>
                        {t['bo.reports.col.day']}
                      </th>
                      {TABLE_FIELDS.map((f) => (
                        <th key={f} scope="col" className={`${cls.th} text-right`}>
                          {t[`bo.reports.col.${f}`]}
                        </th>
                      ))}
                      <th scope="col" className={`${cls.th} text-right`}>
                        {t['bo.reports.col.active_players']}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.day} data-testid="dash-trend-row">
                        <td className={`${cls.td} whitespace-nowrap`}>{r.day}</td>
                        {TABLE_FIELDS.map((f) => (
                          <td key={f} className={`${cls.td} whitespace-nowrap text-right tabular-nums`} data-testid={`cell-${f}`}>
                            {money(r[f])}
                          </td>
                        ))}
                        <td className={`${cls.td} text-right tabular-nums`}>{count(r.active_players)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr className="bg-slate-50 font-semibold">
                      <td className={cls.td}>{t['bo.reports.totals']}</td>
                      {TABLE_FIELDS.map((f) => (
                        <td key={f} className={`${cls.td} whitespace-nowrap text-right tabular-nums`}>
                          {money(totals[f])}
                        </td>
                      ))}
                      <td className={`${cls.td} text-right tabular-nums`}>{count(totals.active_players)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            </details>
          </>
        )}
      </ListState>
    </section>
  );
}
