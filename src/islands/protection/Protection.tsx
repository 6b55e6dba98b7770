// The player's responsible-gaming page, desktop /member/protection and mobile /mobile/f-mine/protection:
// what is in force, what is pending and when, what is left of each limit in its period; setting limits,
// the session limit and reality check; a time-out; a self-exclusion with a deliberate confirmation.
import { fill } from '../../shared/text.ts';
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../stores/api.ts';
import { $sessionReady, $user } from '../../stores/session.ts';
import { showConfirm } from '../../stores/ui.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import {
  EXCLUSION_DURATIONS,
  LIMIT_PERIOD_NAMES,
  MONEY_LIMIT_KINDS,
  REALITY_CHECK_MINUTES,
  TIMEOUT_DURATIONS,
  type LimitView,
  type ProtectionStatus,
} from '../../shared/schemas/protection.ts';
import { ErrorBox, LOGIN_NEEDED_KEYS, LoginNeeded, Spinner } from '../kit/status.tsx';
import { errorText, serverFieldErrors, useCall } from '../kit/calls.ts';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup } from '../kit/page.ts';

export const PROTECTION_KEYS = [
  ...LOGIN_NEEDED_KEYS,
  'error.generic',
  'error.network',
  'protection.title',
  'protection.intro',
  'protection.loading',
  'protection.in_force',
  'protection.none',
  'protection.used',
  'protection.remaining',
  'protection.resets',
  'protection.pending',
  'protection.pending_removal',
  'protection.confirm',
  'protection.save',
  'protection.remove',
  'protection.kind.deposit',
  'protection.kind.loss',
  'protection.kind.wager',
  'protection.period.day',
  'protection.period.week',
  'protection.period.month',
  'protection.amount',
  'protection.session_title',
  'protection.session_limit',
  'protection.reality_check',
  'protection.reality_off',
  'protection.minutes',
  'protection.timeout_title',
  'protection.timeout_text',
  'protection.duration.24h',
  'protection.duration.7d',
  'protection.duration.30d',
  'protection.duration.6w',
  'protection.duration.3m',
  'protection.duration.6m',
  'protection.duration.1y',
  'protection.duration.5y',
  'protection.duration.permanent',
  'protection.start_timeout',
  'protection.exclusion_title',
  'protection.exclusion_text',
  'protection.exclusion_confirm',
  'protection.start_exclusion',
  'protection.software',
  'protection.restricted_title',
  'protection.restricted_text',
  'protection.activity_rule.freeze',
  'protection.activity_rule.forfeit',
  'protection.kind.timeout',
  'protection.kind.self_exclusion',
  'protection.until.permanent',
  'protection.limit.session.session',
  'protection.timeout_confirm',
] as const;
type T = Record<(typeof PROTECTION_KEYS)[number], string>;
type Variant = 'desktop' | 'mobile';

/** The protection commands: each answers its outcome and a message for the player. */
type Command =
  | 'PUT /protection/limits'
  | 'PUT /protection/session-limit'
  | 'PUT /protection/reality-check'
  | 'POST /protection/limits/confirm'
  | 'POST /protection/timeout'
  | 'POST /protection/self-exclusion';
type Run = (route: Command, body: unknown) => Promise<void>;

export default function Protection({ t, locale, variant, paths }: { t: T; locale: Locale; variant: Variant; paths: { home: string } }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const state = useCall(user ? () => api('GET /protection/status') : null, [!!user], t);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');

  /** Runs a change, shows the server's message (in the page's language) or its error, and reloads. */
  const run: Run = async (route, body) => {
    setMessage('');
    setFailure('');
    try {
      let text = '';
      await api(route, {
        body,
        quiet403: true,
        onMessage: (m) => {
          text = m;
        },
      });
      setMessage(text);
      state.reload();
    } catch (err) {
      const fields = Object.values(serverFieldErrors(err));
      setFailure(fields[0] ?? errorText(err, t));
    }
  };

  let body;
  if (!ready) body = <Spinner label={t['protection.loading']} />;
  else if (!user) body = <LoginNeeded t={t} variant={variant} homePath={paths.home} />;
  else if (state.error) body = <ErrorBox message={state.error} retry={state.reload} />;
  else if (!state.data) body = <Spinner label={t['protection.loading']} />;
  else {
    const s = state.data;
    body = (
      <div className="space-y-6">
        {s.exclusion && (
          <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="restricted-banner">
            <p className="font-semibold">{t['protection.restricted_title']}</p>
            <p>
              {fill(t['protection.restricted_text'], {
                kind: t[`protection.kind.${s.exclusion.kind}`],
                until: s.exclusion.ends_at ? taipeiDateTime(s.exclusion.ends_at) : t['protection.until.permanent'],
              })}
            </p>
          </div>
        )}
        <p className="text-sm text-slate-600">{t['protection.intro']}</p>
        {message && (
          <p role="status" className="rounded bg-emerald-50 px-3 py-2 text-sm text-emerald-700" data-testid="protection-message">
            {message}
          </p>
        )}
        {failure && (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="protection-error">
            {failure}
          </p>
        )}
        <LimitTable
          t={t}
          limits={s.limits}
          variant={variant}
          confirm={(l) => void run('POST /protection/limits/confirm', { kind: l.kind, period: l.period })}
        />
        <LimitForm t={t} submit={(kind, period, value) => void run('PUT /protection/limits', { kind, period, value })} />
        <SessionForm
          t={t}
          status={s}
          setSession={(minutes) => void run('PUT /protection/session-limit', { minutes })}
          confirmSession={() => void run('POST /protection/limits/confirm', { kind: 'session', period: 'session' })}
          setReality={(minutes) => void run('PUT /protection/reality-check', { minutes })}
        />
        {!s.exclusion && <Exclusions t={t} account={user.account} run={run} />}
        <p className="text-xs text-slate-500" data-testid="activity-rule">
          {t[`protection.activity_rule.${s.activity_wallet_rule}`]}
        </p>
        <p className="rounded bg-slate-50 p-3 text-sm text-slate-600">{t['protection.software']}</p>
      </div>
    );
  }
  return (
    <section className={variant === 'desktop' ? '' : 'rounded-lg bg-white p-4 shadow-sm'} data-testid="protection-page">
      {variant === 'mobile' && <h2 className="mb-2 font-semibold text-brand-700">{t['protection.title']}</h2>}
      {body}
    </section>
  );
}

