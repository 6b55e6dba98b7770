// Bet records (desktop /member/bet-record, mobile /mobile/f-bet-record/bet-record): GET /api/players/bet/records
// by platform and wallet over a date range of the last 30 days (quick ranges today, yesterday, last 7 and last
// 30 days; start dates from 00:00:00 and end dates to 23:59:59 Asia/Taipei), 10 to a page, with the totals of
// the whole query.
import { fill } from '../../shared/text.ts';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../lib/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import { failureText, type BonusWallet } from '../../stores/wallet.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, QUICK_RANGES, RECORD_DAYS, Spinner, taipeiDateTime, taipeiDay, usePageSetup, type QuickRange, type Variant } from '../wallet/common.tsx';
import { $platforms, loadPlatforms } from '../lobby/platforms.ts';
import type { BetRecordsView, BetRowView } from '../../shared/schemas/bets.ts';

export const BET_RECORDS_KEYS = [
  ...LOGIN_PROMPT_KEYS, 'ux.login.bets',
  'bets.platform', 'bets.all_platforms', 'bets.wallet', 'bets.all_wallets', 'bets.central', 'bets.quick', 'bets.range.today',
  'bets.range.yesterday', 'bets.range.last7', 'bets.range.last30', 'bets.date_start', 'bets.date_end', 'bets.search', 'bets.limit_note',
  'bets.range_invalid', 'bets.col.time', 'bets.col.bet_id', 'bets.col.platform', 'bets.col.game', 'bets.col.stake', 'bets.col.valid',
  'bets.col.payout', 'bets.col.win_loss', 'bets.col.status', 'bets.status.open', 'bets.status.settled', 'bets.status.void', 'bets.totals',
  'bets.empty', 'bets.loading', 'bets.prev', 'bets.next', 'bets.page', 'bets.total', 'error.generic', 'error.network',
] as const;
type T = Record<(typeof BET_RECORDS_KEYS)[number], string>;

/** Records are queryable for the last 30 days; pages hold 10 rows by default (SPEC.md section 9). */
const PAGE_SIZE = 10;

type BetRow = BetRowView;
type Totals = BetRecordsView['totals'];
type Answer = BetRecordsView;

type Quick = QuickRange;
const QUICK = QUICK_RANGES;

