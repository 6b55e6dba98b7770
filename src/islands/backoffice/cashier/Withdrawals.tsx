// The withdrawal queue: finance checks the player, the card and the amount, pays the money out from the bank
// and then marks it paid here with the bank's reference of the transfer, or rejects it with a reason and the held
// money goes back to the player. The table fits 1440 px: the request's time and id share a cell, and the risk
// context wraps within its column.
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../common/Dialog.tsx';
import { boApi } from '../kit/api.ts';
import { Banner, cls, errorText, fill, formatTime } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { EXPORT_BUTTON_KEYS, ExportButton } from '../exports/ExportButton.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { Money, ShortId } from '../kit/money.tsx';
import { formatDecimal } from '../../../shared/money.ts';
import type { Locale } from '../../../shared/constants.ts';
import {
  AccountFilter,
  Badge,
  PAGE_SIZE,
  PlayerCell,
  ReasonDialog,
  SHARED_KEYS,
  TodayTotals,
  Warning,
  bankName,
  groupDigits,
  useReview,
  type SharedT,
  type Withdrawal,
} from './shared.tsx';
import { WITHDRAWAL_CONTEXT_KEYS, WithdrawalContext } from './WithdrawalContext.tsx';
import { WITHDRAWAL_RISK_KEYS, WithdrawalRiskPanel } from '../risk/WithdrawalRisk.tsx';
import { WITHDRAWAL_STATUS, statusValues } from '../../../shared/statuses.ts';
import { WITHDRAWAL_RISK_FILTERS, type WithdrawalRiskFilter } from '../../../shared/schemas/backoffice/finance-requests.ts';

export const WITHDRAWAL_STATUSES = statusValues(WITHDRAWAL_STATUS);

export const WITHDRAWALS_KEYS = [
  ...EXPORT_BUTTON_KEYS,
  ...SHARED_KEYS,
  ...WITHDRAWAL_CONTEXT_KEYS,
  ...WITHDRAWAL_RISK_KEYS,
  'bo.wd.status',
  'bo.wd.created',
  'bo.wd.amount',
  'bo.wd.fee',
  'bo.wd.payout',
  'bo.wd.bank',
  'bo.wd.account_name',
  'bo.wd.card_number',
  'bo.wd.reviewer',
  'bo.wd.approve',
  'bo.wd.reject',
  'bo.wd.approve_message',
  'bo.wd.reject_title',
  'bo.wd.reject_message',
  'bo.wd.approved',
  'bo.wd.rejected',
  'bo.wd.held',
  'bo.wd.held_hint',
  'bo.wd.risk_pending',
  'bo.wd.risk_pending_hint',
  'bo.wd.bank_reference',
  'bo.wd.bank_reference_hint',
  'bo.wd.bank_reference_required',
  'bo.wd.paid_reference',
  'bo.wd.auto_approved',
  'bo.wd.released',
  'bo.wd.release',
  'bo.wd.release_title',
  'bo.wd.release_message',
  'bo.wd.released_notice',
  'bo.wd.risk_filter',
  ...(['all', 'held', 'auto_approved'] as const).map((f) => `bo.wd.risk_filter.${f}` as const),
  ...WITHDRAWAL_STATUSES.map((s) => `bo.wd.status.${s}` as const),
] as const;
type T = SharedT & Record<(typeof WITHDRAWALS_KEYS)[number], string>;

/**
 * `canRelease`: the staff member may release a withdrawal the risk rules held ('risk.release'); the finance desk
 * cannot pay a held one until then, so its approve button waits.
 */
