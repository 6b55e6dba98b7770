// What the report islands share: the catalogue keys, the range form (Taipei dates, at most a year, never past today,
// with quick ranges from today to last month), the CSV button and the totals row under a table.
import { useRef, useState } from 'react';
import { COMMON_KEYS, Banner, cls, errorText, type CommonT } from '../kit/common.tsx';
import { DAY_YEAR_MAX, DAY_YEAR_MIN } from '../../../shared/schemas/days.ts';
import type { Locale } from '../../../shared/constants.ts';
import { DAY_MS, taipeiDate } from '../../../shared/time.ts';
import { formatDecimal } from '../../../shared/money.ts';
import { downloadCsv } from './download.ts';
import { REPORT_PRESETS, presetRange, todayInTaipei } from './presets.ts';

export const REPORT_KEYS = [
  ...COMMON_KEYS,
  'bo.reports.from',
  'bo.reports.to',
  'bo.reports.apply',
  'bo.reports.presets',
  ...REPORT_PRESETS.map((p) => `bo.reports.preset.${p}` as const),
  'bo.reports.v.future',
  'bo.reports.export',
  'bo.reports.exporting',
  'bo.reports.totals',
  'bo.reports.chart.none',
  'bo.reports.table',
  'bo.reports.note.days',
  'bo.reports.col.day',
  'bo.reports.col.registrations',
  'bo.reports.col.ftd_count',
  'bo.reports.col.ftd_amount',
  'bo.reports.col.active_players',
  'bo.reports.col.deposit_count',
  'bo.reports.col.deposit_amount',
  'bo.reports.col.withdrawal_count',
  'bo.reports.col.withdrawal_amount',
  'bo.reports.col.net_cash',
  'bo.reports.col.rounds',
  'bo.reports.col.bets',
  'bo.reports.col.valid_bet',
  'bo.reports.col.payout',
  'bo.reports.col.ggr',
  'bo.reports.col.ggr_pct',
  'bo.reports.col.bonus_total',
  'bo.reports.col.ngr',
  'bo.reports.col.bettors',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/** The default range: the last 30 Taipei days, today included. */
export function lastDays(count: number, now = new Date()): { from: string; to: string } {
  return { from: taipeiDate(new Date(now.getTime() - (count - 1) * DAY_MS)), to: taipeiDate(now) };
}

/**
 * The days a report may cover, as the server's schemas bound them, and never past today in Taipei (nothing has
 * happened there yet): the browser refuses a day outside them before asking.
 */
const DAY_MIN = `${DAY_YEAR_MIN}-01-01`;
const DAY_MAX = `${DAY_YEAR_MAX}-12-31`;
const lastDay = () => {
  const today = todayInTaipei();
  return today < DAY_MAX ? today : DAY_MAX;
};

export function RangeForm({
  t,
  range,
  onApply,
  children,
}: {
  t: Record<ReportKey, string>;
  range: { from: string; to: string };
  onApply: (r: { from: string; to: string }) => void;
  children?: React.ReactNode;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [future, setFuture] = useState(false);
  const max = lastDay();
  const pick = (next: { from: string; to: string }) => {
    setFrom(next.from);
    setTo(next.to);
    setFuture(false);
    onApply(next);
  };
  return (
    <form
      className="mb-4 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        // A day typed past today is refused here too, for browsers that let a date field hold one.
        if (from > max || to > max) {
          setFuture(true);
          return;
        }
        onApply({ from, to });
      }}
      data-testid="report-range"
    >
      <div className="flex flex-wrap gap-2" role="group" aria-label={t['bo.reports.presets']} data-testid="report-presets">
        {REPORT_PRESETS.map((p) => {
          const r = presetRange(p);
          const on = r.from === from && r.to === to;
          return (
            <button
              key={p}
              type="button"
              className={
                on
                  ? 'inline-flex h-7 items-center justify-center whitespace-nowrap rounded border border-brand-600 bg-brand-600 px-2.5 text-xs font-semibold text-white'
                  : cls.btnSmall
              }
              aria-pressed={on}
              onClick={() => pick(r)}
              data-testid={`report-preset-${p}`}
            >
              {t[`bo.reports.preset.${p}`]}
            </button>
          );
        })}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm text-slate-600">
          <span className={cls.label}>{t['bo.reports.from']}</span>
          <input type="date" name="from" value={from} min={DAY_MIN} max={max} onChange={(e) => setFrom(e.target.value)} className={cls.input} required />
        </label>
        <label className="text-sm text-slate-600">
          <span className={cls.label}>{t['bo.reports.to']}</span>
          <input type="date" name="to" value={to} min={DAY_MIN} max={max} onChange={(e) => setTo(e.target.value)} className={cls.input} required />
        </label>
        {children}
        <button type="submit" className={cls.btn}>
          {t['bo.reports.apply']}
        </button>
      </div>
      {future && (
        <p className={cls.fieldError} role="alert" data-testid="report-range-future">
          {t['bo.reports.v.future']}
        </p>
      )}
    </form>
  );
}

