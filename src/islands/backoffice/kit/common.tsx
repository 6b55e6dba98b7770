// Pieces every back-office island uses: the session guard, the list's loading/error/empty states, pager, banners,
// confirm dialog. The data hook is data.ts, the table BoTable.tsx, the form kit form.tsx.
import { fill } from '../../../shared/text.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $boLoadError, $boReady, $boStaff, hasPermission, type BoStaff } from '../../../stores/backoffice.ts';
import { TIME_ZONE, type Locale } from '../../../shared/constants.ts';
import { Dialog } from '../../common/Dialog.tsx';
import { BoFailure, boPath, configureBo, startBackoffice } from './api.ts';

export const COMMON_KEYS = [
  'bo.loading',
  'bo.empty',
  'bo.prev',
  'bo.next',
  'bo.page_of',
  'bo.no_permission',
  'bo.error.network',
  'bo.error.session',
  'bo.cancel',
  'bo.confirm',
  'bo.close',
  'bo.refresh',
  'bo.search',
  'bo.actions',
  'bo.time',
  'bo.retry',
] as const;
export type CommonT = Record<(typeof COMMON_KEYS)[number], string>;

export interface IslandProps<K extends string> {
  t: Record<K | (typeof COMMON_KEYS)[number], string>;
  locale: Locale;
}

/** Table classes shared by every list, so the pages look alike. */
export const cls = {
  card: 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm',
  table: 'w-full border-collapse text-left text-sm',
  th: 'border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-600 whitespace-nowrap',
  td: 'border-b border-slate-100 px-3 py-2 align-top',
  input:
    'h-9 rounded border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500',
  textarea:
    'w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500',
  btn: 'inline-flex whitespace-nowrap h-9 items-center justify-center rounded bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
  btnGhost:
    'inline-flex whitespace-nowrap h-9 items-center justify-center rounded border border-slate-300 bg-white px-4 text-sm text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50',
  btnSmall:
    'inline-flex whitespace-nowrap h-7 items-center justify-center rounded border border-slate-300 bg-white px-2.5 text-xs text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50',
  btnDanger:
    'inline-flex whitespace-nowrap h-7 items-center justify-center rounded bg-red-600 px-2.5 text-xs font-medium text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50',
  label: 'mb-1 block text-sm font-medium text-slate-700',
  fieldError: 'mt-1 text-xs text-red-700',
};

export { fill };

/** Audit and history details are free-form JSON; only an object has fields worth reading. */
export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const formatters = new Map<Locale, Intl.DateTimeFormat>();
/** Operators read times in the site's zone (GMT+8) whatever their own computer says. */
export function formatTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '—';
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-TW', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    formatters.set(locale, f);
  }
  return f.format(new Date(iso));
}

export function errorText(err: unknown, t: CommonT): string {
  if (err instanceof BoFailure) {
    const modal = err.body?.error?.modal?.join(' ');
    const root = err.body?.error?._root?.join(' ');
    return modal || root || err.message || t['bo.error.network'];
  }
  return t['bo.error.network'];
}

/**
 * False during the first render. Islands hydrate one by one, so the session store may already be filled
 * when a later island hydrates; rendering the server's loading state first keeps hydration exact.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Starts the staff session for this page and renders the children once the staff member may see them. */
export function Guard({ t, locale, permission, children }: { t: CommonT; locale: Locale; permission: string; children: (staff: BoStaff) => ReactNode }) {
  useEffect(() => {
    configureBo(locale, t['bo.error.network']);
    void startBackoffice();
  }, []);
  const ready = useStore($boReady);
  const staff = useStore($boStaff);
  const loadError = useStore($boLoadError);
  const hydrated = useHydrated();
  const signedOut = ready && !staff && !loadError;
  useEffect(() => {
    if (signedOut) window.location.replace(boPath(locale));
  }, [signedOut]);
  if (!ready || !hydrated) return <Loading t={t} />;
  if (loadError) return <Banner kind="error">{loadError}</Banner>;
  if (!staff) return <Banner kind="error">{t['bo.error.session']}</Banner>;
  if (!hasPermission(staff, permission))
    return (
      <Banner kind="error" testId="no-permission">
        {t['bo.no_permission']}
      </Banner>
    );
  return <>{children(staff)}</>;
}

export function Loading({ t }: { t: CommonT }) {
  return (
    <div className="flex items-center gap-2 py-8 text-sm text-slate-500" role="status" data-testid="bo-loading">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" aria-hidden="true" />
      {t['bo.loading']}
    </div>
  );
}

export function Empty({ t, children }: { t: CommonT; children?: ReactNode }) {
  return (
    <p className="py-8 text-center text-sm text-slate-500" role="status" data-testid="bo-empty">
      {children ?? t['bo.empty']}
    </p>
  );
}