export function Withdrawals({ t, locale, canManage, canRelease }: { t: T; locale: Locale; canManage: boolean; canRelease: boolean }) {
  const [status, setStatus] = useState<string>('applying');
  const [risk, setRisk] = useState<'' | WithdrawalRiskFilter>('');
  const [account, setAccount] = useState('');
  const [releasing, setReleasing] = useState<Withdrawal | null>(null);
  const [releaseError, setReleaseError] = useState<string | null>(null);
  const [releaseBusy, setReleaseBusy] = useState(false);
  const [released, setReleased] = useState<string | null>(null);
  /** The bank's reference typed in the payout dialog, sent with the approval. */
  const reference = useRef('');
  const list = useBoData('GET /finance/withdrawals', {
    query: { status: status || undefined, account: account || undefined, risk: risk || undefined },
    pageSize: PAGE_SIZE,
  });
  const result = list.data;
  const label = (w: Withdrawal) => ({
    id: w.id,
    account: w.account,
    amount: formatDecimal(w.amount),
    payout: formatDecimal(w.payout),
    fee: formatDecimal(w.fee),
    bank: bankName(locale, w.bank_card),
    number: groupDigits(w.bank_card.card_number),
    name: w.bank_card.account_name,
  });

  const { approving, setApproving, rejecting, setRejecting, busy, dialogError, setDialogError, notice, approve, reject } = useReview<Withdrawal>(
    t,
    () => void list.reload(),
    {
      approve: async (w) => {
        await boApi('POST /finance/withdrawals/:id/approve', { params: { id: w.id }, body: { bank_reference: reference.current } });
        return fill(t['bo.wd.approved'], label(w));
      },
      reject: async (w, reason) => {
        await boApi('POST /finance/withdrawals/:id/reject', { params: { id: w.id }, body: { reason } });
        return fill(t['bo.wd.rejected'], label(w));
      },
    },
  );
  const release = async (reason: string) => {
    const row = releasing;
    if (!row) return;
    setReleaseBusy(true);
    setReleaseError(null);
    try {
      await boApi('POST /finance/withdrawals/:id/release', { params: { id: row.id }, body: { reason } });
      setReleased(fill(t['bo.wd.released_notice'], label(row)));
      setReleasing(null);
      void list.reload();
    } catch (err) {
      setReleaseError(errorText(err, t));
    }
    setReleaseBusy(false);
  };
  const columns: Array<BoColumn<Withdrawal, keyof T & string>> = [
    {
      key: 'created',
      header: 'bo.wd.created',
      className: 'whitespace-nowrap text-slate-500',
      cell: (w) => (
        <>
          <div>{formatTime(w.created_at, locale)}</div>
          <div className="text-xs">
            <ShortId id={w.id} />
          </div>
        </>
      ),
    },
    { key: 'account', header: 'bo.fin.account', cell: (w) => <PlayerCell locale={locale} id={w.player_id} account={w.account} realName={w.real_name} /> },
    {
      key: 'payout',
      header: 'bo.wd.payout',
      align: 'right',
      cell: (w) => (
        <>
          <Money value={w.payout} className="text-base font-semibold" />
          <div className="whitespace-nowrap text-xs text-slate-500">
            {t['bo.wd.amount']} <Money value={w.amount} />
          </div>
          <div className="whitespace-nowrap text-xs text-slate-500">
            {t['bo.wd.fee']} <Money value={w.fee} />
          </div>
        </>
      ),
    },
    {
      key: 'bank',
      header: 'bo.wd.bank',
      cell: (w) => (
        <>
          {/* The branch under the bank's name, so the column stays narrow enough for the table to fit 1440 px. */}
          <div className="whitespace-nowrap font-medium">{bankName(locale, w.bank_card)}</div>
          <div className="max-w-48 truncate text-xs text-slate-500" title={w.bank_card.branch}>
            {w.bank_card.branch}
          </div>
          <div className="whitespace-nowrap font-mono" data-testid="card-number">
            {groupDigits(w.bank_card.card_number)}
          </div>
          <div className="whitespace-nowrap text-xs">
            {t['bo.wd.account_name']}: {w.bank_card.account_name}
          </div>
          {!w.name_matches && <Warning>{t['bo.fin.name_mismatch']}</Warning>}
        </>
      ),
    },
    {
      key: 'risk',
      header: 'bo.wd.risk',
      className: 'max-w-64',
      cell: (w) =>
        w.status === 'applying' ? (
          <>
            <WithdrawalContext t={t} id={w.id} />
            <WithdrawalRiskPanel t={t} withdrawalId={w.id} />
          </>
        ) : (
          <span className="text-xs text-slate-400">—</span>
        ),
    },
    {
      key: 'status',
      header: 'bo.wd.status',
      cell: (w) => (
        <>
          <Badge status={w.status}>{t[`bo.wd.status.${w.status}` as keyof T] ?? w.status}</Badge>
          {w.status === 'applying' && w.held && (
            <div className="mt-1" title={t['bo.wd.held_hint']} data-testid="withdrawal-held">
              <Badge status="rejected">{t['bo.wd.held']}</Badge>
            </div>
          )}
          {w.status === 'applying' && w.held && <div className="mt-0.5 max-w-48 text-xs text-red-700">{t['bo.wd.held_hint']}</div>}
          {w.risk_pending && (
            <div className="mt-1" title={t['bo.wd.risk_pending_hint']} data-testid="withdrawal-risk-pending">
              <Badge status="pending">{t['bo.wd.risk_pending']}</Badge>
              <div className="mt-0.5 max-w-48 text-xs text-amber-800">{t['bo.wd.risk_pending_hint']}</div>
            </div>
          )}
          {w.auto_approved_at && (
            <div className="mt-1" data-testid="withdrawal-auto-approved">
              <Badge status="paid">{t['bo.wd.auto_approved']}</Badge>
            </div>
          )}
          {w.released_at && (
            <div className="mt-0.5 max-w-48 break-words text-xs text-slate-600" data-testid="withdrawal-released">
              {fill(t['bo.wd.released'], { reason: w.release_reason })}
            </div>
          )}
          {w.reviewed_by && (
            <div className="mt-0.5 whitespace-nowrap text-xs text-slate-500">
              {w.reviewed_by} · {formatTime(w.reviewed_at, locale)}
            </div>
          )}
          {w.reason && w.status !== 'paid' && <div className="mt-0.5 max-w-48 break-words text-xs text-slate-600">{w.reason}</div>}
          {w.status === 'paid' && w.bank_reference && (
            <div className="mt-0.5 max-w-48 break-words text-xs text-slate-600" data-testid="withdrawal-bank-reference">
              {fill(t['bo.wd.paid_reference'], { reference: w.bank_reference })}
            </div>
          )}
        </>
      ),
    },
    // The buttons stack, so the column stays narrow, and it sticks to the table's right edge: when the bank, risk and
    // partner columns are wider than the screen, approve and reject still stay in view while the rest scrolls.
    {
      key: 'actions',
      header: 'bo.actions',
      hidden: !canManage && !canRelease,
      className: 'sticky right-0 whitespace-nowrap bg-white align-top shadow-[-4px_0_4px_-4px_rgba(0,0,0,0.15)]',
      cell: (w) =>
        w.status === 'applying' && (
          <div className="flex flex-col items-stretch gap-2">
            {canRelease && w.held && (
              <button
                type="button"
                className={cls.btnSmall}
                onClick={() => {
                  setReleaseError(null);
                  setReleasing(w);
                }}
                data-testid="withdrawal-release"
              >
                {t['bo.wd.release']}
              </button>
            )}
            {/* A held withdrawal, or one risk has not decided on yet, cannot be paid (the server refuses both too). */}
            {canManage && (
              <button
                type="button"
                className={cls.btnSmall}
                onClick={() => setApproving(w)}
                disabled={w.held || w.risk_pending}
                title={w.held ? t['bo.wd.held_hint'] : w.risk_pending ? t['bo.wd.risk_pending_hint'] : undefined}
                data-testid="withdrawal-approve"
              >
                {t['bo.wd.approve']}
              </button>
            )}
            {canManage && (
              <button
                type="button"
                className={cls.btnDanger}
                onClick={() => {
                  setDialogError(null);
                  setRejecting(w);
                }}
                data-testid="withdrawal-reject"
              >
                {t['bo.wd.reject']}
              </button>
            )}
          </div>
        ),
    },
  ];

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label={t['bo.wd.status']} className={cls.input} data-testid="filter-status">
          {WITHDRAWAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t[`bo.wd.status.${s}`]}
            </option>
          ))}
          <option value="">{t['bo.fin.all_statuses']}</option>
        </select>
        <select
          value={risk}
          onChange={(e) => setRisk(e.target.value as '' | WithdrawalRiskFilter)}
          aria-label={t['bo.wd.risk_filter']}
          className={cls.input}
          data-testid="filter-risk"
        >
          <option value="">{t['bo.wd.risk_filter.all']}</option>
          {WITHDRAWAL_RISK_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t[`bo.wd.risk_filter.${f}`]}
            </option>
          ))}
        </select>
        <AccountFilter t={t} value={account} onApply={setAccount} />
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>
          {t['bo.refresh']}
        </button>
        <ExportButton t={t} locale={locale} grid="withdrawals" params={{ status, account, risk }} />
        <div className="ml-auto">
          <TodayTotals t={t} totals={result?.totals_today} />
        </div>
      </div>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      {released && <Banner kind="success">{released}</Banner>}
      <BoTable
        t={t}
        list={list}
        columns={columns}
        rowKey={(w) => w.id}
        testId="bo-withdrawals"
        scroll
        rowTestId="withdrawal-row"
        rowData={(w) => ({ 'data-id': w.id, 'data-status': w.status })}
      />
      <PayDialog
        t={t}
        open={!!approving}
        busy={busy}
        message={approving ? fill(t['bo.wd.approve_message'], label(approving)) : ''}
        onSubmit={(ref) => {
          reference.current = ref;
          void approve();
        }}
        onCancel={() => setApproving(null)}
      />
      <ReasonDialog
        t={t}
        open={!!rejecting}
        busy={busy}
        error={dialogError}
        title={t['bo.wd.reject_title']}
        message={rejecting ? fill(t['bo.wd.reject_message'], label(rejecting)) : ''}
        onSubmit={(r) => void reject(r)}
        onCancel={() => setRejecting(null)}
      />
      <ReasonDialog
        t={t}
        open={!!releasing}
        busy={releaseBusy}
        error={releaseError}
        title={t['bo.wd.release_title']}
        submitLabel={t['bo.wd.release']}
        message={releasing ? fill(t['bo.wd.release_message'], label(releasing)) : ''}
        onSubmit={(r) => void release(r)}
        onCancel={() => setReleasing(null)}
      />
    </div>
  );
}

