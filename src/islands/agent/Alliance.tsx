// The cooperative-alliance page's live part: the programme as the operators' default plan says it today (tiers,
// CPA, carry-over, fees; nothing hard-coded), and the application form (name, contact, channel, expected players)
// with its checks in the page's language before anything is sent.
import { useEffect, useState } from 'react';
import { ApiFailure, request } from '../../lib/http.ts';
import type { Locale } from '../../shared/constants.ts';
import { GAME_GROUPS } from '../../shared/constants.ts';
import { CHANNELS, CONTACT_KINDS } from '../../shared/schemas/partners/site.ts';
import type { PlanSummaryView } from '../../shared/schemas/partners/common.ts';
import type { AnswerOf } from '../../shared/api/contract.ts';
import type { PublicPartnerRoutes } from './routes.ts';
import { ErrorBox, Loading, Notice, count, fieldErrors, fill, money, rate, ui, type PortalT } from './common.tsx';

export const ALLIANCE_KEYS = [
  'agent.loading',
  'agent.empty',
  'agent.retry',
  'agent.error.network',
  'agent.error.session',
  'agent.prev',
  'agent.next',
  'agent.page_of',
  'alliance.plan.title',
  'alliance.plan.none',
  'alliance.plan.period.month',
  'alliance.plan.period.week',
  'alliance.plan.tiers',
  'alliance.plan.tier_from',
  'alliance.plan.tier_active',
  'alliance.plan.tier_rate',
  'alliance.plan.cpa',
  'alliance.plan.cpa_text',
  'alliance.plan.carry_on',
  'alliance.plan.carry_off',
  'alliance.plan.fees',
  'alliance.plan.payment_fee',
  'alliance.plan.platform_fee',
  'alliance.plan.levels',
  'alliance.plan.ngr',
  'alliance.form.title',
  'alliance.form.intro',
  'alliance.form.name',
  'alliance.form.contact_kind',
  'alliance.form.contact',
  'alliance.form.channel',
  'alliance.form.expected',
  'alliance.form.message',
  'alliance.form.submit',
  'alliance.form.submitting',
  'alliance.form.done',
  'alliance.form.signin',
  ...CONTACT_KINDS.map((k) => `alliance.contact.${k}` as const),
  ...CHANNELS.map((c) => `alliance.channel.${c}` as const),
  ...GAME_GROUPS.map((g) => `lobby.group.${g}` as const),
  'partners.v.name',
  'partners.v.contact',
  'partners.v.contact_kind',
  'partners.v.channel',
  'partners.v.expected_players',
  'partners.v.contact_phone',
  'partners.v.contact_email',
  'v.too_long',
] as const;
type K = (typeof ALLIANCE_KEYS)[number];
type T = Record<K, string>;

type Plan = AnswerOf<PublicPartnerRoutes, 'GET /partners/plan'>;

async function publicCall<R>(method: 'GET' | 'POST', path: string, locale: Locale, networkText: string, body?: unknown): Promise<R> {
  return request<R>(`/api${path}`, { method, body }, { token: null, locale, networkText });
}

export default function Alliance({ t, locale, signInHref }: { t: T; locale: Locale; signInHref: string }) {
  return (
    <div className="space-y-6">
      <PlanSummary t={t} locale={locale} />
      <ApplicationForm t={t} locale={locale} signInHref={signInHref} />
    </div>
  );
}

function PlanSummary({ t, locale }: { t: T; locale: Locale }) {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  useEffect(() => {
    setError('');
    publicCall<Plan>('GET', '/partners/plan', locale, t['agent.error.network']).then(setPlan, (err) =>
      setError(err instanceof ApiFailure ? err.message : t['agent.error.network']),
    );
  }, [tick]);
  return (
    <section className="rounded-lg bg-white px-5 py-6 shadow-sm sm:px-8" aria-labelledby="plan-title" data-testid="alliance-plan">
      <h2 id="plan-title" className="mb-3 text-lg font-semibold text-brand-700">
        {t['alliance.plan.title']}
      </h2>
      {error ? (
        <ErrorBox t={t as unknown as PortalT} message={error} retry={() => setTick((n) => n + 1)} />
      ) : !plan ? (
        <Loading t={t as unknown as PortalT} />
      ) : !plan.plan ? (
        <p className="text-sm text-slate-600" data-testid="alliance-no-plan">
          {t['alliance.plan.none']}
        </p>
      ) : (
        <PlanBody t={t} plan={plan.plan} subLevels={plan.sub_levels} />
      )}
    </section>
  );
}

