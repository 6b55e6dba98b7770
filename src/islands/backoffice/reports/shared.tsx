// What the report islands share: the catalogue keys, the range form (Taipei dates, at most a year), the CSV button and
// the totals row under a table.
import { useState } from 'react';
import { COMMON_KEYS, Banner, cls, errorText, type CommonT } from '../kit/common.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { DAY_MS, taipeiDate } from '../../../shared/time.ts';
import { formatDecimal } from '../../../shared/money.ts';
import { downloadCsv } from './download.ts';

export const REPORT_KEYS = [
  ...COMMON_KEYS, 'bo.reports.from', 'bo.reports.to', 'bo.reports.apply', 'bo.reports.export', 'bo.reports.exporting', 'bo.reports.totals',
  'bo.reports.chart.none', 'bo.reports.table', 'bo.reports.note.days',
  'bo.reports.col.day', 'bo.reports.col.registrations', 'bo.reports.col.ftd_count', 'bo.reports.col.ftd_amount', 'bo.reports.col.active_players',
  'bo.reports.col.deposit_count', 'bo.reports.col.deposit_amount', 'bo.reports.col.withdrawal_count', 'bo.reports.col.withdrawal_amount',
  'bo.reports.col.net_cash', 'bo.reports.col.rounds', 'bo.reports.col.bets', 'bo.reports.col.valid_bet', 'bo.reports.col.payout', 'bo.reports.col.ggr',
  'bo.reports.col.ggr_pct', 'bo.reports.col.bonus_total', 'bo.reports.col.ngr', 'bo.reports.col.bettors',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/** The default range: the last 30 Taipei days, today included. */
export function lastDays(count: number, now = new Date()): { from: string; to: string } {
  return { from: taipeiDate(new Date(now.getTime() - (count - 1) * DAY_MS)), to: taipeiDate(now) };
}

export function RangeForm({ t, range, onApply, children }: {
  t: Record<ReportKey, string>; range: { from: string; to: string }; onApply: (r: { from: string; to: string }) => void; children?: React.ReactNode;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  return (
    <form className="mb-4 flex flex-wrap items-end gap-3" onSubmit={(e) => { e.preventDefault(); onApply({ from, to }); }} data-testid="report-range">
      <label className="text-sm text-slate-600"><span className={cls.label}>{t['bo.reports.from']}</span>
        <input type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} className={cls.input} required /></label>
      <label className="text-sm text-slate-600"><span className={cls.label}>{t['bo.reports.to']}</span>
        <input type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} className={cls.input} required /></label>
      {children}
      <button type="submit" className={cls.btn}>{t['bo.reports.apply']}</button>
    </form>
  );
}

/** The CSV button: the export of what the page shows, streamed by the server, saved under its own name. */
export function CsvButton({ t, locale, run }: { t: Record<ReportKey, string> & CommonT; locale: Locale; run: (locale: Locale) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <>
      <button type="button" className={cls.btnGhost} disabled={busy} data-testid="report-csv"
        onClick={() => { setBusy(true); setError(null); run(locale).catch(setError).finally(() => setBusy(false)); }}>
        {busy ? t['bo.reports.exporting'] : t['bo.reports.export']}
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
