// The turnover record (issue 10 item 9; desktop /member/actions-record, mobile /mobile/f-trans-record/actions-record):
// GET /api/players/turnover over a date range of the last 30 days (quick ranges today, yesterday, last 7 and last 30
// days; start dates from 00:00:00 and end dates to 23:59:59 Asia/Taipei), 10 rows to a page: the valid bet per day
// and game group, the progress against the withdrawal turnover requirement, and each active activity wallet's
// bet-flow target.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../lib/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import type { TurnoverAnswer } from '../../shared/schemas/turnover.ts';
import { failureText } from '../../stores/wallet.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, QUICK_RANGES, RECORD_DAYS, Spinner, fill, taipeiDay, usePageSetup, type QuickRange, type Variant } from '../wallet/common.tsx';

const GROUPS = ['slots', 'fish', 'cards', 'lottery', 'sports', 'casino', 'esports'] as const;

export const TURNOVER_KEYS = [
  ...LOGIN_PROMPT_KEYS, 'turnover.login', 'turnover.intro', 'turnover.progress', 'turnover.withdraw.title', 'turnover.withdraw.none',
  'turnover.withdraw.done', 'turnover.withdraw.deposits', 'turnover.required', 'turnover.achieved', 'turnover.remaining',
  'turnover.wallets.title', 'turnover.wallets.none', 'turnover.wallet.done', 'turnover.col.date', 'turnover.col.group', 'turnover.col.bets',
  'turnover.col.valid', 'turnover.total_valid', 'turnover.rows', 'turnover.empty', 'turnover.note',
  'bets.quick', 'bets.range.today', 'bets.range.yesterday', 'bets.range.last7', 'bets.range.last30', 'bets.date_start', 'bets.date_end',
  'bets.search', 'bets.range_invalid', 'bets.loading', 'bets.prev', 'bets.next', 'bets.page', 'error.generic', 'error.network',
  ...GROUPS.map((g) => `lobby.group.${g}` as const),
] as const;
type T = Record<(typeof TURNOVER_KEYS)[number], string>;

/** Rows per page (SPEC.md section 9). */
const PAGE_SIZE = 10;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Query { start: string; end: string; page: number }

/** Achieved over target as a whole percentage, capped at 100; a target of nothing is reached. */
function percent(achieved: string, target: string): number {
  const a = Number(achieved);
  const t = Number(target);
  if (!(t > 0)) return 100;
  return Math.min(100, Math.floor((a / t) * 100));
}

