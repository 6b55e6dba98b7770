// Pieces the wallet islands share: page set-up, the amount field of both transfer dialogs, wallet rows, the
// login prompt, and Asia/Taipei dates for the records.
import { fill } from '../../shared/text.ts';
import { useEffect, useState } from 'react';
import { configureApi } from '../../stores/api.ts';
import { startSession } from '../../stores/session.ts';
import { $loginDialog } from '../../stores/ui.ts';
import { formatDecimal } from '../../shared/money.ts';
import { acceptAmountInput } from '../../shared/amount.ts';
import { MAINTAIN } from '../../stores/wallet.ts';
import type { Locale } from '../../shared/constants.ts';
import { DAY_MS, taipeiDate, taipeiDateTime as taipeiInstant } from '../../shared/time.ts';

export type Variant = 'desktop' | 'mobile';

/** Points the API client at the page's language before the island's first call, and starts the session. */
export function usePageSetup(locale: Locale, networkText: string): void {
  useState(() => {
    if (typeof window !== 'undefined') configureApi(locale, networkText);
    return true;
  });
  useEffect(() => startSession(), []);
}

/** A platform wallet's amount for the screen: formatted, or the maintenance label. */
export function walletText(wallet: string, maintainLabel: string): string {
  return wallet === MAINTAIN ? maintainLabel : formatDecimal(wallet);
}

/** '10000' -> '10000.00': a decimal string with exactly two decimals (fill-all of the main wallet). */
export function twoDecimals(decimal: string): string {
  const [whole = '0', frac = ''] = decimal.split('.');
  return `${whole || '0'}.${(frac + '00').slice(0, 2)}`;
}

export { fill };

export const AMOUNT_KEYS = ['wallet.amount', 'wallet.amount_placeholder', 'wallet.fill_all'] as const;

/** The amount input: digits and one decimal point only, a fill-all button, and the error under it. */
export function AmountField(props: {
  t: Record<(typeof AMOUNT_KEYS)[number], string>;
  id: string;
  value: string;
  error?: string;
  /** Shown beside the label, e.g. the available balance. */
  hint?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  onFillAll: () => void;
  onBlur?: () => void;
}) {
  const { t } = props;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={props.id} className="field-label">{t['wallet.amount']}</label>
        {props.hint && <span className="text-xs text-slate-500" data-testid="amount-hint">{props.hint}</span>}
      </div>
      <div className="flex gap-2">
        <input id={props.id} name="money" inputMode="decimal" autoComplete="off" className="field-input" value={props.value}
          placeholder={t['wallet.amount_placeholder']} maxLength={15} disabled={props.disabled} aria-invalid={!!props.error}
          aria-describedby={props.error ? `${props.id}-error` : undefined}
          onChange={(e) => props.onChange(acceptAmountInput(props.value, e.target.value).value)} onBlur={props.onBlur} />
        <button type="button" className="btn-secondary h-10 shrink-0 px-3 text-sm" onClick={props.onFillAll} disabled={props.disabled}
          data-testid="fill-all">{t['wallet.fill_all']}</button>
      </div>
      {props.error && <p id={`${props.id}-error`} role="alert" className="field-error" data-testid="amount-error">{props.error}</p>}
    </div>
  );
}

export const LOGIN_PROMPT_KEYS = ['wallet.login_prompt', 'header.login'] as const;

/** What a visitor sees instead of the wallets: on mobile a button that opens the login dialog. */
export function LoginPrompt({ t, variant, message }: { t: Record<(typeof LOGIN_PROMPT_KEYS)[number], string>; variant: Variant; message?: string }) {
  return (
    <div className="rounded-lg bg-white p-6 text-center shadow-sm" data-testid="wallet-login-prompt">
      {/* Each page says what it is for (issue 10 item 16); the wallet pages use the default. */}
      <p className="text-slate-600">{message ?? t['wallet.login_prompt']}</p>
      {variant === 'mobile' && (
        <button type="button" className="btn-primary mt-4 w-full" onClick={() => $loginDialog.set(true)}>{t['header.login']}</button>
      )}
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return <p className="py-6 text-center text-sm text-slate-500" aria-busy="true">{label}</p>;
}

// ---- Asia/Taipei days, as the server counts them (src/server/modules/wallet/dates.ts) ------------------

/** Records reach back this many days (SPEC.md section 9). */
export const RECORD_DAYS = 30;

export type QuickRange = 'today' | 'yesterday' | 'last7' | 'last30';
/** The quick date ranges of the record pages, as [name, first day back, last day back]. */
export const QUICK_RANGES: Array<[QuickRange, number, number]> = [['today', 0, 0], ['yesterday', 1, 1], ['last7', 6, 0], ['last30', RECORD_DAYS - 1, 0]];

/** 'YYYY-MM-DD' in Asia/Taipei, `daysAgo` days before now. */
export function taipeiDay(daysAgo = 0, now = Date.now()): string {
  return taipeiDate(new Date(now - daysAgo * DAY_MS));
}

/** An ISO instant as 'YYYY-MM-DD HH:mm:ss' in Asia/Taipei. */
export function taipeiDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : taipeiInstant(ms);
}
