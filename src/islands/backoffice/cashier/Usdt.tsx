// The finance desk's USDT tab: the rate and minimum finance sets (a new rate applies to transfers seen from then on),
// the chain watcher's state (how far it has read, whether it is behind), and every transfer it saw reach a deposit
// address with its outcome: confirming, credited, below the minimum, another token, or gone from the chain (reorged).
import { useEffect, useState } from 'react';
import { boApi } from '../kit/api.ts';
import { Banner, cls, fill, formatTime } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { Field, NoticeBanner, fieldError, useBoAction } from '../kit/form.tsx';
import { Money } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { UsdtDeskView, UsdtTransferPageView } from '../../../shared/schemas/usdt.ts';
import { USDT_TRANSFER_OUTCOME, statusValues } from '../../../shared/statuses.ts';
import { PAGE_SIZE, PlayerCell, SHARED_KEYS, type SharedT } from './shared.tsx';

const OUTCOMES = statusValues(USDT_TRANSFER_OUTCOME);
type Row = UsdtTransferPageView['data'][number];

export const USDT_KEYS = [
  ...SHARED_KEYS,
  'bo.usdt.rate_title',
  'bo.usdt.rate',
  'bo.usdt.min_usdt',
  'bo.usdt.min_amount',
  'bo.usdt.rate_none',
  'bo.usdt.rate_set_at',
  'bo.usdt.save_rate',
  'bo.usdt.rate_saved',
  'bo.usdt.rate_rule',
  'bo.usdt.watcher',
  'bo.usdt.not_configured',
  'bo.usdt.solid_block',
  'bo.usdt.head',
  'bo.usdt.updated_at',
  'bo.usdt.overdue',
  'bo.usdt.never_ran',
  'bo.usdt.transfers',
  'bo.usdt.outcome',
  'bo.usdt.all_outcomes',
  'bo.usdt.detected',
  'bo.usdt.tx',
  'bo.usdt.usdt',
  'bo.usdt.amount',
  'bo.usdt.at_rate',
  'bo.usdt.confirmations',
  'bo.usdt.contract',
  'bo.usdt.from',
  'bo.usdt.block',
  ...OUTCOMES.map((o) => `bo.usdt.outcome.${o}` as const),
] as const;
type T = SharedT & Record<(typeof USDT_KEYS)[number], string>;

const TONE: Record<string, string> = {
  confirming: 'bg-amber-50 text-amber-800',
  credited: 'bg-emerald-50 text-emerald-700',
  below_minimum: 'bg-red-50 text-red-700',
  unknown_contract: 'bg-red-50 text-red-700',
  reorged: 'bg-slate-100 text-slate-600',
};

