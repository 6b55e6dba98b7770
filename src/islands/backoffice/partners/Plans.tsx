// Commission plans: each with its period (month or week), revenue-share tiers (from an NGR, with a minimum of active
// players, at a rate), optional CPA, negative carry-over, the payment fee and a platform fee per game group, and
// whether it is the default plan the public page explains. Rates and fees are typed as percentages and sent in basis
// points; amounts as decimals.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type * as v from 'valibot';
import { Banner, ListState, cls, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoAction } from '../kit/form.tsx';
import { GROUP_KEYS, groupName, partnerCodeName } from '../kit/codes.ts';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { GAME_GROUPS, type Locale } from '../../../shared/constants.ts';
import { PERIOD_KINDS } from '../../../shared/schemas/partners/common.ts';
import { pbApi, usePbData } from './api.ts';
import type { PartnerRoutes } from './routes.ts';
import { PB_KEYS, PbGuard, bpToPercentText, money, num, percentToBp, rate } from './shared.tsx';

export const PLANS_KEYS = [
  ...PB_KEYS,
  ...GROUP_KEYS,
  'bo.pt.plan.new',
  'bo.pt.plan.edit',
  'bo.pt.plan.name',
  'bo.pt.plan.period',
  'bo.pt.plan.tiers',
  'bo.pt.plan.tier_min_ngr',
  'bo.pt.plan.tier_min_active',
  'bo.pt.plan.tier_rate',
  'bo.pt.plan.tier_add',
  'bo.pt.plan.tier_remove',
  'bo.pt.plan.cpa',
  'bo.pt.plan.cpa_on',
  'bo.pt.plan.cpa_amount',
  'bo.pt.plan.cpa_deposit',
  'bo.pt.plan.cpa_bet',
  'bo.pt.plan.cpa_days',
  'bo.pt.plan.carry',
  'bo.pt.plan.carry_hint',
  'bo.pt.plan.payment_fee',
  'bo.pt.plan.platform_fees',
  'bo.pt.plan.default',
  'bo.pt.plan.default_hint',
  'bo.pt.plan.save',
  'bo.pt.plan.saved',
  'bo.pt.plan.cancel',
  'bo.pt.plan.partners',
  'bo.pt.plan.updated',
  'bo.pt.plan.empty',
  'bo.pt.plan.percent_invalid',
  'bo.pt.plan.check_fields',
  'bo.pt.plan.is_default',
  'bo.pt.plan.no_cpa',
  'bo.pt.plan.carry_on',
  'bo.pt.plan.carry_off',
] as const;
type K = (typeof PLANS_KEYS)[number];
type T = IslandProps<K>['t'];
type Plan = v.InferOutput<PartnerRoutes['GET /plans']>[number];