/** The CSV button: the export of what the page shows, streamed by the server, saved under its own name. */
export function CsvButton({
  t,
  locale,
  run,
  label,
  testId = 'report-csv',
}: {
  t: Record<ReportKey, string> & CommonT;
  locale: Locale;
  run: (locale: Locale) => Promise<void>;
  label?: string;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <>
      <button
        type="button"
        className={cls.btnGhost}
        disabled={busy}
        data-testid={testId}
        onClick={() => {
          setBusy(true);
          setError(null);
          run(locale)
            .catch(setError)
            .finally(() => setBusy(false));
        }}
      >
        {busy ? t['bo.reports.exporting'] : (label ?? t['bo.reports.export'])}
      </button>
      {error ? <Banner kind="error">{errorText(error, t)}</Banner> : null}
    </>
  );
}

export { downloadCsv };

/** An amount as the tables show it. */
export const money = (value: string) => formatDecimal(value);
export const count = (value: number) => value.toLocaleString('en-US');
export const percent = (value: string | null) => (value === null ? '—' : `${value}%`);
/** An amount as a chart plots it: major units. */
export const plotted = (value: string) => Number(value);

export type SortOrder = 'asc' | 'desc';

/**
 * A report's sort, which the server applies: the column and its order. A column chosen anew starts descending (the
 * largest figures first) unless it is a name or a date, which start ascending; choosing the same column again turns
 * its order round.
 */
export function useSort<S extends string>(initial: S, initialOrder: SortOrder, ascendingFirst: readonly S[]) {
  const [state, setState] = useState<{ sort: S; order: SortOrder }>({ sort: initial, order: initialOrder });
  const choose = (key: S) =>
    setState((p) =>
      p.sort === key ? { sort: key, order: p.order === 'asc' ? 'desc' : 'asc' } : { sort: key, order: ascendingFirst.includes(key) ? 'asc' : 'desc' },
    );
  /** The header's aria-sort: the sorted column's order, 'none' on the others that sort, nothing on those that do not. */
  const ariaSort = (key: string, sortable: readonly string[] = [state.sort]): 'ascending' | 'descending' | 'none' | undefined => {
    if (key === state.sort) return state.order === 'asc' ? 'ascending' : 'descending';
    return sortable.includes(key) ? 'none' : undefined;
  };
  return { ...state, choose, ariaSort };
}

/**
 * A header that sorts: a button (so Tab reaches it and Enter or Space sorts) with the column's name and an arrow of
 * the order; the header cell around it carries aria-sort, which is what a screen reader announces.
 */
export function SortButton({
  label,
  active,
  order,
  onSort,
  testId,
}: {
  label: string;
  active: boolean;
  order: SortOrder;
  onSort: () => void;
  testId?: string;
}) {
  return (
    <button
      type="button"
      onClick={onSort}
      data-testid={testId}
      data-active={active ? order : undefined}
      className="inline-flex items-center gap-1 rounded font-[inherit] text-inherit hover:text-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span>{label}</span>
      <span aria-hidden="true" className={active ? 'text-brand-700' : 'text-slate-300'}>
        {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
}

/**
 * A report's answer kept on screen while the next one (another sort or range) loads: the table stays, and so does
 * the keyboard's focus on the header just used to sort it, instead of a spinner in its place.
 */
export function useKept<A>(report: { data: A | null; error: unknown; state: { loading: boolean; error: unknown; empty: boolean; retry: () => unknown } }) {
  const last = useRef<A | null>(null);
  if (report.data !== null) last.current = report.data;
  const data = report.error ? null : (report.data ?? last.current);
  return { data, state: { ...report.state, loading: data === null && !report.error } };
}