export function Usdt({ t, locale, canManage }: { t: T; locale: Locale; canManage: boolean }) {
  const desk = useBoData('GET /finance/usdt');
  const [outcome, setOutcome] = useState('');
  const list = useBoData('GET /finance/usdt/transfers', { query: { outcome: outcome || undefined }, pageSize: PAGE_SIZE });
  return (
    <div className="space-y-6">
      {desk.data && <Status t={t} locale={locale} desk={desk.data} />}
      {desk.data && <RateForm t={t} locale={locale} desk={desk.data} canManage={canManage} onSaved={() => void desk.reload()} />}
      <section>
        <h3 className="mb-3 font-semibold text-slate-800">{t['bo.usdt.transfers']}</h3>
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <select
            value={outcome}
            onChange={(e) => setOutcome(e.target.value)}
            aria-label={t['bo.usdt.outcome']}
            className={cls.input}
            data-testid="filter-outcome"
          >
            <option value="">{t['bo.usdt.all_outcomes']}</option>
            {OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {t[`bo.usdt.outcome.${o}`]} {desk.data?.counts[o] !== undefined ? `(${desk.data.counts[o]})` : ''}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={cls.btnGhost}
            onClick={() => {
              void list.reload();
              void desk.reload();
            }}
            disabled={list.loading}
          >
            {t['bo.refresh']}
          </button>
        </div>
        <BoTable
          t={t}
          list={list}
          columns={columns(t, locale)}
          rowKey={(r) => r.id}
          testId="bo-usdt-transfers"
          scroll
          rowTestId="usdt-row"
          rowData={(r) => ({ 'data-outcome': r.outcome, 'data-txid': r.txid })}
        />
      </section>
    </div>
  );
}

function Status({ t, locale, desk }: { t: T; locale: Locale; desk: UsdtDeskView }) {
  const w = desk.watcher;
  return (
    <section className="rounded border border-slate-200 p-4" data-testid="usdt-watcher">
      <h3 className="mb-2 font-semibold text-slate-800">{t['bo.usdt.watcher']}</h3>
      {!desk.configured && <Banner kind="error">{t['bo.usdt.not_configured']}</Banner>}
      {w.solid_block === null ? (
        <p className="text-sm text-slate-500">{t['bo.usdt.never_ran']}</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-600">
          <li>{fill(t['bo.usdt.solid_block'], { block: w.solid_block, chain: w.chain_solid ?? '—' })}</li>
          <li>{fill(t['bo.usdt.head'], { block: w.head ?? '—' })}</li>
          <li>{fill(t['bo.usdt.updated_at'], { time: formatTime(w.updated_at, locale) })}</li>
          <li className="font-mono text-xs text-slate-400">
            {t['bo.usdt.contract']} {desk.contract}
          </li>
        </ul>
      )}
      {w.overdue > 0 && (
        <div className="mt-2">
          <Banner kind="error">{fill(t['bo.usdt.overdue'], { n: w.overdue })}</Banner>
        </div>
      )}
    </section>
  );
}

function RateForm({ t, locale, desk, canManage, onSaved }: { t: T; locale: Locale; desk: UsdtDeskView; canManage: boolean; onSaved: () => void }) {
  const [rate, setRate] = useState(desk.rate?.rate ?? '');
  const [min, setMin] = useState(desk.rate?.min_usdt ?? '');
  useEffect(() => {
    setRate(desk.rate?.rate ?? '');
    setMin(desk.rate?.min_usdt ?? '');
  }, [desk.rate?.set_at]);
  const action = useBoAction(t);
  const save = async () => {
    const saved = await action.run(
      () => boApi('PUT /finance/usdt/rate', { body: { rate: rate.trim(), min_usdt: min.trim() } }),
      (r) => fill(t['bo.usdt.rate_saved'], { rate: r.rate, min: r.min_usdt }),
      ['rate', 'min_usdt'],
    );
    if (saved) onSaved();
  };
  return (
    <section className="rounded border border-slate-200 p-4" data-testid="usdt-rate">
      <h3 className="mb-1 font-semibold text-slate-800">{t['bo.usdt.rate_title']}</h3>
      <p className="mb-3 text-xs text-slate-500">{t['bo.usdt.rate_rule']}</p>
      {desk.rate ? (
        <p className="mb-3 text-sm text-slate-600" data-testid="usdt-rate-current">
          1 USDT = <strong>{desk.rate.rate}</strong> TWD · {t['bo.usdt.min_usdt']} <strong>{desk.rate.min_usdt}</strong> (
          {fill(t['bo.usdt.min_amount'], { amount: desk.rate.min_amount })}) · {fill(t['bo.usdt.rate_set_at'], { time: formatTime(desk.rate.set_at, locale) })}
        </p>
      ) : (
        <Banner kind="error">{t['bo.usdt.rate_none']}</Banner>
      )}
      {canManage && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Field label={t['bo.usdt.rate']} error={fieldError(action.failure, 'rate')}>
            <input className={`${cls.input} w-40`} inputMode="decimal" maxLength={12} value={rate} onChange={(e) => setRate(e.target.value)} name="rate" />
          </Field>
          <Field label={t['bo.usdt.min_usdt']} error={fieldError(action.failure, 'min_usdt')}>
            <input className={`${cls.input} w-40`} inputMode="decimal" maxLength={20} value={min} onChange={(e) => setMin(e.target.value)} name="min_usdt" />
          </Field>
          <button type="submit" className={cls.btn} disabled={action.busy} data-testid="usdt-rate-save">
            {t['bo.usdt.save_rate']}
          </button>
        </form>
      )}
      <div className="mt-3">
        <NoticeBanner notice={action.notice} testId="usdt-rate-notice" />
      </div>
    </section>
  );
}

function columns(t: T, locale: Locale): Array<BoColumn<Row, (typeof USDT_KEYS)[number]>> {
  return [
    { key: 'detected', header: 'bo.usdt.detected', className: 'whitespace-nowrap text-slate-500', cell: (r) => formatTime(r.detected_at, locale) },
    { key: 'account', header: 'bo.fin.account', cell: (r) => <PlayerCell locale={locale} id={r.player_id} account={r.account} realName="" /> },
    {
      key: 'usdt',
      header: 'bo.usdt.usdt',
      align: 'right',
      cell: (r) => (
        <>
          <span className="font-semibold tabular-nums">{r.usdt}</span>
          {r.outcome === 'unknown_contract' && <div className="max-w-40 truncate font-mono text-xs text-slate-400">{r.contract}</div>}
        </>
      ),
    },
    {
      key: 'amount',
      header: 'bo.usdt.amount',
      align: 'right',
      cell: (r) =>
        r.amount === null ? (
          '—'
        ) : (
          <>
            <Money value={r.amount} />
            <div className="text-xs text-slate-500">{fill(t['bo.usdt.at_rate'], { rate: r.rate ?? '—' })}</div>
          </>
        ),
    },
    {
      key: 'outcome',
      header: 'bo.usdt.outcome',
      cell: (r) => (
        <>
          <span className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${TONE[r.outcome] ?? ''}`}>
            {t[`bo.usdt.outcome.${r.outcome}`]}
          </span>
          {r.outcome === 'confirming' && <div className="mt-0.5 text-xs text-slate-500">{fill(t['bo.usdt.confirmations'], { n: r.confirmations })}</div>}
        </>
      ),
    },
    {
      key: 'tx',
      header: 'bo.usdt.tx',
      className: 'max-w-64 text-xs text-slate-600',
      cell: (r) => (
        <>
          <div className="truncate font-mono" title={r.txid}>
            {r.txid}
            {r.event_index ? `:${r.event_index}` : ''}
          </div>
          <div className="truncate text-slate-400">
            {t['bo.usdt.from']} <span className="font-mono">{r.from}</span> · {t['bo.usdt.block']} {r.block}
          </div>
        </>
      ),
    },
  ];
}
