// Bank cards to audit: finance compares the account holder with the player's real name and approves the
// card for withdrawals or refuses it with a reason the player reads. A decision can be reversed later.
import { useState } from 'react';
import { boApi } from '../kit/api.ts';
import { Banner, ConfirmDialog, cls, fill, formatTime } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { EXPORT_BUTTON_KEYS, ExportButton } from '../exports/ExportButton.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import {
  AccountFilter,
  Badge,
  PAGE_SIZE,
  PlayerCell,
  ReasonDialog,
  SHARED_KEYS,
  Warning,
  bankName,
  groupDigits,
  useReview,
  type BankCard,
  type SharedT,
} from './shared.tsx';
import { BANK_CARD_STATUS } from '../../../shared/statuses.ts';

export const CARD_STATUSES = ['0', '1', '2'] as const;

export const CARDS_KEYS = [
  ...EXPORT_BUTTON_KEYS,
  ...SHARED_KEYS,
  'bo.card.status',
  'bo.card.created',
  'bo.card.bank',
  'bo.card.branch',
  'bo.card.account_name',
  'bo.card.number',
  'bo.card.audit',
  'bo.card.approve',
  'bo.card.reject',
  'bo.card.approve_message',
  'bo.card.reject_title',
  'bo.card.reject_message',
  'bo.card.approved',
  'bo.card.rejected',
  'bo.card.bound_by_others',
  'bo.card.real_name_missing',
  ...CARD_STATUSES.map((s) => `bo.card.status.${s}` as const),
] as const;
type T = SharedT & Record<(typeof CARDS_KEYS)[number], string>;

export function Cards({ t, locale }: { t: T; locale: Locale }) {
  const [status, setStatus] = useState<string>('0');
  const [account, setAccount] = useState('');
  const list = useBoData('GET /finance/bank-cards', { query: { status: status || undefined, account: account || undefined }, pageSize: PAGE_SIZE });
  const label = (c: BankCard) => ({ account: c.account, bank: bankName(locale, c), number: groupDigits(c.card_number), name: c.account_name });

  const audit = async (c: BankCard, approve: boolean, reason: string) => {
    await boApi('POST /finance/bank-cards/:id/audit', { params: { id: c.id }, body: { approve, reason } });
    return fill(t[approve ? 'bo.card.approved' : 'bo.card.rejected'], label(c));
  };
  const { approving, setApproving, rejecting, setRejecting, busy, dialogError, setDialogError, notice, approve, reject } = useReview<BankCard>(
    t,
    () => void list.reload(),
    {
      approve: (c) => audit(c, true, ''),
      reject: (c, reason) => audit(c, false, reason),
    },
  );

  const columns: Array<BoColumn<BankCard, keyof T & string>> = [
    { key: 'created', header: 'bo.card.created', className: 'whitespace-nowrap text-slate-500', cell: (c) => formatTime(c.created_at, locale) },
    {
      key: 'account',
      header: 'bo.fin.account',
      cell: (c) => (
        <>
          <PlayerCell locale={locale} id={c.player_id} account={c.account} realName={c.real_name} />
          {!c.real_name && <span className="text-xs text-slate-400">{t['bo.card.real_name_missing']}</span>}
        </>
      ),
    },
    {
      key: 'bank',
      header: 'bo.card.bank',
      cell: (c) => (
        <>
          <div className="whitespace-nowrap">{bankName(locale, c)}</div>
          <div className="text-xs text-slate-500">{c.branch}</div>
        </>
      ),
    },
    {
      key: 'name',
      header: 'bo.card.account_name',
      cell: (c) => (
        <>
          {c.account_name}
          {!c.name_matches && <Warning>{t['bo.fin.name_mismatch']}</Warning>}
        </>
      ),
    },
    {
      key: 'number',
      header: 'bo.card.number',
      className: 'whitespace-nowrap font-mono',
      cell: (c) => (
        <>
          {groupDigits(c.card_number)}
          {c.bound_by_others && <Warning>{t['bo.card.bound_by_others']}</Warning>}
        </>
      ),
    },
    {
      key: 'status',
      header: 'bo.card.status',
      cell: (c) => (
        <>
          <Badge status={String(c.status)}>{t[`bo.card.status.${c.status}` as keyof T] ?? c.status}</Badge>
          {c.audited_by && <div className="mt-0.5 whitespace-nowrap text-xs text-slate-500">{c.audited_by}</div>}
          {c.audit_reason && <div className="mt-0.5 max-w-48 break-words text-xs text-slate-600">{c.audit_reason}</div>}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'bo.actions',
      className: 'whitespace-nowrap',
      cell: (c) => (
        <div className="flex gap-2">
          {c.status !== BANK_CARD_STATUS.usable && (
            <button type="button" className={cls.btnSmall} onClick={() => setApproving(c)} data-testid="card-approve">
              {t['bo.card.approve']}
            </button>
          )}
          {c.status !== BANK_CARD_STATUS.refused && (
            <button
              type="button"
              className={cls.btnDanger}
              onClick={() => {
                setDialogError(null);
                setRejecting(c);
              }}
              data-testid="card-reject"
            >
              {t['bo.card.reject']}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label={t['bo.card.status']} className={cls.input} data-testid="filter-status">
          {CARD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t[`bo.card.status.${s}`]}
            </option>
          ))}
          <option value="">{t['bo.fin.all_statuses']}</option>
        </select>
        <AccountFilter t={t} value={account} onApply={setAccount} />
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>
          {t['bo.refresh']}
        </button>
        <ExportButton t={t} locale={locale} grid="bank_cards" params={{ status, account }} />
      </div>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <BoTable
        t={t}
        list={list}
        columns={columns}
        rowKey={(c) => c.id}
        testId="bo-cards"
        scroll
        rowTestId="card-row"
        rowData={(c) => ({ 'data-id': c.id, 'data-status': c.status })}
      />
      <ConfirmDialog
        t={t}
        open={!!approving}
        busy={busy}
        message={approving ? fill(t['bo.card.approve_message'], label(approving)) : ''}
        onConfirm={() => void approve()}
        onCancel={() => setApproving(null)}
      />
      <ReasonDialog
        t={t}
        open={!!rejecting}
        busy={busy}
        error={dialogError}
        title={t['bo.card.reject_title']}
        message={rejecting ? fill(t['bo.card.reject_message'], label(rejecting)) : ''}
        onSubmit={(r) => void reject(r)}
        onCancel={() => setRejecting(null)}
      />
    </div>
  );
}
