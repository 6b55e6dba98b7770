// The portal's home: this period's figures (clicks, registrations, first-time depositors, active players, NGR and the
// estimated commission) and the last 30 Taipei days as a chart (uPlot, loaded by this island only) with the same
// figures as a table beside it.
import { ReportChart } from '../backoffice/reports/Chart.tsx';
import { Figure, List, PORTAL_KEYS, Portal, State, count, fill, money, rate, ui, useAgentData, type AgentIslandProps, type PortalT } from './common.tsx';
import type { AgentMe } from './api.ts';
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
          <dd className="tabular-nums">{rate(me.max_rate_bp)}</dd>
        </dl>
      </section>
      <PasswordCard t={t} me={me} />
      <TotpCard t={t} me={me} />
    </div>
  );
}
