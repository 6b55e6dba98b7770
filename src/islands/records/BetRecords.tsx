// Bet records (desktop /member/bet-record, mobile /mobile/f-bet-record/bet-record): GET /api/players/bet/records
// by platform and wallet over a date range of the last 30 days (quick ranges today, yesterday, last 7 and last
// 30 days; start dates from 00:00:00 and end dates to 23:59:59 Asia/Taipei), 10 to a page, with the totals of
// the whole query.
import { fill } from '../../shared/text.ts';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import { failureText } from '../../stores/wallet.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';
import { DateRangeForm, quickRange, rangeLabels, useDateRange } from '../common/DateRangeForm.tsx';
import { RecordTable, type RecordColumn } from '../common/RecordTable.tsx';
import { usePagedRecords } from '../common/usePagedRecords.ts';
import { $platforms, loadPlatforms } from '../lobby/platforms.ts';
import type { BetRecordsView, BetRowView } from '../../shared/schemas/bets.ts';

export const BET_RECORDS_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  'ux.login.bets',
  'bets.platform',
  'bets.all_platforms',
  'bets.wallet',
  'bets.all_wallets',
  'bets.central',
  'bets.quick',
  'bets.range.today',
  'bets.range.yesterday',
  'bets.range.last7',
  'bets.range.last30',
  'bets.date_start',
  'bets.date_end',
  'bets.search',
  'bets.limit_note',
  'bets.range_invalid',
  'bets.col.time',
  'bets.col.bet_id',
  'bets.col.platform',
  'bets.col.game',
  'bets.col.stake',
  'bets.col.valid',
  'bets.col.payout',
  'bets.col.win_loss',
  'bets.col.status',
  'bets.status.open',
  'bets.status.settled',
  'bets.status.void',
  'bets.totals',
  'bets.empty',
  'bets.loading',
  'bets.prev',
  'bets.next',
  'bets.page',
  'bets.total',
  'error.generic',
  'error.network',
  'records.retry',
] as const;
type T = Record<(typeof BET_RECORDS_KEYS)[number], string>;

/** The submitted search: a day range of the last 30 days, a platform code and a wallet ('' for all). */
interface Filters {
  start: string;
  end: string;
  code: string;
  wallet: string;
}

