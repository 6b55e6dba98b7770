// The landing page after sign-in: the site's state at a glance, for every role.
import { useEffect, useState } from 'react';
import { boApi } from './api.ts';
import { Banner, COMMON_KEYS, Guard, Loading, cls, errorText, fill, type IslandProps } from './common.tsx';

export const DASHBOARD_KEYS = [
  ...COMMON_KEYS, 'bo.dash.welcome', 'bo.dash.website', 'bo.dash.open', 'bo.dash.closed', 'bo.dash.players_total',
  'bo.dash.players_online', 'bo.dash.sms_24h', 'bo.dash.role', 'bo.dash.totp_off',
  'bo.role.admin', 'bo.role.finance', 'bo.role.service', 'bo.role.marketing',
] as const;
type K = (typeof DASHBOARD_KEYS)[number];

interface Overview {
  website: { status: boolean; msg: string; msg_en: string };
  players_total: number; players_online: number; sms_24h: number;
}

export default function Dashboard({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="overview.read">
      {(staff) => (
        <>
          <p className="mb-5 text-slate-600">{fill(t['bo.dash.welcome'], { name: staff.username })}</p>
          {!staff.totp_enabled && <Banner kind="info">{t['bo.dash.totp_off']}</Banner>}
          <Cards t={t} role={t[`bo.role.${staff.role}` as K] ?? staff.role} />
        </>
      )}
    </Guard>
  );
}

function Cards({ t, role }: { t: IslandProps<K>['t']; role: string }) {
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    boApi<Overview>('/overview').then(setData, (err) => setError(errorText(err, t)));
  }, []);
  if (error) return <Banner kind="error">{error}</Banner>;
  if (!data) return <Loading t={t} />;
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
      <div className={`${cls.card} col-span-4`}>
        <p className="text-sm text-slate-500">{t['bo.dash.role']}</p>
        <p className="mt-1 font-semibold">{role}</p>
      </div>
    </div>
  );
}
