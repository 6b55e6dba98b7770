// The player's bet records as the providers reported them: by platform and date range (Asia/Taipei days),
// newest first, with the totals of everything the filter matches.
import { useMemo, useState } from 'react';
import { cls, fill, formatTime, type CommonT } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { useBoData } from '../kit/data.ts';
import { EXPORT_BUTTON_KEYS, ExportButton } from '../exports/ExportButton.tsx';
import { Money, labelOf, walletLabel } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { StaffBetView } from '../../../shared/schemas/backoffice/catalogue.ts';
import type { PlatformInfo } from '../players/types.ts';
import { DAY_MS, taipeiDate } from '../../../shared/time.ts';

export const BETS_KEYS = [
  ...EXPORT_BUTTON_KEYS,
  'bo.bets.tab',
  'bo.bets.platform',
  'bo.bets.all_platforms',
  'bo.bets.start',
  'bo.bets.end',
  'bo.bets.apply',
  'bo.bets.placed',
  'bo.bets.game',
  'bo.bets.bet_id',
  'bo.bets.stake',
  'bo.bets.valid',
  'bo.bets.payout',
  'bo.bets.win_loss',
  'bo.bets.status',
  'bo.bets.wallet',
  'bo.bets.settled',
  'bo.bets.totals',
  'bo.bets.status.open',
  'bo.bets.status.settled',
  'bo.bets.status.void',
  'bo.bets.range_error',
  'bo.transfer.central',
  'bo.transfer.bonus',
] as const;
type T = CommonT & Record<(typeof BETS_KEYS)[number], string>;

const PAGE_SIZE = 20;
const taipeiDay = (at: number) => taipeiDate(new Date(at));

const STATUS_TONE: Record<string, string> = {
  open: 'bg-amber-100 text-amber-800',
  settled: 'bg-emerald-100 text-emerald-800',
  void: 'bg-slate-200 text-slate-700',
};

export function Bets({ t, locale, playerId, platforms }: { t: T; locale: Locale; playerId: number; platforms: PlatformInfo[] }) {
  const [form, setForm] = useState(() => ({ code: '', start: taipeiDay(Date.now() - 29 * DAY_MS), end: taipeiDay(Date.now()) }));
  const [query, setQuery] = useState(form);
  const [rangeError, setRangeError] = useState(false);
  const codes = useMemo(() => [...new Map(platforms.map((p) => [p.code, p])).values()], [platforms]);
  const list = useBoData('GET /players/:id/bets', {
    params: { id: playerId },
    query: { code: query.code || undefined, start: query.start || undefined, end: query.end || undefined },
    pageSize: PAGE_SIZE,
  });
  const result = list.data;

  const apply = () => {
    const bad = !!form.start && !!form.end && form.start > form.end;
    setRangeError(bad);
    if (!bad) setQuery(form);
  };

  return (
    <>
      <form
        className="mb-3 flex flex-wrap items-center gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <select
          value={form.code}
          onChange={(e) => setForm({ ...form, code: e.target.value })}
          aria-label={t['bo.bets.platform']}
          className={cls.input}
          data-testid="bets-platform"
        >
          <option value="">{t['bo.bets.all_platforms']}</option>
          {codes.map((p) => (
            <option key={p.code} value={p.code}>
              {p.code} · {locale === 'en' ? p.name_en : p.name}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          {t['bo.bets.start']}
          <input type="date" value={form.start} onChange={(e) => setForm({ ...form, start: e.target.value })} className={cls.input} data-testid="bets-start" />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          {t['bo.bets.end']}
          <input type="date" value={form.end} onChange={(e) => setForm({ ...form, end: e.target.value })} className={cls.input} data-testid="bets-end" />
        </label>
        <button type="submit" className={cls.btn}>
          {t['bo.bets.apply']}
        </button>
        {rangeError && (
          <span className="text-sm text-red-700" role="alert">
            {t['bo.bets.range_error']}
          </span>
        )}
      </form>
      {result && (
        <div className="mb-3 flex flex-wrap gap-x-6 gap-y-1 rounded border border-slate-200 bg-slate-50 px-3 py-2 text-sm" data-testid="bets-totals">
          <span className="font-medium text-slate-600">{fill(t['bo.bets.totals'], { count: result.totals.count })}</span>
          <span>
            {t['bo.bets.stake']} <Money value={result.totals.stake} className="font-semibold" />
          </span>
          <span>
            {t['bo.bets.valid']} <Money value={result.totals.valid_bet} className="font-semibold" />
          </span>
          <span>
            {t['bo.bets.payout']} <Money value={result.totals.payout} className="font-semibold" />
          </span>
        </div>
      )}
      <div className="mb-3">
        <ExportButton t={t} locale={locale} grid="bets" params={{ player: String(playerId), ...query }} />
      </div>
      <BoTable
        t={t}
        list={list}
        columns={columns(t, locale)}
        rowKey={(b) => b.id}
        testId="bo-bets"
        scroll
        rowTestId="bet-row"
        rowData={(b) => ({ 'data-status': b.status })}
      />
    </>
  );
}

function columns(t: T, locale: Locale): Array<BoColumn<StaffBetView, keyof T & string>> {
  return [
    {
      key: 'placed',
      header: 'bo.bets.placed',
      className: 'whitespace-nowrap text-slate-500',
      cell: (b) => (
        <>
          {formatTime(b.placed_at, locale)}
          {b.settled_at && (
            <div className="text-xs text-slate-400">
              {t['bo.bets.settled']} {formatTime(b.settled_at, locale)}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'game',
      header: 'bo.bets.game',
      className: 'whitespace-nowrap',
      cell: (b) => (
        <>
          <span className="font-mono">{b.gp_code}</span> · {b.game}
        </>
      ),
    },
    {
      key: 'bet',
      header: 'bo.bets.bet_id',
      cell: (b) => (
        <span className="whitespace-nowrap font-mono text-xs text-slate-600" title={b.bet_id}>
          {b.bet_id.length > 14 ? `…${b.bet_id.slice(-10)}` : b.bet_id}
        </span>
      ),
    },
    { key: 'stake', header: 'bo.bets.stake', align: 'right', cell: (b) => <Money value={b.stake} /> },
    { key: 'valid', header: 'bo.bets.valid', align: 'right', cell: (b) => <Money value={b.valid_bet} /> },
    { key: 'payout', header: 'bo.bets.payout', align: 'right', cell: (b) => <Money value={b.payout} /> },
    {
      key: 'win_loss',
      header: 'bo.bets.win_loss',
      align: 'right',
      cell: (b) => (b.win_loss === null ? <span className="text-slate-400">—</span> : <Money value={b.win_loss} signed />),
    },
    {
      key: 'status',
      header: 'bo.bets.status',
      cell: (b) => (
        <span
          className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[b.status] ?? 'bg-slate-200 text-slate-700'}`}
        >
          {labelOf(t, `bo.bets.status.${b.status}`, b.status)}
        </span>
      ),
    },
    { key: 'wallet', header: 'bo.bets.wallet', className: 'whitespace-nowrap text-slate-600', cell: (b) => walletLabel(t, b.wallet) },
  ];
}