function LimitTable({ t, limits, variant, confirm }: { t: T; limits: LimitView[]; variant: Variant; confirm: (l: LimitView) => void }) {
  const rows = MONEY_LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIOD_NAMES.map((period) => ({ kind, period, l: limits.find((x) => x.kind === kind && x.period === period) })),
  );
  const shown = rows.filter((r) => r.l);
  if (!shown.length)
    return (
      <p className="text-sm text-slate-500" data-testid="limits-empty">
        {t['protection.none']}
      </p>
    );
  return (
    <ul className={variant === 'desktop' ? 'grid gap-3 md:grid-cols-2' : 'space-y-3'}>
      {shown.map(({ kind, period, l }) => (
        <li key={`${kind}-${period}`} className="rounded border border-slate-200 p-3 text-sm" data-testid={`limit-${kind}-${period}`}>
          <p className="mb-1 font-semibold text-brand-700">
            {t[`protection.period.${period}`]} · {t[`protection.kind.${kind}`]}
          </p>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
            <dt className="text-slate-500">{t['protection.in_force']}</dt>
            <dd data-testid="limit-value">{l!.value === null ? t['protection.none'] : formatDecimal(l!.value)}</dd>
            <dt className="text-slate-500">{t['protection.used']}</dt>
            <dd>{formatDecimal(l!.used)}</dd>
            {l!.remaining !== null && (
              <>
                <dt className="text-slate-500">{t['protection.remaining']}</dt>
                <dd className="font-semibold" data-testid="limit-remaining">
                  {formatDecimal(l!.remaining)}
                </dd>
              </>
            )}
            <dt className="text-slate-500">{t['protection.resets']}</dt>
            <dd>{taipeiDateTime(l!.resets_at)}</dd>
          </dl>
          {l!.pending_at && (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-amber-800" data-testid="limit-pending">
              {l!.pending_removal
                ? fill(t['protection.pending_removal'], { at: taipeiDateTime(l!.pending_at) })
                : fill(t['protection.pending'], { value: formatDecimal(l!.pending_value ?? '0'), at: taipeiDateTime(l!.pending_at) })}
              {l!.confirmable && (
                <button type="button" className="btn-secondary" onClick={() => confirm(l!)} data-testid="limit-confirm">
                  {t['protection.confirm']}
                </button>
              )}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function LimitForm({ t, submit }: { t: T; submit: (kind: string, period: string, value: string | null) => void }) {
  const [kind, setKind] = useState<string>('deposit');
  const [period, setPeriod] = useState<string>('day');
  const [amount, setAmount] = useState('');
  const field = 'rounded border border-slate-300 px-2 py-2 text-sm';
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit(kind, period, amount.trim());
      }}
    >
      <select className={field} value={kind} onChange={(e) => setKind(e.target.value)} data-testid="limit-kind" aria-label={t['protection.kind.deposit']}>
        {MONEY_LIMIT_KINDS.map((k) => (
          <option key={k} value={k}>
            {t[`protection.kind.${k}`]}
          </option>
        ))}
      </select>
      <select className={field} value={period} onChange={(e) => setPeriod(e.target.value)} data-testid="limit-period" aria-label={t['protection.period.day']}>
        {LIMIT_PERIOD_NAMES.map((p) => (
          <option key={p} value={p}>
            {t[`protection.period.${p}`]}
          </option>
        ))}
      </select>
      <input
        className={`${field} w-32`}
        inputMode="decimal"
        placeholder={t['protection.amount']}
        aria-label={t['protection.amount']}
        value={amount}
        onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
        data-testid="limit-amount"
      />
      <button type="submit" className="btn-primary" data-testid="limit-save">
        {t['protection.save']}
      </button>
      <button type="button" className="btn-secondary" onClick={() => submit(kind, period, null)} data-testid="limit-remove">
        {t['protection.remove']}
      </button>
    </form>
  );
}

function SessionForm({
  t,
  status,
  setSession,
  confirmSession,
  setReality,
}: {
  t: T;
  status: ProtectionStatus;
  setSession: (m: number | null) => void;
  confirmSession: () => void;
  setReality: (m: number | null) => void;
}) {
  const [minutes, setMinutes] = useState(status.session_limit.minutes ? String(status.session_limit.minutes) : '');
  const sl = status.session_limit;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-4">
      <h3 className="font-semibold text-brand-700">{t['protection.session_title']}</h3>
      <form
        className="flex flex-wrap items-center gap-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          setSession(minutes ? Number(minutes) : null);
        }}
      >
        <label htmlFor="session-minutes">{t['protection.session_limit']}</label>
        <input
          id="session-minutes"
          className="w-24 rounded border border-slate-300 px-2 py-2"
          inputMode="numeric"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value.replace(/\D/g, ''))}
          data-testid="session-minutes"
        />
        <button type="submit" className="btn-secondary">
          {t['protection.save']}
        </button>
      </form>
      {sl.pending_at && (
        <p className="text-sm text-amber-800">
          {sl.pending_removal
            ? fill(t['protection.pending_removal'], { at: taipeiDateTime(sl.pending_at) })
            : fill(t['protection.pending'], { value: fill(t['protection.minutes'], { n: String(sl.pending_minutes) }), at: taipeiDateTime(sl.pending_at) })}
          {sl.confirmable && (
            <button type="button" className="btn-secondary ml-2" onClick={confirmSession}>
              {t['protection.confirm']}
            </button>
          )}
        </p>
      )}
      <label className="flex items-center gap-2 text-sm">
        {t['protection.reality_check']}
        <select
          className="rounded border border-slate-300 px-2 py-2"
          value={status.reality_check_minutes ?? ''}
          data-testid="reality-select"
          onChange={(e) => setReality(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{t['protection.reality_off']}</option>
          {REALITY_CHECK_MINUTES.map((m) => (
            <option key={m} value={m}>
              {fill(t['protection.minutes'], { n: String(m) })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Exclusions({ t, account, run }: { t: T; account: string; run: Run }) {
  const [timeout, setTimeoutDuration] = useState<string>('24h');
  const [exclusion, setExclusion] = useState<string>('3m');
  const [typed, setTyped] = useState('');
  const select = 'rounded border border-slate-300 px-2 py-2 text-sm';
  return (
    <div className="space-y-4 border-t border-slate-100 pt-4">
      <div className="space-y-2">
        <h3 className="font-semibold text-brand-700">{t['protection.timeout_title']}</h3>
        <p className="text-sm text-slate-600">{t['protection.timeout_text']}</p>
        <div className="flex flex-wrap gap-2">
          <select
            className={select}
            value={timeout}
            onChange={(e) => setTimeoutDuration(e.target.value)}
            data-testid="timeout-duration"
            aria-label={t['protection.timeout_title']}
          >
            {TIMEOUT_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t[`protection.duration.${d}`]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn-secondary"
            data-testid="timeout-start"
            onClick={() =>
              showConfirm({
                title: t['protection.timeout_title'],
                message: fill(t['protection.timeout_confirm'], { duration: t[`protection.duration.${timeout as '24h'}`] }),
                onConfirm: () => void run('POST /protection/timeout', { duration: timeout }),
              })
            }
          >
            {t['protection.start_timeout']}
          </button>
        </div>
      </div>
      <div className="space-y-2">
        <h3 className="font-semibold text-brand-700">{t['protection.exclusion_title']}</h3>
        <p className="text-sm text-slate-600">{t['protection.exclusion_text']}</p>
        <div className="flex flex-wrap gap-2">
          <select
            className={select}
            value={exclusion}
            onChange={(e) => setExclusion(e.target.value)}
            data-testid="exclusion-duration"
            aria-label={t['protection.exclusion_title']}
          >
            {EXCLUSION_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t[`protection.duration.${d}`]}
              </option>
            ))}
          </select>
          <input
            className={`${select} w-40`}
            placeholder={t['protection.exclusion_confirm']}
            aria-label={t['protection.exclusion_confirm']}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="exclusion-confirm"
            autoComplete="off"
          />
          <button
            type="button"
            className="inline-flex items-center justify-center rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50"
            data-testid="exclusion-start"
            disabled={typed.trim().toLowerCase() !== account.toLowerCase()}
            onClick={() => void run('POST /protection/self-exclusion', { duration: exclusion, confirm_account: typed.trim() })}
          >
            {t['protection.start_exclusion']}
          </button>
        </div>
      </div>
    </div>
  );
}
