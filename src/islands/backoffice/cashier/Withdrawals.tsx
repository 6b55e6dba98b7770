// The withdrawal queue: finance checks the player, the card and the amount, pays the money out from the bank
// and then marks it paid here, or rejects it with a reason and the held money goes back to the player.
import { useState } from 'react';
import { boApi } from '../kit/api.ts';
import { Banner, ConfirmDialog, ListState, Pager, cls, fill, formatTime, usePaged } from '../kit/common.tsx';
import { Money, ShortId } from '../kit/money.tsx';
import { formatDecimal } from '../../../shared/money.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { WithdrawalQueueView } from '../../../shared/schemas/backoffice/finance.ts';
import {
  AccountFilter, Badge, PAGE_SIZE, PlayerCell, ReasonDialog, SHARED_KEYS, TodayTotals, Warning, bankName, groupDigits,
  useReview, type SharedT, type Withdrawal,
} from './shared.tsx';
import { WITHDRAWAL_CONTEXT_KEYS, WithdrawalContext } from './WithdrawalContext.tsx';

export const WITHDRAWAL_STATUSES = ['applying', 'paid', 'rejected', 'cancelled'] as const;

export const WITHDRAWALS_KEYS = [
  ...SHARED_KEYS, ...WITHDRAWAL_CONTEXT_KEYS,
  'bo.wd.status', 'bo.wd.created', 'bo.wd.amount', 'bo.wd.fee', 'bo.wd.payout', 'bo.wd.bank', 'bo.wd.account_name', 'bo.wd.card_number',
  'bo.wd.reviewer', 'bo.wd.approve', 'bo.wd.reject', 'bo.wd.approve_message', 'bo.wd.reject_title', 'bo.wd.reject_message',
  'bo.wd.approved', 'bo.wd.rejected',
  ...WITHDRAWAL_STATUSES.map((s) => `bo.wd.status.${s}` as const),
] as const;
type T = SharedT & Record<(typeof WITHDRAWALS_KEYS)[number], string>;

