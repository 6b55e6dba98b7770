// The portal's home: this period's figures (clicks, registrations, first-time depositors, active players, NGR and the
// estimated commission) and the last 30 Taipei days as a chart (uPlot, loaded by this island only) with the same
// figures as a table beside it.
import { ReportChart } from '../backoffice/reports/Chart.tsx';
import { Figure, List, PORTAL_KEYS, Portal, State, count, fill, money, rate, ui, useAgentData, type AgentIslandProps, type PortalT } from './common.tsx';
import type { AgentMe } from './api.ts';
import type { AgentEstimateWorked } from '../../shared/schemas/partners/portal.ts';
import { PasswordCard } from './PasswordCard.tsx';
import { TOTP_KEYS, TotpCard } from './TotpCard.tsx';
import type { AgentVariant } from './paths.ts';

export const DASHBOARD_KEYS = [
  ...PORTAL_KEYS,
  'agent.dash.period',
  'agent.dash.clicks',
  'agent.dash.registrations',
  'agent.dash.first_depositors',
  'agent.dash.active_players',
  'agent.dash.ngr',
  'agent.dash.commission',
  'agent.dash.commission_hint',
  'agent.dash.chart',
  'agent.dash.chart_none',
  'agent.dash.day',
  'agent.dash.link',
  'agent.dash.code',
  'agent.dash.plan',
  'agent.dash.no_plan',
  'agent.dash.max_rate',
  'agent.dash.max_rate_hint',
  'agent.w.title',
  'agent.w.ggr',
  'agent.w.bonuses',
  'agent.w.payment_fees',
  'agent.w.platform_fees',
  'agent.w.ngr',
  'agent.w.carry_in',
  'agent.w.adjusted',
  'agent.w.team',
  'agent.w.tier',
  'agent.w.no_tier',
  'agent.w.rate',
  'agent.w.by_tier',
  'agent.w.by_no_tier',
  'agent.w.by_agreed',
  'agent.w.by_parent',
  'agent.w.by_suspended',
  'agent.w.own_only',
  'agent.w.share',
  'agent.w.base_zero',
  'agent.w.cpa',
  'agent.w.overrides',
  'agent.w.total',
  'agent.dash.table',
  ...TOTP_KEYS,
] as const;
type K = (typeof DASHBOARD_KEYS)[number];
type T = AgentIslandProps<K>['t'];

export default function Dashboard({ t, locale, variant }: AgentIslandProps<K>) {
  return (
    <Portal t={t} locale={locale} variant={variant}>
      {(me) => <Body t={t} variant={variant} me={me} />}
    </Portal>
  );
}

function Body({ t, variant, me }: { t: T; variant: AgentVariant; me: AgentMe }) {
  const dash = useAgentData('GET /dashboard', t as PortalT);
  const d = dash.data;
  return (
    <div className="max-w-[1200px] space-y-4">
      <State t={t} loading={dash.loading} error={dash.error} empty={false} retry={dash.reload}>
        {d && (
          <>
            <p className="text-sm text-slate-500" data-testid="dash-period">
              {fill(t['agent.dash.period'], { period: d.period, from: d.starts_on, to: d.ends_on })}
            </p>
            <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-6" data-testid="dash-figures">
              <Figure label={t['agent.dash.clicks']} value={count(d.clicks)} testId="dash-clicks" />
              <Figure label={t['agent.dash.registrations']} value={count(d.registrations)} testId="dash-registrations" />
              <Figure label={t['agent.dash.first_depositors']} value={count(d.first_depositors)} testId="dash-first-depositors" />
              <Figure label={t['agent.dash.active_players']} value={count(d.active_players)} testId="dash-active-players" />
              <Figure label={t['agent.dash.ngr']} value={money(d.ngr)} testId="dash-ngr" />
              <Figure label={t['agent.dash.commission']} value={money(d.estimated_commission)} testId="dash-commission" strong />
            </div>
            <p className="text-xs text-slate-500">{t['agent.dash.commission_hint']}</p>
            <Worked t={t} w={d.worked} />
            <section className={ui.card}>
              <ReportChart
                kind="line"
                testId="dash-chart"
                title={t['agent.dash.chart']}
                emptyText={t['agent.dash.chart_none']}
                xLabel={t['agent.dash.day']}
                height={variant === 'mobile' ? 200 : 260}
                labels={d.chart.map((day) => day.date.slice(5))}
                series={[
                  { label: t['agent.dash.clicks'], values: d.chart.map((day) => day.clicks), color: '#0284c7' },
                  { label: t['agent.dash.registrations'], values: d.chart.map((day) => day.registrations), color: '#16a34a' },
                  { label: t['agent.dash.first_depositors'], values: d.chart.map((day) => day.first_depositors), color: '#e0a82e' },
                ]}
              />
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer text-brand-700">{t['agent.dash.table']}</summary>
                <div className="mt-2">
                  <List
                    variant={variant}
                    rows={[...d.chart].reverse()}
                    rowKey={(r) => r.date}
                    testId="dash-days"
                    rowTestId="dash-day"
                    columns={[
                      { key: 'date', header: t['agent.dash.day'], cell: (r) => r.date },
                      { key: 'clicks', header: t['agent.dash.clicks'], align: 'right', cell: (r) => count(r.clicks) },
                      { key: 'registrations', header: t['agent.dash.registrations'], align: 'right', cell: (r) => count(r.registrations) },
                      { key: 'ftd', header: t['agent.dash.first_depositors'], align: 'right', cell: (r) => count(r.first_depositors) },
                      { key: 'ngr', header: t['agent.dash.ngr'], align: 'right', cell: (r) => money(r.ngr) },
                    ]}
                  />
                </div>
              </details>
            </section>
          </>
        )}
      </State>
      <section className={ui.card}>
        <h2 className={ui.h2}>{t['agent.dash.link']}</h2>
        <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="text-slate-500">{t['agent.dash.code']}</dt>
          <dd className="font-mono" data-testid="dash-code">
            {me.code}
          </dd>
          <dt className="text-slate-500">{t['agent.dash.link']}</dt>
          <dd className="break-all font-mono" data-testid="dash-link">
            {me.link}
          </dd>
          <dt className="text-slate-500">{t['agent.dash.plan']}</dt>
          <dd>{me.plan ? me.plan.name : t['agent.dash.no_plan']}</dd>
          <dt className="text-slate-500">{t['agent.dash.max_rate']}</dt>
          <dd className="tabular-nums">
            {rate(me.max_rate_bp)}
            <span className="mt-1 block text-xs text-slate-500">{t['agent.dash.max_rate_hint']}</span>
          </dd>
        </dl>
      </section>
      <PasswordCard t={t} me={me} />
      <TotpCard t={t} me={me} />
    </div>
  );
}

