// My promotions (desktop /member/promotions, mobile /mobile/f-activity/my-promotions): the player's applications
// and grants with SPEC.md's status labels, the operator's rejection reasons, and a progress bar for the bet-flow
// target of each activity wallet a grant paid into. Loading, empty and error states; paged.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import { failureText } from '../../stores/wallet.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import { APPLICATION_STATUSES, type Application, type ApplicationStatus, type MyPromotions as MyPromotionsPage } from '../../shared/schemas/promotions.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { fill } from '../../shared/text.ts';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';
import { RecordTable, type RecordColumn } from '../common/RecordTable.tsx';
import { usePagedRecords } from '../common/usePagedRecords.ts';
import { BONUS_WALLET_STATUS } from '../../shared/statuses.ts';

export const MY_PROMOTIONS_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  'error.generic',
  'error.network',
  'wallet.loading',
  'promoui.mine.intro',
  'promoui.mine.login',
  'promoui.mine.no_applications',
  'promoui.mine.browse',
  'promoui.col.promotion',
  'promoui.col.time',
  'promoui.col.status',
  'promoui.col.amount',
  'promoui.col.reason',
  'promoui.col.progress',
  'promoui.progress',
  'promoui.wallet.active',
  'promoui.wallet.unlocked',
  'promoui.wallet.given_up',
  'promoui.wallet.ready',
  'promoui.wallet_link',
  'promoui.retry',
  'promoui.prev',
  'promoui.next',
  'promoui.page',
  'promoui.all',
  'promoui.no_turnover',
  'promo.status.applying',
  'promo.status.success',
  'promo.status.fail',
  'records.total',
] as const;
type T = Record<(typeof MY_PROMOTIONS_KEYS)[number], string>;

/** Percent of the bet flow done, from decimal strings, without floating-point money: cents as integers. */
function flowPercent(now: string, target: string): number {
  const cents = (d: string) => {
    const [whole = '0', frac = ''] = d.replace(/,/g, '').split('.');
    return BigInt(whole || '0') * 100n + BigInt((frac + '00').slice(0, 2));
  };
  const t = cents(target);
  if (t <= 0n) return 100;
  const n = cents(now);
  return n >= t ? 100 : Number((n * 100n) / t);
}

/** An opt-in that waits for its qualifying deposit has no amount yet: a dash rather than 0.00. */
function amountText(a: Application): string {
  return a.status === 'applying' && /^0(\.0+)?$/.test(a.amount) ? '—' : formatDecimal(a.amount);
}

function statusClass(s: ApplicationStatus): string {
  return s === 'success' ? 'bg-emerald-50 text-emerald-700' : s === 'fail' ? 'bg-red-50 text-red-700' : 'bg-amber-50 text-amber-700';
}

function Progress({ t, app }: { t: T; app: Application }) {
  const w = app.wallet;
  if (!w) return <span className="text-xs text-slate-500">{app.target === 'central' ? t['promoui.no_turnover'] : '—'}</span>;
  const pct = w.status === BONUS_WALLET_STATUS.unlocked ? 100 : flowPercent(w.bonus_now_bet, w.bonus_bet);
  const label =
    w.status === BONUS_WALLET_STATUS.unlocked
      ? t['promoui.wallet.unlocked']
      : w.status === BONUS_WALLET_STATUS.givenUp
        ? t['promoui.wallet.given_up']
        : pct >= 100
          ? t['promoui.wallet.ready']
          : t['promoui.wallet.active'];
  return (
    <div className="min-w-[160px]" data-testid="promo-progress">
      <div className="flex justify-between text-xs text-slate-600">
        <span>{fill(t['promoui.progress'], { now: formatDecimal(w.bonus_now_bet), target: formatDecimal(w.bonus_bet) })}</span>
        <span>{pct}%</span>
      </div>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-label={t['promoui.col.progress']}
      >
        <div className={`h-full rounded-full ${pct >= 100 ? 'bg-emerald-500' : 'bg-gold-500'}`} style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-0.5 text-xs text-slate-500" data-testid="promo-progress-label">
        {label}
      </p>
    </div>
  );
}

