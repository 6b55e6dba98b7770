// What every partner-portal island shares: the session guard (a signed-out partner goes to sign-in), one call's
// loading, data, error and reload, the loading/empty/error ladder, figures (amounts through src/shared/money.ts,
// rates in basis points, counts), and the list that is a table on a desktop and cards on a phone.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '../../shared/constants.ts';
import { TIME_ZONE } from '../../shared/constants.ts';
import { formatDecimal, formatPoints } from '../../shared/money.ts';
import { fill } from '../../shared/text.ts';
import {
  $agentLoadError,
  $agentMe,
  $agentReady,
  ApiFailure,
  agentApi,
  agentCall,
  configureAgent,
  leavePortal,
  setAgentSession,
  startAgent,
  type AgentMe,
} from './api.ts';
import { agentPath, type AgentVariant } from './paths.ts';
import type { AgentRoutes } from './routes.ts';
import type { AnswerOf } from '../../shared/api/contract.ts';
import { PASSWORD_KEYS } from './passwordKeys.ts';

export { fill };
export { percentToBp, rate } from './figures.ts';

/** The words every portal island uses (the password card's too: any portal page may have to show only that card). */
export const PORTAL_KEYS = [
  'agent.loading',
  'agent.empty',
  'agent.retry',
  'agent.error.network',
  'agent.error.session',
  'agent.prev',
  'agent.next',
  'agent.page_of',
  ...PASSWORD_KEYS,
] as const;
export type PortalT = Record<(typeof PORTAL_KEYS)[number], string>;

export interface AgentIslandProps<K extends string> {
  t: Record<K | (typeof PORTAL_KEYS)[number], string>;
  locale: Locale;
  variant: AgentVariant;
}

/** Classes shared by the portal's screens, so they look alike. */
export const ui = {
  card: 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5',
  h2: 'mb-3 text-base font-semibold text-brand-800',
  input:
    'h-10 w-full rounded border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500',
  label: 'mb-1 block text-sm font-medium text-slate-700',
  fieldError: 'mt-1 text-xs text-red-700',
  btn: 'inline-flex h-10 items-center justify-center whitespace-nowrap rounded bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
  btnGhost:
    'inline-flex h-10 items-center justify-center whitespace-nowrap rounded border border-slate-300 bg-white px-4 text-sm text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50',
  th: 'border-b border-slate-200 bg-slate-50 px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-600',
  td: 'border-b border-slate-100 px-3 py-2 align-top',
};

/** An amount as the portal shows it: comma thousands, two decimals. */
export const money = (decimal: string) => formatDecimal(decimal);
/** A count as the portal shows it. */
export const count = (n: number) => formatPoints(n);
const formatters = new Map<Locale, Intl.DateTimeFormat>();
/** A time in the site's zone (Taipei), whatever the reader's computer says. */
export function when(iso: string | null | undefined, locale: Locale): string {
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
      hour12: false,
    });
    formatters.set(locale, f);
  }
  return f.format(new Date(iso));
}

/** A failure as text: the server's own words (already in the page's language), else the network words. */
export function errorText(err: unknown, t: PortalT): string {
  if (err instanceof ApiFailure) {
    const fields = err.body?.error ?? {};
    // A refusal names the field it is about; a form that has no such field still shows its message, not 'check the fields'.
    const first = Object.entries(fields).find(([name, list]) => name !== 'modal' && list?.length)?.[1]?.[0];
    return fields.modal?.join(' ') || fields._root?.join(' ') || first || err.message || t['agent.error.network'];
  }
  return t['agent.error.network'];
}

/** The per-field messages of a refused form, first message of each field. */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiFailure)) return out;
  for (const [field, list] of Object.entries(err.body?.error ?? {})) if (field !== 'modal' && list?.length) out[field] = list[0]!;
  return out;
}

/** False during the first render, so hydration matches the server's loading state. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Starts the partner's session for the page (once, whichever island asks first) and says where it stands. */
export function useAgentSession(locale: Locale, t: PortalT): { ready: boolean; me: AgentMe | null; loadError: string | null } {
  useState(() => {
    if (typeof window !== 'undefined') configureAgent(locale, t['agent.error.network']);
    return true;
  });
  useEffect(() => {
    void startAgent();
  }, []);
  const hydrated = useHydrated();
  const ready = useStore($agentReady);
  const me = useStore($agentMe);
  const loadError = useStore($agentLoadError);
  return { ready: hydrated && ready, me: hydrated ? me : null, loadError };
}

