// The export centre: the staff member's exports of back-office grids, newest first, each with its grid, format,
// status, progress bar and row count, and what can be done with it (cancel while it waits or is written, download
// again while its file is kept). The list refreshes by itself while any export is still waiting or being written.
// The back office is laid out 1280 px wide on every device (a phone shows it zoomed out), so one table serves both.
import { useEffect, useState } from 'react';
import { Banner, COMMON_KEYS, Guard, ListState, cls, errorText, fill, formatTime, useConfirm, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { boApi } from '../kit/api.ts';
import type { Locale } from '../../../shared/constants.ts';
import { EXPORT_FORMATS, EXPORT_GRIDS, type ExportJobView } from '../../../shared/schemas/backoffice/exports.ts';
import { EXPORT_JOB_STATUS, statusValues } from '../../../shared/statuses.ts';
import { downloadExport } from './download.ts';

const ERRORS = ['too_many_rows', 'too_large', 'write_failed'] as const;

export const EXPORT_CENTRE_KEYS = [
  ...COMMON_KEYS,
  'bo.exports.intro',
  'bo.exports.empty',
  'bo.exports.refresh',
  'bo.exports.col.grid',
  'bo.exports.col.format',
  'bo.exports.col.requested',
  'bo.exports.col.progress',
  'bo.exports.col.file_status',
  'bo.exports.col.actions',
  'bo.exports.rows_of',
  'bo.exports.rows_counting',
  'bo.exports.cancel',
  'bo.exports.cancel_confirm',
  'bo.exports.cancelled_notice',
  'bo.exports.download',
  'bo.exports.expired',
  'bo.exports.expires',
  'bo.exports.size_kb',
  ...statusValues(EXPORT_JOB_STATUS).map((s) => `bo.exports.status.${s}` as const),
  ...ERRORS.map((e) => `bo.exports.error.${e}` as const),
  ...EXPORT_GRIDS.map((g) => `bo.exports.grid.${g}` as const),
  ...EXPORT_FORMATS.map((f) => `bo.exports.format.${f}` as const),
] as const;
type K = (typeof EXPORT_CENTRE_KEYS)[number];
type T = IslandProps<K>['t'];

/** The small button of the action a row is for (download), in the brand colour. */
const BTN_PRIMARY_SMALL =
  'inline-flex whitespace-nowrap h-7 items-center justify-center rounded bg-brand-600 px-2.5 text-xs font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50';

/** How often the list asks again while an export is still waiting or being written. */
const REFRESH_MS = 2_000;

const STATUS_STYLE: Record<ExportJobView['status'], string> = {
  queued: 'bg-slate-100 text-slate-700',
  running: 'bg-sky-100 text-sky-800',
  done: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  cancelled: 'bg-slate-100 text-slate-500',
};

export default function ExportCentre({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="overview.read">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

const open = (j: ExportJobView) => j.status === EXPORT_JOB_STATUS.queued || j.status === EXPORT_JOB_STATUS.running;

function Body({ t, locale }: { t: T; locale: Locale }) {
  const list = useBoData('GET /exports');
  const { ask, dialog } = useConfirm(t);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const jobs = list.data?.data ?? [];
  const anyOpen = jobs.some(open);
  useEffect(() => {
    if (!anyOpen) return;
    const timer = setInterval(() => void list.reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [anyOpen, list.reload]);

  const act = async (id: number, what: () => Promise<unknown>, done?: string) => {
    setBusy(id);
    setNotice(null);
    try {
      await what();
      if (done) setNotice({ kind: 'success', text: done });
      await list.reload();
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, t) });
    } finally {
      setBusy(null);
    }
  };
  const cancel = async (j: ExportJobView) => {
    if (!(await ask(t['bo.exports.cancel_confirm']))) return;
    await act(j.id, () => boApi('POST /exports/:id/cancel', { params: { id: j.id } }), t['bo.exports.cancelled_notice']);
  };
  const download = (j: ExportJobView) => act(j.id, () => downloadExport(j.id, locale));
  const limits = list.data?.limits;
  const row = (j: ExportJobView) => ({ j, busy: busy === j.id, onCancel: () => void cancel(j), onDownload: () => void download(j) });

  return (
    <div className="max-w-6xl" data-testid="bo-export-centre">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-3xl text-sm text-slate-500">
          {limits
            ? fill(t['bo.exports.intro'], { hours: limits.retention_hours, rows: limits.max_rows.toLocaleString(locale), running: limits.max_running })
            : null}
        </p>
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} data-testid="bo-exports-refresh">
          {t['bo.exports.refresh']}
        </button>
      </div>
      {notice && (
        <Banner kind={notice.kind} testId="bo-exports-notice">
          {notice.text}
        </Banner>
      )}
      <ListState t={t} {...list.state} emptyText={t['bo.exports.empty']}>
        <div className={`${cls.card} overflow-x-auto p-0`}>
          <table className={cls.table} data-testid="bo-exports-table">
            <thead>
              <tr>
                <th className={cls.th}>{t['bo.exports.col.requested']}</th>
                <th className={cls.th}>{t['bo.exports.col.grid']}</th>
                <th className={cls.th}>{t['bo.exports.col.file_status']}</th>
                <th className={`${cls.th} w-64`}>{t['bo.exports.col.progress']}</th>
                <th className={cls.th}>{t['bo.exports.col.actions']}</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((j) => (
                <TableRow key={j.id} t={t} locale={locale} {...row(j)} />
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
      {dialog}
    </div>
  );
}

interface RowProps {
  t: T;
  locale: Locale;
  j: ExportJobView;
  busy: boolean;
  onCancel: () => void;
  onDownload: () => void;
}

function Status({ t, j }: { t: T; j: ExportJobView }) {
  const text = j.expired ? t['bo.exports.expired'] : t[`bo.exports.status.${j.status}`];
  const why = j.error && (ERRORS as readonly string[]).includes(j.error) ? t[`bo.exports.error.${j.error as (typeof ERRORS)[number]}`] : null;
  return (
    <>
      <span
        className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium ${j.expired ? STATUS_STYLE.cancelled : STATUS_STYLE[j.status]}`}
        data-testid="bo-export-status"
      >
        {text}
      </span>
      {why && <div className="mt-1 max-w-56 text-xs text-red-700">{why}</div>}
    </>
  );
}

function Progress({ t, locale, j }: { t: T; locale: Locale; j: ExportJobView }) {
  const total = j.rows_total;
  const share = total === null ? 0 : total === 0 ? 1 : Math.min(1, j.rows_done / total);
  const done = j.status === EXPORT_JOB_STATUS.done;
  // The total is known once the worker read the first batch; an export that stopped before then never learnt it.
  const totalText = total === null ? '—' : total.toLocaleString(locale);
  const label =
    total === null && open(j) ? t['bo.exports.rows_counting'] : fill(t['bo.exports.rows_of'], { done: j.rows_done.toLocaleString(locale), total: totalText });
  return (
    <div>
      <div
        className="h-2 w-full overflow-hidden rounded bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round((done ? 1 : share) * 100)}
        aria-label={label}
      >
        <div
          className={`h-full ${j.status === EXPORT_JOB_STATUS.failed ? 'bg-red-400' : 'bg-brand-600'}`}
          style={{ width: `${Math.round((done ? 1 : share) * 100)}%` }}
        />
      </div>
      <div className="mt-1 text-xs text-slate-500" data-testid="bo-export-rows">
        {label}
        {j.file_bytes !== null && !j.expired
          ? ` · ${fill(t['bo.exports.size_kb'], { size: Math.max(1, Math.round(j.file_bytes / 1024)).toLocaleString(locale) })}`
          : ''}
      </div>
    </div>
  );
}

function Actions({ t, locale, j, busy, onCancel, onDownload }: RowProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {open(j) && (
        <button type="button" className={cls.btnSmall} onClick={onCancel} disabled={busy} data-testid="bo-export-cancel">
          {t['bo.exports.cancel']}
        </button>
      )}
      {j.status === EXPORT_JOB_STATUS.done && !j.expired && (
        <>
          <button type="button" className={BTN_PRIMARY_SMALL} onClick={onDownload} disabled={busy} data-testid="bo-export-download">
            {t['bo.exports.download']}
          </button>
          {j.expires_at && <span className="text-xs text-slate-400">{fill(t['bo.exports.expires'], { time: formatTime(j.expires_at, locale) })}</span>}
        </>
      )}
    </div>
  );
}

const what = (t: T, j: ExportJobView) => `${t[`bo.exports.grid.${j.grid}`]} · ${t[`bo.exports.format.${j.format}`]}`;

function TableRow(props: RowProps) {
  const { t, locale, j } = props;
  return (
    <tr data-testid="bo-export-row" data-status={j.status}>
      <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(j.created_at, locale)}</td>
      <td className={cls.td}>{what(t, j)}</td>
      <td className={cls.td}>
        <Status t={t} j={j} />
      </td>
      <td className={cls.td}>
        <Progress t={t} locale={locale} j={j} />
      </td>
      <td className={cls.td}>
        <Actions {...props} />
      </td>
    </tr>
  );
}
