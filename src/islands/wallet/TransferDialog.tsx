// The transfer dialog of SPEC.md section 2 (first variant). In: the central wallet (type 1) or an active
// activity wallet (type 2) to a game platform, with amount and fill-all. Out: a platform's money back to the
// wallet that funded it, part of it or all. The amount rules are SPEC.md section 5 (transferAmountError).
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $user } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import { transferAmountError } from '../../shared/schemas/wallet.ts';
import {
  $platformWallets,
  MAINTAIN,
  activeBonusWallets,
  bonusAllows,
  failureText,
  newIdempotencyKey,
  refreshAll,
  type TransferResult,
} from '../../stores/wallet.ts';
import { Dialog } from '../common/Dialog.tsx';
import { tr } from '../common/messages.ts';
import { AMOUNT_KEYS, AmountField, twoDecimals, walletText } from './common.tsx';

export const TRANSFER_DIALOG_KEYS = [
  ...AMOUNT_KEYS,
  'wallet.transfer_title',
  'wallet.transfer_out_title',
  'wallet.wallet_type',
  'wallet.type_central',
  'wallet.type_activity',
  'wallet.choose_activity',
  'wallet.no_active_activity',
  'wallet.target_platform',
  'wallet.source_platform',
  'wallet.choose_platform',
  'wallet.available',
  'wallet.confirm_transfer',
  'wallet.submitting',
  'wallet.transfer_all_back',
  'wallet.out_hint',
  'wallet.maintain',
  'v.money.required',
  'v.money.positive',
  'v.money.invalid',
  'v.money.over_balance',
  'v.wallet.required',
  'common.cancel',
  'common.close',
  'common.ok',
  'error.generic',
  'ux.transfer.done_in',
  'ux.transfer.done_out',
  'ux.transfer.pending',
] as const;
type T = Record<(typeof TRANSFER_DIALOG_KEYS)[number], string>;

interface TransferDialogProps {
  t: T;
  direction: 'in' | 'out';
  /** The platform to preselect. */
  code?: string;
  onClose: () => void;
}

