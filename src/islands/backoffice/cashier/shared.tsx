// Pieces the finance desk's tabs share: the list shapes, today's totals, status badges, the reason dialog.
import { useEffect, useState, type ReactNode } from 'react';
import { Dialog } from '../../common/Dialog.tsx';
import { boPath } from '../kit/api.ts';
import { cls, errorText, fill, type CommonT } from '../kit/common.tsx';
import { Money } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { CallbackView, StaffBankCardView, StaffDepositView, StaffWithdrawalView } from '../../../shared/schemas/backoffice/finance.ts';
import type { Notice } from '../kit/form.tsx';

export const SHARED_KEYS = [
  'bo.fin.today',
  'bo.fin.today_totals',
  'bo.fin.all_statuses',
  'bo.fin.account',
  'bo.fin.account_placeholder',
  'bo.fin.reason',
  'bo.fin.reason_placeholder',
  'bo.fin.reason_required',
  'bo.fin.submit_reject',
  'bo.fin.name_mismatch',
  'bo.fin.id',
] as const;
export type SharedT = CommonT & Record<(typeof SHARED_KEYS)[number], string>;

export type Deposit = StaffDepositView;

export type BankCardRef = StaffWithdrawalView['bank_card'];

export type Withdrawal = StaffWithdrawalView;

export type BankCard = StaffBankCardView;

export type Callback = CallbackView;

export const PAGE_SIZE = 20;

/**
 * The review actions every finance queue has: approve one row after a confirm (the outcome shows as a banner
 * and the list reloads), or reject it with a reason (a failure stays in the reason dialog). The calls make the
 * request and return the success text.
 */
export function useReview<R>(
  t: CommonT,
  reload: () => void,
  calls: {
    approve: (row: R) => Promise<string>;
    reject: (row: R, reason: string) => Promise<string>;
  },
) {
  const [approving, setApproving] = useState<R | null>(null);
  const [rejecting, setRejecting] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const approve = async () => {
    const row = approving;
    if (!row) return;
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ kind: 'success', text: await calls.approve(row) });
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
    setApproving(null);
    reload();
  };

  const reject = async (reason: string) => {
    const row = rejecting;
    if (!row) return;
    setBusy(true);
    setDialogError(null);
    try {
      setNotice({ kind: 'success', text: await calls.reject(row, reason) });
      setRejecting(null);
      reload();
    } catch (err) {
      setDialogError(errorText(err, t));
    }
    setBusy(false);
  };

  return { approving, setApproving, rejecting, setRejecting, busy, dialogError, setDialogError, notice, approve, reject };
}

export function bankName(locale: Locale, c: { bank: string; bank_name: string; bank_name_en: string }): string {
  return `${c.bank} ${locale === 'en' ? c.bank_name_en : c.bank_name}`;
}

/** Account numbers read in groups of four, as on a passbook. */
export function groupDigits(n: string): string {
  return n.replace(/(.{4})(?=.)/g, '$1 ');
}

export function PlayerCell({ locale, id, account, realName }: { locale: Locale; id: number; account: string; realName?: string }) {
  return (
    <div className="whitespace-nowrap">
      <a href={`${boPath(locale, 'player')}?id=${id}`} className="font-medium text-brand-600 hover:underline">
        {account}
      </a>
      {realName ? <div className="text-xs text-slate-500">{realName}</div> : null}
    </div>
  );
}

export function TodayTotals({ t, totals }: { t: SharedT; totals: { count: number; amount: string } | undefined }) {
  if (!totals) return null;
  return (
    <div className="flex items-baseline gap-2 rounded border border-slate-200 bg-slate-50 px-3 py-1.5 text-sm" data-testid="totals-today">
      <span className="text-slate-500">{t['bo.fin.today']}</span>
      <span className="font-semibold">{fill(t['bo.fin.today_totals'], { count: totals.count })}</span>
      <Money value={totals.amount} className="font-semibold text-brand-800" />
    </div>
  );
}

const TONES: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-800',
  applying: 'bg-amber-100 text-amber-800',
  '0': 'bg-amber-100 text-amber-800',
  paid: 'bg-emerald-100 text-emerald-800',
  '1': 'bg-emerald-100 text-emerald-800',
  rejected: 'bg-red-100 text-red-800',
  failed: 'bg-red-100 text-red-800',
  '2': 'bg-red-100 text-red-800',
  expired: 'bg-slate-200 text-slate-700',
  cancelled: 'bg-slate-200 text-slate-700',
};

export function Badge({ status, children }: { status: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status] ?? 'bg-slate-200 text-slate-700'}`}
      data-status={status}
    >
      {children}
    </span>
  );
}

export function Warning({ children }: { children: ReactNode }) {
  return <span className="mt-0.5 block whitespace-nowrap text-xs font-medium text-red-700">⚠ {children}</span>;
}

/** Asks for the reason of a refusal; the player reads it, so it cannot be left empty. */
export function ReasonDialog({
  t,
  open,
  title,
  message,
  busy,
  error,
  onSubmit,
  onCancel,
  submitLabel,
}: {
  t: SharedT;
  open: boolean;
  title: string;
  message: string;
  busy: boolean;
  error: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  /** The submit button's words; rejecting by default. */
  submitLabel?: string;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setMissing(false);
    }
  }, [open]);
  return (
    <Dialog open={open} title={title} onClose={onCancel} labelClose={t['bo.close']} width={480}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setMissing(true);
            return;
          }
          onSubmit(reason.trim());
        }}
      >
        <p className="mb-4 text-sm">{message}</p>
        <label className={cls.label} htmlFor="reject-reason">
          {t['bo.fin.reason']}
        </label>
        <textarea
          id="reject-reason"
          name="reason"
          rows={3}
          maxLength={200}
          value={reason}
          className={cls.textarea}
          placeholder={t['bo.fin.reason_placeholder']}
          aria-invalid={missing}
          data-testid="reject-reason"
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
        />
        {missing && (
          <p className={cls.fieldError} role="alert">
            {t['bo.fin.reason_required']}
          </p>
        )}
        {error && (
          <p className="mt-3 text-sm text-red-700" role="alert">
            {error}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className={cls.btnGhost} onClick={onCancel}>
            {t['bo.cancel']}
          </button>
          <button
            type="submit"
            className="inline-flex h-9 items-center justify-center whitespace-nowrap rounded bg-red-600 px-4 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-50"
            disabled={busy}
            data-testid="reject-submit"
          >
            {submitLabel ?? t['bo.fin.submit_reject']}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A search box for the player's account, applied on submit. */
export function AccountFilter({ t, value, onApply }: { t: SharedT; value: string; onApply: (account: string) => void }) {
  const [input, setInput] = useState(value);
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(input.trim());
      }}
    >
      <input
        value={input}
        onChange={(e) => setInput(e.target.value.replace(/[^A-Za-z0-9_]/g, ''))}
        placeholder={t['bo.fin.account_placeholder']}
        aria-label={t['bo.fin.account']}
        maxLength={32}
        className={`${cls.input} w-44`}
        name="account"
        data-testid="filter-account"
      />
      <button type="submit" className={cls.btnGhost}>
        {t['bo.search']}
      </button>
    </form>
  );
}
