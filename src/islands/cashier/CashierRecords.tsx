// Deposit and withdrawal records (desktop /member/trans-record?category=deposit|withdraw, mobile
// /mobile/f-trans-record/trans-record?type=recharge or ?category=withdraw): a date range within the last 30
// days with the quick ranges of SPEC.md section 9, pages of 10, and each order with its status label.
import { LEDGER_NOTE_KEYS, noteText } from '../../shared/ledger-notes.ts';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../lib/api.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { $sessionReady, $user } from '../../stores/session.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import {
  Badge, CASHIER_ERROR_KEYS, DEPOSIT_STATUS_KEYS, ErrorBox, LOGIN_NEEDED_KEYS, LoginNeeded, METHOD_KEYS, Spinner, WITHDRAW_STATUS_KEYS,
  depositStatus, errorText, isZero, Pager, methodKey, taipeiDateTime, taipeiDay, usePageSetup, withdrawStatus, type CashierVariant,
} from './common.tsx';
import { QUICK_RANGES, RECORD_DAYS, type QuickRange } from '../wallet/common.tsx';
import type { DepositOrder } from './Deposit.tsx';
import type { WithdrawalRow } from './Withdraw.tsx';

export const CASHIER_RECORDS_KEYS = [
  ...CASHIER_ERROR_KEYS, ...LOGIN_NEEDED_KEYS, 'ux.login.records', ...DEPOSIT_STATUS_KEYS, ...WITHDRAW_STATUS_KEYS, ...METHOD_KEYS,
  'records.quick', 'records.range.today', 'records.range.yesterday', 'records.range.last7', 'records.range.last30', 'records.date_start',
  'records.date_end', 'records.search', 'records.limit_note', 'records.range_invalid', 'records.col.time', 'records.col.amount',
  'records.col.status', 'records.empty', 'cashier.ui.loading', 'cashier.ui.retry', 'cashier.ui.order_id', 'cashier.ui.order_method',
  ...LEDGER_NOTE_KEYS, 'cashier.ui.fee', 'cashier.ui.reason', 'cashier.ui.prev', 'cashier.ui.next', 'cashier.ui.page', 'cashier.ui.total',
] as const;
type T = Record<(typeof CASHIER_RECORDS_KEYS)[number], string>;

const PAGE_SIZE = 10;
type Quick = QuickRange;
const QUICK = QUICK_RANGES;
interface Query { start: string; end: string; page: number }

interface Props { t: T; locale: Locale; variant: CashierVariant; category: 'deposit' | 'withdraw'; paths: { home: string } }

