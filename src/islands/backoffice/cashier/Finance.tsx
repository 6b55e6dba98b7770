// The finance desk (/backoffice/finance?tab=…): the deposit and withdrawal queues, bank cards to audit,
// manual balance adjustments and the gateway callback log. Customer service sees the two queues read-only.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { COMMON_KEYS, Guard, cls, type IslandProps } from '../kit/common.tsx';
import { DEPOSITS_KEYS, Deposits } from './Deposits.tsx';
import { WITHDRAWALS_KEYS, Withdrawals } from './Withdrawals.tsx';
import { CARDS_KEYS, Cards } from './Cards.tsx';
import { ADJUST_KEYS, Adjustment } from '../wallet/Adjustment.tsx';
import { ADJUST_QUEUE_KEYS, AdjustmentQueue } from '../wallet/AdjustmentQueue.tsx';
import { CALLBACKS_KEYS, Callbacks } from './Callbacks.tsx';
import { USDT_KEYS, Usdt } from './Usdt.tsx';
import { PARTNER_PAYOUTS_KEYS, PartnerPayouts } from '../partners/Payouts.tsx';
import type { Locale } from '../../../shared/constants.ts';

const TABS = ['deposits', 'withdrawals', 'usdt', 'partner-payouts', 'cards', 'adjust', 'callbacks'] as const;
type Tab = (typeof TABS)[number];
/** The two queues are for reading by anyone at the desk; the rest changes money or shows whole card numbers. */
const TAB_PERMISSION: Record<Tab, string> = {
  deposits: 'finance.read',
  withdrawals: 'finance.read',
  usdt: 'finance.read',
  'partner-payouts': 'finance.read',
  cards: 'finance.manage',
  adjust: 'finance.manage',
  callbacks: 'finance.manage',
};

export const FINANCE_KEYS = [
  ...new Set([
    ...COMMON_KEYS,
    ...DEPOSITS_KEYS,
    ...WITHDRAWALS_KEYS,
    ...CARDS_KEYS,
    ...ADJUST_KEYS,
    ...ADJUST_QUEUE_KEYS,
    ...CALLBACKS_KEYS,
    ...USDT_KEYS,
    ...PARTNER_PAYOUTS_KEYS,
    ...TABS.map((tab) => `bo.fin.tab.${tab}` as const),
    'bo.fin.read_only',
  ] as const),
];
type K = (typeof FINANCE_KEYS)[number];
type T = IslandProps<K>['t'];

export default function Finance({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="finance.read">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function tabFromUrl(): Tab | null {
  const raw = new URLSearchParams(window.location.search).get('tab');
  return (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : null;
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const tabs = TABS.filter((tab) => hasPermission(staff, TAB_PERMISSION[tab]));
  const canManage = hasPermission(staff, 'finance.manage');
  const [tab, setTab] = useState<Tab>(tabs[0] ?? 'deposits');
  // A new pending adjustment redraws the queue under the form.
  const [queueTick, setQueueTick] = useState(0);

  useEffect(() => {
    const read = () => {
      const wanted = tabFromUrl();
      if (wanted && tabs.includes(wanted)) setTab(wanted);
    };
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);

  const open = (next: Tab) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.pushState(null, '', url);
  };

  const tabClass = (on: boolean) =>
    `-mb-px border-b-2 px-4 py-2 text-sm whitespace-nowrap ${on ? 'border-brand-600 font-semibold text-brand-800' : 'border-transparent text-slate-500 hover:text-slate-800'}`;
  return (
    <div className="max-w-[1400px]">
      {!canManage && <p className="mb-3 text-sm text-slate-500">{t['bo.fin.read_only']}</p>}
      <section className={cls.card}>
        <div className="mb-4 flex border-b border-slate-200" role="tablist">
          {tabs.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={tabClass(tab === key)}
              onClick={() => open(key)}
              data-testid={`fin-tab-${key}`}
            >
              {t[`bo.fin.tab.${key}`]}
            </button>
          ))}
        </div>
        {tab === 'deposits' && <Deposits t={t} locale={locale} canManage={canManage} />}
        {tab === 'withdrawals' && <Withdrawals t={t} locale={locale} canManage={canManage} canRelease={hasPermission(staff, 'risk.release')} />}
        {tab === 'usdt' && <Usdt t={t} locale={locale} canManage={canManage} />}
        {tab === 'partner-payouts' && <PartnerPayouts t={t} locale={locale} canManage={canManage} />}
        {tab === 'cards' && canManage && <Cards t={t} locale={locale} />}
        {tab === 'adjust' && canManage && (
          <>
            <Adjustment t={t} locale={locale} onPending={() => setQueueTick((n) => n + 1)} />
            <AdjustmentQueue key={queueTick} t={t} locale={locale} />
          </>
        )}
        {tab === 'callbacks' && canManage && <Callbacks t={t} locale={locale} />}
      </section>
    </div>
  );
}
