// The payment gateway's callbacks as they arrived, valid or not: what finance checks when a player says they
// paid and nothing happened, or when someone sends forged notices.
import { useState } from 'react';
import { ListState, Pager, cls, fill, formatTime, usePaged } from '../kit/common.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { CallbackLogView } from '../../../shared/schemas/backoffice/finance.ts';
import { PAGE_SIZE, SHARED_KEYS, type Callback, type SharedT } from './shared.tsx';

export const CALLBACKS_KEYS = [
  ...SHARED_KEYS,
  'bo.cb.hint', 'bo.cb.received', 'bo.cb.gateway', 'bo.cb.order', 'bo.cb.state', 'bo.cb.signature', 'bo.cb.signature_ok', 'bo.cb.signature_bad',
  'bo.cb.all', 'bo.cb.only_bad', 'bo.cb.only_ok', 'bo.cb.outcome', 'bo.cb.ip', 'bo.cb.body', 'bo.cb.order_placeholder',
  'bo.cb.refused_24h', 'bo.cb.refused_hint', 'bo.cb.refused_by',
] as const;
type T = SharedT & Record<(typeof CALLBACKS_KEYS)[number], string>;

export function Callbacks({ t, locale }: { t: T; locale: Locale }) {
  const [signature, setSignature] = useState('');
  const [input, setInput] = useState('');
  const [order, setOrder] = useState('');
  const list = usePaged<Callback, CallbackLogView>('/finance/callbacks', { signature: signature || undefined, order: order || undefined }, PAGE_SIZE);
  const result = list.result;
  return (
    <div>
      <p className="mb-4 text-sm text-slate-500">{t['bo.cb.hint']}</p>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <select value={signature} onChange={(e) => setSignature(e.target.value)} aria-label={t['bo.cb.signature']} className={cls.input} data-testid="filter-signature">
          <option value="">{t['bo.cb.all']}</option>
          <option value="0">{t['bo.cb.only_bad']}</option>
          <option value="1">{t['bo.cb.only_ok']}</option>
        </select>
        <form className="flex items-center gap-2" onSubmit={(e) => { e.preventDefault(); setOrder(input.trim()); }}>
          <input value={input} onChange={(e) => setInput(e.target.value.replace(/[^A-Za-z0-9_-]/g, ''))} placeholder={t['bo.cb.order_placeholder']}
            aria-label={t['bo.cb.order']} maxLength={40} className={`${cls.input} w-64 font-mono`} name="order" />
          <button type="submit" className={cls.btnGhost}>{t['bo.search']}</button>
        </form>
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>{t['bo.refresh']}</button>
      </div>
      {result ? <RefusedFigure t={t} refused={result.refused_24h} /> : null}
      <ListState t={t} {...list.state}>
        {result && <div className="overflow-x-auto">
          <table className={cls.table} data-testid="bo-callbacks">
            <thead>
              <tr>
                <th className={cls.th}>{t['bo.cb.received']}</th>
                <th className={cls.th}>{t['bo.cb.order']}</th>
                <th className={cls.th}>{t['bo.cb.state']}</th>
                <th className={cls.th}>{t['bo.cb.signature']}</th>
                <th className={cls.th}>{t['bo.cb.outcome']}</th>
                <th className={cls.th}>{t['bo.cb.body']}</th>
              </tr>
            </thead>
            <tbody>
              {result.data.map((c) => (
                <tr key={c.id} data-testid="callback-row" data-signature={c.signature_ok ? '1' : '0'} className={c.signature_ok ? '' : 'bg-red-50/60'}>
                  <td className={`${cls.td} whitespace-nowrap text-slate-500`}>
                    {formatTime(c.received_at, locale)}
                    <div className="text-xs text-slate-400">{t['bo.cb.gateway']}: {c.gateway}</div>
                  </td>
                  <td className={`${cls.td} whitespace-nowrap font-mono text-xs`}>{c.order_id || '—'}</td>
                  <td className={cls.td}>{c.state || '—'}</td>
                  <td className={cls.td}>
                    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${c.signature_ok ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}>
                      {c.signature_ok ? t['bo.cb.signature_ok'] : t['bo.cb.signature_bad']}
                    </span>
                  </td>
                  <td className={`${cls.td} font-mono text-xs`}>
                    {c.outcome}
                    <div className="text-slate-400">{t['bo.cb.ip']} {c.ip || '—'}</div>
                  </td>
                  <td className={`${cls.td} w-56 max-w-56`}>
                    <details className="group">
                      <summary className="flex w-56 cursor-pointer list-none gap-1 font-mono text-xs text-slate-600">
                        <span className="shrink-0 text-slate-400 group-open:rotate-90" aria-hidden="true">▸</span>
                        <span className="truncate">{c.body.slice(0, 80)}</span>
                      </summary>
                      <pre className="mt-2 max-h-60 w-56 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">{c.body}</pre>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>}
      </ListState>
      {result && result.total > PAGE_SIZE && <Pager t={t} page={list.page} total={result.total} pageSize={PAGE_SIZE} onPage={list.go} />}
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
        <span className="text-2xl font-semibold tabular-nums" data-testid="callbacks-refused-total">{refused.total}</span>
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
