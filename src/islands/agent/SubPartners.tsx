// Sub-partners: each with its rate, players, own sub-partners and this period's totals, and a form that creates one
// with a rate at most the partner's own (checked here and, finally, by the server).
import { useState } from 'react';
import { agentApi, type AgentMe } from './api.ts';
import {
  List,
  Notice,
  PORTAL_KEYS,
  Portal,
  State,
  count,
  errorText,
  fieldErrors,
  fill,
  money,
  percentToBp,
  rate,
  ui,
  useAgentData,
  when,
  type AgentIslandProps,
  type PortalT,
} from './common.tsx';
import type { AgentVariant } from './paths.ts';
import type { Locale } from '../../shared/constants.ts';
import { PARTNER_ACCOUNT_RE } from '../../shared/schemas/partners/common.ts';
import { decimalToMinor, minorToDecimal } from '../../shared/money.ts';

export const SUBS_KEYS = [
  ...PORTAL_KEYS,
  'agent.subs.intro',
  'agent.subs.too_deep',
  'agent.subs.create',
  'agent.subs.creating',
  'agent.subs.created',
  'agent.subs.account',
  'agent.subs.name',
  'agent.subs.password',
  'agent.subs.rate',
  'agent.subs.rate_hint',
  'agent.subs.level',
  'agent.subs.status',
  'agent.subs.players',
  'agent.subs.sub_partners',
  'agent.subs.period_ngr',
  'agent.subs.period_active',
  'agent.subs.created_at',
  'agent.subs.empty',
  'agent.subs.totals',
  'agent.subs.rate_above',
  'agent.status.active',
  'agent.status.suspended',
  'agent.status.closed',
  'partners.v.account',
  'partners.v.name',
  'partners.v.rate',
  'v.password.invalid',
] as const;
type K = (typeof SUBS_KEYS)[number];
type T = AgentIslandProps<K>['t'];

export default function SubPartners({ t, locale, variant }: AgentIslandProps<K>) {
  return (
    <Portal t={t} locale={locale} variant={variant}>
      {(me) => <Body t={t} locale={locale} variant={variant} me={me} />}
    </Portal>
  );
}

/** The form's checks, in the order the fields appear; each message is the catalogue's, in the page's language. */
function check(t: T, form: { account: string; name: string; password: string; rate: string }, maxBp: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (!PARTNER_ACCOUNT_RE.test(form.account.trim())) out.account = t['partners.v.account'];
  if (!form.name.trim() || form.name.trim().length > 40) out.name = t['partners.v.name'];
  if (!/^[A-Za-z0-9]{6,12}$/.test(form.password) || !/(?=.*[A-Za-z])(?=.*\d)/.test(form.password)) out.password = t['v.password.invalid'];
  const bp = percentToBp(form.rate);
  if (bp === undefined) out.rate_bp = t['partners.v.rate'];
  else if (bp > maxBp) out.rate_bp = fill(t['agent.subs.rate_above'], { max: rate(maxBp) });
  return out;
}

