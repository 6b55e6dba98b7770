// The player-protection report for compliance: what players and staff did with limits, reality checks,
// time-outs and self-exclusions over a Taipei date range, the limits in force now, and the exclusions in force now and
// begun in the range, with a bar chart of the actions; the CSV of the actions.
import { useState } from 'react';
import { Guard, ListState, cls, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable } from '../kit/BoTable.tsx';
import { DURATION_KEYS, PROTECTION_EVENT_KEYS, durationName, protectionEventName } from '../kit/codes.ts';
import type { Locale } from '../../../shared/constants.ts';
import { PROTECTION_SORTS } from '../../../shared/schemas/backoffice/reports.ts';
import { ReportChart } from './Chart.tsx';
import { CsvButton, REPORT_KEYS, RangeForm, SortButton, count, downloadCsv, lastDays, useKept, useSort } from './shared.tsx';

const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session', 'reality'] as const;
export const PROTECTION_KEYS = [
  ...REPORT_KEYS,
  ...PROTECTION_EVENT_KEYS,
  ...DURATION_KEYS,
  'bo.reports.chart.breakdown',
  'bo.reports.col.action',
  'bo.reports.col.limit_kind',
  'bo.reports.col.events',
  'bo.reports.col.players',
  'bo.reports.col.by_staff',
  'bo.reports.col.period',
  'bo.reports.col.pending',
  'bo.reports.col.kind',
  'bo.reports.col.duration',
  'bo.reports.col.active',
  'bo.reports.col.started',
  'bo.reports.excl.timeout',
  'bo.reports.excl.self_exclusion',
  'bo.reports.title.limits',
  'bo.reports.title.exclusions',
  'bo.reports.note.protection',
  'bo.protection.period.day',
  'bo.protection.period.week',
  'bo.protection.period.month',
  'bo.protection.period.session',
  ...LIMIT_KINDS.map((k) => `bo.reports.limit.${k}` as const),
] as const;
type K = (typeof PROTECTION_KEYS)[number];
type T = IslandProps<K>['t'];
type Sort = (typeof PROTECTION_SORTS)[number];