/**
 * Renders the children for a signed-in partner; a signed-out one is sent to the portal's sign-in page. A partner still on
 * a first password sees only the password card, since the server answers every other portal call with
 * password_change_required until it is changed; the card reloads the partner afterwards and the page itself appears.
 */
export function Portal({ t, locale, variant, children }: { t: PortalT; locale: Locale; variant: AgentVariant; children: (me: AgentMe) => ReactNode }) {
  const { ready, me, loadError } = useAgentSession(locale, t);
  const signedOut = ready && !me && !loadError;
  useEffect(() => {
    if (signedOut) leavePortal(agentPath(locale, variant, 'login'), 'replace');
  }, [signedOut]);
  if (loadError) return <ErrorBox t={t} message={loadError} retry={() => window.location.reload()} />;
  if (!ready || !me) return <Loading t={t} />;
  if (me.must_change_password)
    return (
      <div className="max-w-[1200px]" data-testid="password-first">
        <PasswordCard t={t} me={me} />
      </div>
    );
  return <>{children(me)}</>;
}

export function Loading({ t }: { t: PortalT }) {
  return (
    <div className="flex items-center justify-center gap-2 py-8 text-sm text-slate-500" role="status" data-testid="agent-loading">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" aria-hidden="true" />
      {t['agent.loading']}
    </div>
  );
}

export function ErrorBox({ t, message, retry }: { t: PortalT; message: string; retry?: () => unknown }) {
  return (
    <div
      role="alert"
      data-testid="agent-error"
      className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded border border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-800"
    >
      <span>{message}</span>
      {retry && (
        <button type="button" className="rounded border border-red-300 bg-white px-3 py-1 text-xs" onClick={() => void retry()}>
          {t['agent.retry']}
        </button>
      )}
    </div>
  );
}

export function Notice({ kind, children, testId }: { kind: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  const style = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  }[kind];
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} data-testid={testId} className={`mb-3 rounded border px-4 py-2.5 text-sm ${style}`}>
      {children}
    </div>
  );
}

/** The ladder every list climbs: a failure with its retry, then the spinner, then the empty line, then the content. */
export function State({
  t,
  loading,
  error,
  empty,
  retry,
  emptyText,
  children,
}: {
  t: PortalT;
  loading: boolean;
  error: string;
  empty: boolean;
  retry?: () => unknown;
  emptyText?: string;
  children: ReactNode;
}) {
  if (error) return <ErrorBox t={t} message={error} retry={retry} />;
  if (loading) return <Loading t={t} />;
  if (empty)
    return (
      <p className="py-8 text-center text-sm text-slate-500" role="status" data-testid="agent-empty">
        {emptyText ?? t['agent.empty']}
      </p>
    );
  return <>{children}</>;
}

type ReadRoute = Extract<keyof AgentRoutes, `GET ${string}`>;