export default function Plans({ t, locale }: IslandProps<K>) {
  return (
    <PbGuard t={t} locale={locale} permission="partners.read">
      {() => <Body t={t} locale={locale} />}
    </PbGuard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const canManage = hasPermission(staff, 'partners.manage');
  const plans = usePbData('GET /plans');
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [saved, setSaved] = useState('');
  return (
    <div className="max-w-[1400px] space-y-4">
      {saved && (
        <Banner kind="success" testId="plan-saved">
          {saved}
        </Banner>
      )}
      {canManage && editing === null && (
        <button
          type="button"
          className={cls.btn}
          onClick={() => {
            setSaved('');
            setEditing('new');
          }}
          data-testid="plan-new"
        >
          {t['bo.pt.plan.new']}
        </button>
      )}
      {editing !== null && (
        <Editor
          t={t}
          plan={editing === 'new' ? null : editing}
          onDone={(plan) => {
            setEditing(null);
            if (plan) {
              setSaved(fill(t['bo.pt.plan.saved'], { name: plan.name }));
              void plans.reload();
            }
          }}
        />
      )}
      <ListState
        t={t}
        loading={plans.state.loading}
        error={plans.error}
        retry={plans.reload}
        empty={plans.data?.length === 0}
        emptyText={t['bo.pt.plan.empty']}
      >
        <div className="grid grid-cols-2 gap-4" data-testid="plans">
          {(plans.data ?? []).map((p) => (
            <section key={p.id} className={cls.card} data-testid="plan-card" data-plan={p.name}>
              <div className="mb-2 flex items-center justify-between gap-2">
                <h2 className="text-base font-semibold text-brand-800">
                  {p.name}{' '}
                  {p.is_default && <span className="ml-1 rounded-full bg-gold-300 px-2 py-0.5 text-xs text-brand-900">{t['bo.pt.plan.is_default']}</span>}
                </h2>
                {canManage && (
                  <button
                    type="button"
                    className={cls.btnSmall}
                    onClick={() => {
                      setSaved('');
                      setEditing(p);
                    }}
                    data-testid="plan-edit"
                  >
                    {t['bo.pt.plan.edit']}
                  </button>
                )}
              </div>
              <p className="mb-2 text-sm text-slate-600">
                {partnerCodeName(t, 'period_kind', p.period_kind)} · {fill(t['bo.pt.plan.partners'], { n: num(p.partners) })} · {t['bo.pt.plan.updated']}{' '}
                {formatTime(p.updated_at, locale)}
              </p>
              <table className={cls.table}>
                <thead>
                  <tr>
                    <th className={cls.th}>{t['bo.pt.plan.tier_min_ngr']}</th>
                    <th className={`${cls.th} text-right`}>{t['bo.pt.plan.tier_min_active']}</th>
                    <th className={`${cls.th} text-right`}>{t['bo.pt.plan.tier_rate']}</th>
                  </tr>
                </thead>
                <tbody>
                  {p.tiers.map((tier, i) => (
                    <tr key={i}>
                      <td className={cls.td}>{money(tier.min_ngr)}</td>
                      <td className={`${cls.td} text-right`}>{num(tier.min_active_players)}</td>
                      <td className={`${cls.td} text-right font-semibold`}>{rate(tier.rate_bp)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <ul className="mt-2 space-y-0.5 text-sm text-slate-600">
                <li>
                  {t['bo.pt.plan.cpa']}:{' '}
                  {p.cpa
                    ? `${money(p.cpa.amount)} (${money(p.cpa.min_first_deposit)} / ${money(p.cpa.min_valid_bet)} / ${p.cpa.within_days})`
                    : t['bo.pt.plan.no_cpa']}
                </li>
                <li>{p.carry_over ? t['bo.pt.plan.carry_on'] : t['bo.pt.plan.carry_off']}</li>
                <li>
                  {t['bo.pt.plan.payment_fee']}: {rate(p.payment_fee_bp)}
                </li>
                {p.platform_fees.length > 0 && (
                  <li>
                    {t['bo.pt.plan.platform_fees']}: {p.platform_fees.map((f) => `${groupName(t, f.game_group)} ${rate(f.fee_bp)}`).join('、')}
                  </li>
                )}
              </ul>
            </section>
          ))}
        </div>
      </ListState>
    </div>
  );
}

interface Draft {
  name: string;
  period_kind: (typeof PERIOD_KINDS)[number];
  tiers: Array<{ min_ngr: string; min_active_players: string; rate: string }>;
  cpaOn: boolean;
  cpa: { amount: string; min_first_deposit: string; min_valid_bet: string; within_days: string };
  carry_over: boolean;
  payment_fee: string;
  fees: Record<string, string>;
  is_default: boolean;
}

function draftOf(p: Plan | null): Draft {
  return {
    name: p?.name ?? '',
    period_kind: p?.period_kind ?? 'month',
    tiers: p
      ? p.tiers.map((x) => ({ min_ngr: x.min_ngr, min_active_players: String(x.min_active_players), rate: bpToPercentText(x.rate_bp) }))
      : [{ min_ngr: '0', min_active_players: '0', rate: '' }],
    cpaOn: !!p?.cpa,
    cpa: p?.cpa
      ? { amount: p.cpa.amount, min_first_deposit: p.cpa.min_first_deposit, min_valid_bet: p.cpa.min_valid_bet, within_days: String(p.cpa.within_days) }
      : { amount: '', min_first_deposit: '', min_valid_bet: '', within_days: '30' },
    carry_over: p?.carry_over ?? true,
    payment_fee: p ? bpToPercentText(p.payment_fee_bp) : '0',
    fees: Object.fromEntries((p?.platform_fees ?? []).map((f) => [f.game_group, bpToPercentText(f.fee_bp)])),
    is_default: p?.is_default ?? false,
  };
}

function Editor({ t, plan, onDone }: { t: T; plan: Plan | null; onDone: (saved: Plan | null) => void }) {
  const [d, setD] = useState<Draft>(() => draftOf(plan));
  const [bad, setBad] = useState<Set<string>>(new Set());
  const action = useBoAction(t);
  const setTier = (i: number, field: keyof Draft['tiers'][number], value: string) =>
    setD({ ...d, tiers: d.tiers.map((x, j) => (j === i ? { ...x, [field]: value } : x)) });
  const save = async () => {
    // Percentages are checked here, since the server sees only the basis points they become.
    const wrong = new Set<string>();
    const tiers = d.tiers.map((x, i) => {
      const bp = percentToBp(x.rate);
      if (bp === undefined) wrong.add(`tier${i}`);
      return { min_ngr: x.min_ngr.trim(), min_active_players: Number(x.min_active_players), rate_bp: bp ?? 0 };
    });
    const paymentFee = percentToBp(d.payment_fee);
    if (paymentFee === undefined) wrong.add('payment_fee');
    const fees = Object.entries(d.fees)
      .filter(([, x]) => x.trim() !== '')
      .map(([game_group, x]) => {
        const bp = percentToBp(x);
        if (bp === undefined) wrong.add(`fee_${game_group}`);
        return { game_group, fee_bp: bp ?? 0 };
      });
    setBad(wrong);
    if (wrong.size) return;
    const body = {
      name: d.name.trim(),
      period_kind: d.period_kind,
      tiers,
      carry_over: d.carry_over,
      payment_fee_bp: paymentFee!,
      platform_fees: fees,
      is_default: d.is_default,
      cpa: d.cpaOn
        ? {
            amount: d.cpa.amount.trim(),
            min_first_deposit: d.cpa.min_first_deposit.trim(),
            min_valid_bet: d.cpa.min_valid_bet.trim(),
            within_days: Number(d.cpa.within_days),
          }
        : null,
    };
    const answer = await action.run(() => (plan ? pbApi('PUT /plans/:id', { params: { id: plan.id }, body }) : pbApi('POST /plans', { body })), undefined, [
      'name',
      'tiers',
      'cpa',
      'payment_fee_bp',
      'platform_fees',
      '_root',
    ]);
    if (answer) onDone(answer);
  };
  const pct = (name: string, value: string, onChange: (x: string) => void, label: string) => (
    <label className="block">
      <span className={cls.label}>{label}</span>
      <span className="flex items-center gap-1">
        <input
          name={name}
          value={value}
          maxLength={6}
          inputMode="decimal"
          className={`${cls.input} w-24`}
          aria-invalid={bad.has(name)}
          onChange={(e) => onChange(e.target.value)}
        />
        %
      </span>
      {bad.has(name) && <p className={cls.fieldError}>{t['bo.pt.plan.percent_invalid']}</p>}
    </label>
  );
  return (
    <section className={cls.card} data-testid="plan-editor">
      <h2 className="mb-4 text-base font-semibold text-brand-800">{plan ? `${t['bo.pt.plan.edit']} — ${plan.name}` : t['bo.pt.plan.new']}</h2>
      {action.notice && (
        <Banner kind={action.notice.kind} testId="plan-error">
          {action.notice.text}
        </Banner>
      )}
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="flex flex-wrap items-end gap-4">
          <label className="block">
            <span className={cls.label}>{t['bo.pt.plan.name']}</span>
            <input name="name" value={d.name} maxLength={40} className={`${cls.input} w-64`} onChange={(e) => setD({ ...d, name: e.target.value })} />
          </label>
          <label className="block">
            <span className={cls.label}>{t['bo.pt.plan.period']}</span>
            <select
              name="period_kind"
              value={d.period_kind}
              className={cls.input}
              onChange={(e) => setD({ ...d, period_kind: e.target.value as Draft['period_kind'] })}
            >
              {PERIOD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {partnerCodeName(t, 'period_kind', k)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="is_default" checked={d.is_default} onChange={(e) => setD({ ...d, is_default: e.target.checked })} />
            {t['bo.pt.plan.default']}
          </label>
          <span className="text-xs text-slate-500">{t['bo.pt.plan.default_hint']}</span>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-700">{t['bo.pt.plan.tiers']}</legend>
          <table className={cls.table} data-testid="plan-tiers">
            <thead>
              <tr>
                <th className={cls.th}>{t['bo.pt.plan.tier_min_ngr']}</th>
                <th className={cls.th}>{t['bo.pt.plan.tier_min_active']}</th>
                <th className={cls.th}>{t['bo.pt.plan.tier_rate']}</th>
                <th className={cls.th} />
              </tr>
            </thead>
            <tbody>
              {d.tiers.map((x, i) => (
                <tr key={i} data-testid="plan-tier">
                  <td className={cls.td}>
                    <input
                      name={`tier${i}_min_ngr`}
                      aria-label={t['bo.pt.plan.tier_min_ngr']}
                      value={x.min_ngr}
                      maxLength={15}
                      inputMode="decimal"
                      className={`${cls.input} w-40`}
                      onChange={(e) => setTier(i, 'min_ngr', e.target.value)}
                    />
                  </td>
                  <td className={cls.td}>
                    <input
                      name={`tier${i}_min_active`}
                      aria-label={t['bo.pt.plan.tier_min_active']}
                      value={x.min_active_players}
                      maxLength={7}
                      inputMode="numeric"
                      className={`${cls.input} w-28`}
                      onChange={(e) => setTier(i, 'min_active_players', e.target.value)}
                    />
                  </td>
                  <td className={cls.td}>
                    <span className="flex items-center gap-1">
                      <input
                        name={`tier${i}_rate`}
                        aria-label={t['bo.pt.plan.tier_rate']}
                        value={x.rate}
                        maxLength={6}
                        inputMode="decimal"
                        className={`${cls.input} w-24`}
                        aria-invalid={bad.has(`tier${i}`)}
                        onChange={(e) => setTier(i, 'rate', e.target.value)}
                      />
                      %
                    </span>
                    {bad.has(`tier${i}`) && <p className={cls.fieldError}>{t['bo.pt.plan.percent_invalid']}</p>}
                  </td>
                  <td className={cls.td}>
                    {d.tiers.length > 1 && (
                      <button type="button" className={cls.btnSmall} onClick={() => setD({ ...d, tiers: d.tiers.filter((_, j) => j !== i) })}>
                        {t['bo.pt.plan.tier_remove']}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.tiers.length < 10 && (
            <button
              type="button"
              className={`${cls.btnSmall} mt-2`}
              onClick={() => setD({ ...d, tiers: [...d.tiers, { min_ngr: '', min_active_players: '0', rate: '' }] })}
              data-testid="tier-add"
            >
              {t['bo.pt.plan.tier_add']}
            </button>
          )}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold text-slate-700">{t['bo.pt.plan.cpa']}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="cpa_on" checked={d.cpaOn} onChange={(e) => setD({ ...d, cpaOn: e.target.checked })} />
            {t['bo.pt.plan.cpa_on']}
          </label>
          {d.cpaOn && (
            <div className="grid grid-cols-4 gap-3">
              {(['amount', 'min_first_deposit', 'min_valid_bet', 'within_days'] as const).map((f) => (
                <label key={f} className="block">
                  <span className={cls.label}>
                    {
                      t[
                        (
                          {
                            amount: 'bo.pt.plan.cpa_amount',
                            min_first_deposit: 'bo.pt.plan.cpa_deposit',
                            min_valid_bet: 'bo.pt.plan.cpa_bet',
                            within_days: 'bo.pt.plan.cpa_days',
                          } as const
                        )[f]
                      ]
                    }
                  </span>
                  <input
                    name={`cpa_${f}`}
                    value={d.cpa[f]}
                    maxLength={15}
                    inputMode="decimal"
                    className={`${cls.input} w-full`}
                    onChange={(e) => setD({ ...d, cpa: { ...d.cpa, [f]: e.target.value } })}
                  />
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-700">{t['bo.pt.plan.platform_fees']}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="carry_over" checked={d.carry_over} onChange={(e) => setD({ ...d, carry_over: e.target.checked })} />
            {t['bo.pt.plan.carry']}
            <span className="text-xs text-slate-500">{t['bo.pt.plan.carry_hint']}</span>
          </label>
          <div className="flex flex-wrap gap-4">
            {pct('payment_fee', d.payment_fee, (x) => setD({ ...d, payment_fee: x }), t['bo.pt.plan.payment_fee'])}
            {GAME_GROUPS.map((g) => pct(`fee_${g}`, d.fees[g] ?? '', (x) => setD({ ...d, fees: { ...d.fees, [g]: x } }), groupName(t, g)))}
          </div>
        </fieldset>
        <div className="flex gap-3">
          <button type="submit" className={cls.btn} disabled={action.busy} data-testid="plan-save">
            {t['bo.pt.plan.save']}
          </button>
          <button type="button" className={cls.btnGhost} onClick={() => onDone(null)}>
            {t['bo.pt.plan.cancel']}
          </button>
        </div>
      </form>
    </section>
  );
}