function PlanBody({ t, plan, subLevels }: { t: T; plan: PlanSummaryView; subLevels: number }) {
  const groupName = (g: string) => ((GAME_GROUPS as readonly string[]).includes(g) ? t[`lobby.group.${g as (typeof GAME_GROUPS)[number]}`] : g);
  return (
    <div className="space-y-4 text-sm leading-6 text-slate-700">
      <p>
        {t[`alliance.plan.period.${plan.period_kind}`]} {t['alliance.plan.ngr']}
      </p>
      <div>
        <h3 className="mb-2 font-semibold text-slate-800">{t['alliance.plan.tiers']}</h3>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[320px] border-collapse text-sm" data-testid="alliance-tiers">
            <thead>
              <tr>
                <th scope="col" className={ui.th}>
                  {t['alliance.plan.tier_from']}
                </th>
                <th scope="col" className={`${ui.th} text-right`}>
                  {t['alliance.plan.tier_active']}
                </th>
                <th scope="col" className={`${ui.th} text-right`}>
                  {t['alliance.plan.tier_rate']}
                </th>
              </tr>
            </thead>
            <tbody>
              {plan.tiers.map((tier) => (
                <tr key={tier.min_ngr} data-testid="alliance-tier">
                  <td className={`${ui.td} tabular-nums`}>{money(tier.min_ngr)}</td>
                  <td className={`${ui.td} text-right tabular-nums`}>{count(tier.min_active_players)}</td>
                  <td className={`${ui.td} text-right font-semibold tabular-nums text-brand-800`} data-testid="alliance-tier-rate">
                    {rate(tier.rate_bp)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {plan.cpa && (
        <p data-testid="alliance-cpa">
          <span className="font-semibold text-slate-800">{t['alliance.plan.cpa']}</span>{' '}
          {fill(t['alliance.plan.cpa_text'], {
            amount: money(plan.cpa.amount),
            deposit: money(plan.cpa.min_first_deposit),
            bet: money(plan.cpa.min_valid_bet),
            days: plan.cpa.within_days,
          })}
        </p>
      )}
      <p data-testid="alliance-carry">{plan.carry_over ? t['alliance.plan.carry_on'] : t['alliance.plan.carry_off']}</p>
      <div>
        <h3 className="mb-1 font-semibold text-slate-800">{t['alliance.plan.fees']}</h3>
        <ul className="list-disc pl-6">
          <li data-testid="alliance-payment-fee">{fill(t['alliance.plan.payment_fee'], { rate: rate(plan.payment_fee_bp) })}</li>
          {plan.platform_fees.map((f) => (
            <li key={f.game_group}>{fill(t['alliance.plan.platform_fee'], { group: groupName(f.game_group), rate: rate(f.fee_bp) })}</li>
          ))}
        </ul>
      </div>
      {subLevels > 0 && <p>{fill(t['alliance.plan.levels'], { n: subLevels })}</p>}
    </div>
  );
}

type Form = {
  name: string;
  contact_kind: (typeof CONTACT_KINDS)[number];
  contact: string;
  channel: (typeof CHANNELS)[number] | '';
  expected_players: string;
  message: string;
};

/** The form's checks, field by field, in the order they appear; the server checks again with the same rules. */
export function checkApplication(f: Form): Record<string, K> {
  const out: Record<string, K> = {};
  const name = f.name.trim();
  if (!name) out.name = 'partners.v.name';
  else if (name.length > 40) out.name = 'v.too_long';
  const contact = f.contact.trim();
  if (!contact) out.contact = 'partners.v.contact';
  else if (contact.length > 80) out.contact = 'v.too_long';
  else if (f.contact_kind === 'phone' && !/^\+?[\d\s-]{8,20}$/.test(contact)) out.contact = 'partners.v.contact_phone';
  else if (f.contact_kind === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) out.contact = 'partners.v.contact_email';
  if (!f.channel) out.channel = 'partners.v.channel';
  if (!/^\d{1,7}$/.test(f.expected_players.trim()) || Number(f.expected_players) > 1_000_000) out.expected_players = 'partners.v.expected_players';
  if (f.message.trim().length > 500) out.message = 'v.too_long';
  return out;
}

function ApplicationForm({ t, locale, signInHref }: { t: T; locale: Locale; signInHref: string }) {
  const [form, setForm] = useState<Form>({ name: '', contact_kind: 'phone', contact: '', channel: '', expected_players: '', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const set = <F extends keyof Form>(name: F, value: Form[F]) => setForm({ ...form, [name]: value });

  const submit = async () => {
    const found = checkApplication(form);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t[key]])));
    setFailure('');
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await publicCall('POST', '/partners/applications', locale, t['agent.error.network'], {
        name: form.name.trim(),
        contact_kind: form.contact_kind,
        contact: form.contact.trim(),
        channel: form.channel,
        expected_players: Number(form.expected_players),
        message: form.message.trim(),
      });
      setDone(true);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(err instanceof ApiFailure ? err.message : t['agent.error.network']);
    }
    setBusy(false);
  };

  const label = (name: string, text: string) => (
    <span className={ui.label} id={`apply-${name}-label`}>
      {text}
    </span>
  );
  const error = (name: string) =>
    errors[name] && (
      <span className={ui.fieldError} role="alert" data-testid={`apply-error-${name}`}>
        {errors[name]}
      </span>
    );
  return (
    <section className="rounded-lg bg-white px-5 py-6 shadow-sm sm:px-8" aria-labelledby="apply-title">
      <h2 id="apply-title" className="mb-2 text-lg font-semibold text-brand-700">
        {t['alliance.form.title']}
      </h2>
      {done ? (
        <Notice kind="success" testId="apply-done">
          {t['alliance.form.done']}
        </Notice>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">{t['alliance.form.intro']}</p>
          {failure && <Notice kind="error">{failure}</Notice>}
          <form
            noValidate
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            data-testid="apply-form"
          >
            <label className="block">
              {label('name', t['alliance.form.name'])}
              <input
                name="name"
                value={form.name}
                maxLength={60}
                className={ui.input}
                aria-invalid={!!errors.name}
                autoComplete="name"
                onChange={(e) => set('name', e.target.value)}
              />
              {error('name')}
            </label>
            <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2">
              <label className="block">
                {label('contact_kind', t['alliance.form.contact_kind'])}
                <select
                  name="contact_kind"
                  value={form.contact_kind}
                  className={ui.input}
                  onChange={(e) => set('contact_kind', e.target.value as Form['contact_kind'])}
                >
                  {CONTACT_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t[`alliance.contact.${k}`]}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block">
                {label('contact', t['alliance.form.contact'])}
                <input
                  name="contact"
                  value={form.contact}
                  maxLength={100}
                  className={ui.input}
                  aria-invalid={!!errors.contact}
                  onChange={(e) => set('contact', e.target.value)}
                />
                {error('contact')}
              </label>
            </div>
            <label className="block">
              {label('channel', t['alliance.form.channel'])}
              <select
                name="channel"
                value={form.channel}
                className={ui.input}
                aria-invalid={!!errors.channel}
                onChange={(e) => set('channel', e.target.value as Form['channel'])}
              >
                <option value="">—</option>
                {CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {t[`alliance.channel.${c}`]}
                  </option>
                ))}
              </select>
              {error('channel')}
            </label>
            <label className="block">
              {label('expected_players', t['alliance.form.expected'])}
              <input
                name="expected_players"
                inputMode="numeric"
                value={form.expected_players}
                maxLength={7}
                className={ui.input}
                aria-invalid={!!errors.expected_players}
                onChange={(e) => set('expected_players', e.target.value)}
              />
              {error('expected_players')}
            </label>
            <label className="block sm:col-span-2">
              {label('message', t['alliance.form.message'])}
              <textarea
                name="message"
                value={form.message}
                rows={3}
                maxLength={600}
                className="w-full rounded border border-slate-300 px-3 py-2 text-sm"
                aria-invalid={!!errors.message}
                onChange={(e) => set('message', e.target.value)}
              />
              {error('message')}
            </label>
            <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
              <button type="submit" className="btn-primary" disabled={busy} data-testid="apply-submit">
                {busy ? t['alliance.form.submitting'] : t['alliance.form.submit']}
              </button>
              <a href={signInHref} className="text-sm text-brand-700 underline">
                {t['alliance.form.signin']}
              </a>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
