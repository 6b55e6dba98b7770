// The code a player pays a gateway order with, as the gateway issued it: an ATM virtual account with its bank, a
// convenience-store payment code, or the three barcodes a store counter scans (drawn as CODE39 images), each with a
// copy button and the time it expires beside it. Shown on the deposit order page, on desktop and phone.
import { useEffect, useRef } from 'react';
import JsBarcode from 'jsbarcode';
import type { DepositView } from '../../shared/schemas/cashier.ts';
import { CopyButton } from './common.tsx';
import { taipeiDateTime } from '../kit/dates.ts';
import { fill } from '../../shared/text.ts';

export const PAYMENT_CODE_KEYS = [
  'cashier.ui.cvs_code',
  'cashier.ui.atm_bank',
  'cashier.ui.atm_account',
  'cashier.ui.barcode_n',
  'cashier.ui.code_expires',
  'cashier.ui.copy',
  'cashier.ui.copied',
] as const;
type T = Record<(typeof PAYMENT_CODE_KEYS)[number], string>;

/** Whether an order carries a code to show. */
export function hasPaymentCode(d: DepositView): boolean {
  return !!d.payment_code || !!d.barcodes?.length;
}

/** One barcode, drawn as a CODE39 image the store's scanner reads from the screen. */
function Barcode({ value, label }: { value: string; label: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    try {
      JsBarcode(ref.current, value, { format: 'CODE39', displayValue: false, height: 56, width: 1.6, margin: 6 });
    } catch {
      // A value CODE39 cannot draw keeps its text below, which a cashier can type in.
    }
  }, [value]);
  return <svg ref={ref} role="img" aria-label={label} className="mx-auto h-16 max-w-full bg-white" data-testid="barcode-image" />;
}

function CodeLine({ label, value, t, testId }: { label: string; value: string; t: T; testId: string }) {
  return (
    <div className="py-2">
      <p className="text-xs text-slate-500">{label}</p>
      <div className="mt-1 flex flex-wrap items-center justify-center gap-2">
        <span className="select-all break-all font-mono text-xl font-bold tracking-widest text-brand-800" data-testid={testId}>
          {value}
        </span>
        <CopyButton value={value} label={t['cashier.ui.copy']} copied={t['cashier.ui.copied']} testId={`${testId}-copy`} />
      </div>
    </div>
  );
}

export function PaymentCode({ data, t }: { data: DepositView; t: T }) {
  const expires = data.expires_at ? fill(t['cashier.ui.code_expires'], { time: taipeiDateTime(data.expires_at) }) : '';
  return (
    <div className="mb-4 rounded-lg border-2 border-dashed border-gold-500 bg-gold-300/10 p-4 text-center" data-testid="payment-code">
      {data.method === 'atm' && data.payment_bank && <CodeLine label={t['cashier.ui.atm_bank']} value={data.payment_bank} t={t} testId="atm-bank" />}
      {data.method === 'atm' && data.payment_code && <CodeLine label={t['cashier.ui.atm_account']} value={data.payment_code} t={t} testId="atm-account" />}
      {data.method === 'cvs' && data.payment_code && <CodeLine label={t['cashier.ui.cvs_code']} value={data.payment_code} t={t} testId="cvs-code" />}
      {data.method === 'barcode' &&
        (data.barcodes ?? []).map((b, i) => {
          const label = fill(t['cashier.ui.barcode_n'], { n: String(i + 1) });
          return (
            <div key={i} className="border-b border-gold-300/60 py-2 last:border-0">
              <Barcode value={b} label={label} />
              <CodeLine label={label} value={b} t={t} testId={`barcode-${i + 1}`} />
            </div>
          );
        })}
      {expires && (
        <p className="mt-2 text-sm font-semibold text-red-700" data-testid="code-expires">
          {expires}
        </p>
      )}
    </div>
  );
}
