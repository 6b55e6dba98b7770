// Exchange records (desktop /member/exchange-record, mobile /mobile/f-exchange-record/exchange-record): a
// date range within the last 30 days with the quick ranges, pages of 10, each order's status and tracking.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../lib/api.ts';
import type { Locale } from '../../shared/constants.ts';
import type { ExchangeOrderView } from '../../shared/schemas/vip.ts';
import { failureText } from '../../stores/wallet.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, QUICK_RANGES, RECORD_DAYS, Spinner, fill, taipeiDateTime, taipeiDay, usePageSetup, type QuickRange, type Variant } from '../wallet/common.tsx';

export const EXCHANGE_RECORD_KEYS = [
  ...LOGIN_PROMPT_KEYS, 'wallet.loading', 'error.generic', 'error.network',
  'records.range.today', 'records.range.yesterday', 'records.range.last7', 'records.range.last30', 'records.date_start', 'records.date_end',
  'records.search', 'records.limit_note', 'records.range_invalid', 'records.empty', 'records.prev', 'records.next', 'records.page', 'records.total',
  'records.quick', 'vip.record.gift', 'vip.record.points', 'vip.record.status', 'vip.record.tracking', 'vip.record.time', 'vip.record.to_mall',
  'vip.status.not_shipped', 'vip.status.shipped', 'vip.status.received', 'vip.status.rejected',
] as const;
type T = Record<(typeof EXCHANGE_RECORD_KEYS)[number], string>;

const PAGE_SIZE = 10;
interface Query { start: string; end: string; page: number }