/** Render it when it should show; each opening starts from a clean form. */
export function TransferDialog({ t, direction, code: initialCode, onClose }: TransferDialogProps) {
  const user = useStore($user);
  const platforms = useStore($platformWallets) ?? [];
  const bonuses = activeBonusWallets(user);
  const [walletType, setWalletType] = useState<1 | 2>(1);
  const [bonusId, setBonusId] = useState<number | ''>(bonuses.length === 1 ? bonuses[0]!.id : '');
  const [code, setCode] = useState(initialCode ?? '');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [platformTouched, setPlatformTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');
  /** The confirmation shown in the dialog after a transfer went through or is being confirmed. */
  const [done, setDone] = useState<{ text: string; status: TransferResult['status'] } | null>(null);

  const bonus = walletType === 2 ? bonuses.find((w) => w.id === bonusId) : undefined;
  const platform = platforms.find((p) => p.code === code);
  // An activity wallet funds only its own platforms; a platform in maintenance takes nothing.
  const targets = useMemo(() => platforms.filter((p) => direction === 'out' || !bonus || bonusAllows(bonus, p.code)), [platforms, direction, bonus]);

  const walletChosen = direction === 'out' ? !!platform : walletType === 1 || !!bonus;
  const balance =
    direction === 'out'
      ? platform && platform.wallet !== MAINTAIN
        ? platform.wallet
        : '0.00'
      : walletType === 1
        ? (user?.amount ?? '0.00')
        : (bonus?.money ?? '0.00');
  const errorKey = transferAmountError({ walletChosen, amount, balance });
  const amountError = touched && errorKey ? tr(t, errorKey) : undefined;
  const platformError =
    platformTouched && direction === 'in' && (!platform || platform.wallet === MAINTAIN)
      ? platform
        ? t['wallet.maintain']
        : t['wallet.choose_platform']
      : undefined;

  const switchType = (type: 1 | 2) => {
    // SPEC.md section 4: switching the wallet type clears the amount and the error.
    setWalletType(type);
    setAmount('');
    setTouched(false);
    setServerError('');
  };

  const fillAll = () => {
    setTouched(true);
    setServerError('');
    // The full balance; the central wallet's with two decimals.
    setAmount(walletType === 1 && direction === 'in' ? twoDecimals(balance) : balance);
  };

  async function submit(all = false) {
    setTouched(true);
    setPlatformTouched(true);
    setServerError('');
    if (!platform || (direction === 'in' && platform.wallet === MAINTAIN)) return;
    if (!all && errorKey) return;
    setBusy(true);
    let message = '';
    try {
      const headers = { 'idempotency-key': newIdempotencyKey() };
      const onMessage = (m: string) => {
        message = m;
      };
      const result =
        direction === 'in'
          ? await api('POST /players/deposit/:code', {
              params: { code: platform.code },
              headers,
              onMessage,
              body: { platform_id: platform.id, money: amount.trim(), player_bonus_wallet_id: walletType === 2 && bonus ? bonus.id : null },
            })
          : await api('POST /players/withdraw/:code', {
              params: { code: platform.code },
              headers,
              onMessage,
              body: all ? { platform_id: platform.id, type: 2 } : { platform_id: platform.id, money: amount.trim(), type: 1 },
            });
      // The balances follow in the background; the player hears the answer at once.
      void refreshAll();
      if (result.status === 'refunded') {
        setServerError(message || t['error.generic']);
        setBusy(false);
        return;
      }
      // The dialog stays open with what moved where, so the player sees the transfer happened.
      const name = platform.name;
      const amountText = formatDecimal(result.amount);
      setDone({
        status: result.status,
        text:
          result.status === 'pending'
            ? t['ux.transfer.pending']
            : (direction === 'in' ? t['ux.transfer.done_in'] : t['ux.transfer.done_out']).replace('{amount}', amountText).replace('{name}', name),
      });
      setBusy(false);
    } catch (err) {
      setServerError(failureText(err, t['error.generic']));
      setBusy(false);
      void refreshAll();
    }
  }

  const title = direction === 'in' ? t['wallet.transfer_title'] : t['wallet.transfer_out_title'];
  if (done) {
    return (
      <Dialog open title={title} onClose={onClose} width={400} labelClose={t['common.close']}>
        <div className="text-center" data-testid="transfer-success" data-status={done.status}>
          <p role="status" className={`text-lg font-semibold ${done.status === 'applied' ? 'text-emerald-700' : 'text-amber-700'}`}>
            {done.text}
          </p>
          <button type="button" className="btn-primary mt-4 w-full" onClick={onClose} data-testid="transfer-success-ok">
            {t['common.ok']}
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog open title={title} onClose={busy ? undefined : onClose} width={480} labelClose={t['common.close']}>
      <form
        noValidate
        data-testid={`transfer-dialog-${direction}`}
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {direction === 'in' && (
          <fieldset>
            <legend className="field-label">{t['wallet.wallet_type']}</legend>
            <div className="grid grid-cols-2 gap-2" role="radiogroup">
              {([1, 2] as const).map((type) => (
                <label
                  key={type}
                  className={`flex cursor-pointer items-center gap-2 rounded border px-3 py-2 text-sm ${walletType === type ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700' : 'border-slate-300'} ${type === 2 && !bonuses.length ? 'cursor-not-allowed opacity-50' : ''}`}
                >
                  <input
                    type="radio"
                    name="wallet_type"
                    value={type}
                    checked={walletType === type}
                    disabled={type === 2 && !bonuses.length}
                    onChange={() => switchType(type)}
                  />
                  {type === 1 ? t['wallet.type_central'] : t['wallet.type_activity']}
                </label>
              ))}
            </div>
            {!bonuses.length && <p className="mt-1 text-xs text-slate-500">{t['wallet.no_active_activity']}</p>}
            {walletType === 2 && (
              <select
                aria-label={t['wallet.choose_activity']}
                className="field-input mt-2"
                value={bonusId}
                name="player_bonus_wallet_id"
                onChange={(e) => {
                  const id = e.target.value ? Number(e.target.value) : '';
                  const next = bonuses.find((w) => w.id === id);
                  setBonusId(id);
                  setAmount('');
                  setTouched(false);
                  // The chosen platform may not take this activity wallet's money.
                  if (next && code && !bonusAllows(next, code)) setCode('');
                }}
              >
                <option value="">{t['wallet.choose_activity']}</option>
                {bonuses.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name} ({formatDecimal(w.money)})
                  </option>
                ))}
              </select>
            )}
          </fieldset>
        )}

        <div>
          <label htmlFor="transfer-platform" className="field-label">
            {direction === 'in' ? t['wallet.target_platform'] : t['wallet.source_platform']}
          </label>
          <select
            id="transfer-platform"
            name="platform"
            className="field-input"
            value={code}
            aria-invalid={!!platformError}
            onChange={(e) => {
              setCode(e.target.value);
              setPlatformTouched(true);
              setServerError('');
              if (direction === 'out') setAmount('');
            }}
          >
            <option value="">{t['wallet.choose_platform']}</option>
            {targets.map((p) => (
              <option key={p.code} value={p.code} disabled={direction === 'in' && p.wallet === MAINTAIN}>
                {p.name} ({walletText(p.wallet, t['wallet.maintain'])})
              </option>
            ))}
          </select>
          {platformError && (
            <p role="alert" className="field-error">
              {platformError}
            </p>
          )}
        </div>

        <AmountField
          t={t}
          id={`transfer-amount-${direction}`}
          value={amount}
          error={amountError}
          disabled={busy}
          hint={t['wallet.available'].replace('{amount}', direction === 'out' && platform?.wallet === MAINTAIN ? t['wallet.maintain'] : formatDecimal(balance))}
          onChange={(v) => {
            setAmount(v);
            setTouched(true);
            setServerError('');
          }}
          onFillAll={fillAll}
          onBlur={() => setTouched(true)}
        />

        {direction === 'out' && <p className="text-xs text-slate-500">{t['wallet.out_hint']}</p>}
        {serverError && (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="transfer-error">
            {serverError}
          </p>
        )}

        <div className="flex gap-3">
          {direction === 'out' ? (
            <button
              type="button"
              className="btn-secondary flex-1"
              disabled={busy || !platform}
              onClick={() => void submit(true)}
              data-testid="transfer-all-back"
            >
              {t['wallet.transfer_all_back']}
            </button>
          ) : (
            <button type="button" className="btn-secondary flex-1" disabled={busy} onClick={onClose}>
              {t['common.cancel']}
            </button>
          )}
          <button type="submit" className="btn-primary flex-1 disabled:opacity-60" disabled={busy} data-testid="transfer-submit">
            {busy ? t['wallet.submitting'] : t['wallet.confirm_transfer']}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
