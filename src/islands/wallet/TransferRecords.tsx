// Transfer records (desktop /member/trans-record?category=transfer, mobile /mobile/f-trans-record/trans-record?type=transfer):
// a date range within the last 30 days with the quick ranges of SPEC.md section 9, pages of 10, and the
// transfers between the player's wallets and the game platforms with their translated status. With `ledger`
// the same screen lists every ledger movement of the player's wallets (deposits, withdrawals, transfers,
// adjustments, grants, ...) with its reason (issue 10 item 8), from GET /api/players/money/all.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../lib/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import { $platformWallets, failureText, refreshWallets } from '../../stores/wallet.ts';
import { LEDGER_KINDS, LEDGER_NOTE_KEYS, ledgerKindKey, noteText } from '../../shared/ledger-notes.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, QUICK_RANGES, RECORD_DAYS, Spinner, fill, taipeiDateTime, taipeiDay, usePageSetup, type QuickRange, type Variant } from './common.tsx';
import type { MoneyRecordView, TransferRecordView } from '../../shared/schemas/wallet.ts';

export const RECORDS_KEYS = [
  ...LOGIN_PROMPT_KEYS, 'ux.login.records',
  'records.range.today', 'records.range.yesterday', 'records.range.last7', 'records.range.last30', 'records.date_start', 'records.date_end',
  'records.search', 'records.limit_note', 'records.range_invalid', 'records.col.time', 'records.col.platform', 'records.col.direction',
  'records.col.wallet', 'records.col.amount', 'records.col.status', 'records.dir.in', 'records.dir.out', 'records.wallet.central',
  'records.wallet.activity', 'records.status.pending', 'records.status.applied', 'records.status.refunded', 'records.empty', 'records.prev',
  'records.next', 'records.page', 'records.total', 'records.quick', 'wallet.loading', 'error.generic', 'error.network',
  ...LEDGER_NOTE_KEYS, ...LEDGER_KINDS.map((k) => `ledger.kind.${k}` as const), 'ledger.kind.other', 'records.col.kind', 'records.col.note',
  'records.col.balance_after',
] as const;
type T = Record<(typeof RECORDS_KEYS)[number], string>;

/** Records are kept queryable for the last 30 days (SPEC.md section 9). */
/** Default page size (SPEC.md section 9). */
const PAGE_SIZE = 10;

type TransferRecord = TransferRecordView;

/** A row of GET /api/players/money/all: one posting on the player's central or activity wallet. */
type LedgerRecord = MoneyRecordView;

type Quick = QuickRange;
const QUICK = QUICK_RANGES;

interface Query { start: string; end: string; page: number }