interface Query { start: string; end: string; code: string; wallet: string; page: number }

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default function BetRecords({ t, locale, variant }: { t: T; locale: Locale; variant: Variant }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const platforms = useStore($platforms, { ssr: 'initial' });
  const [quick, setQuick] = useState<Quick | null>('today');
  const [start, setStart] = useState(() => taipeiDay(0));
  const [end, setEnd] = useState(() => taipeiDay(0));
  const [code, setCode] = useState('');
  const [wallet, setWallet] = useState('');
  const [query, setQuery] = useState<Query | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [gameNames, setGameNames] = useState<Map<string, string>>(new Map());
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const signedIn = !!user;

  useEffect(() => {
    if (!signedIn) return;
    setQuery({ start: taipeiDay(0), end: taipeiDay(0), code: '', wallet: '', page: 1 });
    void loadPlatforms();
    api<Array<{ code: string; game_code: string; name: string }>>('/games/list', { query: { lang: locale === 'en' ? 'en' : 'cn' } })
      .then((list) => setGameNames(new Map(list.map((g) => [`${g.code}|${g.game_code}`, g.name]))))
      .catch(() => undefined);
  }, [signedIn]);

  useEffect(() => {
    if (!query) return;
    let live = true;
    setLoading(true);
    setError('');
    api<Answer>('/players/bet/records', {
      query: {
        start: `${query.start} 00:00:00`, end: `${query.end} 23:59:59`, page: query.page, pageSize: PAGE_SIZE,
        code: query.code || undefined, wallet_id: query.wallet || undefined,
      },
    }).then((res) => {
      if (live) setAnswer(res);
    }).catch((err) => {
      if (live) setError(failureText(err, t['error.generic']));
    }).finally(() => {
      if (live) setLoading(false);
    });
    return () => { live = false; };
  }, [query]);

  if (!ready) return <Spinner label={t['bets.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} message={t['ux.login.bets']} />;

  const min = taipeiDay(RECORD_DAYS - 1);
  const max = taipeiDay(0);
  const rangeValid = DAY.test(start) && DAY.test(end) && min <= start && start <= end && end <= max;
  const total = answer?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = query?.page ?? 1;
  const mobile = variant === 'mobile';
  const rows = answer?.data ?? null;

  // One entry per platform code: a provider serving several groups has one wallet and one set of records.
  const platformNames = new Map<string, string>();
  for (const p of platforms ?? []) if (!platformNames.has(p.gp_code)) platformNames.set(p.gp_code, p.name);
  const bonusWallets = (user.player_bonus_wallet ?? []) as BonusWallet[];
  const walletName = (id: number) => (id ? bonusWallets.find((w) => w.id === id)?.name ?? `#${id}` : t['bets.central']);
  const gameName = (r: BetRow) => gameNames.get(`${r.code}|${r.game}`) ?? r.game;

  const run = (next: Partial<Query>) => {
    const base: Query = { start, end, code, wallet, page: 1 };
    setQuery({ ...base, ...next });
  };
  const pickQuick = (key: Quick, from: number, to: number) => {
    const s = taipeiDay(from);
    const e = taipeiDay(to);
    setQuick(key);
    setStart(s);
    setEnd(e);
    run({ start: s, end: e });
  };
  const goPage = (p: number) => query && setQuery({ ...query, page: p });

  const statusClass = (s: BetRow['status']) => (s === 'settled' ? 'text-emerald-700' : s === 'open' ? 'text-amber-700' : 'text-slate-500');
  const moneyClass = (v: string) => (v.startsWith('-') ? 'text-red-700' : Number(v) > 0 ? 'text-emerald-700' : 'text-slate-700');

  return (
    <div data-testid="bet-records" className="space-y-4">
      <form className={`grid gap-3 rounded-lg bg-white ${mobile ? 'grid-cols-2 p-3 shadow-sm' : 'grid-cols-[1fr_1fr_1fr_1fr_auto] items-end border border-slate-200 p-4'}`}
        noValidate onSubmit={(e) => { e.preventDefault(); if (rangeValid) run({}); }}>
        <div className="col-span-full flex flex-wrap gap-2" role="group" aria-label={t['bets.quick']}>
          {QUICK.map(([key, from, to]) => (
            <button key={key} type="button" aria-pressed={quick === key} onClick={() => pickQuick(key, from, to)} data-testid={`range-${key}`}
              className={`rounded-full border px-3 py-1 text-sm ${quick === key ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}>
              {t[`bets.range.${key}`]}
            </button>
          ))}
        </div>
        <label className="min-w-0">
          <span className="field-label">{t['bets.platform']}</span>
          <select name="code" className="field-input" value={code} onChange={(e) => setCode(e.target.value)} data-testid="filter-platform">
            <option value="">{t['bets.all_platforms']}</option>
            {[...platformNames].map(([c, name]) => <option key={c} value={c}>{name}</option>)}
          </select>
        </label>
        <label className="min-w-0">
          <span className="field-label">{t['bets.wallet']}</span>
          <select name="wallet_id" className="field-input" value={wallet} onChange={(e) => setWallet(e.target.value)} data-testid="filter-wallet">
            <option value="">{t['bets.all_wallets']}</option>
            <option value="0">{t['bets.central']}</option>
            {bonusWallets.map((w) => <option key={w.id} value={String(w.id)}>{w.name}</option>)}
          </select>
        </label>
        <label className="min-w-0">
          <span className="field-label">{t['bets.date_start']}</span>
          <input type="date" name="start" className="field-input" value={start} min={min} max={max}
            onChange={(e) => { setStart(e.target.value); setQuick(null); }} />
        </label>
        <label className="min-w-0">
          <span className="field-label">{t['bets.date_end']}</span>
          <input type="date" name="end" className="field-input" value={end} min={min} max={max}
            onChange={(e) => { setEnd(e.target.value); setQuick(null); }} />
        </label>
        <button type="submit" className={`btn-primary h-10 disabled:opacity-60 ${mobile ? 'col-span-full' : ''}`} disabled={!rangeValid || loading}
          data-testid="records-search">{t['bets.search']}</button>
        <p className={`col-span-full text-xs ${rangeValid ? 'text-slate-500' : 'text-red-700'}`} role={rangeValid ? undefined : 'alert'}>
          {rangeValid ? t['bets.limit_note'] : t['bets.range_invalid']}
        </p>
      </form>

      {error ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>
      ) : rows === null ? (
        <Spinner label={t['bets.loading']} />
      ) : !rows.length ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500" data-testid="records-empty">
          {loading ? t['bets.loading'] : t['bets.empty']}
        </p>
      ) : mobile ? (
        <>
          <Summary t={t} totals={answer!.totals} total={total} />
          <ul className={`space-y-2 ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
            {rows.map((r) => (
              <li key={r.id} className="rounded-lg bg-white p-3 text-sm shadow-sm" data-testid="record-row">
                <div className="flex justify-between gap-2">
                  <span className="truncate font-semibold">{platformNames.get(r.code) ?? r.code} · {gameName(r)}</span>
                  <span className={`shrink-0 font-semibold ${statusClass(r.status)}`} data-testid="record-status">{t[`bets.status.${r.status}`]}</span>
                </div>
                <dl className="mt-2 grid grid-cols-3 gap-1 text-xs">
                  <div><dt className="text-slate-500">{t['bets.col.stake']}</dt><dd className="font-semibold">{formatDecimal(r.stake)}</dd></div>
                  <div><dt className="text-slate-500">{t['bets.col.valid']}</dt><dd className="font-semibold">{formatDecimal(r.valid_bet)}</dd></div>
                  <div><dt className="text-slate-500">{t['bets.col.win_loss']}</dt><dd className={`font-semibold ${moneyClass(r.win_loss)}`}>{formatDecimal(r.win_loss)}</dd></div>
                </dl>
                <p className="mt-2 flex justify-between gap-2 text-xs text-slate-500">
                  <span>{taipeiDateTime(r.placed_at)}</span>
                  <span className="truncate">{walletName(r.wallet_id)}</span>
                </p>
                <p className="mt-0.5 truncate text-[11px] text-slate-400">{t['bets.col.bet_id']}: {r.bet_id}</p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="overflow-x-auto">
          <table className={`w-full text-sm ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
            <thead>
              <tr className="bg-slate-50 text-left text-slate-600">
                <th scope="col" className="px-2 py-2 font-medium">{t['bets.col.time']}</th>
                <th scope="col" className="px-2 py-2 font-medium">{t['bets.col.bet_id']}</th>
                <th scope="col" className="px-2 py-2 font-medium">{t['bets.col.platform']}</th>
                <th scope="col" className="px-2 py-2 font-medium">{t['bets.col.game']}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t['bets.col.stake']}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t['bets.col.valid']}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t['bets.col.payout']}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t['bets.col.win_loss']}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t['bets.col.status']}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.id} data-testid="record-row">
                  <td className="whitespace-nowrap px-2 py-2 text-slate-600">{taipeiDateTime(r.placed_at)}</td>
                  <td className="max-w-[9rem] truncate px-2 py-2 font-mono text-xs text-slate-500" title={r.bet_id}>{r.bet_id}</td>
                  <td className="px-2 py-2">{platformNames.get(r.code) ?? r.code}</td>
                  <td className="px-2 py-2">{gameName(r)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{formatDecimal(r.stake)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{formatDecimal(r.valid_bet)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{formatDecimal(r.payout)}</td>
                  <td className={`px-2 py-2 text-right font-semibold tabular-nums ${moneyClass(r.win_loss)}`}>{formatDecimal(r.win_loss)}</td>
                  <td className={`px-2 py-2 text-right font-semibold ${statusClass(r.status)}`} data-testid="record-status">{t[`bets.status.${r.status}`]}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-200 bg-slate-50 font-semibold" data-testid="records-totals">
                <th scope="row" colSpan={4} className="px-2 py-2 text-left">{t['bets.totals']} ({fill(t['bets.total'], { n: total })})</th>
                <td className="px-2 py-2 text-right tabular-nums" data-testid="total-stake">{formatDecimal(answer!.totals.stake)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{formatDecimal(answer!.totals.valid_bet)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{formatDecimal(answer!.totals.payout)}</td>
                <td className={`px-2 py-2 text-right tabular-nums ${moneyClass(answer!.totals.win_loss)}`}>{formatDecimal(answer!.totals.win_loss)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}

      {rows !== null && total > 0 && (
        <nav className="flex items-center justify-between text-sm" aria-label={fill(t['bets.page'], { page, pages })}>
          <span className="text-slate-500" data-testid="records-total">{fill(t['bets.total'], { n: total })}</span>
          <div className="flex items-center gap-2">
            <button type="button" className="btn-secondary h-8 px-3 disabled:opacity-50" disabled={page <= 1 || loading} onClick={() => goPage(page - 1)}
              data-testid="records-prev">{t['bets.prev']}</button>
            <span data-testid="records-page">{fill(t['bets.page'], { page, pages })}</span>
            <button type="button" className="btn-secondary h-8 px-3 disabled:opacity-50" disabled={page >= pages || loading} onClick={() => goPage(page + 1)}
              data-testid="records-next">{t['bets.next']}</button>
          </div>
        </nav>
      )}
    </div>
  );
}

function Summary({ t, totals, total }: { t: T; totals: Totals; total: number }) {
  const cell = (label: string, value: string, testId?: string) => (
    <div><dt className="text-slate-300">{label}</dt><dd className="font-semibold tabular-nums" data-testid={testId}>{formatDecimal(value)}</dd></div>
  );
  return (
    <div className="rounded-lg bg-brand-700 p-3 text-sm text-white shadow-sm" data-testid="records-totals">
      <p className="font-semibold text-gold-300">{t['bets.totals']} · {fill(t['bets.total'], { n: total })}</p>
      <dl className="mt-2 grid grid-cols-4 gap-1 text-xs">
        {cell(t['bets.col.stake'], totals.stake, 'total-stake')}
        {cell(t['bets.col.valid'], totals.valid_bet)}
        {cell(t['bets.col.payout'], totals.payout)}
        {cell(t['bets.col.win_loss'], totals.win_loss)}
      </dl>
    </div>
  );
}