export default function ExchangeRecord({ t, locale, variant, mallPath }: { t: T; locale: Locale; variant: Variant; mallPath: string }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [quick, setQuick] = useState<QuickRange | null>('last30');
  const [start, setStart] = useState(() => taipeiDay(RECORD_DAYS - 1));
  const [end, setEnd] = useState(() => taipeiDay(0));
  const [query, setQuery] = useState<Query | null>(null);
  const [rows, setRows] = useState<ExchangeOrderView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const signedIn = !!user;

  useEffect(() => {
    if (signedIn) setQuery({ start: taipeiDay(RECORD_DAYS - 1), end: taipeiDay(0), page: 1 });
  }, [signedIn]);

  // An operator shipping, receiving or rejecting an order sends update-user: the list reads the same page again.
  useEffect(() => onRealtime('update-user', () => setQuery((q) => (q ? { ...q } : q))), []);

  useEffect(() => {
    if (!query) return;
    let live = true;
    setLoading(true);
    setError('');
    api<{ data: ExchangeOrderView[]; total: number }>('/exchange/record', {
      query: { date_start: query.start, date_end: query.end, page: query.page, pageSize: PAGE_SIZE },
    }).then((res) => {
      if (!live) return;
      setRows(res.data);
      setTotal(res.total);
    }).catch((err) => {
      if (live) setError(failureText(err, t['error.generic']));
    }).finally(() => {
      if (live) setLoading(false);
    });
    return () => { live = false; };
  }, [query]);

  if (!ready) return <Spinner label={t['wallet.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} />;

  const min = taipeiDay(RECORD_DAYS - 1);
  const max = taipeiDay(0);
  const rangeValid = /^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end) && min <= start && start <= end && end <= max;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = query?.page ?? 1;
  const mobile = variant === 'mobile';
  const statusClass = (s: string) => (s === 'received' ? 'text-emerald-700' : s === 'rejected' ? 'text-red-700' : s === 'shipped' ? 'text-brand-700' : 'text-amber-700');
  const pickQuick = (key: QuickRange, from: number, to: number) => {
    const s = taipeiDay(from);
    const e = taipeiDay(to);
    setQuick(key);
    setStart(s);
    setEnd(e);
    setQuery({ start: s, end: e, page: 1 });
  };

  return (
    <div data-testid="exchange-records" className="space-y-4">
      <form className={`flex flex-wrap items-end gap-3 rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-4'}`} noValidate
        onSubmit={(e) => { e.preventDefault(); if (rangeValid) setQuery({ start, end, page: 1 }); }}>
        <div className={`w-full gap-2 ${mobile ? 'grid grid-cols-4' : 'flex flex-wrap'}`} role="group" aria-label={t['records.quick']}>
          {QUICK_RANGES.map(([key, from, to]) => (
            <button key={key} type="button" aria-pressed={quick === key} onClick={() => pickQuick(key, from, to)}
              className={`rounded-full border py-1 ${mobile ? 'px-1 text-xs' : 'px-3 text-sm'} ${quick === key ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}>
              {t[`records.range.${key}`]}
            </button>
          ))}
        </div>
        <label className={mobile ? 'min-w-0 flex-1' : ''}>
          <span className="field-label">{t['records.date_start']}</span>
          <input type="date" name="date_start" className="field-input" value={start} min={min} max={max} onChange={(e) => { setStart(e.target.value); setQuick(null); }} />
        </label>
        <label className={mobile ? 'min-w-0 flex-1' : ''}>
          <span className="field-label">{t['records.date_end']}</span>
          <input type="date" name="date_end" className="field-input" value={end} min={min} max={max} onChange={(e) => { setEnd(e.target.value); setQuick(null); }} />
        </label>
        <button type="submit" className={`btn-primary h-10 disabled:opacity-60 ${mobile ? 'w-full' : ''}`} disabled={!rangeValid || loading}>{t['records.search']}</button>
        <p className={`w-full text-xs ${rangeValid ? 'text-slate-500' : 'text-red-700'}`} role={rangeValid ? undefined : 'alert'}>
          {rangeValid ? t['records.limit_note'] : t['records.range_invalid']}
        </p>
      </form>

      {error ? <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>
        : rows === null || (loading && !rows.length) ? <Spinner label={t['wallet.loading']} />
        : !rows.length ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500" data-testid="records-empty">
            <p>{t['records.empty']}</p>
            <a href={mallPath} className="mt-2 inline-block text-brand-700 underline">{t['vip.record.to_mall']}</a>
          </div>
        ) : (
          <ul className={`space-y-2 ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
            {rows.map((r) => (
              <li key={r.id} className={`rounded-lg bg-white p-3 text-sm ${mobile ? 'shadow-sm' : 'border border-slate-200'}`} data-testid="exchange-row">
                <div className="flex justify-between gap-2">
                  <span className="font-semibold">{r.name}</span>
                  <span className={`font-semibold ${statusClass(r.status)}`} data-testid="exchange-status">{t[`vip.status.${r.status}`]}</span>
                </div>
                <div className="mt-1 flex flex-wrap justify-between gap-2 text-slate-600">
                  <span>{t['vip.record.points']}: {r.points}</span>
                  {r.tracking_no && <span>{t['vip.record.tracking']}: <span data-testid="exchange-tracking">{r.tracking_no}</span></span>}
                  {r.reason && <span className="text-red-700">{r.reason}</span>}
                </div>
                {r.address && <p className="mt-1 text-xs text-slate-500">{r.consignee} · {r.area} {r.address}</p>}
                <p className="mt-1 text-xs text-slate-500">{t['vip.record.time']}: {taipeiDateTime(r.created_at)}</p>
              </li>
            ))}
          </ul>
        )}

      {rows !== null && total > 0 && (
        <nav className="flex items-center justify-between text-sm" aria-label={fill(t['records.page'], { page, pages })}>
          <span className="text-slate-500">{fill(t['records.total'], { n: total })}</span>
          <div className="flex items-center gap-2">
            <button type="button" className="btn-secondary h-8 px-3 disabled:opacity-50" disabled={page <= 1 || loading} onClick={() => query && setQuery({ ...query, page: page - 1 })}>{t['records.prev']}</button>
            <span>{fill(t['records.page'], { page, pages })}</span>
            <button type="button" className="btn-secondary h-8 px-3 disabled:opacity-50" disabled={page >= pages || loading} onClick={() => query && setQuery({ ...query, page: page + 1 })}>{t['records.next']}</button>
          </div>
        </nav>
      )}
    </div>
  );
}
