// The transfer dialog before a game (SPEC.md section 2, second variant): a source (the central wallet or an
// activity wallet usable on this platform), the platform's current balance, an amount with fill-all, and the
// buttons 'enter game next time' and 'transfer points'. A transfer that went through says how much moved
// where (a manual transfer is not the automatic one, so not '自動轉帳成功!') in a dialog that closes itself
// after 3 s (SPEC.md section 9).
//
// The game lobby uses it too: render <GameEntryTransferDialog open code=... onPlay=... /> with GAME_ENTRY_KEYS
// picked on the page. With onPlay the dialog is the way into the game: the player may play at once with what
// is on the platform (even with an empty central wallet), and the transfer is only an option;
// onTransferred runs after a successful transfer (before the success dialog closes).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $user } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import { transferAmountError } from '../../shared/schemas/wallet.ts';
import {
  $platformWallets,
  $walletsLoading,
  MAINTAIN,
  failureText,
  newIdempotencyKey,
  refreshAll,
  refreshWallets,
  type BonusWallet,
  type TransferResult,
} from '../../stores/wallet.ts';
import { Dialog } from '../common/Dialog.tsx';
import { tr } from '../common/messages.ts';
import { AMOUNT_KEYS, AmountField, twoDecimals, walletText } from './common.tsx';
import { BONUS_WALLET_STATUS } from '../../shared/statuses.ts';

/** How long the success dialog stays (SPEC.md section 9: auto-transfer dialog 3 s). */
export const AUTO_TRANSFER_DIALOG_MS = 3000;

export const GAME_ENTRY_KEYS = [
  ...AMOUNT_KEYS,
  'wallet.entry.title',
  'wallet.entry.source',
  'wallet.entry.platform_balance',
  'wallet.entry.later',
  'wallet.entry.transfer',
  'wallet.entry.success',
  'wallet.entry.closing',
  'wallet.type_central',
  'wallet.available',
  'wallet.submitting',
  'wallet.maintain',
  'wallet.loading',
  'ux.entry.play',
  'ux.entry.play_hint',
  'ux.entry.transfer_and_play',
  'ux.entry.transfer_optional',
  'ux.transfer.done_in',
  'ux.transfer.pending',
  'v.money.required',
  'v.money.positive',
  'v.money.invalid',
  'v.money.over_balance',
  'v.wallet.required',
  'common.close',
  'common.ok',
  'error.generic',
] as const;
type T = Record<(typeof GAME_ENTRY_KEYS)[number], string>;

interface GameEntryTransferDialogProps {
  t: T;
  open: boolean;
  /** The platform's code (gp_code). */
  code: string;
  /** The platform's name for the title; the wallet list's name is used when omitted. */
  name?: string;
  onClose: () => void;
  onTransferred?: (result: TransferResult) => void;
  /** Opens the game without a transfer; the dialog then offers 'play now' beside the optional transfer. */
  onPlay?: () => void;
}

export function GameEntryTransferDialog(props: GameEntryTransferDialogProps) {
  // Mounted afresh on every opening, so each starts with a clean form and fresh balances.
  return props.open ? <EntryForm {...props} /> : null;
}