function Body({ t, locale, variant, me }: { t: T; locale: Locale; variant: AgentVariant; me: AgentMe }) {
  const subs = useAgentData('GET /sub-partners', t as PortalT);
  const empty = { account: '', name: '', password: '', rate: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const canCreate = me.level < 3;

  const create = async () => {
    setNotice(null);
    const found = check(t, form, me.max_rate_bp);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const made = await agentApi('POST /sub-partners', {
        body: { account: form.account.trim(), name: form.name.trim(), password: form.password, rate_bp: percentToBp(form.rate)! },
      });
      subs.setData((rows) => [made, ...(rows ?? [])]);
      setForm(empty);
      setNotice({ kind: 'success', text: fill(t['agent.subs.created'], { account: made.account }) });
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };

  const field = (name: keyof typeof empty, label: string, extra: { type?: string; hint?: string; error?: string; max?: number } = {}) => (
    <label className="block">
      <span className={ui.label}>{label}</span>
      <input
        name={name}
        type={extra.type ?? 'text'}
        value={form[name]}
        maxLength={extra.max ?? 40}
        className={ui.input}
        aria-invalid={!!extra.error}
        autoComplete={extra.type === 'password' ? 'new-password' : 'off'}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {extra.hint && <span className="mt-1 block text-xs text-slate-500">{extra.hint}</span>}
      {extra.error && (
        <span className={ui.fieldError} role="alert">
          {extra.error}
        </span>
      )}
    </label>
  );

  const rows = subs.data ?? [];
  const totalNgr = rows.reduce((sum, r) => sum + signedMinor(r.period_ngr), 0n);
  return (
    <div className="max-w-[1200px] space-y-4">
      <section className={ui.card}>
        <p className="mb-3 text-sm text-slate-600">{fill(t['agent.subs.intro'], { max: rate(me.max_rate_bp) })}</p>
        {!canCreate ? (
          <Notice kind="info">{t['agent.subs.too_deep']}</Notice>
        ) : (
          <>
            {notice && (
              <Notice kind={notice.kind} testId="subs-notice">
                {notice.text}
              </Notice>
            )}
            <form
              noValidate
              className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-start"
              onSubmit={(e) => {
                e.preventDefault();
                void create();
              }}
              data-testid="sub-form"
            >
              {field('account', t['agent.subs.account'], { error: errors.account, max: 12 })}
              {field('name', t['agent.subs.name'], { error: errors.name })}
              {field('password', t['agent.subs.password'], { type: 'password', error: errors.password, max: 12 })}
              {field('rate', t['agent.subs.rate'], { hint: fill(t['agent.subs.rate_hint'], { max: rate(me.max_rate_bp) }), error: errors.rate_bp, max: 6 })}
              <button type="submit" className={`${ui.btn} lg:mt-6`} disabled={busy} data-testid="sub-create">
                {busy ? t['agent.subs.creating'] : t['agent.subs.create']}
              </button>
            </form>
          </>
        )}
      </section>
      <section className={variant === 'mobile' ? '' : ui.card}>
        <State t={t} loading={subs.loading} error={subs.error} retry={subs.reload} empty={rows.length === 0} emptyText={t['agent.subs.empty']}>
          <List
            variant={variant}
            rows={rows}
            rowKey={(r) => r.id}
            testId="subs-table"
            rowTestId="sub-row"
            columns={[
              { key: 'account', header: t['agent.subs.account'], cell: (r) => <span className="font-medium">{r.account}</span>, testId: 'sub-account' },
              { key: 'name', header: t['agent.subs.name'], cell: (r) => r.name },
              { key: 'level', header: t['agent.subs.level'], align: 'right', cell: (r) => r.level },
              { key: 'status', header: t['agent.subs.status'], cell: (r) => t[`agent.status.${r.status}`] },
              { key: 'rate', header: t['agent.subs.rate'], align: 'right', cell: (r) => rate(r.rate_bp), testId: 'sub-rate' },
              { key: 'players', header: t['agent.subs.players'], align: 'right', cell: (r) => count(r.players) },
              { key: 'subs', header: t['agent.subs.sub_partners'], align: 'right', cell: (r) => count(r.sub_partners) },
              { key: 'active', header: t['agent.subs.period_active'], align: 'right', cell: (r) => count(r.period_active_players) },
              { key: 'ngr', header: t['agent.subs.period_ngr'], align: 'right', cell: (r) => money(r.period_ngr) },
              { key: 'created', header: t['agent.subs.created_at'], cell: (r) => when(r.created_at, locale) },
            ]}
          />
          <p className="mt-3 text-right text-sm text-slate-600" data-testid="subs-totals">
            {fill(t['agent.subs.totals'], { players: count(rows.reduce((s, r) => s + r.players, 0)), ngr: money(minorToDecimal(totalNgr)) })}
          </p>
        </State>
      </section>
    </div>
  );
}

/** A signed decimal of the API in minor units (the sum of the sub-partners' NGR is exact, never a float). */
function signedMinor(decimal: string): bigint {
  const negative = decimal.startsWith('-');
  const minor = decimalToMinor(negative ? decimal.slice(1) : decimal) ?? 0n;
  return negative ? -minor : minor;
}
