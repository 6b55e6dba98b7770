// Bank cards to audit: finance compares the account holder with the player's real name and approves the
// card for withdrawals or refuses it with a reason the player reads. A decision can be reversed later.
import { useState } from 'react';
import { boApi } from '../kit/api.ts';
import { Banner, ConfirmDialog, ListState, Pager, cls, fill, formatTime, usePaged } from '../kit/common.tsx';
import type { Locale } from '../../../shared/constants.ts';
import {
  AccountFilter, Badge, PAGE_SIZE, PlayerCell, ReasonDialog, SHARED_KEYS, Warning, bankName, groupDigits, useReview, type BankCard, type SharedT,
} from './shared.tsx';
import { BANK_CARD_STATUS } from '../../../shared/statuses.ts';

export const CARD_STATUSES = ['0', '1', '2'] as const;

export const CARDS_KEYS = [
  ...SHARED_KEYS,
  'bo.card.status', 'bo.card.created', 'bo.card.bank', 'bo.card.branch', 'bo.card.account_name', 'bo.card.number', 'bo.card.audit',
  'bo.card.approve', 'bo.card.reject', 'bo.card.approve_message', 'bo.card.reject_title', 'bo.card.reject_message', 'bo.card.approved',
  'bo.card.rejected', 'bo.card.bound_by_others', 'bo.card.real_name_missing',
  ...CARD_STATUSES.map((s) => `bo.card.status.${s}` as const),
] as const;
type T = SharedT & Record<(typeof CARDS_KEYS)[number], string>;

export function Cards({ t, locale }: { t: T; locale: Locale }) {
  const [status, setStatus] = useState<string>('0');
  const [account, setAccount] = useState('');
  const list = usePaged<BankCard>('/finance/bank-cards', { status: status || undefined, account: account || undefined }, PAGE_SIZE);
  const result = list.result;
  const label = (c: BankCard) => ({ account: c.account, bank: bankName(locale, c), number: groupDigits(c.card_number), name: c.account_name });

  const audit = async (c: BankCard, approve: boolean, reason: string) => {
    await boApi(`/finance/bank-cards/${c.id}/audit`, { method: 'POST', body: { approve, reason } });
    return fill(t[approve ? 'bo.card.approved' : 'bo.card.rejected'], label(c));
  };
  const { approving, setApproving, rejecting, setRejecting, busy, dialogError, setDialogError, notice, approve, reject } = useReview<BankCard>(t, () => void list.reload(), {
    approve: (c) => audit(c, true, ''),
    reject: (c, reason) => audit(c, false, reason),
  });

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label={t['bo.card.status']} className={cls.input} data-testid="filter-status">
          {CARD_STATUSES.map((s) => <option key={s} value={s}>{t[`bo.card.status.${s}`]}</option>)}
          <option value="">{t['bo.fin.all_statuses']}</option>
        </select>
        <AccountFilter t={t} value={account} onApply={setAccount} />
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>{t['bo.refresh']}</button>
      </div>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <ListState t={t} {...list.state}>
        {result && <div className="overflow-x-auto">
          <table className={cls.table} data-testid="bo-cards">
            <thead>
              <tr>
                <th className={cls.th}>{t['bo.card.created']}</th>
                <th className={cls.th}>{t['bo.fin.account']}</th>
                <th className={cls.th}>{t['bo.card.bank']}</th>
                <th className={cls.th}>{t['bo.card.account_name']}</th>
                <th className={cls.th}>{t['bo.card.number']}</th>
                <th className={cls.th}>{t['bo.card.status']}</th>
                <th className={cls.th}>{t['bo.actions']}</th>
              </tr>
            </thead>
            <tbody>
              {result.data.map((c) => (
                <tr key={c.id} data-testid="card-row" data-id={c.id} data-status={c.status}>
                  <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(c.created_at, locale)}</td>
                  <td className={cls.td}>
                    <PlayerCell locale={locale} id={c.player_id} account={c.account} realName={c.real_name} />
                    {!c.real_name && <span className="text-xs text-slate-400">{t['bo.card.real_name_missing']}</span>}
                  </td>
                  <td className={cls.td}>
                    <div className="whitespace-nowrap">{bankName(locale, c)}</div>
                    <div className="text-xs text-slate-500">{c.branch}</div>
                  </td>
                  <td className={cls.td}>
                    {c.account_name}
                    {!c.name_matches && <Warning>{t['bo.fin.name_mismatch']}</Warning>}
                  </td>
                  <td className={`${cls.td} whitespace-nowrap font-mono`}>
                    {groupDigits(c.card_number)}
                    {c.bound_by_others && <Warning>{t['bo.card.bound_by_others']}</Warning>}
                  </td>
                  <td className={cls.td}>
                    <Badge status={String(c.status)}>{t[`bo.card.status.${c.status}` as keyof T] ?? c.status}</Badge>
                    {c.audited_by && <div className="mt-0.5 whitespace-nowrap text-xs text-slate-500">{c.audited_by}</div>}
                    {c.audit_reason && <div className="mt-0.5 max-w-48 break-words text-xs text-slate-600">{c.audit_reason}</div>}
                  </td>
                  <td className={`${cls.td} whitespace-nowrap`}>
                    <div className="flex gap-2">
                      {c.status !== BANK_CARD_STATUS.usable && <button type="button" className={cls.btnSmall} onClick={() => setApproving(c)} data-testid="card-approve">{t['bo.card.approve']}</button>}
                      {c.status !== BANK_CARD_STATUS.refused && <button type="button" className={cls.btnDanger} onClick={() => { setDialogError(null); setRejecting(c); }} data-testid="card-reject">{t['bo.card.reject']}</button>}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>}
      </ListState>
      {result && result.total > PAGE_SIZE && <Pager t={t} page={list.page} total={result.total} pageSize={PAGE_SIZE} onPage={list.go} />}
      <ConfirmDialog t={t} open={!!approving} busy={busy} message={approving ? fill(t['bo.card.approve_message'], label(approving)) : ''}
        onConfirm={() => void approve()} onCancel={() => setApproving(null)} />
      <ReasonDialog t={t} open={!!rejecting} busy={busy} error={dialogError} title={t['bo.card.reject_title']}
        message={rejecting ? fill(t['bo.card.reject_message'], label(rejecting)) : ''}
        onSubmit={(r) => void reject(r)} onCancel={() => setRejecting(null)} />
    </div>
  );
}
