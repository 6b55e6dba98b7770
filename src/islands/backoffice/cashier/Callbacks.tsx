// The payment gateway's callbacks as they arrived, valid or not: what finance checks when a player says they
// paid and nothing happened, or when someone sends forged notices.
import { useState } from 'react';
import { cls, fill, formatTime } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { CallbackLogView } from '../../../shared/schemas/backoffice/finance.ts';
import { PAGE_SIZE, SHARED_KEYS, type Callback, type SharedT } from './shared.tsx';

/** Words for every outcome either dialect logs (PayBridge's callbacks and the AIO format's notices). */
const OUTCOME_KEYS = [
  'bo.cb.outcome.credited',
  'bo.cb.outcome.duplicate',
  'bo.cb.outcome.ignored',
  'bo.cb.outcome.failed',
  'bo.cb.outcome.expired',
  'bo.cb.outcome.contradicts_paid',
  'bo.cb.outcome.unknown_order',
  'bo.cb.outcome.amount_mismatch',
  'bo.cb.outcome.forged_or_malformed',
  'bo.cb.outcome.rate_limited',
  'bo.cb.outcome.bad_mac',
  'bo.cb.outcome.wrong_merchant',
  'bo.cb.outcome.malformed',
  'bo.cb.outcome.simulated',
  'bo.cb.outcome.code_issued',
  'bo.cb.outcome.code_failed',
] as const;
/** Words for every state logged: PayBridge's order states, the AIO notices' kinds and the reconciler's query. */
const STATE_KEYS = [
  'bo.cb.state.created',
  'bo.cb.state.paid',
  'bo.cb.state.failed',
  'bo.cb.state.expired',
  'bo.cb.state.info',
  'bo.cb.state.code',
  'bo.cb.state.code_failed',
  'bo.cb.state.simulated',
  'bo.cb.state.query_paid',
] as const;

export const CALLBACKS_KEYS = [
  ...SHARED_KEYS,
  'bo.cb.hint',
  'bo.cb.received',
  'bo.cb.gateway',
  'bo.cb.order',
  'bo.cb.state',
  'bo.cb.signature',
  'bo.cb.signature_ok',
  'bo.cb.signature_bad',
  'bo.cb.all',
  'bo.cb.only_bad',
  'bo.cb.only_ok',
  'bo.cb.outcome',
  'bo.cb.ip',
  'bo.cb.body',
  'bo.cb.order_placeholder',
  'bo.cb.refused_24h',
  'bo.cb.refused_hint',
  'bo.cb.refused_by',
  ...OUTCOME_KEYS,
  ...STATE_KEYS,
] as const;
type T = SharedT & Record<(typeof CALLBACKS_KEYS)[number], string>;

/**
 * A logged outcome or state in words; a code this screen has no words for shows as it is (with the raw code in the
 * cell's title either way, which is what finance quotes to the gateway).
 */
function label(t: T, prefix: 'bo.cb.outcome.' | 'bo.cb.state.', code: string): string {
  return (t as Record<string, string>)[`${prefix}${code}`] ?? code;
}

export function Callbacks({ t, locale }: { t: T; locale: Locale }) {
  const [signature, setSignature] = useState('');
  const [input, setInput] = useState('');
  const [order, setOrder] = useState('');
  const list = useBoData('GET /finance/callbacks', { query: { signature: signature || undefined, order: order || undefined }, pageSize: PAGE_SIZE });
  const result = list.data;
  return (
    <div>
      <p className="mb-4 text-sm text-slate-500">{t['bo.cb.hint']}</p>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <select
          value={signature}
          onChange={(e) => setSignature(e.target.value)}
          aria-label={t['bo.cb.signature']}
          className={cls.input}
          data-testid="filter-signature"
        >
          <option value="">{t['bo.cb.all']}</option>
          <option value="0">{t['bo.cb.only_bad']}</option>
          <option value="1">{t['bo.cb.only_ok']}</option>
        </select>
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setOrder(input.trim());
          }}
        >
          <input
            value={input}
            onChange={(e) => setInput(e.target.value.replace(/[^A-Za-z0-9_-]/g, ''))}
            placeholder={t['bo.cb.order_placeholder']}
            aria-label={t['bo.cb.order']}
            maxLength={40}
            className={`${cls.input} w-64 font-mono`}
            name="order"
          />
          <button type="submit" className={cls.btnGhost}>
            {t['bo.search']}
          </button>
        </form>
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>
          {t['bo.refresh']}
        </button>
      </div>
      {result ? <RefusedFigure t={t} refused={result.refused_24h} /> : null}
      <BoTable
        t={t}
        list={list}
        columns={columns(t, locale)}
        rowKey={(c) => c.id}
        testId="bo-callbacks"
        scroll
        rowTestId="callback-row"
        rowData={(c) => ({ 'data-signature': c.signature_ok ? '1' : '0' })}
        rowClassName={(c) => (c.signature_ok ? '' : 'bg-red-50/60')}
      />
    </div>
  );
}