/** A failed load: what went wrong, and a button that tries again when the caller can. */
export function LoadError({ t, error, retry }: { t: CommonT; error: unknown; retry?: () => unknown }) {
  return (
    <div
      role="alert"
      data-testid="bo-load-error"
      className="mb-4 flex items-center justify-between gap-4 rounded border border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-800"
    >
      <span>{typeof error === 'string' ? error : errorText(error, t)}</span>
      {retry && (
        <button type="button" className={cls.btnSmall} onClick={() => void retry()} data-testid="bo-retry">
          {t['bo.retry']}
        </button>
      )}
    </div>
  );
}

export interface ListStateProps {
  t: CommonT;
  /** True while there is nothing to show yet; a reload over rows already shown keeps them. */
  loading: boolean;
  /** The failure of the last load (a BoFailure, any error, or a message already in the page's language). */
  error: unknown;
  empty?: boolean;
  retry?: () => unknown;
  /** What an empty list says, when the common words do not fit. */
  emptyText?: ReactNode;
  children?: ReactNode;
}

/**
 * The one ladder every back-office list climbs: a failure (with a retry) before anything else, then the
 * spinner, then the empty line, and only then the rows. Keeping it in one place keeps the roles (alert for a
 * failure, status for loading and empty) and the words the same on every screen.
 */
export function ListState({ t, loading, error, empty, retry, emptyText, children }: ListStateProps) {
  if (error) return <LoadError t={t} error={error} retry={retry} />;
  if (loading) return <Loading t={t} />;
  if (empty) return <Empty t={t}>{emptyText}</Empty>;
  return <>{children}</>;
}

export function Banner({ kind, children, testId }: { kind: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  const style = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  }[kind];
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} data-testid={testId} className={`mb-4 rounded border px-4 py-2.5 text-sm ${style}`}>
      {children}
    </div>
  );
}

export function Pager({ t, page, total, pageSize, onPage }: { t: CommonT; page: number; total: number; pageSize: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="mt-4 flex items-center justify-end gap-3 text-sm text-slate-600" aria-label="pagination">
      <span>{fill(t['bo.page_of'], { page, pages, total })}</span>
      <button type="button" className={cls.btnGhost} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t['bo.prev']}
      </button>
      <button type="button" className={cls.btnGhost} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t['bo.next']}
      </button>
    </nav>
  );
}

export function ConfirmDialog({
  t,
  open,
  message,
  onConfirm,
  onCancel,
  busy,
}: {
  t: CommonT;
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <Dialog open={open} title={t['bo.confirm']} onClose={onCancel} labelClose={t['bo.close']}>
      <p className="mb-5 text-sm">{message}</p>
      <div className="flex justify-end gap-3">
        <button type="button" className={cls.btnGhost} onClick={onCancel}>
          {t['bo.cancel']}
        </button>
        <button type="button" className={cls.btn} onClick={onConfirm} disabled={busy} data-testid="confirm-ok">
          {t['bo.confirm']}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The site's confirmation dialog as a question that answers yes or no: `if (!(await ask(text))) return;` reads like
 * the browser's confirm(), which the back office never uses; the island renders `dialog` once.
 */
export function useConfirm(t: CommonT): { ask: (message: string) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<{ message: string; answer: (yes: boolean) => void } | null>(null);
  const ask = (message: string) => new Promise<boolean>((resolve) => setPending({ message, answer: resolve }));
  const close = (yes: boolean) => {
    pending?.answer(yes);
    setPending(null);
  };
  const dialog = <ConfirmDialog t={t} open={!!pending} message={pending?.message ?? ''} onConfirm={() => close(true)} onCancel={() => close(false)} />;
  return { ask, dialog };
}

export function StatusPill({ on, onText, offText }: { on: boolean; onText: string; offText: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${on ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-600'}`}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${on ? 'bg-emerald-500' : 'bg-slate-400'}`} aria-hidden="true" />
      {on ? onText : offText}
    </span>
  );
}

/** An on/off switch that is a real checkbox underneath, so keyboards and screen readers use it as one. */
export function Switch({
  checked,
  onChange,
  label,
  testId,
  disabled,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <label className="relative inline-flex cursor-pointer items-center" title={label}>
      <input
        type="checkbox"
        className="peer sr-only"
        checked={checked}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span
        className="h-5 w-9 rounded-full bg-slate-300 transition-colors peer-checked:bg-emerald-500 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600/40 peer-disabled:opacity-50"
        aria-hidden="true"
      />
      <span className="absolute left-0.5 top-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform peer-checked:translate-x-4" aria-hidden="true" />
    </label>
  );
}
