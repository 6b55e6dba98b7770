// A player's protection on the back-office player page: every limit with what is used and left,
// pending increases, the exclusion in force, the history of changes with who and when; staff lower a limit
// or add an exclusion, always with a reason, never raise a limit or end an exclusion early.
import { useState } from 'react';
import { boApi } from '../kit/api.ts';
import { ConfirmDialog, ListState, cls, fill, formatTime, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { NoticeBanner, useBoAction } from '../kit/form.tsx';
import { formatDecimal, formatDecimalOr } from '../../../shared/money.ts';
import { DURATIONS, DURATION_KEYS, PROTECTION_EVENT_KEYS, durationName, protectionEventName } from '../kit/codes.ts';
import type { ProtectionEventView } from '../../../shared/schemas/protection.ts';

export const PROTECTION_SECTION_KEYS = [
  'bo.protection.title',
  'bo.protection.limits',
  'bo.protection.none',
  'bo.protection.kind',
  'bo.protection.period',
  'bo.protection.value',
  'bo.protection.used',
  'bo.protection.remaining',
  'bo.protection.pending',
  'bo.protection.removal',
  'bo.protection.confirmable_from',
  'bo.protection.kind.deposit',
  'bo.protection.kind.loss',
  'bo.protection.kind.wager',
  'bo.protection.kind.session',
  'bo.protection.period.day',
  'bo.protection.period.week',
  'bo.protection.period.month',
  'bo.protection.period.session',
  'bo.protection.session_limit',
  'bo.protection.reality',
  'bo.protection.minutes',
  'bo.protection.off',
  'bo.protection.exclusion',
  'bo.protection.no_exclusion',
  'bo.protection.until',
  'bo.protection.permanent',
  'bo.protection.exclusion.timeout',
  'bo.protection.exclusion.self_exclusion',
  'bo.protection.activity_rule',
  'bo.protection.activity_rule.freeze',
  'bo.protection.activity_rule.forfeit',
  'bo.protection.lower_title',
  'bo.protection.lower_hint',
  'bo.protection.lower',
  'bo.protection.reason',
  'bo.protection.exclude_title',
  'bo.protection.exclude_hint',
  'bo.protection.exclude',
  'bo.protection.exclude_confirm',
  'bo.protection.duration',
  'bo.protection.history',
  'bo.protection.action',
  'bo.protection.by',
  'bo.protection.by_player',
  'bo.protection.by_staff',
  'bo.protection.detail',
  'bo.protection.done',
  ...DURATION_KEYS,
  ...PROTECTION_EVENT_KEYS,
] as const;
type T = CommonT & Record<(typeof PROTECTION_SECTION_KEYS)[number], string>;

export function ProtectionSection({ t, locale, playerId, canManage }: { t: T; locale: Locale; playerId: number; canManage: boolean }) {
  const { data: page, error, reload } = useBoData('GET /players/:id/protection', { params: { id: playerId } });
  const { notice, run } = useBoAction(t);

  /** Sends one change; the form clears its fields only when it went through. */
  const send = async (call: () => Promise<unknown>) => {
    const done = await run(
      async () => {
        await call();
        return true;
      },
      t['bo.protection.done'],
      ['value', 'reason', 'period'],
    );
    if (done) void reload();
    return done === true;
  };

  if (!page || error)
    return (
      <section className={cls.card}>
        <ListState t={t} loading={!page} error={error} retry={reload} />
      </section>
    );
  const s = page.status;
  const kindName = (k: string) => t[`bo.protection.kind.${k}` as keyof T] ?? k;
  const periodName = (p: string) => t[`bo.protection.period.${p}` as keyof T] ?? p;
  return (
    <section className={`${cls.card} space-y-4`} data-testid="bo-protection">
      <h2 className="text-lg font-semibold text-slate-800">{t['bo.protection.title']}</h2>
      <NoticeBanner notice={notice} />
      <div className="grid gap-2 text-sm md:grid-cols-3">
        <p>
          <span className="text-slate-500">{t['bo.protection.exclusion']}: </span>
          <span data-testid="bo-protection-exclusion">
            {s.exclusion
              ? `${t[`bo.protection.exclusion.${s.exclusion.kind}`]} ${s.exclusion.ends_at ? fill(t['bo.protection.until'], { at: formatTime(s.exclusion.ends_at, locale) }) : t['bo.protection.permanent']}`
              : t['bo.protection.no_exclusion']}
          </span>
        </p>
        <p>
          <span className="text-slate-500">{t['bo.protection.session_limit']}: </span>
          {s.session_limit.minutes ? fill(t['bo.protection.minutes'], { n: s.session_limit.minutes }) : t['bo.protection.off']}
        </p>
        <p>
          <span className="text-slate-500">{t['bo.protection.reality']}: </span>
          {s.reality_check_minutes ? fill(t['bo.protection.minutes'], { n: s.reality_check_minutes }) : t['bo.protection.off']}
        </p>
        <p className="md:col-span-3">
          <span className="text-slate-500">{t['bo.protection.activity_rule']}: </span>
          {t[`bo.protection.activity_rule.${s.activity_wallet_rule}`]}
        </p>
      </div>
      <h3 className="font-semibold text-slate-700">{t['bo.protection.limits']}</h3>
      {s.limits.length === 0 ? (
        <p className="text-sm text-slate-500">{t['bo.protection.none']}</p>
      ) : (
        <BoTable
          t={t}
          rows={s.limits}
          state={{ loading: false, error: null }}
          rowKey={(l) => `${l.kind}-${l.period}`}
          rowTestId={(l) => `bo-limit-${l.kind}-${l.period}`}
          columns={[
            { key: 'kind', header: 'bo.protection.kind', cell: (l) => kindName(l.kind) },
            { key: 'period', header: 'bo.protection.period', cell: (l) => periodName(l.period) },
            { key: 'value', header: 'bo.protection.value', cell: (l) => formatDecimalOr(l.value, '—') },
            { key: 'used', header: 'bo.protection.used', cell: (l) => formatDecimal(l.used) },
            { key: 'remaining', header: 'bo.protection.remaining', cell: (l) => formatDecimalOr(l.remaining, '—') },
            {
              key: 'pending',
              header: 'bo.protection.pending',
              cell: (l) =>
                l.pending_at
                  ? `${l.pending_removal ? t['bo.protection.removal'] : formatDecimalOr(l.pending_value, '—')} (${fill(t['bo.protection.confirmable_from'], { at: formatTime(l.pending_at, locale) })})`
                  : '—',
            },
          ]}
        />
      )}
      {canManage && (
        <LowerForm
          t={t}
          kindName={kindName}
          periodName={periodName}
          submit={(body) => send(() => boApi('POST /players/:id/protection/limits', { params: { id: playerId }, body }))}
        />
      )}
      {canManage && <ExcludeForm t={t} submit={(body) => send(() => boApi('POST /players/:id/protection/exclusions', { params: { id: playerId }, body }))} />}
      <h3 className="font-semibold text-slate-700">{t['bo.protection.history']}</h3>
      <BoTable
        t={t}
        rows={page.history.events}
        state={{ loading: false, error: null }}
        rowKey={(e) => e.id}
        columns={[
          { key: 'time', header: 'bo.time', className: 'whitespace-nowrap', cell: (e) => formatTime(e.created_at, locale) },
          { key: 'action', header: 'bo.protection.action', cell: (e) => protectionEventName(t, e.action) },
          { key: 'by', header: 'bo.protection.by', cell: (e) => actorName(t, e) },
          { key: 'detail', header: 'bo.protection.detail', className: 'text-xs', cell: (e) => eventDetail(t, locale, e, kindName, periodName) },
        ]}
      />
    </section>
  );
}

/** Who caused an event: the staff member by account name, the player, or the system for what happens by itself. */
function actorName(t: T, e: ProtectionEventView): string {
  if (e.actor === 'staff') return e.staff_name ?? fill(t['bo.protection.by_staff'], { id: e.staff_id ?? '' });
  return e.actor === 'system' ? t['bo.code.actor.system'] : t['bo.code.actor.player'];
}

/** An event's detail as words: the limit's old and new value (money formatted, minutes named), the duration, the reason. */
function eventDetail(t: T, locale: Locale, e: ProtectionEventView, kindName: (k: string) => string, periodName: (p: string) => string): string {
  const d: Record<string, unknown> = typeof e.detail === 'object' && e.detail !== null ? Object.fromEntries(Object.entries(e.detail)) : {};
  const minutes = d.kind === 'session' || 'minutes' in d;
  const shown = (x: unknown) =>
    x === null || x === undefined ? t['bo.code.pdetail.none'] : minutes ? fill(t['bo.code.pdetail.minutes'], { n: String(x) }) : formatDecimal(String(x));
  const parts: string[] = [];
  const en = locale === 'en';
  const period = typeof d.period === 'string' && d.period !== 'session' ? (en ? ` (${periodName(d.period)})` : `（${periodName(d.period)}）`) : '';
  const what = typeof d.kind === 'string' ? `${kindName(d.kind)}${period}` : '';
  if ('from' in d || 'to' in d) parts.push(fill(t['bo.code.pdetail.from_to'], { what, from: shown(d.from), to: shown(d.to) }));
  else if (what) parts.push(what);
  if ('minutes' in d) parts.push(fill(t['bo.code.pdetail.value'], { what: t['bo.protection.reality'], value: shown(d.minutes) }));
  if (typeof d.duration === 'string') parts.push(fill(t['bo.code.pdetail.duration'], { duration: durationName(t, d.duration) }));
  if (typeof d.ends_at === 'string') parts.push(fill(t['bo.code.pdetail.until'], { at: formatTime(d.ends_at, locale) }));
  if (typeof d.amount === 'string') parts.push(fill(t['bo.code.pdetail.amount'], { amount: formatDecimal(d.amount) }));
  if (Array.isArray(d.wallets)) parts.push(fill(t['bo.code.pdetail.wallets'], { n: d.wallets.length }));
  if (Array.isArray(d.transfers)) parts.push(fill(t['bo.code.pdetail.wallets'], { n: d.transfers.length }));
  if (typeof d.reason === 'string' && d.reason) parts.push(fill(t['bo.code.pdetail.reason'], { reason: d.reason }));
  return parts.join(en ? '; ' : '；');
}

function LowerForm({
  t,
  kindName,
  periodName,
  submit,
}: {
  t: T;
  kindName: (k: string) => string;
  periodName: (p: string) => string;
  submit: (body: unknown) => Promise<boolean>;
}) {
  const [kind, setKind] = useState('deposit');
  const [period, setPeriod] = useState('day');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const session = kind === 'session';
  return (
    <form
      className="space-y-2 rounded border border-slate-200 p-3"
      onSubmit={(e) =>
        void (async () => {
          // Fire and forget: the handler shows its own errors, and the event it answers has nothing to wait for.
          e.preventDefault();
          if (await submit({ kind, period: session ? 'session' : period, value: value.trim(), reason })) {
            setValue('');
            setReason('');
          }
        })()
      }
    >
      <h3 className="font-semibold text-slate-700">{t['bo.protection.lower_title']}</h3>
      <p className="text-xs text-slate-500">{t['bo.protection.lower_hint']}</p>
      <div className="flex flex-wrap items-center gap-2">
        <select className={cls.input} value={kind} onChange={(e) => setKind(e.target.value)} aria-label={t['bo.protection.kind']} data-testid="bo-lower-kind">
          {['deposit', 'loss', 'wager', 'session'].map((k) => (
            <option key={k} value={k}>
              {kindName(k)}
            </option>
          ))}
        </select>
        {!session && (
          <select className={cls.input} value={period} onChange={(e) => setPeriod(e.target.value)} aria-label={t['bo.protection.period']}>
            {['day', 'week', 'month'].map((p) => (
              <option key={p} value={p}>
                {periodName(p)}
              </option>
            ))}
          </select>
        )}
        <input
          className={`${cls.input} w-32`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputMode="decimal"
          aria-label={t['bo.protection.value']}
          placeholder={t['bo.protection.value']}
          data-testid="bo-lower-value"
        />
        <input
          className={`${cls.input} w-72`}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-label={t['bo.protection.reason']}
          placeholder={t['bo.protection.reason']}
          data-testid="bo-lower-reason"
        />
        <button type="submit" className={cls.btn} disabled={!value.trim() || !reason.trim()} data-testid="bo-lower-submit">
          {t['bo.protection.lower']}
        </button>
      </div>
    </form>
  );
}

function ExcludeForm({ t, submit }: { t: T; submit: (body: unknown) => Promise<boolean> }) {
  const [duration, setDuration] = useState<string>('3m');
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <div className="space-y-2 rounded border border-slate-200 p-3">
      <h3 className="font-semibold text-slate-700">{t['bo.protection.exclude_title']}</h3>
      <p className="text-xs text-slate-500">{t['bo.protection.exclude_hint']}</p>
      <div className="flex flex-wrap items-center gap-2">
        <select
          className={cls.input}
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
          aria-label={t['bo.protection.duration']}
          data-testid="bo-exclude-duration"
        >
          {DURATIONS.map((d) => (
            <option key={d} value={d}>
              {durationName(t, d)}
            </option>
          ))}
        </select>
        <input
          className={`${cls.input} w-72`}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-label={t['bo.protection.reason']}
          placeholder={t['bo.protection.reason']}
          data-testid="bo-exclude-reason"
        />
        <button type="button" className={cls.btn} disabled={!reason.trim()} onClick={() => setAsking(true)} data-testid="bo-exclude-submit">
          {t['bo.protection.exclude']}
        </button>
      </div>
      <ConfirmDialog
        t={t}
        open={asking}
        busy={busy}
        message={fill(t['bo.protection.exclude_confirm'], { duration: durationName(t, duration) })}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          void (async () => {
            // Fire and forget: the handler shows its own errors, and the event it answers has nothing to wait for.
            setBusy(true);
            if (await submit({ duration, reason })) setReason('');
            setBusy(false);
            setAsking(false);
          })()
        }
      />
    </div>
  );
}