/** How many callbacks were refused unread over the last day: the table lists only the first of each sender's window. */
function RefusedFigure({ t, refused }: { t: T; refused: CallbackLogView['refused_24h'] }) {
  const gateways = [...new Set(refused.by_gateway.map((r) => r.gateway))];
  const countOf = (gateway: string, outcome: string) => refused.by_gateway.find((r) => r.gateway === gateway && r.outcome === outcome)?.count ?? 0;
  return (
    <div className={`mb-4 rounded border p-3 ${refused.total > 0 ? 'border-red-200 bg-red-50/60' : 'border-slate-200'}`} data-testid="callbacks-refused">
      <div className="flex items-baseline gap-3">
        <span className="text-sm text-slate-600">{t['bo.cb.refused_24h']}</span>
        <span className="text-2xl font-semibold tabular-nums" data-testid="callbacks-refused-total">
          {refused.total}
        </span>
      </div>
      {gateways.map((g) => (
        <div key={g} className="text-xs text-slate-500">
          {fill(t['bo.cb.refused_by'], { gateway: g, forged: countOf(g, 'forged_or_malformed'), limited: countOf(g, 'rate_limited') })}
        </div>
      ))}
      <p className="mt-1 text-xs text-slate-400">{t['bo.cb.refused_hint']}</p>
    </div>
  );
}

function columns(t: T, locale: Locale): Array<BoColumn<Callback, (typeof CALLBACKS_KEYS)[number]>> {
  return [
    {
      key: 'received',
      header: 'bo.cb.received',
      className: 'whitespace-nowrap text-slate-500',
      cell: (c) => (
        <>
          {formatTime(c.received_at, locale)}
          <div className="text-xs text-slate-400">
            {t['bo.cb.gateway']}: {c.gateway}
          </div>
        </>
      ),
    },
    { key: 'order', header: 'bo.cb.order', className: 'whitespace-nowrap font-mono text-xs', cell: (c) => c.order_id || '—' },
    {
      key: 'state',
      header: 'bo.cb.state',
      cell: (c) => (c.state ? <span title={c.state}>{label(t, 'bo.cb.state.', c.state)}</span> : '—'),
    },
    {
      key: 'signature',
      header: 'bo.cb.signature',
      cell: (c) => (
        <span
          className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${c.signature_ok ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}
        >
          {c.signature_ok ? t['bo.cb.signature_ok'] : t['bo.cb.signature_bad']}
        </span>
      ),
    },
    {
      key: 'outcome',
      header: 'bo.cb.outcome',
      className: 'text-xs',
      cell: (c) => (
        <>
          <span title={c.outcome} data-testid="callback-outcome" data-outcome={c.outcome}>
            {label(t, 'bo.cb.outcome.', c.outcome)}
          </span>
          <div className="text-slate-400">
            {t['bo.cb.ip']} {c.ip || '—'}
          </div>
        </>
      ),
    },
    {
      key: 'body',
      header: 'bo.cb.body',
      className: 'w-56 max-w-56',
      cell: (c) => (
        <details className="group">
          <summary className="flex w-56 cursor-pointer list-none gap-1 font-mono text-xs text-slate-600">
            <span className="shrink-0 text-slate-400 group-open:rotate-90" aria-hidden="true">
              ▸
            </span>
            <span className="truncate">{c.body.slice(0, 80)}</span>
          </summary>
          <pre className="mt-2 max-h-60 w-56 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">{c.body}</pre>
        </details>
      ),
    },
  ];
}
