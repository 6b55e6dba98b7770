// The field web vitals (system area): per page template and device, each metric's 75th percentile over the last
// 24 hours or 7 days as players' browsers reported it, against Google's "good" line, with a chart per Core Web Vital
// (mobile and desktop side by side) and the full figures as a table below it.
import { useState } from 'react';
import { COMMON_KEYS, Guard, ListState, cls, fill, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { ReportChart } from '../reports/Chart.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { VITALS_DEVICES, VITALS_METRICS, VITALS_TEMPLATES, type VitalsMetric } from '../../../shared/schemas/vitals.ts';
import type { VitalsRowView, VitalsSummaryView } from '../../../shared/schemas/backoffice/vitals.ts';

export const VITALS_KEYS = [
  ...COMMON_KEYS,
  'bo.vitals.hint',
  'bo.vitals.window',
  'bo.vitals.window.day',
  'bo.vitals.window.week',
  'bo.vitals.template',
  'bo.vitals.device',
  'bo.vitals.views',
  'bo.vitals.goal',
  'bo.vitals.over_goal',
  'bo.vitals.none',
  'bo.vitals.chart',
  'bo.vitals.unit.ms',
  'bo.vitals.ms',
  'bo.vitals.unit.score',
  'bo.vitals.retention',
  ...VITALS_METRICS.map((m) => `bo.vitals.metric.${m}` as const),
  ...VITALS_DEVICES.map((d) => `bo.vitals.device.${d}` as const),
  ...VITALS_TEMPLATES.map((x) => `bo.vitals.template.${x}` as const),
] as const;
type K = (typeof VITALS_KEYS)[number];
type T = IslandProps<K>['t'];

/** The metrics charted: the three Core Web Vitals the goals are set for. */
const CHARTED: VitalsMetric[] = ['LCP', 'INP', 'CLS'];
const DEVICE_COLOURS = { mobile: '#1d4ed8', desktop: '#d97706' } as const;

export default function WebVitals({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="vitals.read">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

/** A figure in its unit: the layout shift score as it is, times in milliseconds with the unit in the page's language. */
function formatValue(metric: VitalsMetric, value: number, locale: Locale, msUnit: string): string {
  const n = new Intl.NumberFormat(locale, metric === 'CLS' ? { minimumFractionDigits: 2, maximumFractionDigits: 3 } : { maximumFractionDigits: 0 });
  return metric === 'CLS' ? n.format(value) : `${n.format(value)} ${msUnit}`;
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const summary = useBoData('GET /vitals');
  const [window, setWindow] = useState<'day' | 'week'>('day');
  return (
    <div className="max-w-6xl space-y-4">
      <div className="flex items-start justify-between gap-4">
        <p className="text-sm text-slate-500">{t['bo.vitals.hint']}</p>
        <div className="flex shrink-0 items-center gap-2" role="group" aria-label={t['bo.vitals.window']}>
          {(['day', 'week'] as const).map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={window === w}
              className={window === w ? cls.btn : cls.btnGhost}
              onClick={() => setWindow(w)}
              data-testid={`vitals-window-${w}`}
            >
              {t[`bo.vitals.window.${w}`]}
            </button>
          ))}
          <button type="button" className={cls.btnGhost} onClick={() => void summary.reload()} disabled={summary.loading}>
            {t['bo.refresh']}
          </button>
        </div>
      </div>
      <ListState t={t} loading={summary.loading && !summary.data} error={summary.error} retry={summary.reload}>
        {summary.data && <Figures t={t} locale={locale} data={summary.data} rows={summary.data[window]} />}
      </ListState>
    </div>
  );
}

function Figures({ t, locale, data, rows }: { t: T; locale: Locale; data: VitalsSummaryView; rows: VitalsRowView[] }) {
  const templates = VITALS_TEMPLATES.filter((x) => rows.some((r) => r.template === x));
  const find = (template: string, device: string, metric: VitalsMetric) =>
    rows.find((r) => r.template === template && r.device === device && r.metric === metric);
  if (rows.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">{t['bo.vitals.none']}</p>;
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-3">
        {CHARTED.map((metric) => (
          <div key={metric} className={cls.card}>
            <ReportChart
              kind="bars"
              testId={`vitals-chart-${metric}`}
              title={fill(t['bo.vitals.chart'], {
                metric: t[`bo.vitals.metric.${metric}`],
                unit: t[metric === 'CLS' ? 'bo.vitals.unit.score' : 'bo.vitals.unit.ms'],
              })}
              xLabel={t['bo.vitals.template']}
              emptyText={t['bo.vitals.none']}
              labels={templates.map((x) => t[`bo.vitals.template.${x}`])}
              series={VITALS_DEVICES.map((d) => ({
                label: t[`bo.vitals.device.${d}`],
                color: DEVICE_COLOURS[d],
                values: templates.map((x) => find(x, d, metric)?.p75 ?? 0),
              }))}
              height={220}
            />
            <p className="mt-2 text-xs text-slate-500">
              {fill(t['bo.vitals.goal'], { goal: formatValue(metric, data.goals[metric], locale, t['bo.vitals.ms']) })}
            </p>
          </div>
        ))}
      </div>
      <div className={`${cls.card} overflow-x-auto p-0`}>
        <table className={cls.table} data-testid="vitals-table">
          <thead>
            <tr>
              <th className={cls.th}>{t['bo.vitals.template']}</th>
              <th className={cls.th}>{t['bo.vitals.device']}</th>
              <th className={`${cls.th} text-right`}>{t['bo.vitals.views']}</th>
              {VITALS_METRICS.map((m) => (
                <th key={m} className={`${cls.th.replace('whitespace-nowrap', '')} text-right`}>
                  {t[`bo.vitals.metric.${m}`]}
                  <span className="block text-xs font-normal text-slate-400">
                    {fill(t['bo.vitals.goal'], { goal: formatValue(m, data.goals[m], locale, t['bo.vitals.ms']) })}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {templates.flatMap((x) =>
              VITALS_DEVICES.filter((d) => rows.some((r) => r.template === x && r.device === d)).map((d) => (
                <tr key={`${x}-${d}`} data-row={`${x}-${d}`}>
                  <td className={cls.td}>{t[`bo.vitals.template.${x}`]}</td>
                  <td className={cls.td}>{t[`bo.vitals.device.${d}`]}</td>
                  <td className={`${cls.td} text-right tabular-nums`}>
                    {new Intl.NumberFormat(locale).format(Math.max(0, ...VITALS_METRICS.map((m) => find(x, d, m)?.reports ?? 0)))}
                  </td>
                  {VITALS_METRICS.map((m) => {
                    const row = find(x, d, m);
                    const over = row !== undefined && row.p75 > data.goals[m];
                    return (
                      <td key={m} className={`${cls.td} text-right tabular-nums ${over ? 'font-semibold text-red-700' : ''}`} data-metric={m}>
                        {row ? formatValue(m, row.p75, locale, t['bo.vitals.ms']) : '—'}
                        {over && <span className="sr-only"> ({t['bo.vitals.over_goal']})</span>}
                      </td>
                    );
                  })}
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-500">{fill(t['bo.vitals.retention'], { days: String(data.retentionDays) })}</p>
    </>
  );
}
