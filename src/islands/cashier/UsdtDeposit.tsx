// USDT on TRON in the deposit form: the player's own deposit address with its QR code (drawn by the server, so this
// island carries no encoder), the minimum and the rate, and the transfers the chain watcher saw reach it. The
// usdt-deposit event moves a transfer's confirmations and outcome as blocks come; a credit refreshes the list and the
// balance (deposit-success, handled by the session).
import { useEffect } from 'react';
import { api } from '../../stores/api.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { formatDecimal } from '../../shared/money.ts';
import { fill } from '../../shared/text.ts';
import type { UsdtTransferView } from '../../shared/schemas/usdt.ts';
import { Badge, CopyButton, type CashierVariant } from './common.tsx';
import { ErrorBox, Spinner } from '../kit/status.tsx';
import { useCall } from '../kit/calls.ts';
import { taipeiDateTime } from '../kit/dates.ts';

export const USDT_DEPOSIT_KEYS = [
  'cashier.ui.usdt_title',
  'cashier.ui.usdt_only_trc20',
  'cashier.ui.usdt_min',
  'cashier.ui.usdt_rate',
  'cashier.ui.usdt_rule',
  'cashier.ui.usdt_qr_alt',
  'cashier.ui.usdt_transfers',
  'cashier.ui.usdt_none',
  'cashier.ui.usdt_confirmations',
  'cashier.ui.usdt_credit',
  'cashier.ui.usdt_tx',
  'cashier.ui.usdt_network',
  'cashier.ui.copy',
  'cashier.ui.copied',
  'cashier.ui.loading',
  'cashier.ui.retry',
  'cashier.usdt.outcome.confirming',
  'cashier.usdt.outcome.credited',
  'cashier.usdt.outcome.below_minimum',
  'cashier.usdt.outcome.unknown_contract',
  'cashier.usdt.outcome.reorged',
] as const;
type T = Record<(typeof USDT_DEPOSIT_KEYS)[number] | 'error.network' | 'error.generic', string>;

const TONE = { confirming: 'wait', credited: 'ok', below_minimum: 'bad', unknown_contract: 'bad', reorged: 'muted' } as const;

/** What a usdt-deposit event carries. */
interface Seen {
  txid?: unknown;
  outcome?: unknown;
  confirmations?: unknown;
}

export function UsdtDeposit({ t, variant }: { t: T; variant: CashierVariant }) {
  const info = useCall(() => api('GET /finance/deposit/usdt'), [], t);
  const { data, setData, reload } = info;

  useEffect(() => {
    const moved = (payload: unknown) => {
      const p = (payload ?? {}) as Seen;
      const known = data?.transfers.find((x) => x.txid === p.txid);
      // A new transfer, or one whose outcome changed: read the list again; a confirmation more is written in place.
      if (!known || known.outcome !== p.outcome || typeof p.confirmations !== 'number') return reload();
      const confirmations = p.confirmations;
      setData((d) => d && { ...d, transfers: d.transfers.map((x) => (x.txid === p.txid ? { ...x, confirmations } : x)) });
    };
    const offs = [onRealtime('usdt-deposit', moved), onRealtime('deposit-success', reload), onRealtime('deposit-fail', reload)];
    return () => offs.forEach((off) => off());
  }, [data]);

  if (info.error && !data) return <ErrorBox message={info.error} retry={reload} retryLabel={t['cashier.ui.retry']} />;
  if (!data) return <Spinner label={t['cashier.ui.loading']} />;
  const panel = variant === 'desktop' ? 'rounded-lg border border-slate-200 p-4' : 'rounded-lg bg-white p-4 shadow-sm';
  return (
    <div className="space-y-4">
      <section className={panel} data-testid="usdt-address" aria-label={t['cashier.ui.usdt_title']}>
        <h2 className="mb-3 font-semibold text-brand-700">{t['cashier.ui.usdt_title']}</h2>
        <div className={`flex gap-4 ${variant === 'desktop' ? 'flex-row items-start' : 'flex-col items-center'}`}>
          <img
            src={data.qr_data_url}
            alt={t['cashier.ui.usdt_qr_alt']}
            width={176}
            height={176}
            className="shrink-0 rounded border border-slate-200 bg-white"
          />
          <div className="min-w-0 flex-1 space-y-2 self-stretch">
            <div className="flex items-center gap-2 rounded bg-slate-50 p-2">
              <code className="min-w-0 flex-1 break-all text-sm" data-testid="usdt-address-text">
                {data.address}
              </code>
              <CopyButton value={data.address} label={t['cashier.ui.copy']} copied={t['cashier.ui.copied']} />
            </div>
            <p className="text-sm text-slate-600">
              {t['cashier.ui.usdt_network']}: <strong>{data.network}</strong>
            </p>
            <p className="text-sm font-semibold text-brand-800" data-testid="usdt-min">
              {fill(t['cashier.ui.usdt_min'], { usdt: data.min_usdt, amount: formatDecimal(data.min_amount) })}
            </p>
            <p className="text-sm text-slate-600" data-testid="usdt-rate">
              {fill(t['cashier.ui.usdt_rate'], { rate: data.rate })}
            </p>
          </div>
        </div>
        <p className="mt-3 rounded bg-amber-50 p-2 text-xs text-amber-900">{t['cashier.ui.usdt_only_trc20']}</p>
        <p className="mt-2 text-xs text-slate-500">{fill(t['cashier.ui.usdt_rule'], { n: String(data.confirmations_required) })}</p>
      </section>
      <section className={panel} aria-label={t['cashier.ui.usdt_transfers']} data-testid="usdt-transfers">
        <h2 className="mb-2 font-semibold text-brand-700">{t['cashier.ui.usdt_transfers']}</h2>
        {data.transfers.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-500">{t['cashier.ui.usdt_none']}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.transfers.map((x) => (
              <TransferRow key={`${x.txid}:${x.event_index}`} t={t} x={x} total={data.confirmations_required} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function TransferRow({ t, x, total }: { t: T; x: UsdtTransferView; total: number }) {
  const confirming = x.outcome === 'confirming';
  return (
    <li className="py-3" data-testid="usdt-transfer" data-outcome={x.outcome} data-txid={x.txid}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-brand-800">{x.usdt} USDT</span>
        <Badge tone={TONE[x.outcome]} testId="usdt-transfer-outcome">
          {t[`cashier.usdt.outcome.${x.outcome}`]}
        </Badge>
      </div>
      {confirming && (
        <div className="mt-2" data-testid="usdt-confirmations">
          <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-full bg-gold-500" style={{ width: `${Math.round((100 * x.confirmations) / total)}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-600">{fill(t['cashier.ui.usdt_confirmations'], { n: String(x.confirmations), total: String(total) })}</p>
        </div>
      )}
      {x.amount !== null && x.rate !== null && (x.outcome === 'confirming' || x.outcome === 'credited') && (
        <p className="mt-1 text-xs text-slate-600">{fill(t['cashier.ui.usdt_credit'], { amount: formatDecimal(x.amount), rate: x.rate })}</p>
      )}
      <p className="mt-1 truncate text-xs text-slate-400">
        {t['cashier.ui.usdt_tx']} <span className="font-mono">{x.txid}</span> · {taipeiDateTime(x.detected_at)}
      </p>
    </li>
  );
}