/** Why the rate is what it is, in the partner's words. */
function rateReason(t: T, w: AgentEstimateWorked): string {
  if (w.limited_by === 'suspended') return t['agent.w.by_suspended'];
  if (w.limited_by === 'agreed') return fill(t['agent.w.by_agreed'], { cap: rate(w.rate_cap_bp ?? 0), tier: rate(w.tier_rate_bp) });
  if (w.limited_by === 'parent') return fill(t['agent.w.by_parent'], { max: rate(w.parent_max_rate_bp ?? 0), tier: rate(w.tier_rate_bp) });
  return w.tier === null ? t['agent.w.by_no_tier'] : t['agent.w.by_tier'];
}

/**
 * The estimate line by line, as commission.ts works it out: NGR from GGR and the deductions, the carry-in, the team
 * figures that chose the tier, the rate and what limited it, the share, CPA and overrides. Two columns on every width;
 * the labels wrap on a phone.
 */
function Worked({ t, w }: { t: T; w: AgentEstimateWorked }) {
  const line = (label: string, value: string, testId: string, strong = false) => (
    <div className={`flex items-baseline justify-between gap-3 py-1 ${strong ? 'border-t border-slate-200 font-semibold' : ''}`} data-testid={testId}>
      <dt className="min-w-0 text-slate-600">{label}</dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
  return (
    <section className={ui.card} data-testid="dash-worked">
      <h2 className={ui.h2}>{t['agent.w.title']}</h2>
      <dl className="max-w-[640px] text-sm">
        {line(t['agent.w.ggr'], money(w.ggr), 'w-ggr')}
        {line(t['agent.w.bonuses'], money(w.bonuses), 'w-bonuses')}
        {line(t['agent.w.payment_fees'], money(w.payment_fees), 'w-payment-fees')}
        {line(t['agent.w.platform_fees'], money(w.platform_fees), 'w-platform-fees')}
        {line(t['agent.w.ngr'], money(w.ngr), 'w-ngr', true)}
        {line(t['agent.w.carry_in'], money(w.carry_in), 'w-carry-in')}
        {line(t['agent.w.adjusted'], money(w.adjusted_ngr), 'w-adjusted', true)}
      </dl>
      <p className="mt-3 text-sm text-slate-600" data-testid="w-team">
        {fill(t['agent.w.team'], { ngr: money(w.team_ngr), players: count(w.team_active_players) })}
        <br />
        {w.tier === null ? t['agent.w.no_tier'] : fill(t['agent.w.tier'], { tier: String(w.tier + 1), rate: rate(w.tier_rate_bp) })}
      </p>
      <dl className="mt-2 max-w-[640px] text-sm">{line(t['agent.w.rate'], rate(w.rate_bp), 'w-rate', true)}</dl>
      <p className="text-xs text-slate-500" data-testid="w-rate-reason">
        {rateReason(t, w)} {w.parent_max_rate_bp !== null && t['agent.w.own_only']}
      </p>
      <dl className="mt-2 max-w-[640px] text-sm">
        {w.base !== '0.00'
          ? line(fill(t['agent.w.share'], { rate: rate(w.rate_bp), base: money(w.base) }), money(w.revenue_share), 'w-share')
          : line(t['agent.w.base_zero'], money(w.revenue_share), 'w-share')}
        {line(fill(t['agent.w.cpa'], { players: count(w.cpa_players) }), money(w.cpa), 'w-cpa')}
        {line(t['agent.w.overrides'], money(w.overrides), 'w-overrides')}
        {line(t['agent.w.total'], money(w.commission), 'w-total', true)}
      </dl>
    </section>
  );
}