export default function ProtectionReport({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="reports">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

const say = (t: Record<string, string>, key: string, code: string) => (code ? (t[key] ?? code) : '—');

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [range, setRange] = useState(() => lastDays(30));
  const sort = useSort<Sort>('action', 'asc', ['action']);
  const report = useBoData('GET /reports/protection', { query: { ...range, sort: sort.sort, order: sort.order } });
  const header = (key: Sort, label: K) => (
    <SortButton label={t[label]} active={sort.sort === key} order={sort.order} onSort={() => sort.choose(key)} testId={`sort-${key}`} />
  );
  const { data, state: shownState } = useKept(report);
  const state = { ...shownState, empty: data !== null && data.actions.length === 0 && data.limits.length === 0 && data.exclusions.length === 0 };
  const action = (a: { action: string; kind: string }) =>
    [protectionEventName(t, a.action), a.kind ? say(t, `bo.reports.limit.${a.kind}`, a.kind) : ''].filter(Boolean).join(' · ');
  return (
    <div className="max-w-[1400px] space-y-4">
      <p className="text-sm text-slate-500">{t['bo.reports.note.protection']}</p>
      <RangeForm t={t} range={range} onApply={setRange}>
        <CsvButton t={t} locale={locale} run={(l) => downloadCsv('GET /reports/protection/export', { ...range, sort: sort.sort, order: sort.order }, l)} />
      </RangeForm>
      <ListState t={t} {...state}>
        {data && (
          <>
            <section className={cls.card}>
              <ReportChart
                xLabel={t['bo.reports.col.action']}
                kind="bars"
                testId="protection-chart"
                title={t['bo.reports.chart.breakdown']}
                emptyText={t['bo.reports.chart.none']}
                labels={data.actions.map(action)}
                series={[{ label: t['bo.reports.col.events'], values: data.actions.map((a) => a.events), color: '#7c3aed' }]}
              />
            </section>
            <section className={cls.card} aria-label={t['bo.reports.table']}>
              <BoTable
                t={t}
                rows={data.actions}
                state={state}
                rowKey={(r) => `${r.action} ${r.kind}`}
                testId="protection-actions"
                rowTestId="protection-row"
                ariaSort={(key) => sort.ariaSort(key, PROTECTION_SORTS)}
                columns={[
                  {
                    key: 'action',
                    header: 'bo.reports.col.action',
                    headerCell: header('action', 'bo.reports.col.action'),
                    cell: (r) => protectionEventName(t, r.action),
                  },
                  { key: 'kind', header: 'bo.reports.col.limit_kind', cell: (r) => say(t, `bo.reports.limit.${r.kind}`, r.kind) },
                  {
                    key: 'events',
                    header: 'bo.reports.col.events',
                    headerCell: header('events', 'bo.reports.col.events'),
                    align: 'right',
                    testId: 'cell-events',
                    cell: (r) => count(r.events),
                  },
                  {
                    key: 'players',
                    header: 'bo.reports.col.players',
                    headerCell: header('players', 'bo.reports.col.players'),
                    align: 'right',
                    cell: (r) => count(r.players),
                  },
                  {
                    key: 'by_staff',
                    header: 'bo.reports.col.by_staff',
                    headerCell: header('by_staff', 'bo.reports.col.by_staff'),
                    align: 'right',
                    cell: (r) => count(r.by_staff),
                  },
                ]}
                footer={
                  <tfoot>
                    <tr className="bg-slate-50 font-semibold" data-testid="protection-totals">
                      <td className={cls.td} colSpan={2}>
                        {t['bo.reports.totals']}
                      </td>
                      <td className={`${cls.td} text-right tabular-nums`} data-testid="total-events">
                        {count(data.totals.events)}
                      </td>
                      <td className={`${cls.td} text-right tabular-nums`} data-testid="total-players">
                        {count(data.totals.players)}
                      </td>
                      <td className={cls.td} />
                    </tr>
                  </tfoot>
                }
              />
            </section>
            <section className={cls.card}>
              <h2 className="mb-2 text-sm font-semibold text-slate-700">{t['bo.reports.title.limits']}</h2>
              <BoTable
                t={t}
                rows={data.limits}
                state={{ ...state, empty: data.limits.length === 0 }}
                rowKey={(r) => `${r.kind} ${r.period}`}
                testId="protection-limits"
                columns={[
                  { key: 'kind', header: 'bo.reports.col.limit_kind', cell: (r) => say(t, `bo.reports.limit.${r.kind}`, r.kind) },
                  { key: 'period', header: 'bo.reports.col.period', cell: (r) => say(t, `bo.protection.period.${r.period}`, r.period) },
                  { key: 'players', header: 'bo.reports.col.players', align: 'right', cell: (r) => count(r.players) },
                  { key: 'pending', header: 'bo.reports.col.pending', align: 'right', cell: (r) => count(r.pending) },
                ]}
              />
            </section>
            <section className={cls.card}>
              <h2 className="mb-2 text-sm font-semibold text-slate-700">{t['bo.reports.title.exclusions']}</h2>
              <BoTable
                t={t}
                rows={data.exclusions}
                state={{ ...state, empty: data.exclusions.length === 0 }}
                rowKey={(r) => `${r.kind} ${r.duration}`}
                testId="protection-exclusions"
                columns={[
                  { key: 'kind', header: 'bo.reports.col.kind', cell: (r) => say(t, `bo.reports.excl.${r.kind}`, r.kind) },
                  { key: 'duration', header: 'bo.reports.col.duration', cell: (r) => durationName(t, r.duration) },
                  { key: 'active', header: 'bo.reports.col.active', align: 'right', cell: (r) => count(r.active) },
                  { key: 'started', header: 'bo.reports.col.started', align: 'right', cell: (r) => count(r.started) },
                ]}
              />
            </section>
          </>
        )}
      </ListState>
    </div>
  );
}