function EntryForm({ t, code, name, onClose, onTransferred, onPlay }: GameEntryTransferDialogProps) {
  const user = useStore($user);
  const platforms = useStore($platformWallets);
  const walletsLoading = useStore($walletsLoading);
  const [usable, setUsable] = useState<BonusWallet[] | null>(null);
  /** '' is the central wallet, otherwise an activity wallet's id. */
  const [source, setSource] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const platform = platforms?.find((p) => p.code === code);
  useEffect(() => {
    let live = true;
    void refreshWallets(true).catch(() => undefined);
    api('GET /auth/autoTransfer/get/:code', { params: { code } })
      .then((list) => {
        if (!live) return;
        const active = list.filter((w) => w.status === BONUS_WALLET_STATUS.active);
        setUsable(active);
        // Money at a platform belongs to one wallet at a time: start from the wallet that funded it.
        const bound = $platformWallets.get()?.find((p) => p.code === code)?.player_bonus_wallet_id;
        if (bound && active.some((w) => w.id === bound)) setSource(String(bound));
      })
      .catch(() => live && setUsable([]));
    return () => {
      live = false;
    };
  }, [code]);

  useEffect(() => {
    if (done === null) return;
    const timer = window.setTimeout(onClose, AUTO_TRANSFER_DIALOG_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const bonus = source ? usable?.find((w) => String(w.id) === source) : undefined;
  const walletChosen = source === '' || !!bonus;
  const balance = source === '' ? (user?.amount ?? '0.00') : (bonus?.money ?? '0.00');
  const errorKey = transferAmountError({ walletChosen, amount, balance });
  const amountError = touched && errorKey ? tr(t, errorKey) : undefined;
  const title = t['wallet.entry.title'].replace('{name}', name ?? platform?.name ?? code);

  if (done !== null) {
    return (
      <Dialog open title={title} onClose={onClose} width={400} labelClose={t['common.close']}>
        <div className="text-center" data-testid="entry-success">
          <p role="status" className="text-lg font-semibold text-emerald-700">
            {done}
          </p>
          <p className="mt-2 text-xs text-slate-500">{t['wallet.entry.closing']}</p>
          <button type="button" className="btn-primary mt-4 w-full" onClick={onClose}>
            {t['common.ok']}
          </button>
        </div>
      </Dialog>
    );
  }

  async function submit() {
    setTouched(true);
    setServerError('');
    if (errorKey) return;
    setBusy(true);
    let message = '';
    try {
      const result = await api('POST /players/autoTransFer/:code', {
        params: { code },
        headers: { 'idempotency-key': newIdempotencyKey() },
        onMessage: (m) => {
          message = m;
        },
        body: { platform_id: platform?.id, player_bonus_wallet_id: bonus ? bonus.id : null, money: amount.trim() },
      });
      // The balances follow in the background; the player hears the answer at once.
      void refreshAll();
      if (result.status === 'refunded') {
        setServerError(message || t['error.generic']);
        return;
      }
      onTransferred?.(result);
      // The player moved the money by hand: say how much went where, not the automatic transfer's words.
      setDone(
        result.status === 'applied'
          ? t['ux.transfer.done_in'].replace('{amount}', formatDecimal(result.amount)).replace('{name}', name ?? platform?.name ?? code)
          : result.status === 'pending'
            ? t['ux.transfer.pending']
            : message,
      );
    } catch (err) {
      setServerError(failureText(err, t['error.generic']));
      void refreshAll();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open title={title} onClose={busy ? undefined : onClose} width={480} labelClose={t['common.close']}>
      <form
        noValidate
        className="space-y-4"
        data-testid="entry-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="flex items-center justify-between rounded bg-brand-50 px-3 py-2 text-sm">
          <span>{t['wallet.entry.platform_balance']}</span>
          <span className="font-semibold text-brand-700" data-testid="entry-platform-balance">
            {platform ? walletText(platform.wallet, t['wallet.maintain']) : walletsLoading ? t['wallet.loading'] : '—'}
          </span>
        </div>
        {onPlay && (
          <div className="space-y-2 border-b border-slate-100 pb-4">
            <button
              type="button"
              className="btn-primary h-11 w-full disabled:opacity-60"
              disabled={busy || platform?.wallet === MAINTAIN}
              onClick={onPlay}
              data-testid="entry-play"
            >
              {t['ux.entry.play']}
            </button>
            <p className="text-center text-xs text-slate-500">{t['ux.entry.play_hint']}</p>
            <p className="pt-2 text-sm font-semibold text-slate-700">{t['ux.entry.transfer_optional']}</p>
          </div>
        )}
        <div>
          <label htmlFor="entry-source" className="field-label">
            {t['wallet.entry.source']}
          </label>
          <select
            id="entry-source"
            name="source"
            className="field-input"
            value={source}
            disabled={busy}
            onChange={(e) => {
              setSource(e.target.value);
              setAmount('');
              setTouched(false);
              setServerError('');
            }}
          >
            <option value="">
              {t['wallet.type_central']} ({formatDecimal(user?.amount ?? '0.00')})
            </option>
            {(usable ?? []).map((w) => (
              <option key={w.id} value={String(w.id)}>
                {w.name} ({formatDecimal(w.money)})
              </option>
            ))}
          </select>
        </div>
        <AmountField
          t={t}
          id="entry-amount"
          value={amount}
          error={amountError}
          disabled={busy}
          hint={t['wallet.available'].replace('{amount}', formatDecimal(balance))}
          onChange={(v) => {
            setAmount(v);
            setTouched(true);
            setServerError('');
          }}
          onFillAll={() => {
            setTouched(true);
            setServerError('');
            setAmount(twoDecimals(balance));
          }}
          onBlur={() => setTouched(true)}
        />
        {platform?.wallet === MAINTAIN && <p className="text-sm text-amber-700">{t['wallet.maintain']}</p>}
        {serverError && (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="transfer-error">
            {serverError}
          </p>
        )}
        <div className="flex gap-3">
          {onPlay ? (
            <button type="submit" className="btn-secondary flex-1 disabled:opacity-60" disabled={busy} data-testid="entry-transfer">
              {busy ? t['wallet.submitting'] : t['ux.entry.transfer_and_play']}
            </button>
          ) : (
            <>
              <button type="button" className="btn-secondary flex-1" disabled={busy} onClick={onClose} data-testid="entry-later">
                {t['wallet.entry.later']}
              </button>
              <button type="submit" className="btn-primary flex-1 disabled:opacity-60" disabled={busy} data-testid="entry-transfer">
                {busy ? t['wallet.submitting'] : t['wallet.entry.transfer']}
              </button>
            </>
          )}
        </div>
      </form>
    </Dialog>
  );
}