export default function MyPromotions({ t, locale, variant, paths }: { t: T; locale: Locale; variant: Variant; paths: { hall: string; wallet: string } }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const records = usePagedRecords<MyPromotionsPage, { status: ApplicationStatus | '' }>(
    ({ filters, page, pageSize, signal }) => api('GET /activity/mine', { query: { page, pageSize, status: filters.status || undefined }, signal }),
    { errorText: (err) => failureText(err, t['error.generic']) },
  );
  const signedIn = !!user;

  useEffect(() => {
    if (signedIn) records.search({ status: '' });
  }, [signedIn]);

  if (!ready) return <Spinner label={t['wallet.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} message={t['promoui.mine.login']} />;
  const mobile = variant === 'mobile';
  const label = (s: ApplicationStatus) => t[`promo.status.${s}`];
  const statusBadge = (a: Application) => (
    <span className={`shrink-0 rounded px-2 py-0.5 text-xs ${statusClass(a.status)}`} data-testid="my-promotion-status">
      {label(a.status)}
    </span>
  );
  const reason = (a: Application, className: string) =>
    a.status === 'fail' && a.reason ? (
      <p className={`text-red-700 ${className}`} data-testid="my-promotion-reason">
        {t['promoui.col.reason']}: {a.reason}
      </p>
    ) : null;
  const columns: Array<RecordColumn<Application, keyof T>> = [
    { key: 'promotion', header: 'promoui.col.promotion', className: 'font-medium align-top', cell: (a) => a.title },
    { key: 'time', header: 'promoui.col.time', className: 'whitespace-nowrap text-slate-600 align-top', cell: (a) => taipeiDateTime(a.created_at) },
    { key: 'amount', header: 'promoui.col.amount', className: 'tabular-nums align-top', cell: amountText },
    {
      key: 'status',
      header: 'promoui.col.status',
      className: 'align-top',
      cell: (a) => (
        <>
          {statusBadge(a)}
          {reason(a, 'mt-1 max-w-[220px] text-xs')}
        </>
      ),
    },
    { key: 'progress', header: 'promoui.col.progress', className: 'align-top', cell: (a) => (a.status === 'success' ? <Progress t={t} app={a} /> : '—') },
  ];

  return (
    <section className={`space-y-3 rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-4'}`} data-testid="my-promotions">
      <p className="text-sm text-slate-600">{t['promoui.mine.intro']}</p>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t['promoui.col.status']}>
        {(['', ...APPLICATION_STATUSES] as const).map((s) => (
          <button
            key={s || 'all'}
            type="button"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              records.search({ status: s });
            }}
            className={`rounded-full px-3 py-1 text-sm ${status === s ? 'bg-brand-700 text-gold-300' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}
          >
            {s ? label(s) : t['promoui.all']}
          </button>
        ))}
      </div>
      <RecordTable
        t={t}
        paging={records}
        variant={variant}
        rowKey={(a) => a.id}
        columns={columns}
        texts={{
          loading: 'wallet.loading',
          empty: 'promoui.mine.no_applications',
          prev: 'promoui.prev',
          next: 'promoui.next',
          page: 'promoui.page',
          total: 'records.total',
          retry: 'promoui.retry',
        }}
        rowTestId="my-promotion"
        outlinedCards
        rowData={(a) => ({ 'data-status': a.status })}
        emptyExtra={
          <a href={paths.hall} className="mt-2 inline-block text-brand-700 underline">
            {t['promoui.mine.browse']}
          </a>
        }
        card={(a) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold">{a.title}</p>
              {statusBadge(a)}
            </div>
            <p className="text-xs text-slate-500">{taipeiDateTime(a.created_at)}</p>
            <p className="mt-1 text-sm">
              {t['promoui.col.amount']}: <strong>{amountText(a)}</strong>
            </p>
            {reason(a, 'text-sm')}
            {a.status === 'success' && (
              <div className="mt-2">
                <Progress t={t} app={a} />
              </div>
            )}
          </>
        )}
      />
      {records.rows?.some((a) => a.wallet) && (
        <a href={paths.wallet} className="inline-block text-sm text-brand-700 underline">
          {t['promoui.wallet_link']}
        </a>
      )}
    </section>
  );
}