export default function TransferRecords({ t, locale, variant, ledger = false }: { t: T; locale: Locale; variant: Variant; ledger?: boolean }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const platforms = useStore($platformWallets, { ssr: 'initial' });
  const [quick, setQuick] = useState<Quick | null>('last7');
  const [start, setStart] = useState(() => taipeiDay(6));
  const [end, setEnd] = useState(() => taipeiDay(0));
  const [query, setQuery] = useState<Query | null>(null);
  const [rows, setRows] = useState<TransferRecord[] | null>(null);
  const [moves, setMoves] = useState<LedgerRecord[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const signedIn = !!user;

  useEffect(() => {
    if (!signedIn) return;
    setQuery({ start: taipeiDay(6), end: taipeiDay(0), page: 1 });
    if (!$platformWallets.get()) refreshWallets(false).catch(() => undefined);
  }, [signedIn]);

  useEffect(() => {
    if (!query) return;
    let live = true;
    setLoading(true);
    setError('');
    const call = ledger
      ? api<{ data: LedgerRecord[]; total: number }>('/players/money/all', {
        query: { start: query.start, end: query.end, page: query.page, pageSize: PAGE_SIZE },
      }).then((res) => { if (live) { setMoves(res.data); setRows([]); setTotal(res.total); } })
      : api<{ data: TransferRecord[]; total: number }>('/auth/transactionRecordList', {
        query: { category: 'transfer', date_start: query.start, date_end: query.end, page: query.page, pageSize: PAGE_SIZE },
      }).then((res) => { if (live) { setRows(res.data); setTotal(res.total); } });
    call.catch((err) => {
      if (live) setError(failureText(err, t['error.generic']));
    }).finally(() => {
      if (live) setLoading(false);
    });
    return () => { live = false; };
  }, [query]);

  if (!ready) return <Spinner label={t['wallet.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} message={t['ux.login.records']} />;

  const min = taipeiDay(RECORD_DAYS - 1);
  const max = taipeiDay(0);
  const rangeValid = /^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end) && min <= start && start <= end && end <= max;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = query?.page ?? 1;
  const names = new Map((platforms ?? []).map((p) => [p.code, p.name]));
  const mobile = variant === 'mobile';

  const pickQuick = (key: Quick, from: number, to: number) => {
    const s = taipeiDay(from);
    const e = taipeiDay(to);
    setQuick(key);
    setStart(s);
    setEnd(e);
    setQuery({ start: s, end: e, page: 1 });
  };
  const search = () => {
    if (rangeValid) setQuery({ start, end, page: 1 });
  };
  const goPage = (p: number) => query && setQuery({ ...query, page: p });

  const statusClass = (s: TransferRecord['status']) =>
    s === 'applied' ? 'text-emerald-700' : s === 'pending' ? 'text-amber-700' : 'text-slate-500';
  const walletLabel = (w: string) => (w === 'central' ? t['records.wallet.central'] : t['records.wallet.activity']);
  const platformName = (code: string) => names.get(code) ?? code;

  return (
    <div data-testid={ledger ? 'ledger-records' : 'transfer-records'} className="space-y-4">
      <form className={`flex flex-wrap items-end gap-3 rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-4'}`} noValidate
        onSubmit={(e) => { e.preventDefault(); search(); }}>
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
          <input type="date" name="date_start" className="field-input" value={start} min={min} max={max}
            onChange={(e) => { setStart(e.target.value); setQuick(null); }} />
        </label>
        <label className={mobile ? 'min-w-0 flex-1' : ''}>
          <span className="field-label">{t['records.date_end']}</span>
          <input type="date" name="date_end" className="field-input" value={end} min={min} max={max}
            onChange={(e) => { setEnd(e.target.value); setQuick(null); }} />
        </label>
        <button type="submit" className={`btn-primary h-10 disabled:opacity-60 ${mobile ? 'w-full' : ''}`} disabled={!rangeValid || loading}>{t['records.search']}</button>
        <p className={`w-full text-xs ${rangeValid ? 'text-slate-500' : 'text-red-700'}`} role={rangeValid ? undefined : 'alert'}>
          {rangeValid ? t['records.limit_note'] : t['records.range_invalid']}
        </p>
      </form>

      {error ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>
      ) : rows === null || (loading && !rows.length) ? (
        <Spinner label={t['wallet.loading']} />
      ) : ledger ? (
        !moves?.length ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500" data-testid="records-empty">{t['records.empty']}</p>
        ) : (
          <LedgerList t={t} rows={moves} mobile={mobile} loading={loading} walletLabel={(w) => (w === 'central' ? t['records.wallet.central'] : t['records.wallet.activity'])} />
        )
      ) : !rows.length ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500" data-testid="records-empty">{t['records.empty']}</p>
      ) : mobile ? (
        <ul className={`space-y-2 ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
          {rows.map((r) => (
            <li key={r.id} className="rounded-lg bg-white p-3 text-sm shadow-sm" data-testid="record-row">
              <div className="flex justify-between">
                <span className="font-semibold">{r.direction === 'in' ? t['records.dir.in'] : t['records.dir.out']} · {platformName(r.gp_code)}</span>
                <span className={`font-semibold ${statusClass(r.status)}`} data-testid="record-status">{t[`records.status.${r.status}`]}</span>
              </div>
              <div className="mt-1 flex justify-between text-slate-600">
                <span>{walletLabel(r.wallet)}</span>
                <span className="font-semibold text-brand-700">{formatDecimal(r.amount)}</span>
              </div>
              <p className="mt-1 text-xs text-slate-500">{taipeiDateTime(r.created_at)}</p>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto">
          <table className={`w-full text-sm ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
            <thead>
              <tr className="bg-slate-50 text-left text-slate-600">
                <th scope="col" className="px-3 py-2 font-medium">{t['records.col.time']}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t['records.col.platform']}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t['records.col.direction']}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t['records.col.wallet']}</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{t['records.col.amount']}</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{t['records.col.status']}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.id} data-testid="record-row">
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">{taipeiDateTime(r.created_at)}</td>
                  <td className="px-3 py-2">{platformName(r.gp_code)}</td>
                  <td className="px-3 py-2">{r.direction === 'in' ? t['records.dir.in'] : t['records.dir.out']}</td>
                  <td className="px-3 py-2">{walletLabel(r.wallet)}</td>
                  <td className="px-3 py-2 text-right font-semibold">{formatDecimal(r.amount)}</td>
                  <td className={`px-3 py-2 text-right font-semibold ${statusClass(r.status)}`} data-testid="record-status">{t[`records.status.${r.status}`]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {rows !== null && total > 0 && (
        <nav className="flex items-center justify-between text-sm" aria-label={fill(t['records.page'], { page, pages })}>
          <span className="text-slate-500">{fill(t['records.total'], { n: total })}</span>
          <div className="flex items-center gap-2">
            <button type="button" className="btn-secondary h-8 px-3 disabled:opacity-50" disabled={page <= 1 || loading} onClick={() => goPage(page - 1)}
              data-testid="records-prev">{t['records.prev']}</button>
            <span data-testid="records-page">{fill(t['records.page'], { page, pages })}</span>
            <button type="button" className="btn-secondary h-8 px-3 disabled:opacity-50" disabled={page >= pages || loading} onClick={() => goPage(page + 1)}
              data-testid="records-next">{t['records.next']}</button>
          </div>
        </nav>
      )}
    </div>
  );
}