export default function BetRecords({ t, locale, variant }: { t: T; locale: Locale; variant: Variant }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const platforms = useStore($platforms, { ssr: 'initial' });
  const range = useDateRange('today');
  const [code, setCode] = useState('');
  const [wallet, setWallet] = useState('');
  const [gameNames, setGameNames] = useState<Map<string, string>>(new Map());
  const records = usePagedRecords<BetRecordsView, Filters>(
    ({ filters: f, page, pageSize, signal }) =>
      api('GET /players/bet/records', {
        query: { start: `${f.start} 00:00:00`, end: `${f.end} 23:59:59`, page, pageSize, code: f.code || undefined, wallet_id: f.wallet || undefined },
        signal,
      }),
    { errorText: (err) => failureText(err, t['error.generic']) },
  );
  const signedIn = !!user;

  useEffect(() => {
    if (!signedIn) return;
    records.search({ ...quickRange('today'), code: '', wallet: '' });
    void loadPlatforms();
    api('GET /games/list', { query: { lang: locale === 'en' ? 'en' : 'cn' } })
      .then((list) => setGameNames(new Map(list.map((g) => [`${g.code}|${g.game_code}`, g.name]))))
      .catch(() => undefined);
  }, [signedIn]);

  if (!ready) return <Spinner label={t['bets.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} message={t['ux.login.bets']} />;

  // One entry per platform code: a provider serving several groups has one wallet and one set of records.
  const platformNames = new Map<string, string>();
  for (const p of platforms ?? []) if (!platformNames.has(p.gp_code)) platformNames.set(p.gp_code, p.name);
  const bonusWallets = user.player_bonus_wallet ?? [];
  const walletName = (id: number) => (id ? (bonusWallets.find((w) => w.id === id)?.name ?? `#${id}`) : t['bets.central']);
  const gameName = (r: BetRowView) => gameNames.get(`${r.code}|${r.game}`) ?? r.game;
  const platformName = (r: BetRowView) => platformNames.get(r.code) ?? r.code;

  const statusClass = (s: BetRowView['status']) => (s === 'settled' ? 'text-emerald-700' : s === 'open' ? 'text-amber-700' : 'text-slate-500');
  const moneyClass = (v: string) => (v.startsWith('-') ? 'text-red-700' : Number(v) > 0 ? 'text-emerald-700' : 'text-slate-700');
  const totals = records.answer?.totals;
  const money =
    (key: 'stake' | 'valid_bet' | 'payout'): RecordColumn<BetRowView, keyof T>['cell'] =>
    (r) =>
      formatDecimal(r[key]);

  const columns: Array<RecordColumn<BetRowView, keyof T>> = [
    { key: 'time', header: 'bets.col.time', className: 'whitespace-nowrap text-slate-600', cell: (r) => taipeiDateTime(r.placed_at) },
    {
      key: 'bet_id',
      header: 'bets.col.bet_id',
      className: 'max-w-[9rem] truncate font-mono text-xs text-slate-500',
      title: (r) => r.bet_id,
      cell: (r) => r.bet_id,
    },
    { key: 'platform', header: 'bets.col.platform', cell: platformName },
    { key: 'game', header: 'bets.col.game', cell: gameName },
    {
      key: 'stake',
      header: 'bets.col.stake',
      align: 'right',
      className: 'tabular-nums',
      cell: money('stake'),
      total: totals && { value: formatDecimal(totals.stake), testId: 'total-stake' },
    },
    {
      key: 'valid',
      header: 'bets.col.valid',
      align: 'right',
      className: 'tabular-nums',
      cell: money('valid_bet'),
      total: totals && { value: formatDecimal(totals.valid_bet) },
    },
    {
      key: 'payout',
      header: 'bets.col.payout',
      align: 'right',
      className: 'tabular-nums',
      cell: money('payout'),
      total: totals && { value: formatDecimal(totals.payout) },
    },
    {
      key: 'win_loss',
      header: 'bets.col.win_loss',
      align: 'right',
      className: (r) => `font-semibold tabular-nums ${moneyClass(r.win_loss)}`,
      cell: (r) => formatDecimal(r.win_loss),
      total: totals && { value: formatDecimal(totals.win_loss), className: moneyClass(totals.win_loss) },
    },
    {
      key: 'status',
      header: 'bets.col.status',
      align: 'right',
      className: (r) => `font-semibold ${statusClass(r.status)}`,
      testId: 'record-status',
      cell: (r) => t[`bets.status.${r.status}`],
    },
  ];

  return (
    <div data-testid="bet-records" className="space-y-4">
      <DateRangeForm
        range={range}
        labels={rangeLabels(t, 'bets', t['bets.limit_note'])}
        variant={variant}
        busy={records.loading}
        layout="grid"
        desktopGrid="grid-cols-[1fr_1fr_1fr_1fr_auto]"
        names={{ start: 'start', end: 'end' }}
        onSearch={(days) => records.search({ ...days, code, wallet })}
      >
        <label className="min-w-0">
          <span className="field-label">{t['bets.platform']}</span>
          <select name="code" className="field-input" value={code} onChange={(e) => setCode(e.target.value)} data-testid="filter-platform">
            <option value="">{t['bets.all_platforms']}</option>
            {[...platformNames].map(([c, name]) => (
              <option key={c} value={c}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0">
          <span className="field-label">{t['bets.wallet']}</span>
          <select name="wallet_id" className="field-input" value={wallet} onChange={(e) => setWallet(e.target.value)} data-testid="filter-wallet">
            <option value="">{t['bets.all_wallets']}</option>
            <option value="0">{t['bets.central']}</option>
            {bonusWallets.map((w) => (
              <option key={w.id} value={String(w.id)}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
      </DateRangeForm>

      <RecordTable
        t={t}
        paging={records}
        variant={variant}
        rowKey={(r) => r.id}
        columns={columns}
        compact
        texts={{
          loading: 'bets.loading',
          empty: 'bets.empty',
          prev: 'bets.prev',
          next: 'bets.next',
          page: 'bets.page',
          total: 'bets.total',
          retry: 'records.retry',
        }}
        totals={{
          label: (
            <>
              {t['bets.totals']} ({fill(t['bets.total'], { n: records.total })})
            </>
          ),
          testId: 'records-totals',
        }}
        summary={totals && <Summary t={t} totals={totals} total={records.total} />}
        card={(r) => (
          <>
            <div className="flex justify-between gap-2">
              <span className="truncate font-semibold">
                {platformName(r)} · {gameName(r)}
              </span>
              <span className={`shrink-0 font-semibold ${statusClass(r.status)}`} data-testid="record-status">
                {t[`bets.status.${r.status}`]}
              </span>
            </div>
            <dl className="mt-2 grid grid-cols-3 gap-1 text-xs">
              <div>
                <dt className="text-slate-500">{t['bets.col.stake']}</dt>
                <dd className="font-semibold">{formatDecimal(r.stake)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t['bets.col.valid']}</dt>
                <dd className="font-semibold">{formatDecimal(r.valid_bet)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t['bets.col.win_loss']}</dt>
                <dd className={`font-semibold ${moneyClass(r.win_loss)}`}>{formatDecimal(r.win_loss)}</dd>
              </div>
            </dl>
            <p className="mt-2 flex justify-between gap-2 text-xs text-slate-500">
              <span>{taipeiDateTime(r.placed_at)}</span>
              <span className="truncate">{walletName(r.wallet_id)}</span>
            </p>
            <p className="mt-0.5 truncate text-[11px] text-slate-500">
              {t['bets.col.bet_id']}: {r.bet_id}
            </p>
          </>
        )}
      />
    </div>
  );
}

function Summary({ t, totals, total }: { t: T; totals: BetRecordsView['totals']; total: number }) {
  const cell = (label: string, value: string, testId?: string) => (
    <div>
      <dt className="text-slate-300">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {formatDecimal(value)}
      </dd>
    </div>
  );
  return (
    <div className="rounded-lg bg-brand-700 p-3 text-sm text-white shadow-sm" data-testid="records-totals">
      <p className="font-semibold text-gold-300">
        {t['bets.totals']} · {fill(t['bets.total'], { n: total })}
      </p>
      <dl className="mt-2 grid grid-cols-4 gap-1 text-xs">
        {cell(t['bets.col.stake'], totals.stake, 'total-stake')}
        {cell(t['bets.col.valid'], totals.valid_bet)}
        {cell(t['bets.col.payout'], totals.payout)}
        {cell(t['bets.col.win_loss'], totals.win_loss)}
      </dl>
    </div>
  );
}