/** The payout's confirmation: the transfer's details and the bank's reference of it, which finance must type. */
function PayDialog({
  t,
  open,
  busy,
  message,
  onSubmit,
  onCancel,
}: {
  t: T;
  open: boolean;
  busy: boolean;
  message: string;
  onSubmit: (reference: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setValue('');
      setMissing(false);
    }
  }, [open]);
  return (
    <Dialog open={open} title={t['bo.wd.approve']} onClose={onCancel} labelClose={t['bo.close']} width={480}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!value.trim()) {
            setMissing(true);
            return;
          }
          onSubmit(value.trim());
        }}
      >
        <p className="mb-4 text-sm">{message}</p>
        <label className={cls.label} htmlFor="payout-reference">
          {t['bo.wd.bank_reference']}
        </label>
        <input
          id="payout-reference"
          name="bank_reference"
          maxLength={64}
          value={value}
          className={`${cls.input} w-full font-mono`}
          aria-invalid={missing}
          aria-describedby="payout-reference-hint"
          data-testid="payout-reference"
          onChange={(e) => {
            setValue(e.target.value);
            setMissing(false);
          }}
        />
        <p id="payout-reference-hint" className="mt-1 text-xs text-slate-500">
          {t['bo.wd.bank_reference_hint']}
        </p>
        {missing && (
          <p className={cls.fieldError} role="alert">
            {t['bo.wd.bank_reference_required']}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className={cls.btnGhost} onClick={onCancel}>
            {t['bo.cancel']}
          </button>
          <button type="submit" className={cls.btn} disabled={busy} data-testid="payout-submit">
            {t['bo.wd.approve']}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
