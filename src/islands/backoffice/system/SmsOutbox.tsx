// The SMS outbox, newest first, so customer service can read a code to a player who did not receive it.
import { useEffect, useState } from 'react';
import { COMMON_KEYS, Guard, cls, formatTime, type IslandProps } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { useBoData } from '../kit/data.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { SmsView } from '../../../shared/schemas/backoffice/content.ts';

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
  'bo.sms.status.queued',
  'bo.sms.status.sent',
  'bo.sms.status.failed',
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
      cell: (s) => label('bo.sms.status.', s.status),
    },
    { key: 'driver', header: 'bo.sms.driver', className: 'whitespace-nowrap text-slate-500', cell: (s) => s.driver },
  ];
}
