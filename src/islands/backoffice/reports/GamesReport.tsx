// The games report: per game group, provider or game over a Taipei date range, a bar chart of GGR per row
// and the table with its totals, and the CSV of the same rows.
import { useState } from 'react';
import { Guard, cls, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { GROUP_KEYS, labelOf } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { GAME_LEVELS, type GameLevel, type GameRowView, type GamesReportView } from '../../../shared/schemas/backoffice/reports.ts';
import { ReportChart } from './Chart.tsx';
import { CsvButton, REPORT_KEYS, RangeForm, count, downloadCsv, lastDays, money, percent, plotted } from './shared.tsx';

export const GAMES_KEYS = [
  ...REPORT_KEYS,
  ...GROUP_KEYS,
  'bo.reports.chart.breakdown',
  'bo.reports.level',
  'bo.reports.level.group',
  'bo.reports.level.provider',
  'bo.reports.level.game',
  'bo.reports.col.game_type',
  'bo.reports.col.gp_code',
  'bo.reports.col.game',
  'bo.reports.col.player_days',
  'bo.reports.note.player_days',
] as const;
type K = (typeof GAMES_KEYS)[number];
type T = IslandProps<K>['t'];

const PAGE_SIZE = 50;
/** The chart shows the rows with the largest GGR; the table has them all. */
const CHART_ROWS = 15;

export default function GamesReport({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="reports">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [range, setRange] = useState(() => lastDays(30));
  const [level, setLevel] = useState<GameLevel>('group');
  const list = useBoData('GET /reports/games', { query: { ...range, level, sort: 'ggr', order: 'desc' }, pageSize: PAGE_SIZE });
  const rows = list.data?.data ?? [];
  const top = rows.slice(0, CHART_ROWS);
  const name = (r: GameRowView) => [labelOf(t, `bo.group.${r.game_type}`, r.game_type), r.gp_code, r.game].filter(Boolean).join(' · ');
  return (
    <div className="max-w-[1400px] space-y-4">
      <p className="text-sm text-slate-500">
        {t['bo.reports.note.days']} {t['bo.reports.note.player_days']}
      </p>
      <RangeForm t={t} range={range} onApply={setRange}>
        <label className="text-sm text-slate-600">
          <span className={cls.label}>{t['bo.reports.level']}</span>
          <select name="level" value={level} onChange={(e) => setLevel(e.target.value as GameLevel)} className={cls.input}>
            {GAME_LEVELS.map((l) => (
              <option key={l} value={l}>
                {t[`bo.reports.level.${l}`]}
              </option>
            ))}
          </select>
        </label>
        <CsvButton t={t} locale={locale} run={(l) => downloadCsv('GET /reports/games/export', { ...range, level }, l)} />
      </RangeForm>
      <section className={cls.card}>
        <ReportChart
          xLabel={t[level === 'group' ? 'bo.reports.col.game_type' : level === 'provider' ? 'bo.reports.col.gp_code' : 'bo.reports.col.game']}
          kind="bars"
          testId="games-chart"
          title={t['bo.reports.chart.breakdown']}
          emptyText={t['bo.reports.chart.none']}
          labels={top.map(name)}
          series={[{ label: t['bo.reports.col.ggr'], values: top.map((r) => plotted(r.ggr)), color: '#16a34a' }]}
        />
      </section>
      <section className={cls.card} aria-label={t['bo.reports.table']}>
        <BoTable
          t={t}
          list={list}
          columns={columns(t, level)}
          rowKey={(r) => `${r.game_type} ${r.gp_code} ${r.game}`}
          testId="games-table"
          rowTestId="games-row"
          scroll
          footer={list.data ? <Totals t={t} level={level} totals={list.data.totals} /> : null}
        />
      </section>
    </div>
  );
}

const FIGURES = [
  ['player_days', 'count'],
  ['rounds', 'count'],
  ['bets', 'money'],
  ['valid_bet', 'money'],
  ['payout', 'money'],
  ['ggr', 'money'],
  ['ggr_pct', 'percent'],
] as const;
type Figure = (typeof FIGURES)[number][0];

function shown(kind: 'count' | 'money' | 'percent', value: number | string | null): string {
  if (kind === 'count') return count(value as number);
  if (kind === 'percent') return percent(value as string | null);
  return money(value as string);
}

function columns(t: T, level: GameLevel): Array<BoColumn<GameRowView, K>> {
  return [
    {
      key: 'game_type',
      header: 'bo.reports.col.game_type',
      className: 'whitespace-nowrap font-medium',
      cell: (r) => labelOf(t, `bo.group.${r.game_type}`, r.game_type),
    },
    { key: 'gp_code', header: 'bo.reports.col.gp_code', hidden: level === 'group', className: 'whitespace-nowrap', cell: (r) => r.gp_code },
    { key: 'game', header: 'bo.reports.col.game', hidden: level !== 'game', className: 'whitespace-nowrap', cell: (r) => r.game },
    ...FIGURES.map(([field, kind]): BoColumn<GameRowView, K> => ({
      key: field,
      header: `bo.reports.col.${field}` as K,
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      testId: `cell-${field}`,
      cell: (r) => shown(kind, r[field as Figure]),
    })),
  ];
}

function Totals({ t, level, totals }: { t: T; level: GameLevel; totals: GamesReportView['totals'] }) {
  const span = level === 'group' ? 1 : level === 'provider' ? 2 : 3;
  return (
    <tfoot>
      <tr className="bg-slate-50 font-semibold" data-testid="games-totals">
        <td className={cls.td} colSpan={span}>
          {t['bo.reports.totals']}
        </td>
        {FIGURES.map(([field, kind]) => (
          <td key={field} className={`${cls.td} whitespace-nowrap text-right tabular-nums`} data-testid={`total-${field}`}>
            {shown(kind, totals[field])}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}