/** One GET of the portal: its data (kept on screen while a reload runs), error text, loading state and reload. */
export function useAgentData<K extends ReadRoute>(
  route: K | null,
  t: PortalT,
  opts: { params?: Record<string, string | number>; query?: Record<string, string | number | undefined> } = {},
) {
  type Answer = AnswerOf<AgentRoutes, K>;
  const key = `${route} ${JSON.stringify(opts.params ?? {})} ${JSON.stringify(opts.query ?? {})}`;
  const [data, setData] = useState<Answer | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(route !== null);
  const seq = useRef(0);
  const load = useCallback(async () => {
    if (route === null) return;
    const mine = ++seq.current;
    setLoading(true);
    setError('');
    try {
      const answer = await agentCall(route, { params: opts.params, query: opts.query });
      if (mine === seq.current) setData(answer as Answer);
    } catch (err) {
      if (mine === seq.current) setError(errorText(err, t));
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [key]);
  useEffect(() => {
    void load();
    return () => {
      seq.current++;
    };
  }, [load]);
  return { data, setData, error, loading: loading && data === null, reloading: loading, reload: load };
}

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'right';
  testId?: string;
}

/**
 * A list as a table on a desktop and as one card per row on a phone (each cell under its header's words), so a phone
 * never scrolls sideways through a wide table.
 */
export function List<Row>({
  variant,
  columns,
  rows,
  rowKey,
  testId,
  rowTestId,
}: {
  variant: AgentVariant;
  columns: Array<Column<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  testId?: string;
  rowTestId?: string;
}) {
  if (variant === 'mobile') {
    return (
      <ul className="space-y-2" data-testid={testId}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm" data-testid={rowTestId}>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              {columns.map((c) => (
                <div key={c.key} className="contents">
                  <dt className="text-slate-500">{c.header}</dt>
                  <dd className="min-w-0 text-right break-words tabular-nums" data-testid={c.testId}>
                    {c.cell(row)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`${ui.th}${c.align === 'right' ? ' text-right' : ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((c) => (
                <td key={c.key} className={`${ui.td}${c.align === 'right' ? ' text-right whitespace-nowrap tabular-nums' : ''}`} data-testid={c.testId}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({ t, page, total, pageSize, onPage }: { t: PortalT; page: number; total: number; pageSize: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="mt-3 flex items-center justify-end gap-2 text-sm text-slate-600" aria-label={fill(t['agent.page_of'], { page, pages, total })}>
      <span>{fill(t['agent.page_of'], { page, pages, total })}</span>
      <button type="button" className={ui.btnGhost} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t['agent.prev']}
      </button>
      <button type="button" className={ui.btnGhost} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t['agent.next']}
      </button>
    </nav>
  );
}

/** A labelled figure of the dashboard and the wallet. */
export function Figure({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <p className="text-xs text-slate-500 sm:text-sm">{label}</p>
      <p
        className={`mt-1 font-mono tabular-nums ${strong ? 'text-xl font-bold text-brand-800 sm:text-2xl' : 'text-lg font-semibold text-slate-800 sm:text-xl'}`}
        data-testid={testId}
      >
        {value}
      </p>
    </div>
  );
}

/** A form key made once per form shown, so a double click or a retry asks the server once. */
export function newRequestKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// The partner's password: a first password (the one an operator handed over) must be replaced, and the server refuses
// every other portal call until it is, so Portal shows only this card (open, with a warning) then; afterwards it
// stays folded on the dashboard. It lives here because Portal needs it and the dependency rules forbid a cycle.
export function PasswordCard({ t, me }: { t: PortalT; me: AgentMe }) {
  const [form, setForm] = useState({ old_password: '', new_password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Opened once for a first password; a successful change must not fold the card away over its own success message.
  const [startOpen] = useState(me.must_change_password);
  const save = async () => {
    const found: Record<string, string> = {};
    if (!/^[A-Za-z0-9]{6,12}$/.test(form.new_password) || !/(?=.*[A-Za-z])(?=.*\d)/.test(form.new_password)) found.new_password = t['v.password.invalid'];
    if (form.confirm !== form.new_password) found.confirm = t['agent.pw.mismatch'];
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await agentApi('PUT /password', { body: { old_password: form.old_password, new_password: form.new_password } });
      setForm({ old_password: '', new_password: '', confirm: '' });
      setNotice({ kind: 'success', text: t['agent.pw.saved'] });
      // Read the partner again so the portal shows what the server now says (the first-password gate lifted).
      try {
        setAgentSession(await agentApi('GET /me'));
      } catch {
        setAgentSession({ ...me, must_change_password: false });
      }
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };
  const input = (name: keyof typeof form, label: string, autoComplete: string) => (
    <label className="block">
      <span className={ui.label}>{label}</span>
      <input
        name={name}
        type="password"
        value={form[name]}
        maxLength={64}
        autoComplete={autoComplete}
        className={ui.input}
        aria-invalid={!!errors[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {errors[name] && (
        <span className={ui.fieldError} role="alert">
          {errors[name]}
        </span>
      )}
    </label>
  );
  return (
    <details className={ui.card} open={startOpen || undefined} data-testid="password-card">
      <summary className="cursor-pointer text-base font-semibold text-brand-800">{t['agent.pw.title']}</summary>
      <div className="mt-3">
        {me.must_change_password && (
          <Notice kind="info" testId="password-must">
            {t['agent.pw.must']}
          </Notice>
        )}
        {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
        <form
          noValidate
          className="grid gap-3 sm:grid-cols-4 sm:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {input('old_password', t['agent.pw.old'], 'current-password')}
          {input('new_password', t['agent.pw.new'], 'new-password')}
          {input('confirm', t['agent.pw.confirm'], 'new-password')}
          <button type="submit" className={`${ui.btn} sm:mt-6`} disabled={busy}>
            {t['agent.pw.save']}
          </button>
        </form>
      </div>
    </details>
  );
}
