// The liability reconciliation (what the house owes players and partners) per Taipei day over a range: opening, the
// movements by column, closing, what the ledger holds at the day's end and the difference, the days that do not tie
// listed as findings; and, for staff who may read personal data, the same per player. CSV of both.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Banner, Guard, ListState, cls, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { LIABILITY_FIELDS, type LiabilityDayView, type LiabilityFindingView } from '../../../shared/schemas/backoffice/reports.ts';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { CsvButton, REPORT_KEYS, RangeForm, downloadCsv, lastDays, money, useKept } from './shared.tsx';

const FIELDS = LIABILITY_FIELDS;
type Field = (typeof FIELDS)[number];
const PLAYER_PAGE_SIZE = 50;

export const LIABILITY_KEYS = [
  ...REPORT_KEYS,
  ...FIELDS.map((f) => `bo.reports.liab.${f}` as const),
  'bo.reports.liab.player_id',
  'bo.reports.liab.account',
  'bo.reports.liab.player',
  'bo.reports.liab.whole',
  'bo.reports.liab.tied',
  'bo.reports.liab.show_players',
  'bo.reports.note.liability',
  'bo.reports.title.liability_players',
  'bo.reports.title.liability_findings',
] as const;
type K = (typeof LIABILITY_KEYS)[number];
type T = IslandProps<K>['t'];

export default function LiabilityReport({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="reports">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

/** The figure columns of a table, amounts right-aligned; a non-zero difference stands out. */
function figureColumns<Row extends Record<Field, string>>() {
  return FIELDS.map((f) => ({
    key: f,
    header: `bo.reports.liab.${f}` as const,
    align: 'right' as const,
    testId: `cell-${f}`,
    cell: (r: Row) => <span className={f === 'difference' && Number(r[f]) !== 0 ? 'font-semibold text-red-700' : undefined}>{money(r[f])}</span>,
  }));
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [range, setRange] = useState(() => lastDays(7));
  const staff = useStore($boStaff);
  const personal = hasPermission(staff, 'reports.balances');
  const report = useBoData('GET /reports/liability', { query: range });
  const { data, state: shownState } = useKept(report);
  const state = { ...shownState, empty: data !== null && data.days.length === 0 };
  return (
    <div className="max-w-[1600px] space-y-4">
      <p className="text-sm text-slate-500">{t['bo.reports.note.liability']}</p>
      <RangeForm t={t} range={range} onApply={setRange}>
        <CsvButton t={t} locale={locale} run={(l) => downloadCsv('GET /reports/liability/export', range, l)} />
      </RangeForm>
      <ListState t={t} {...state}>
        {data && (
          <>
            <Findings t={t} findings={data.findings} />
            <section className={cls.card} aria-label={t['bo.reports.table']}>
              <BoTable
                t={t}
                rows={data.days}
                state={state}
                rowKey={(r) => r.day}
                testId="liability-days"
                rowTestId="liability-row"
                scroll
                columns={[
                  { key: 'day', header: 'bo.reports.col.day', cell: (r: LiabilityDayView) => <span className="whitespace-nowrap">{r.day}</span> },
                  ...figureColumns<LiabilityDayView>(),
                ]}
                footer={
                  <tfoot>
                    <tr className="bg-slate-50 font-semibold" data-testid="liability-totals">
                      <td className={cls.td}>{t['bo.reports.totals']}</td>
                      {FIELDS.map((f) => (
                        <td key={f} className={`${cls.td} text-right tabular-nums`} data-testid={`total-${f}`}>
                          {money(data.totals[f])}
                        </td>
                      ))}
                    </tr>
                  </tfoot>
                }
              />
            </section>
          </>
        )}
      </ListState>
      {personal && <Players t={t} locale={locale} range={range} />}
    </div>
  );
}

function Findings({ t, findings }: { t: T; findings: LiabilityFindingView[] }) {
  if (!findings.length) return <Banner kind="success">{t['bo.reports.liab.tied']}</Banner>;
  return (
    <section className={`${cls.card} border-red-300`} data-testid="liability-findings">
      <h2 className="mb-2 text-sm font-semibold text-red-700">{t['bo.reports.title.liability_findings']}</h2>
      <BoTable
        t={t}
        rows={findings}
        rowKey={(r) => `${r.day} ${r.player_id ?? ''}`}
        rowTestId="liability-finding"
        columns={[
          { key: 'day', header: 'bo.reports.col.day', cell: (r) => <span className="whitespace-nowrap">{r.day}</span> },
          { key: 'player', header: 'bo.reports.liab.player', cell: (r) => (r.player_id === null ? t['bo.reports.liab.whole'] : String(r.player_id)) },
          { key: 'closing', header: 'bo.reports.liab.closing', align: 'right', cell: (r) => money(r.closing) },
          { key: 'ledger_closing', header: 'bo.reports.liab.ledger_closing', align: 'right', cell: (r) => money(r.ledger_closing) },
          { key: 'difference', header: 'bo.reports.liab.difference', align: 'right', cell: (r) => money(r.difference) },
        ]}
      />
    </section>
  );
}

/** The per-player rows, asked for only when the operator opens them (a page of players whose money moved). */
function Players({ t, locale, range }: { t: T; locale: Locale; range: { from: string; to: string } }) {
  const [open, setOpen] = useState(false);
  const list = useBoData(open ? 'GET /reports/liability/players' : null, { query: range, pageSize: PLAYER_PAGE_SIZE });
  if (!open)
    return (
      <button type="button" className={cls.btnGhost} onClick={() => setOpen(true)} data-testid="liability-show-players">
        {t['bo.reports.liab.show_players']}
      </button>
    );
  return (
    <section className={cls.card} data-testid="liability-players">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-700">{t['bo.reports.title.liability_players']}</h2>
        <CsvButton t={t} locale={locale} testId="liability-players-csv" run={(l) => downloadCsv('GET /reports/liability/players/export', range, l)} />
      </div>
      {list.data && list.data.findings.length > 0 && <Findings t={t} findings={list.data.findings} />}
      <BoTable
        t={t}
        list={list}
        rowKey={(r) => r.player_id}
        testId="liability-players-table"
        scroll
        columns={[
          { key: 'player_id', header: 'bo.reports.liab.player_id', cell: (r) => String(r.player_id) },
          { key: 'account', header: 'bo.reports.liab.account', cell: (r) => r.account },
          ...figureColumns(),
        ]}
      />
    </section>
  );
}
