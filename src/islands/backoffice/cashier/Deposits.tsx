// The deposit queue: manual payments (bank transfer, USDT) wait here until finance sees the money and
// confirms, or rejects with a reason; gateway orders are listed too but settle by their callbacks.
import { useState } from 'react';
import { boApi } from '../kit/api.ts';
import { Banner, ConfirmDialog, cls, fill, formatTime } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { EXPORT_BUTTON_KEYS, ExportButton } from '../exports/ExportButton.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { Money, ShortId } from '../kit/money.tsx';
import { formatDecimal } from '../../../shared/money.ts';
import type { Locale } from '../../../shared/constants.ts';
import { AccountFilter, Badge, PAGE_SIZE, PlayerCell, ReasonDialog, SHARED_KEYS, TodayTotals, useReview, type Deposit, type SharedT } from './shared.tsx';
import { DEPOSIT_STATUS, statusValues } from '../../../shared/statuses.ts';

export const DEPOSIT_STATUSES = statusValues(DEPOSIT_STATUS);
export const DEPOSIT_METHODS = ['bank_transfer', 'usdt', 'card', 'cvs', 'online_banking', 'atm', 'barcode'] as const;

export const DEPOSITS_KEYS = [
  ...EXPORT_BUTTON_KEYS,
  ...SHARED_KEYS,
  'bo.dep.status',
  'bo.dep.method',
  'bo.dep.all_methods',
  'bo.dep.amount',
  'bo.dep.player_ref',
  'bo.dep.reviewer',
  'bo.dep.created',
  'bo.dep.confirm',
  'bo.dep.reject',
  'bo.dep.confirm_message',
  'bo.dep.reject_title',
  'bo.dep.reject_message',
  'bo.dep.confirmed',
  'bo.dep.rejected',
  'bo.dep.by_gateway',
  'bo.dep.paid_at',
  ...DEPOSIT_STATUSES.map((s) => `bo.dep.status.${s}` as const),
  ...DEPOSIT_METHODS.map((m) => `bo.dep.method.${m}` as const),
] as const;
type T = SharedT & Record<(typeof DEPOSITS_KEYS)[number], string>;

export function Deposits({ t, locale, canManage }: { t: T; locale: Locale; canManage: boolean }) {
  const [status, setStatus] = useState<string>('pending');
  const [method, setMethod] = useState('');
  const [account, setAccount] = useState('');
  const list = useBoData('GET /finance/deposits', {
    query: { status: status || undefined, method: method || undefined, account: account || undefined },
    pageSize: PAGE_SIZE,
  });
  const result = list.data;
  const label = (d: Deposit) => ({ id: d.id, account: d.account, amount: formatDecimal(d.amount) });

  const review = useReview<Deposit>(t, () => void list.reload(), {
    approve: async (d) => {
      await boApi('POST /finance/deposits/:id/confirm', { params: { id: d.id } });
      return fill(t['bo.dep.confirmed'], label(d));
    },
    reject: async (d, reason) => {
      await boApi('POST /finance/deposits/:id/reject', { params: { id: d.id }, body: { reason } });
      return fill(t['bo.dep.rejected'], label(d));
    },
  });
  const { approving: confirming, setApproving: setConfirming, rejecting, setRejecting, busy, dialogError, setDialogError, notice, reject } = review;
  const confirm = review.approve;
  const columns: Array<BoColumn<Deposit, keyof T & string>> = [
    { key: 'created', header: 'bo.dep.created', className: 'whitespace-nowrap text-slate-500', cell: (d) => formatTime(d.created_at, locale) },
    { key: 'id', header: 'bo.fin.id', cell: (d) => <ShortId id={d.id} /> },
    { key: 'account', header: 'bo.fin.account', cell: (d) => <PlayerCell locale={locale} id={d.player_id} account={d.account} realName={d.real_name} /> },
    { key: 'method', header: 'bo.dep.method', className: 'whitespace-nowrap', cell: (d) => t[`bo.dep.method.${d.method}` as keyof T] ?? d.method },
    { key: 'amount', header: 'bo.dep.amount', align: 'right', cell: (d) => <Money value={d.amount} className="font-semibold" /> },
    {
      key: 'ref',
      header: 'bo.dep.player_ref',
      className: 'max-w-56 break-words text-xs text-slate-600',
      cell: (d) => (
        <>
          {d.player_ref || d.payment_code || '—'}
          {d.reason && <div className="text-red-700">{d.reason}</div>}
        </>
      ),
    },
    {
      key: 'status',
      header: 'bo.dep.status',
      cell: (d) => (
        <>
          <Badge status={d.status}>{t[`bo.dep.status.${d.status}` as keyof T] ?? d.status}</Badge>
          {d.paid_at && <div className="mt-0.5 whitespace-nowrap text-xs text-slate-500">{formatTime(d.paid_at, locale)}</div>}
        </>
      ),
    },
    { key: 'reviewer', header: 'bo.dep.reviewer', className: 'whitespace-nowrap text-slate-600', cell: (d) => d.reviewed_by ?? '—' },
    {
      key: 'actions',
      header: 'bo.actions',
      hidden: !canManage,
      className: 'whitespace-nowrap',
      cell: (d) =>
        d.reviewable ? (
          <div className="flex gap-2">
            <button type="button" className={cls.btnSmall} onClick={() => setConfirming(d)} data-testid="deposit-confirm">
              {t['bo.dep.confirm']}
            </button>
            <button
              type="button"
              className={cls.btnDanger}
              onClick={() => {
                setDialogError(null);
                setRejecting(d);
              }}
              data-testid="deposit-reject"
            >
              {t['bo.dep.reject']}
            </button>
          </div>
        ) : d.status === 'pending' ? (
          <span className="text-xs text-slate-400">{t['bo.dep.by_gateway']}</span>
        ) : null,
    },
  ];

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label={t['bo.dep.status']} className={cls.input} data-testid="filter-status">
          {DEPOSIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t[`bo.dep.status.${s}`]}
            </option>
          ))}
          <option value="">{t['bo.fin.all_statuses']}</option>
        </select>
        <select value={method} onChange={(e) => setMethod(e.target.value)} aria-label={t['bo.dep.method']} className={cls.input} data-testid="filter-method">
          <option value="">{t['bo.dep.all_methods']}</option>
          {DEPOSIT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t[`bo.dep.method.${m}`]}
            </option>
          ))}
        </select>
        <AccountFilter t={t} value={account} onApply={setAccount} />
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>
          {t['bo.refresh']}
        </button>
        <ExportButton t={t} locale={locale} grid="deposits" params={{ status, method, account }} />
        <div className="ml-auto">
          <TodayTotals t={t} totals={result?.totals_today} />
        </div>
      </div>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <BoTable
        t={t}
        list={list}
        columns={columns}
        rowKey={(d) => d.id}
        testId="bo-deposits"
        scroll
        rowTestId="deposit-row"
        rowData={(d) => ({ 'data-id': d.id, 'data-status': d.status })}
      />
      <ConfirmDialog
        t={t}
        open={!!confirming}
        busy={busy}
        message={confirming ? fill(t['bo.dep.confirm_message'], label(confirming)) : ''}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
      <ReasonDialog
        t={t}
        open={!!rejecting}
        busy={busy}
        error={dialogError}
        title={t['bo.dep.reject_title']}
        message={rejecting ? fill(t['bo.dep.reject_message'], label(rejecting)) : ''}
        onSubmit={(r) => void reject(r)}
        onCancel={() => setRejecting(null)}
      />
    </div>
  );
}
