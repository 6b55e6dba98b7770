// The bonuses report: what bonuses cost over a Taipei date range. The totals (granted, given up or
// forfeited, net, and what activity wallets released to central wallets once their bet flow was complete), a bar chart of the cost per source (each promotion, VIP rewards, each red-packet round, the mall, operators'
// grants), the sources' table (each with what its wallets released) sorted by the server by any of its headers, the days as a line chart and a table, and
// the CSV of either table.
import { useEffect, useState } from 'react';
import { Guard, ListState, Pager, cls, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { BONUS_SORTS, BONUS_SOURCES, type BonusDayView, type BonusSourceRowView, type BonusesReportView } from '../../../shared/schemas/backoffice/reports.ts';
import { ReportChart } from './Chart.tsx';
import { CsvButton, REPORT_KEYS, RangeForm, SortButton, count, downloadCsv, lastDays, money, plotted, useKept, useSort } from './shared.tsx';

const DAY_FIELDS = ['promotions', 'rebates', 'vip', 'red_packets', 'mall', 'operator', 'granted', 'returned', 'net'] as const;
type DayField = (typeof DAY_FIELDS)[number];

export const BONUSES_KEYS = [
  ...REPORT_KEYS,
  'bo.reports.note.bonuses',
  'bo.reports.chart.bonus_sources',
  'bo.reports.chart.bonus_days',
  'bo.reports.title.bonus_sources',
  'bo.reports.title.bonus_days',
  'bo.reports.export_sources',
  'bo.reports.export_days',
  'bo.reports.bonus.kind',
  'bo.reports.bonus.none_title',
  'bo.reports.bonus.grants',
  'bo.reports.bonus.players',
  'bo.reports.bonus.amount',
  'bo.reports.bonus.source',
  'bo.reports.bonus.released',
  'bo.reports.bonus.releases',
  ...DAY_FIELDS.map((f) => `bo.reports.bonus.${f}` as const),
  ...BONUS_SOURCES.map((s) => `bo.reports.bonus.source.${s}` as const),
] as const;
type K = (typeof BONUSES_KEYS)[number];
type T = IslandProps<K>['t'];
type Sort = (typeof BONUS_SORTS)[number];

/** Rows per page of the sources' table and of the days' table (the server answers every row; the screen pages them). */
const SOURCES_PAGE = 25;
const DAYS_PAGE = 31;
/** The chart shows the costliest sources; the table has them all. */
const CHART_ROWS = 15;

export default function BonusesReport({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="reports">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

/** Whether a source row names a promotion or a red-packet round (its title and id), rather than a kind of bonus. */
const isNamed = (r: BonusSourceRowView): boolean => r.source === 'promotion' || r.source === 'rebate' || r.source === 'red_packet_round';

/** A source's name: the promotion's or round's title in the page's language (the other one when it has none), or its kind. */
export function sourceName(t: T, locale: Locale, r: BonusSourceRowView): string {
  if (isNamed(r)) {
    const title = (locale === 'en' ? r.title_en || r.title : r.title || r.title_en) || t['bo.reports.bonus.none_title'];
    const id = r.promotion_id ?? r.round_id;
    return id === null ? title : `${title} #${id}`;
  }
  return t[`bo.reports.bonus.source.${r.source}`];
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [range, setRange] = useState(() => lastDays(30));
  const sort = useSort<Sort>('amount', 'desc', ['source']);
  const report = useBoData('GET /reports/bonuses', { query: { ...range, sort: sort.sort, order: sort.order } });
  const { data, state: shownState } = useKept(report);
  const [sourcePage, setSourcePage] = useState(1);
  const [dayPage, setDayPage] = useState(1);
  useEffect(() => setSourcePage(1), [data]);
  useEffect(() => setDayPage(1), [range.from, range.to]);
  const state = { ...shownState, empty: data !== null && data.sources.length === 0 && data.totals.grants === 0 && data.totals.releases === 0 };
  // The costliest sources, and after them the ones that only released money in the range.
  const chartRows = data
    ? data.sources
        .filter((r) => r.source !== 'returned')
        .sort((a, b) => Number(b.amount) - Number(a.amount) || Number(b.released) - Number(a.released))
        .slice(0, CHART_ROWS)
    : [];
  const filters = { ...range, sort: sort.sort, order: sort.order };
  return (
    <div className="max-w-[1400px] space-y-4">
      <p className="text-sm text-slate-500">{t['bo.reports.note.bonuses']}</p>
      <RangeForm t={t} range={range} onApply={setRange}>
        <CsvButton
          t={t}
          locale={locale}
          label={t['bo.reports.export_sources']}
          run={(l) => downloadCsv('GET /reports/bonuses/export', { ...filters, table: 'sources' }, l)}
        />
        <CsvButton
          t={t}
          locale={locale}
          label={t['bo.reports.export_days']}
          testId="report-csv-days"
          run={(l) => downloadCsv('GET /reports/bonuses/export', { ...filters, table: 'days' }, l)}
        />
      </RangeForm>
      <ListState t={t} {...state}>
        {data && (
          <>
            <Summary t={t} totals={data.totals} />
            <section className={cls.card}>
              <ReportChart
                xLabel={t['bo.reports.bonus.source']}
                kind="bars"
                testId="bonuses-chart"
                title={t['bo.reports.chart.bonus_sources']}
                emptyText={t['bo.reports.chart.none']}
                labels={chartRows.map((r) => sourceName(t, locale, r))}
                series={[
                  { label: t['bo.reports.bonus.amount'], values: chartRows.map((r) => plotted(r.amount)), color: '#d97706' },
                  { label: t['bo.reports.bonus.released'], values: chartRows.map((r) => plotted(r.released)), color: '#059669' },
                ]}
              />
            </section>
            <section className={cls.card} aria-label={t['bo.reports.title.bonus_sources']}>
              <h2 className="mb-2 text-sm font-semibold text-slate-700">{t['bo.reports.title.bonus_sources']}</h2>
              <BoTable
                t={t}
                rows={data.sources.slice((sourcePage - 1) * SOURCES_PAGE, sourcePage * SOURCES_PAGE)}
                state={state}
                rowKey={(r) => `${r.source} ${r.promotion_id ?? ''} ${r.round_id ?? ''}`}
                testId="bonuses-sources"
                rowTestId="bonuses-source-row"
                scroll
                columns={sourceColumns(t, locale, sort)}
                ariaSort={(key) => sort.ariaSort(key, BONUS_SORTS)}
                footer={
                  <tfoot>
                    <tr className="bg-slate-50 font-semibold" data-testid="bonuses-sources-totals">
                      <td className={cls.td} colSpan={2}>
                        {t['bo.reports.totals']}
                      </td>
                      <td className={`${cls.td} text-right tabular-nums`} data-testid="total-grants">
                        {count(data.totals.grants)}
                      </td>
                      <td className={`${cls.td} text-right tabular-nums`} data-testid="total-players">
                        {count(data.totals.players)}
                      </td>
                      <td className={`${cls.td} text-right tabular-nums`} data-testid="total-amount">
                        {money(data.totals.net)}
                      </td>
                      <td className={`${cls.td} whitespace-nowrap text-right tabular-nums`} data-testid="total-source-released">
                        {money(data.totals.released)}
                      </td>
                      <td className={`${cls.td} text-right tabular-nums`} data-testid="total-source-releases">
                        {count(data.totals.releases)}
                      </td>
                    </tr>
                  </tfoot>
                }
              />
              {data.sources.length > SOURCES_PAGE && (
                <Pager t={t} page={sourcePage} total={data.sources.length} pageSize={SOURCES_PAGE} onPage={setSourcePage} />
              )}
            </section>
            <section className={cls.card}>
              <ReportChart
                xLabel={t['bo.reports.col.day']}
                kind="line"
                testId="bonuses-days-chart"
                title={t['bo.reports.chart.bonus_days']}
                emptyText={t['bo.reports.chart.none']}
                labels={data.days.map((d) => d.day)}
                series={[
                  { label: t['bo.reports.bonus.granted'], values: data.days.map((d) => plotted(d.granted)), color: '#d97706' },
                  { label: t['bo.reports.bonus.returned'], values: data.days.map((d) => plotted(d.returned)), color: '#0284c7' },
                  { label: t['bo.reports.bonus.net'], values: data.days.map((d) => plotted(d.net)), color: '#7c3aed' },
                  { label: t['bo.reports.bonus.released'], values: data.days.map((d) => plotted(d.released)), color: '#059669' },
                ]}
              />
            </section>
            <section className={cls.card} aria-label={t['bo.reports.title.bonus_days']}>
              <h2 className="mb-2 text-sm font-semibold text-slate-700">{t['bo.reports.title.bonus_days']}</h2>
              <BoTable
                t={t}
                rows={data.days.slice((dayPage - 1) * DAYS_PAGE, dayPage * DAYS_PAGE)}
                state={{ ...state, empty: data.days.length === 0 }}
                rowKey={(d) => d.day}
                testId="bonuses-days"
                rowTestId="bonuses-day-row"
                scroll
                columns={dayColumns()}
                footer={
                  <tfoot>
                    <tr className="bg-slate-50 font-semibold" data-testid="bonuses-days-totals">
                      <td className={cls.td}>{t['bo.reports.totals']}</td>
                      {DAY_FIELDS.map((f) => (
                        <td key={f} className={`${cls.td} whitespace-nowrap text-right tabular-nums`} data-testid={`total-${f}`}>
                          {money(data.totals[f])}
                        </td>
                      ))}
                      <td className={`${cls.td} text-right tabular-nums`}>{count(data.totals.grants)}</td>
                      <td className={`${cls.td} whitespace-nowrap text-right tabular-nums`} data-testid="total-released">
                        {money(data.totals.released)}
                      </td>
                      <td className={`${cls.td} text-right tabular-nums`} data-testid="total-releases">
                        {count(data.totals.releases)}
                      </td>
                    </tr>
                  </tfoot>
                }
              />
              {data.days.length > DAYS_PAGE && <Pager t={t} page={dayPage} total={data.days.length} pageSize={DAYS_PAGE} onPage={setDayPage} />}
            </section>
          </>
        )}
      </ListState>
    </div>
  );
}

/** The range's totals at a glance: granted, what came back, the net cost, the number of grants, and the releases. */
function Summary({ t, totals }: { t: T; totals: BonusesReportView['totals'] }) {
  const card = (label: string, value: string, testId: string, accent = 'text-brand-800') => (
    <div className={cls.card} data-testid={testId}>
      <p className="text-sm text-slate-500">{label}</p>
      <p className={`mt-1 text-2xl font-bold tabular-nums ${accent}`}>{value}</p>
    </div>
  );
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-6" data-testid="bonuses-summary">
      {card(t['bo.reports.bonus.granted'], money(totals.granted), 'bonuses-granted', 'text-amber-700')}
      {card(t['bo.reports.bonus.returned'], money(totals.returned), 'bonuses-returned', 'text-sky-700')}
      {card(t['bo.reports.bonus.net'], money(totals.net), 'bonuses-net')}
      {card(t['bo.reports.bonus.grants'], count(totals.grants), 'bonuses-grants')}
      {card(t['bo.reports.bonus.released'], money(totals.released), 'bonuses-released', 'text-emerald-700')}
      {card(t['bo.reports.bonus.releases'], count(totals.releases), 'bonuses-releases')}
    </div>
  );
}

function sourceColumns(t: T, locale: Locale, sort: ReturnType<typeof useSort<Sort>>): Array<BoColumn<BonusSourceRowView, K>> {
  const header = (key: Sort, label: K) => (
    <SortButton label={t[label]} active={sort.sort === key} order={sort.order} onSort={() => sort.choose(key)} testId={`sort-${key}`} />
  );
  const name = (r: BonusSourceRowView) => (isNamed(r) ? sourceName(t, locale, r) : '—');
  return [
    {
      key: 'source',
      header: 'bo.reports.bonus.kind',
      headerCell: header('source', 'bo.reports.bonus.kind'),
      className: 'whitespace-nowrap font-medium',
      testId: 'cell-source',
      cell: (r) => t[`bo.reports.bonus.source.${r.source}`],
    },
    { key: 'title', header: 'bo.reports.bonus.source', testId: 'cell-title', cell: name },
    {
      key: 'grants',
      header: 'bo.reports.bonus.grants',
      headerCell: header('grants', 'bo.reports.bonus.grants'),
      align: 'right',
      className: 'tabular-nums',
      testId: 'cell-grants',
      cell: (r) => count(r.grants),
    },
    {
      key: 'players',
      header: 'bo.reports.bonus.players',
      headerCell: header('players', 'bo.reports.bonus.players'),
      align: 'right',
      className: 'tabular-nums',
      testId: 'cell-players',
      cell: (r) => count(r.players),
    },
    {
      key: 'amount',
      header: 'bo.reports.bonus.amount',
      headerCell: header('amount', 'bo.reports.bonus.amount'),
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      testId: 'cell-amount',
      cell: (r) => <span className={r.amount.startsWith('-') ? 'text-sky-700' : undefined}>{money(r.amount)}</span>,
    },
    {
      key: 'released',
      header: 'bo.reports.bonus.released',
      headerCell: header('released', 'bo.reports.bonus.released'),
      align: 'right',
      className: 'whitespace-nowrap tabular-nums text-emerald-700',
      testId: 'cell-released',
      cell: (r) => money(r.released),
    },
    {
      key: 'releases',
      header: 'bo.reports.bonus.releases',
      align: 'right',
      className: 'tabular-nums',
      testId: 'cell-releases',
      cell: (r) => count(r.releases),
    },
  ];
}

function dayColumns(): Array<BoColumn<BonusDayView, K>> {
  return [
    { key: 'day', header: 'bo.reports.col.day', className: 'whitespace-nowrap font-medium', testId: 'cell-day', cell: (d) => d.day },
    ...DAY_FIELDS.map((f: DayField): BoColumn<BonusDayView, K> => ({
      key: f,
      header: `bo.reports.bonus.${f}`,
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      testId: `cell-${f}`,
      cell: (d) => money(d[f]),
    })),
    { key: 'grants', header: 'bo.reports.bonus.grants', align: 'right', className: 'tabular-nums', testId: 'cell-grants', cell: (d) => count(d.grants) },
    {
      key: 'released',
      header: 'bo.reports.bonus.released',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      testId: 'cell-released',
      cell: (d) => money(d.released),
    },
    {
      key: 'releases',
      header: 'bo.reports.bonus.releases',
      align: 'right',
      className: 'tabular-nums',
      testId: 'cell-releases',
      cell: (d) => count(d.releases),
    },
  ];
}