export function Withdrawals({ t, locale, canManage }: { t: T; locale: Locale; canManage: boolean }) {
  const [status, setStatus] = useState<string>('applying');
  const [account, setAccount] = useState('');
  const list = usePaged<Withdrawal, WithdrawalQueueView>('/finance/withdrawals', { status: status || undefined, account: account || undefined }, PAGE_SIZE);
  const result = list.result;
  const label = (w: Withdrawal) => ({
    id: w.id, account: w.account, amount: formatDecimal(w.amount), payout: formatDecimal(w.payout), fee: formatDecimal(w.fee),
    bank: bankName(locale, w.bank_card), number: groupDigits(w.bank_card.card_number), name: w.bank_card.account_name,
  });

  const { approving, setApproving, rejecting, setRejecting, busy, dialogError, setDialogError, notice, approve, reject } = useReview<Withdrawal>(t, () => void list.reload(), {
    approve: async (w) => {
      await boApi(`/finance/withdrawals/${encodeURIComponent(w.id)}/approve`, { method: 'POST', body: {} });
      return fill(t['bo.wd.approved'], label(w));
    },
    reject: async (w, reason) => {
      await boApi(`/finance/withdrawals/${encodeURIComponent(w.id)}/reject`, { method: 'POST', body: { reason } });
      return fill(t['bo.wd.rejected'], label(w));
    },
  });

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label={t['bo.wd.status']} className={cls.input} data-testid="filter-status">
          {WITHDRAWAL_STATUSES.map((s) => <option key={s} value={s}>{t[`bo.wd.status.${s}`]}</option>)}
          <option value="">{t['bo.fin.all_statuses']}</option>
        </select>
        <AccountFilter t={t} value={account} onApply={setAccount} />
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>{t['bo.refresh']}</button>
        <div className="ml-auto"><TodayTotals t={t} totals={result?.totals_today} /></div>
      </div>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <ListState t={t} {...list.state}>
        {result && <div className="overflow-x-auto">
          <table className={cls.table} data-testid="bo-withdrawals">
            <thead>
              <tr>
                <th className={cls.th}>{t['bo.wd.created']}</th>
                <th className={cls.th}>{t['bo.fin.id']}</th>
                <th className={cls.th}>{t['bo.fin.account']}</th>
                <th className={`${cls.th} text-right`}>{t['bo.wd.payout']}</th>
                <th className={cls.th}>{t['bo.wd.bank']}</th>
                <th className={cls.th}>{t['bo.wd.risk']}</th>
                <th className={cls.th}>{t['bo.wd.status']}</th>
                {canManage && <th className={cls.th}>{t['bo.actions']}</th>}
              </tr>
            </thead>
            <tbody>
              {result.data.map((w) => (
                <tr key={w.id} data-testid="withdrawal-row" data-id={w.id} data-status={w.status}>
                  <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(w.created_at, locale)}</td>
                  <td className={cls.td}><ShortId id={w.id} /></td>
                  <td className={cls.td}><PlayerCell locale={locale} id={w.player_id} account={w.account} realName={w.real_name} /></td>
                  <td className={`${cls.td} text-right`}>
                    <Money value={w.payout} className="text-base font-semibold" />
                    <div className="whitespace-nowrap text-xs text-slate-500">{t['bo.wd.amount']} <Money value={w.amount} /></div>
                    <div className="whitespace-nowrap text-xs text-slate-500">{t['bo.wd.fee']} <Money value={w.fee} /></div>
                  </td>
                  <td className={cls.td}>
                    <div className="whitespace-nowrap font-medium">{bankName(locale, w.bank_card)} <span className="font-normal text-slate-500">{w.bank_card.branch}</span></div>
                    <div className="whitespace-nowrap font-mono" data-testid="card-number">{groupDigits(w.bank_card.card_number)}</div>
                    <div className="whitespace-nowrap text-xs">{t['bo.wd.account_name']}: {w.bank_card.account_name}</div>
                    {!w.name_matches && <Warning>{t['bo.fin.name_mismatch']}</Warning>}
                  </td>
                  <td className={cls.td}>{w.status === 'applying' ? <WithdrawalContext t={t} id={w.id} /> : <span className="text-xs text-slate-400">—</span>}</td>
                  <td className={cls.td}>
                    <Badge status={w.status}>{t[`bo.wd.status.${w.status}` as keyof T] ?? w.status}</Badge>
                    {w.reviewed_by && <div className="mt-0.5 whitespace-nowrap text-xs text-slate-500">{w.reviewed_by} · {formatTime(w.reviewed_at, locale)}</div>}
                    {w.reason && w.status !== 'paid' && <div className="mt-0.5 max-w-48 break-words text-xs text-slate-600">{w.reason}</div>}
                  </td>
                  {canManage && (
                    <td className={`${cls.td} whitespace-nowrap`}>
                      {w.status === 'applying' && (
                        <div className="flex gap-2">
                          <button type="button" className={cls.btnSmall} onClick={() => setApproving(w)} data-testid="withdrawal-approve">{t['bo.wd.approve']}</button>
                          <button type="button" className={cls.btnDanger} onClick={() => { setDialogError(null); setRejecting(w); }} data-testid="withdrawal-reject">{t['bo.wd.reject']}</button>
                        </div>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>}
      </ListState>
      {result && result.total > PAGE_SIZE && <Pager t={t} page={list.page} total={result.total} pageSize={PAGE_SIZE} onPage={list.go} />}
      <ConfirmDialog t={t} open={!!approving} busy={busy} message={approving ? fill(t['bo.wd.approve_message'], label(approving)) : ''}
        onConfirm={() => void approve()} onCancel={() => setApproving(null)} />
      <ReasonDialog t={t} open={!!rejecting} busy={busy} error={dialogError} title={t['bo.wd.reject_title']}
        message={rejecting ? fill(t['bo.wd.reject_message'], label(rejecting)) : ''} onSubmit={(r) => void reject(r)} onCancel={() => setRejecting(null)} />
    </div>
  );
}
