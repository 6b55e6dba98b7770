// Pieces the wallet islands share: the signed-in player's wallets, the amount field of both transfer dialogs and
// the wallet amounts of their rows.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { formatDecimal } from '../../shared/money.ts';
import { acceptAmountInput } from '../../shared/amount.ts';
import { $platformWallets, $walletsLoading, MAINTAIN, alertFailure, recoverAll, refreshWallets } from '../../stores/wallet.ts';
import { showAlert } from '../../stores/ui.ts';

/** The player, whether the session is known yet, and the platform wallets, asked fresh of the platforms at sign-in. */
export function usePlayerWallets(networkText: string) {
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const platforms = useStore($platformWallets, { ssr: 'initial' });
  const loading = useStore($walletsLoading, { ssr: 'initial' });
  const signedIn = !!user;
  useEffect(() => {
    if (signedIn) refreshWallets(true).catch((err) => alertFailure(err, networkText));
  }, [signedIn]);
  return { user, ready, platforms, loading };
}

/** Brings the money on every platform back to the central wallet, one run at a time, and tells the player how it went. */
export function useRecoverAll(errorText: string) {
  const [recovering, setRecovering] = useState(false);
  const recover = async () => {
    if (recovering) return;
    setRecovering(true);
    try {
      showAlert(await recoverAll());
    } catch (err) {
      alertFailure(err, errorText);
    } finally {
      setRecovering(false);
    }
  };
  return { recovering, recover };
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
        <label htmlFor={props.id} className="field-label">
          {t['wallet.amount']}
        </label>
        {props.hint && (
          <span className="text-xs text-slate-500" data-testid="amount-hint">
            {props.hint}
          </span>
        )}
      </div>
      <div className="flex gap-2">
        <input
          id={props.id}
          name="money"
          inputMode="decimal"
          autoComplete="off"
          className="field-input"
          value={props.value}
          placeholder={t['wallet.amount_placeholder']}
          maxLength={15}
          disabled={props.disabled}
          aria-invalid={!!props.error}
          aria-describedby={props.error ? `${props.id}-error` : undefined}
          onChange={(e) => props.onChange(acceptAmountInput(props.value, e.target.value).value)}
          onBlur={props.onBlur}
        />
        <button type="button" className="btn-secondary h-10 shrink-0 px-3 text-sm" onClick={props.onFillAll} disabled={props.disabled} data-testid="fill-all">
          {t['wallet.fill_all']}
        </button>
      </div>
      {props.error && (
        <p id={`${props.id}-error`} role="alert" className="field-error" data-testid="amount-error">
          {props.error}
        </p>
      )}
    </div>
  );
}
