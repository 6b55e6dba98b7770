// The SMS outbox, newest first, so customer service can read a code to a player who did not receive it, and see
// which gateway took each message, what it answered (a failover shows both gateways) and whether it reached the phone.
import { useEffect, useState } from 'react';
import { COMMON_KEYS, Guard, cls, formatTime, type IslandProps } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { useBoData } from '../kit/data.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { SmsView } from '../../../shared/schemas/backoffice/content.ts';
import { DELIVERY_STATES, SEND_OUTCOMES } from '../../../shared/schemas/sms.ts';

const OUTCOME_KEYS = SEND_OUTCOMES.map((o) => `bo.sms.outcome.${o}` as const);
const DELIVERY_KEYS = DELIVERY_STATES.map((d) => `bo.sms.delivery.${d}` as const);

export const SMS_KEYS = [
  ...COMMON_KEYS,
  'bo.sms.hint',
  'bo.sms.phone',
  'bo.sms.phone_placeholder',
  'bo.sms.purpose',
  'bo.sms.body',
  'bo.sms.status',
  'bo.sms.driver',
  'bo.sms.auto',
  'bo.sms.purpose.register',
  'bo.sms.purpose.forget',
  'bo.sms.purpose.login',
  'bo.sms.purpose.recover',
  'bo.sms.purpose.phone_login',
  'bo.sms.status.queued',
  'bo.sms.status.sent',
  'bo.sms.status.failed',
  'bo.sms.delivery',
  'bo.sms.delivery.none',
  'bo.sms.outcome',
  'bo.sms.gateway.mitake',
  'bo.sms.gateway.every8d',
  'bo.sms.gateway.outbox',
  ...OUTCOME_KEYS,
  ...DELIVERY_KEYS,
] as const;
type K = (typeof SMS_KEYS)[number];
type T = IslandProps<K>['t'];

const PAGE_SIZE = 20;
const AUTO_REFRESH_MS = 5000;

export default function SmsOutbox({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="sms.read">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [input, setInput] = useState('');
  const [phone, setPhone] = useState('');
  const [auto, setAuto] = useState(false);
  const list = useBoData('GET /sms', { query: { phone }, pageSize: PAGE_SIZE });
  useEffect(() => {
    if (!auto) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void list.reload();
    }, AUTO_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [auto, list.reload]);
  return (
    <div className="max-w-6xl">
      <p className="mb-4 text-sm text-slate-500">{t['bo.sms.hint']}</p>
      <form
        className="mb-4 flex items-center gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setPhone(input.trim());
        }}
      >
        <input
          value={input}
          onChange={(e) => setInput(e.target.value.replace(/\D/g, ''))}
          placeholder={t['bo.sms.phone_placeholder']}
          aria-label={t['bo.sms.phone']}
          inputMode="numeric"
          maxLength={20}
          className={`${cls.input} w-64`}
          name="phone"
        />
        <button type="submit" className={cls.btn}>
          {t['bo.search']}
        </button>
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading} data-testid="sms-refresh">
          {t['bo.refresh']}
        </button>
        <label className="ml-2 flex items-center gap-2 text-sm text-slate-600">
          <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} data-testid="sms-auto" />
          {t['bo.sms.auto']}
        </label>
        {list.loading && list.data && (
          <span className="text-xs text-slate-400" role="status">
            {t['bo.loading']}
          </span>
        )}
      </form>
      <section className={cls.card}>
        <BoTable t={t} list={list} columns={columns(t, locale)} rowKey={(s) => s.id} testId="bo-sms" />
      </section>
    </div>
  );
}

/** Shows the verification code inside a message in bold, which is what the operator reads out. */
function Highlighted({ text }: { text: string }) {
  const parts = text.split(/(\b\d{4,8}\b)/);
  return (
    <>
      {parts.map((p, i) =>
        i % 2 === 1 ? (
          <strong key={i} className="font-mono text-brand-700" data-testid="sms-code">
            {p}
          </strong>
        ) : (
          p
        ),
      )}
    </>
  );
}

function columns(t: T, locale: Locale): Array<BoColumn<SmsView, K>> {
  const label = (prefix: string, value: string) => t[`${prefix}${value}` as K] ?? value;
  return [
    { key: 'time', header: 'bo.time', className: 'whitespace-nowrap text-slate-500', cell: (s) => formatTime(s.created_at, locale) },
    { key: 'phone', header: 'bo.sms.phone', className: 'whitespace-nowrap font-mono', cell: (s) => s.phone },
    { key: 'purpose', header: 'bo.sms.purpose', className: 'whitespace-nowrap', cell: (s) => label('bo.sms.purpose.', s.purpose) },
    { key: 'body', header: 'bo.sms.body', className: 'w-full', cell: (s) => <Highlighted text={s.body} /> },
    {
      key: 'status',
      header: 'bo.sms.status',
      className: (s) => `whitespace-nowrap ${s.status === 'failed' ? 'text-red-700' : ''}`,
      cell: (s) => <StatusCell t={t} sms={s} />,
    },
    {
      key: 'delivery',
      header: 'bo.sms.delivery',
      className: (s) => `whitespace-nowrap ${s.delivery && s.delivery !== 'delivered' && s.delivery !== 'pending' ? 'text-red-700' : ''}`,
      cell: (s) => <span data-testid="sms-delivery">{t[s.delivery ? (`bo.sms.delivery.${s.delivery}` as const) : 'bo.sms.delivery.none']}</span>,
    },
    {
      key: 'driver',
      header: 'bo.sms.driver',
      className: 'whitespace-nowrap text-slate-500',
      cell: (s) => t[s.gateway ? (`bo.sms.gateway.${s.gateway}` as const) : 'bo.sms.gateway.outbox'],
    },
  ];
}

/** The send's status, and under it each gateway's answer when it says more than "taken" (a failover, a refusal). */
function StatusCell({ t, sms }: { t: T; sms: SmsView }) {
  const told = sms.attempts.filter((a) => a.outcome !== 'accepted' || sms.attempts.length > 1);
  return (
    <div>
      <div>{t[`bo.sms.status.${sms.status}` as K] ?? sms.status}</div>
      {told.map((a, i) => (
        <div key={i} className="text-xs text-slate-500" data-testid="sms-outcome" title={t['bo.sms.outcome']}>
          {t[`bo.sms.gateway.${a.gateway}`]}: {t[`bo.sms.outcome.${a.outcome}`]}
        </div>
      ))}
    </div>
  );
}
