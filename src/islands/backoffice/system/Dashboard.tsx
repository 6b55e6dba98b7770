// The landing page after sign-in: the site's state at a glance, for every role, and for those who may read reports the
// last 30 days' trends (loaded on demand: the chart library comes only with them).
import { Suspense, lazy } from 'react';
import { formatDecimal } from '../../../shared/money.ts';
import { hasPermission } from '../../../stores/backoffice.ts';
import { Banner, COMMON_KEYS, Guard, ListState, cls, fill, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { TREND_KEYS } from './trend-keys.ts';

const DashboardTrends = lazy(() => import('./DashboardTrends.tsx'));

export const DASHBOARD_KEYS = [
  ...COMMON_KEYS,
  'bo.dash.welcome',
  'bo.dash.website',
  'bo.dash.open',
  'bo.dash.closed',
  'bo.dash.players_total',
  'bo.dash.players_online',
  'bo.dash.sms_24h',
  'bo.dash.role',
  'bo.dash.totp_off',
  'bo.role.admin',
  'bo.role.finance',
  'bo.role.service',
  'bo.role.marketing',
  'bo.dash.pending',
  'bo.dash.pending_deposits',
  'bo.dash.pending_withdrawals',
  'bo.dash.pending_cards',
  'bo.dash.open_findings',
  'bo.desk.dash.adjustments',
  'bo.desk.dash.applications',
  'bo.desk.dash.red_packets',
  'bo.desk.dash.consultations',
  'bo.desk.dash.chats',
  'bo.desk.dash.gift_orders',
  'bo.dashboard.pending.kyc_documents',
  'bo.dash.today',
  'bo.dash.today_note',
  'bo.dash.today_deposits',
  'bo.dash.today_withdrawals',
  'bo.dash.today_net',
  'bo.dash.today_active',
  ...TREND_KEYS,
] as const;
type K = (typeof DASHBOARD_KEYS)[number];

export default function Dashboard({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="overview.read">
      {(staff) => (
        <>
          <p className="mb-5 text-slate-600">{fill(t['bo.dash.welcome'], { name: staff.username })}</p>
          {!staff.totp_enabled && <Banner kind="info">{t['bo.dash.totp_off']}</Banner>}
          <Cards
            t={t}
            role={t[`bo.role.${staff.role}` as K] ?? staff.role}
            base={locale === 'en' ? '/en/backoffice' : '/backoffice'}
            trends={hasPermission(staff, 'reports')}
          />
        </>
      )}
    </Guard>
  );
}

function Cards({ t, role, base, trends }: { t: IslandProps<K>['t']; role: string; base: string; trends: boolean }) {
  const { data, error, reload } = useBoData('GET /overview');
  if (!data || error) return <ListState t={t} loading={!data} error={error} retry={reload} />;
  const card = (label: string, value: string, accent = 'text-brand-800') => (
    <div className={cls.card}>
      <p className="text-sm text-slate-500">{label}</p>
      <p className={`mt-2 text-3xl font-bold ${accent}`}>{value}</p>
    </div>
  );
  return (
    <div className="grid grid-cols-4 gap-5" data-testid="bo-overview">
      {card(t['bo.dash.website'], data.website.status ? t['bo.dash.open'] : t['bo.dash.closed'], data.website.status ? 'text-emerald-600' : 'text-red-600')}
      {card(t['bo.dash.players_total'], data.players_total.toLocaleString('en-US'))}
      {card(t['bo.dash.players_online'], data.players_online.toLocaleString('en-US'))}
      {card(t['bo.dash.sms_24h'], data.sms_24h.toLocaleString('en-US'))}
      <section className="col-span-4" aria-labelledby="dash-pending" data-testid="dash-pending">
        <h2 id="dash-pending" className="mb-3 text-base font-semibold text-brand-800">
          {t['bo.dash.pending']}
        </h2>
        <div className="grid grid-cols-4 gap-5">
          {(
            [
              ['bo.dash.pending_deposits', data.pending.deposits, `${base}/finance?tab=deposits`, 'deposits'],
              ['bo.dash.pending_withdrawals', data.pending.withdrawals, `${base}/finance?tab=withdrawals`, 'withdrawals'],
              ['bo.dash.pending_cards', data.pending.cards, `${base}/finance?tab=cards`, 'cards'],
              ['bo.dash.open_findings', data.pending.findings, `${base}/reconciliation`, 'findings'],
              ['bo.desk.dash.adjustments', data.pending.adjustments, `${base}/finance?tab=adjust`, 'adjustments'],
              ['bo.desk.dash.applications', data.pending.applications, `${base}/promotions-queue`, 'applications'],
              ['bo.desk.dash.red_packets', data.pending.red_packets, `${base}/red-packets?tab=claims`, 'red_packets'],
              ['bo.desk.dash.consultations', data.pending.consultations, `${base}/consultations`, 'consultations'],
              ['bo.desk.dash.chats', data.pending.chats, `${base}/chat`, 'chats'],
              ['bo.desk.dash.gift_orders', data.pending.gift_orders, `${base}/vip?tab=orders`, 'gift_orders'],
              ['bo.dashboard.pending.kyc_documents', data.pending.kyc_documents, `${base}/kyc`, 'kyc_documents'],
            ] as const
          ).map(([label, n, href, id]) => (
            <a key={id} href={href} className={`${cls.card} block hover:ring-2 hover:ring-brand-600/30`} data-testid={`dash-pending-${id}`} data-count={n}>
              <p className="text-sm text-slate-500">{t[label]}</p>
              <p className={`mt-2 text-3xl font-bold ${n > 0 ? 'text-amber-600' : 'text-slate-400'}`}>{n.toLocaleString('en-US')}</p>
            </a>
          ))}
        </div>
      </section>
      <section className="col-span-4" aria-labelledby="dash-today" data-testid="dash-today">
        <h2 id="dash-today" className="text-base font-semibold text-brand-800">
          {t['bo.dash.today']}
        </h2>
        <p className="mb-3 text-xs text-slate-500">{t['bo.dash.today_note']}</p>
        <div className="grid grid-cols-4 gap-5">
          {card(t['bo.dash.today_deposits'], formatDecimal(data.today.deposits), 'text-emerald-700')}
          {card(t['bo.dash.today_withdrawals'], formatDecimal(data.today.withdrawals), 'text-red-700')}
          {card(t['bo.dash.today_net'], formatDecimal(data.today.net), data.today.net.startsWith('-') ? 'text-red-700' : 'text-brand-800')}
          {card(t['bo.dash.today_active'], data.today.active_players.toLocaleString('en-US'))}
        </div>
      </section>
      {trends && (
        <Suspense
          fallback={
            <div className="col-span-4">
              <ListState t={t} loading error={null} />
            </div>
          }
        >
          <DashboardTrends t={t} base={base} />
        </Suspense>
      )}
      <div className={`${cls.card} col-span-4`}>
        <p className="text-sm text-slate-500">{t['bo.dash.role']}</p>
        <p className="mt-1 font-semibold">{role}</p>
      </div>
    </div>
  );
}