export default function CashierRecords({ t, locale, variant, category, paths }: Props) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [quick, setQuick] = useState<Quick | null>('last7');
  const [start, setStart] = useState(() => taipeiDay(6));
  const [end, setEnd] = useState(() => taipeiDay(0));
  const [query, setQuery] = useState<Query | null>(null);
  const [rows, setRows] = useState<Array<DepositOrder | WithdrawalRow> | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const signedIn = !!user;

  useEffect(() => {
    if (signedIn) setQuery({ start: taipeiDay(6), end: taipeiDay(0), page: 1 });
  }, [signedIn]);
  // A deposit or withdrawal changing state shows at once in the list on screen.
  useEffect(() => {
    const again = () => setTick((n) => n + 1);
    const offs = category === 'withdraw' ? [onRealtime('withdrawal', again)] : [onRealtime('deposit-success', again), onRealtime('deposit-fail', again)];
    return () => offs.forEach((off) => off());
  }, [category]);

  useEffect(() => {
    if (!query) return;
    let live = true;
    setLoading(true);
    setError('');
    api<{ data: Array<DepositOrder | WithdrawalRow>; total: number }>('/auth/transactionRecordList', {
      query: { category, date_start: query.start, date_end: query.end, page: query.page, pageSize: PAGE_SIZE },
    }).then((res) => {
      if (!live) return;
      setRows(res.data);
      setTotal(res.total);
    }, (err) => { if (live) setError(errorText(err, t)); }).finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [query, tick]);

  if (!ready) return <Spinner label={t['cashier.ui.loading']} />;
  if (!user) return <LoginNeeded t={t} variant={variant} homePath={paths.home} message={t['ux.login.records']} />;

  const min = taipeiDay(RECORD_DAYS - 1);
  const max = taipeiDay(0);
  const rangeValid = /^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end) && min <= start && start <= end && end <= max;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = query?.page ?? 1;
  const mobile = variant === 'mobile';
  const pickQuick = (key: Quick, from: number, to: number) => {
    const s = taipeiDay(from);
    const e = taipeiDay(to);
    setQuick(key);
    setStart(s);
    setEnd(e);
    setQuery({ start: s, end: e, page: 1 });
  };
  const statusOf = (r: DepositOrder | WithdrawalRow) => (category === 'deposit' ? depositStatus(r.status, (r as DepositOrder).method) : withdrawStatus(r.status));
  const reasonOf = (r: DepositOrder | WithdrawalRow) => (r.status === 'failed' || r.status === 'rejected' || r.status === 'expired'
    ? noteText(category === 'deposit' ? 'deposit' : 'withdraw_release', r.reason, t) : '');

  return (
    <div data-testid={`${category}-records`} className="space-y-4">
      <form className={`flex flex-wrap items-end gap-3 rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-4'}`} noValidate
        onSubmit={(e) => { e.preventDefault(); if (rangeValid) setQuery({ start, end, page: 1 }); }}>
        <div className={`w-full gap-2 ${mobile ? 'grid grid-cols-4' : 'flex flex-wrap'}`} role="group" aria-label={t['records.quick']}>
          {QUICK.map(([key, from, to]) => (
            <button key={key} type="button" aria-pressed={quick === key} onClick={() => pickQuick(key, from, to)} data-testid={`range-${key}`}
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

      {error ? <ErrorBox message={error} retry={() => setTick((n) => n + 1)} retryLabel={t['cashier.ui.retry']} />
        : rows === null || (loading && !rows.length) ? <Spinner label={t['cashier.ui.loading']} />
          : !rows.length ? <p className="rounded-lg border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500" data-testid="records-empty">{t['records.empty']}</p>
            : mobile ? (
              <ul className={`space-y-2 ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
                {rows.map((r) => {
                  const s = statusOf(r);
                  const fee = category === 'withdraw' ? (r as WithdrawalRow).fee : '0';
                  return (
                    <li key={r.id} className="rounded-lg bg-white p-3 text-sm shadow-sm" data-testid="record-row">
                      <div className="flex items-center justify-between gap-2">
                        <span className="font-semibold">{category === 'deposit' ? t[methodKey((r as DepositOrder).method)] : formatDecimal(r.amount)}</span>
                        <Badge tone={s.tone} testId="record-status">{t[s.key]}</Badge>
                      </div>
                      <div className="mt-1 flex justify-between gap-2 text-slate-600">
                        <span className="truncate font-mono text-xs">{r.id}</span>
                        <span className="shrink-0 font-semibold text-brand-700">
                          {category === 'deposit' ? formatDecimal(r.amount) : !isZero(fee) ? `${t['cashier.ui.fee']} ${formatDecimal(fee)}` : ''}
                        </span>
                      </div>
                      <p className="mt-1 text-xs text-slate-500">{taipeiDateTime(r.created_at)}</p>
                      {reasonOf(r) && <p className="mt-1 text-xs text-red-700">{t['cashier.ui.reason']}: {reasonOf(r)}</p>}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <div className="overflow-x-auto">
                <table className={`w-full text-sm ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
                  <thead>
                    <tr className="bg-slate-50 text-left text-slate-600">
                      <th scope="col" className="px-3 py-2 font-medium">{t['records.col.time']}</th>
                      <th scope="col" className="px-3 py-2 font-medium">{t['cashier.ui.order_id']}</th>
                      {category === 'deposit' && <th scope="col" className="px-3 py-2 font-medium">{t['cashier.ui.order_method']}</th>}
                      <th scope="col" className="px-3 py-2 text-right font-medium">{t['records.col.amount']}</th>
                      {category === 'withdraw' && <th scope="col" className="px-3 py-2 text-right font-medium">{t['cashier.ui.fee']}</th>}
                      <th scope="col" className="px-3 py-2 text-right font-medium">{t['records.col.status']}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {rows.map((r) => {
                      const s = statusOf(r);
                      return (
                        <tr key={r.id} data-testid="record-row">
                          <td className="whitespace-nowrap px-3 py-2 text-slate-600">{taipeiDateTime(r.created_at)}</td>
                          <td className="px-3 py-2 font-mono text-xs">{r.id}</td>
                          {category === 'deposit' && <td className="px-3 py-2">{t[methodKey((r as DepositOrder).method)]}</td>}
                          <td className="px-3 py-2 text-right font-semibold">{formatDecimal(r.amount)}</td>
                          {category === 'withdraw' && <td className="px-3 py-2 text-right">{formatDecimal((r as WithdrawalRow).fee)}</td>}
                          <td className="px-3 py-2 text-right">
                            <Badge tone={s.tone} testId="record-status">{t[s.key]}</Badge>
                            {reasonOf(r) && <p className="mt-0.5 text-xs text-red-700">{reasonOf(r)}</p>}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
      {rows !== null && total > 0 && <Pager t={t} page={page} pages={pages} total={total} busy={loading} go={(p) => query && setQuery({ ...query, page: p })} />}
    </div>
  );
}