/** The ledger movements: what happened, to which wallet, signed amount, balance after and the reason. */
function LedgerList({ t, rows, mobile, loading, walletLabel }: { t: T; rows: LedgerRecord[]; mobile: boolean; loading: boolean; walletLabel: (w: string) => string }) {
  const kind = (k: string) => t[ledgerKindKey(k)];
  const signed = (a: string) => (a.startsWith('-') ? `-${formatDecimal(a.slice(1))}` : `+${formatDecimal(a)}`);
  const tone = (a: string) => (a.startsWith('-') ? 'text-red-700' : 'text-emerald-700');
  if (mobile) {
    return (
      <ul className={`space-y-2 ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
        {rows.map((r) => (
          <li key={r.id} className="rounded-lg bg-white p-3 text-sm shadow-sm" data-testid="ledger-row" data-kind={r.kind}>
            <div className="flex justify-between gap-2">
              <span className="font-semibold">{kind(r.kind)}</span>
              <span className={`font-semibold ${tone(r.amount)}`}>{signed(r.amount)}</span>
            </div>
            {r.memo && <p className="mt-1 text-slate-700" data-testid="ledger-note">{noteText(r.kind, r.memo, t)}</p>}
            <div className="mt-1 flex justify-between text-xs text-slate-500">
              <span>{taipeiDateTime(r.created_at)} · {walletLabel(r.wallet)}</span>
              <span>{t['records.col.balance_after']} {formatDecimal(r.balance_after)}</span>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className={`w-full text-sm ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
        <thead>
          <tr className="bg-slate-50 text-left text-slate-600">
            <th scope="col" className="px-3 py-2 font-medium">{t['records.col.time']}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t['records.col.kind']}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t['records.col.wallet']}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t['records.col.amount']}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t['records.col.balance_after']}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t['records.col.note']}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.id} data-testid="ledger-row" data-kind={r.kind}>
              <td className="whitespace-nowrap px-3 py-2 text-slate-600">{taipeiDateTime(r.created_at)}</td>
              <td className="px-3 py-2">{kind(r.kind)}</td>
              <td className="px-3 py-2">{walletLabel(r.wallet)}</td>
              <td className={`px-3 py-2 text-right font-semibold ${tone(r.amount)}`}>{signed(r.amount)}</td>
              <td className="px-3 py-2 text-right">{formatDecimal(r.balance_after)}</td>
              <td className="px-3 py-2 text-slate-700" data-testid="ledger-note">{noteText(r.kind, r.memo, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
