// The Export button above a grid: CSV or XLSX of the rows the grid's filters select, queued in the export centre
// (the file is written in the background), with a link to the centre to follow it. A grid's island places it and
// hands it the grid's key and its current filters; its words come with EXPORT_BUTTON_KEYS.
import { useState } from 'react';
import { boApi, boPath } from '../kit/api.ts';
import { cls, errorText, type CommonT } from '../kit/common.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { EXPORT_FORMATS, type ExportFormat, type ExportGridKey } from '../../../shared/schemas/backoffice/exports.ts';

export const EXPORT_BUTTON_KEYS = [
  'bo.exports.button',
  'bo.exports.button_hint',
  'bo.exports.queued_notice',
  'bo.exports.open_centre',
  ...EXPORT_FORMATS.map((f) => `bo.exports.format.${f}` as const),
] as const;
type T = CommonT & Record<(typeof EXPORT_BUTTON_KEYS)[number], string>;

export function ExportButton({ t, locale, grid, params }: { t: T; locale: Locale; grid: ExportGridKey; params: Record<string, string | undefined> }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const queue = async (format: ExportFormat) => {
    setBusy(true);
    setOutcome(null);
    try {
      const filters = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
      await boApi('POST /exports', { body: { grid, format, params: filters } });
      setOutcome({ ok: true, text: t['bo.exports.queued_notice'] });
    } catch (err) {
      setOutcome({ ok: false, text: errorText(err, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={`bo-export-${grid}`}>
      <span className="text-sm text-slate-600" title={t['bo.exports.button_hint']}>
        {t['bo.exports.button']}
      </span>
      {EXPORT_FORMATS.map((f) => (
        <button key={f} type="button" className={cls.btnSmall} disabled={busy} onClick={() => void queue(f)} data-testid={`bo-export-${grid}-${f}`}>
          {t[`bo.exports.format.${f}`]}
        </button>
      ))}
      {outcome && (
        <span role={outcome.ok ? 'status' : 'alert'} className={`text-xs ${outcome.ok ? 'text-emerald-700' : 'text-red-700'}`} data-testid="bo-export-outcome">
          {outcome.text}{' '}
          {outcome.ok && (
            <a className="underline" href={boPath(locale, 'exports')}>
              {t['bo.exports.open_centre']}
            </a>
          )}
        </span>
      )}
    </div>
  );
}