export default function TurnoverRecords({ t, locale, variant }: { t: T; locale: Locale; variant: Variant }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [quick, setQuick] = useState<QuickRange | null>('last7');
  const [start, setStart] = useState(() => taipeiDay(6));
  const [end, setEnd] = useState(() => taipeiDay(0));
  const [query, setQuery] = useState<Query | null>(null);
  const [answer, setAnswer] = useState<TurnoverAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const signedIn = !!user;

  useEffect(() => {
    if (signedIn) setQuery({ start: taipeiDay(6), end: taipeiDay(0), page: 1 });
  }, [signedIn]);

  useEffect(() => {
    if (!query) return;
    let live = true;
    setLoading(true);
    setError('');
    api<TurnoverAnswer>('/players/turnover', {
      query: { date_start: `${query.start} 00:00:00`, date_end: `${query.end} 23:59:59`, page: query.page, pageSize: PAGE_SIZE },
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
  if (!user) return <LoginPrompt t={t} variant={variant} message={t['turnover.login']} />;

  const min = taipeiDay(RECORD_DAYS - 1);
  const max = taipeiDay(0);
  const rangeValid = DAY.test(start) && DAY.test(end) && min <= start && start <= end && end <= max;
  const total = answer?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = query?.page ?? 1;
  const mobile = variant === 'mobile';
  const rows = answer?.data ?? null;
  const groupName = (g: string) => ((GROUPS as readonly string[]).includes(g) ? t[`lobby.group.${g as (typeof GROUPS)[number]}`] : g);

  const pickQuick = (key: QuickRange, from: number, to: number) => {
    const s = taipeiDay(from);
    const e = taipeiDay(to);
    setQuick(key);
    setStart(s);
    setEnd(e);
    setQuery({ start: s, end: e, page: 1 });
  };
  const goPage = (p: number) => query && setQuery({ ...query, page: p });

  return (
    <div data-testid="turnover" className="space-y-4">
      <p className="text-sm text-slate-600">{t['turnover.intro']}</p>

      {answer === null ? (
        error ? null : <Spinner label={t['bets.loading']} />
      ) : (
        <div className={`grid gap-3 ${mobile ? '' : 'grid-cols-2'}`}>
          <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="turnover-withdraw" aria-labelledby="turnover-withdraw-title">
            <h2 id="turnover-withdraw-title" className="font-semibold text-slate-800">{t['turnover.withdraw.title']}</h2>
            {answer.withdraw.deposits === 0 ? (
              <p className="mt-2 text-sm text-slate-500" data-testid="turnover-withdraw-none">{t['turnover.withdraw.none']}</p>
            ) : (
              <Progress t={t} achieved={answer.withdraw.achieved} target={answer.withdraw.required} remaining={answer.withdraw.remaining}
                done={answer.withdraw.done} doneText={t['turnover.withdraw.done']} note={fill(t['turnover.withdraw.deposits'], { n: answer.withdraw.deposits })} />
            )}
          </section>
          <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="turnover-wallets" aria-labelledby="turnover-wallets-title">
            <h2 id="turnover-wallets-title" className="font-semibold text-slate-800">{t['turnover.wallets.title']}</h2>
            {!answer.wallets.length ? (
              <p className="mt-2 text-sm text-slate-500" data-testid="turnover-wallets-none">{t['turnover.wallets.none']}</p>
            ) : (
              <ul className="mt-1 divide-y divide-slate-100">
                {answer.wallets.map((w) => (
                  <li key={w.id} className="py-2" data-testid="turnover-wallet">
                    <p className="text-sm font-medium text-slate-700">{locale === 'en' && w.name_en ? w.name_en : w.name}</p>
                    <Progress t={t} achieved={w.achieved} target={w.target} remaining={w.remaining} done={w.done} doneText={t['turnover.wallet.done']} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}

      <form className={`grid gap-3 rounded-lg bg-white ${mobile ? 'grid-cols-2 p-3 shadow-sm' : 'grid-cols-[1fr_1fr_auto] items-end border border-slate-200 p-4'}`}
        noValidate onSubmit={(e) => { e.preventDefault(); if (rangeValid) setQuery({ start, end, page: 1 }); }}>
        <div className="col-span-full flex flex-wrap gap-2" role="group" aria-label={t['bets.quick']}>
          {QUICK_RANGES.map(([key, from, to]) => (
            <button key={key} type="button" aria-pressed={quick === key} onClick={() => pickQuick(key, from, to)} data-testid={`range-${key}`}
              className={`rounded-full border px-3 py-1 text-sm ${quick === key ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}>
              {t[`bets.range.${key}`]}
            </button>
          ))}
        </div>
        <label className="min-w-0">
          <span className="field-label">{t['bets.date_start']}</span>
          <input type="date" name="date_start" className="field-input" value={start} min={min} max={max}
            onChange={(e) => { setStart(e.target.value); setQuick(null); }} />
        </label>
        <label className="min-w-0">
          <span className="field-label">{t['bets.date_end']}</span>
          <input type="date" name="date_end" className="field-input" value={end} min={min} max={max}
            onChange={(e) => { setEnd(e.target.value); setQuick(null); }} />
        </label>
        <button type="submit" className={`btn-primary h-10 disabled:opacity-60 ${mobile ? 'col-span-full' : ''}`} disabled={!rangeValid || loading}
          data-testid="records-search">{t['bets.search']}</button>
        <p className={`col-span-full text-xs ${rangeValid ? 'text-slate-500' : 'text-red-700'}`} role={rangeValid ? undefined : 'alert'}>
          {rangeValid ? t['turnover.note'] : t['bets.range_invalid']}
        </p>
      </form>

      {error ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>
      ) : rows === null ? (
        <Spinner label={t['bets.loading']} />
      ) : !rows.length ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500" data-testid="records-empty">
          {loading ? t['bets.loading'] : t['turnover.empty']}
        </p>
      ) : mobile ? (
        <>
          <p className="rounded-lg bg-brand-700 p-3 text-sm text-white shadow-sm" data-testid="turnover-total">
            <span className="text-slate-300">{t['turnover.total_valid']}</span>
            <span className="float-right font-semibold tabular-nums text-gold-300">{formatDecimal(answer!.total_valid_bet)}</span>
          </p>
          <ul className={`space-y-2 ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
            {rows.map((r) => (
              <li key={`${r.date}|${r.game_type}`} className="flex items-center justify-between gap-2 rounded-lg bg-white p-3 text-sm shadow-sm" data-testid="record-row">
                <div className="min-w-0">
                  <p className="font-semibold">{groupName(r.game_type)}</p>
                  <p className="text-xs text-slate-500">{r.date} · {t['turnover.col.bets']} {r.bets}</p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="text-xs text-slate-500">{t['turnover.col.valid']}</p>
                  <p className="font-semibold tabular-nums">{formatDecimal(r.valid_bet)}</p>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="overflow-x-auto">
          <table className={`w-full text-sm ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
            <thead>
              <tr className="bg-slate-50 text-left text-slate-600">
                <th scope="col" className="px-2 py-2 font-medium">{t['turnover.col.date']}</th>
                <th scope="col" className="px-2 py-2 font-medium">{t['turnover.col.group']}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t['turnover.col.bets']}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t['turnover.col.valid']}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={`${r.date}|${r.game_type}`} data-testid="record-row">
                  <td className="whitespace-nowrap px-2 py-2 text-slate-600">{r.date}</td>
                  <td className="px-2 py-2">{groupName(r.game_type)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{r.bets}</td>
                  <td className="px-2 py-2 text-right font-semibold tabular-nums">{formatDecimal(r.valid_bet)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-200 bg-slate-50 font-semibold" data-testid="turnover-total">
                <th scope="row" colSpan={3} className="px-2 py-2 text-left">{t['turnover.total_valid']}</th>
                <td className="px-2 py-2 text-right tabular-nums">{formatDecimal(answer!.total_valid_bet)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}

      {rows !== null && total > 0 && (
        <nav className="flex items-center justify-between text-sm" aria-label={fill(t['bets.page'], { page, pages })}>
          <span className="text-slate-500" data-testid="records-total">{fill(t['turnover.rows'], { n: total })}</span>
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

function Progress(props: { t: T; achieved: string; target: string; remaining: string; done: boolean; doneText: string; note?: string }) {
  const { t } = props;
  const pct = props.done ? 100 : percent(props.achieved, props.target);
  return (
    <div className="mt-2 space-y-1 text-sm" data-testid="turnover-progress">
      <div className="h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label={t['turnover.progress']} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className={`h-full ${props.done ? 'bg-emerald-500' : 'bg-brand-600'}`} style={{ width: `${pct}%` }} />
      </div>
      <dl className="grid grid-cols-3 gap-1 text-xs">
        <div><dt className="text-slate-500">{t['turnover.achieved']}</dt><dd className="font-semibold tabular-nums" data-testid="progress-achieved">{formatDecimal(props.achieved)}</dd></div>
        <div><dt className="text-slate-500">{t['turnover.required']}</dt><dd className="font-semibold tabular-nums" data-testid="progress-target">{formatDecimal(props.target)}</dd></div>
        <div><dt className="text-slate-500">{t['turnover.remaining']}</dt><dd className="font-semibold tabular-nums" data-testid="progress-remaining">{formatDecimal(props.remaining)}</dd></div>
      </dl>
      <p className={`text-xs ${props.done ? 'text-emerald-700' : 'text-slate-500'}`}>{props.done ? props.doneText : `${pct}%${props.note ? ` · ${props.note}` : ''}`}</p>
    </div>
  );
}
