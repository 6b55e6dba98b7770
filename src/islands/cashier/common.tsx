// Pieces the cashier islands share: the error codes it explains, status badges, copy buttons, the
// system settings call, and the amount rules of SPEC.md section 5 on decimal strings (never floats).
import { useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { api } from '../../stores/api.ts';
import { fill } from '../../shared/text.ts';
import { decimalToMinor } from '../../shared/money.ts';
import type { SystemSettings } from '../../shared/settings.ts';
import { issuesToFields } from '../../shared/schemas/auth.ts';
import type { Variant } from '../kit/page.ts';

/** The cashier's screens also stand on a public page ('pub') that links to logging in. */
export type CashierVariant = Variant | 'pub';

/** The API's error codes the cashier explains with the catalogue's own `error.<code>` text. */
export const CASHIER_ERROR_KEYS = [
  'error.generic',
  'error.network',
  'error.forbidden',
  'error.withdraw_disabled',
  'error.withdraw_need_real_name',
  'error.withdraw_need_card',
  'error.withdraw_daily_count',
  'error.withdraw_daily_amount',
  'error.withdraw_turnover',
  'error.insufficient_funds',
  'error.upstream_unavailable',
  'error.rate_limited',
  'error.idempotency_mismatch',
] as const;

/** Runs a shared schema and answers the first message key of each field (translated by the caller). */
export function schemaErrors(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const fields = issuesToFields(result.issues);
  const out: Record<string, string> = {};
  for (const [k, list] of Object.entries(fields)) if (list[0]) out[k] = list[0];
  return out;
}

/** Compares two decimal strings in minor units; undefined when either is not a decimal. */
export function cmpMoney(a: string, b: string): number | undefined {
  const x = decimalToMinor(a);
  const y = decimalToMinor(b);
  if (x === undefined || y === undefined) return undefined;
  return x === y ? 0 : x < y ? -1 : 1;
}

export function isZero(decimal: string): boolean {
  return decimalToMinor(decimal) === 0n;
}

/** A fresh Idempotency-Key for one submit. */
export function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let settingsCall: Promise<SystemSettings> | null = null;
/** GET /api/system/settings once per page. */
export function loadSettings(): Promise<SystemSettings> {
  settingsCall ??= api('GET /system/settings').catch((err) => {
    settingsCall = null;
    throw err;
  });
  return settingsCall;
}

type Tone = 'ok' | 'wait' | 'bad' | 'muted';
const TONES: Record<Tone, string> = {
  ok: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  wait: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  bad: 'bg-red-50 text-red-700 ring-red-600/20',
  muted: 'bg-slate-100 text-slate-600 ring-slate-500/20',
};
export function Badge({ tone, children, testId }: { tone: Tone; children: string; testId?: string }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** Deposit order statuses and the labels of SPEC.md section 4 (manual methods wait for review, not payment). */
export const DEPOSIT_STATUS_KEYS = [
  'cashier.ui.status.pending_payment',
  'cashier.ui.status.not_reviewed',
  'cashier.ui.status.success',
  'cashier.ui.status.third_party_failed',
  'cashier.ui.status.expired',
  'cashier.ui.status.audit_failure',
] as const;
export function depositStatus(status: string, method: string): { key: (typeof DEPOSIT_STATUS_KEYS)[number]; tone: Tone } {
  if (status === 'paid') return { key: 'cashier.ui.status.success', tone: 'ok' };
  if (status === 'failed') return { key: 'cashier.ui.status.third_party_failed', tone: 'bad' };
  if (status === 'expired') return { key: 'cashier.ui.status.expired', tone: 'muted' };
  if (status === 'rejected') return { key: 'cashier.ui.status.audit_failure', tone: 'bad' };
  return method === 'bank_transfer' || method === 'usdt'
    ? { key: 'cashier.ui.status.not_reviewed', tone: 'wait' }
    : { key: 'cashier.ui.status.pending_payment', tone: 'wait' };
}

export const WITHDRAW_STATUS_KEYS = [
  'cashier.ui.wstatus.applying',
  'cashier.ui.wstatus.cancelled',
  'cashier.ui.wstatus.rejected',
  'cashier.ui.wstatus.paid',
] as const;
export function withdrawStatus(status: string): { key: (typeof WITHDRAW_STATUS_KEYS)[number]; tone: Tone } {
  if (status === 'paid') return { key: 'cashier.ui.wstatus.paid', tone: 'ok' };
  if (status === 'cancelled') return { key: 'cashier.ui.wstatus.cancelled', tone: 'muted' };
  if (status === 'rejected') return { key: 'cashier.ui.wstatus.rejected', tone: 'bad' };
  return { key: 'cashier.ui.wstatus.applying', tone: 'wait' };
}

export const METHOD_KEYS = [
  'cashier.ui.method.bank_transfer',
  'cashier.ui.method.card',
  'cashier.ui.method.cvs',
  'cashier.ui.method.online_banking',
  'cashier.ui.method.usdt',
  'cashier.ui.method.atm',
  'cashier.ui.method.barcode',
] as const;
export const methodKey = (m: string) => `cashier.ui.method.${m}` as (typeof METHOD_KEYS)[number];

/** Copies a value; the label turns into the 'copied' text for a moment. */
export function CopyButton({ value, label, copied, testId }: { value: string; label: string; copied: string; testId?: string }) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Without clipboard access (an insecure origin) the text stays selectable on screen.
      return;
    }
    setDone(true);
    setTimeout(() => setDone(false), 1500);
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="shrink-0 rounded border border-brand-600 px-2 py-0.5 text-xs text-brand-600 hover:bg-brand-50"
      data-testid={testId}
      aria-label={`${label} ${value}`}
    >
      {done ? copied : label}
    </button>
  );
}

/** A labelled row of facts (label left, value right). */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right font-medium text-slate-800" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Previous / next paging with the total, for record lists. */
export function Pager({
  t,
  page,
  pages,
  total,
  busy,
  go,
}: {
  t: Record<'cashier.ui.prev' | 'cashier.ui.next' | 'cashier.ui.page' | 'cashier.ui.total', string>;
  page: number;
  pages: number;
  total: number;
  busy: boolean;
  go: (p: number) => void;
}) {
  return (
    <nav className="flex items-center justify-between text-sm" aria-label={fill(t['cashier.ui.page'], { page, pages })}>
      <span className="text-slate-500">{fill(t['cashier.ui.total'], { n: total })}</span>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="btn-secondary h-8 px-3 disabled:opacity-50"
          disabled={page <= 1 || busy}
          onClick={() => go(page - 1)}
          data-testid="pager-prev"
        >
          {t['cashier.ui.prev']}
        </button>
        <span data-testid="pager-page">{fill(t['cashier.ui.page'], { page, pages })}</span>
        <button
          type="button"
          className="btn-secondary h-8 px-3 disabled:opacity-50"
          disabled={page >= pages || busy}
          onClick={() => go(page + 1)}
          data-testid="pager-next"
        >
          {t['cashier.ui.next']}
        </button>
      </div>
    </nav>
  );
}
