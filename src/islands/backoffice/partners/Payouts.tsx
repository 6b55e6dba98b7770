// Partner payouts at the finance desk: reviewed as withdrawals are. The amount was held out of the partner's wallet at
// request; finance pays it to the card shown (whole number, as for withdrawals) and marks it paid, or rejects it with
// a reason and the held amount goes back to the wallet.
import { useState } from 'react';
import type * as v from 'valibot';
import { Banner, cls, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { useBoAction } from '../kit/form.tsx';
import { partnerCodeName } from '../kit/codes.ts';
import type { Locale } from '../../../shared/constants.ts';
import { PAYOUT_STATUSES } from '../../../shared/schemas/partners/common.ts';
import { configurePartnersBo, pbApi, usePbData } from './api.ts';
import type { PartnerRoutes } from './routes.ts';
import { PB_KEYS, Pill, money, useReason, type PbT } from './shared.tsx';

export const PARTNER_PAYOUTS_KEYS = [
  ...PB_KEYS,
  'bo.pt.po.created',
  'bo.pt.po.partner',
  'bo.pt.po.amount',
  'bo.pt.po.card',
  'bo.pt.po.status',
  'bo.pt.po.reviewed',
  'bo.pt.po.pay',
  'bo.pt.po.reject',
  'bo.pt.po.pay_confirm',
  'bo.pt.po.reject_title',
  'bo.pt.po.paid',
  'bo.pt.po.rejected',
  'bo.pt.po.reason',
] as const;
type K = (typeof PARTNER_PAYOUTS_KEYS)[number];
type Row = v.InferOutput<PartnerRoutes['GET /payouts']>['data'][number];
const PAGE_SIZE = 20;

/** The finance desk's tab (its Guard is the desk's): canManage says whether this staff member may pay or reject. */
export function PartnerPayouts({ t, locale, canManage }: { t: IslandProps<K>['t']; locale: Locale; canManage: boolean }) {
  useState(() => {
    if (typeof window !== 'undefined') configurePartnersBo(locale, t['bo.error.network']);
    return true;
  });
  const [status, setStatus] = useState<string>('applying');
  const list = usePbData('GET /payouts', { query: { status }, pageSize: PAGE_SIZE });
  const action = useBoAction(t);
  const reason = useReason(t as unknown as PbT);
  const pay = async (r: Row) => {
    // The confirmation takes the note too (the bank reference, say), which the partner reads beside the payout.
    const got = await reason.ask(
      t['bo.pt.po.pay'],
      fill(t['bo.pt.po.pay_confirm'], { partner: r.partner_account, amount: money(r.amount), bank: r.bank, card: r.card_number, holder: r.holder }),
      { optional: true, partnerSees: true },
    );
    if (!got) return;
    if (
      await action.run(
        () => pbApi('POST /payouts/:id/pay', { params: { id: r.id }, body: { note: got.reason } }),
        fill(t['bo.pt.po.paid'], { partner: r.partner_account, amount: money(r.amount) }),
      )
    )
      void list.reload();
  };
  const reject = async (r: Row) => {
    const got = await reason.ask(t['bo.pt.po.reject_title'], `${r.partner_account} · ${money(r.amount)}`, { partnerSees: true });
    if (!got) return;
    if (
      await action.run(
        () => pbApi('POST /payouts/:id/reject', { params: { id: r.id }, body: { reason: got.reason } }),
        fill(t['bo.pt.po.rejected'], { partner: r.partner_account, amount: money(r.amount) }),
        ['reason'],
      )
    )
      void list.reload();
  };
  const columns: Array<BoColumn<Row, K>> = [
    { key: 'created', header: 'bo.pt.po.created', className: 'whitespace-nowrap text-slate-500', cell: (r) => formatTime(r.created_at, locale) },
    {
      key: 'partner',
      header: 'bo.pt.po.partner',
      cell: (r) => (
        <a className="text-brand-700 underline" href={`${locale === 'en' ? '/en' : ''}/backoffice/partners?id=${r.partner_id}`}>
          {r.partner_account}
        </a>
      ),
      testId: 'payout-partner',
    },
    {
      key: 'amount',
      header: 'bo.pt.po.amount',
      align: 'right',
      className: 'font-semibold tabular-nums',
      cell: (r) => money(r.amount),
      testId: 'payout-amount',
    },
    {
      key: 'card',
      header: 'bo.pt.po.card',
      cell: (r) => (
        <span>
          {r.bank} · {r.holder} · <span className="font-mono">{canManage ? r.card_number : r.card_number_masked}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'bo.pt.po.status',
      cell: (r) => (
        <>
          <Pill t={t} kind="partner_payout" code={r.status} testId="payout-status" />
          {r.reason && <div className="mt-1 text-xs text-slate-500">{r.reason}</div>}
        </>
      ),
    },
    { key: 'reviewed', header: 'bo.pt.po.reviewed', className: 'whitespace-nowrap text-slate-500', cell: (r) => formatTime(r.reviewed_at, locale) },
    {
      key: 'actions',
      header: 'bo.actions',
      cell: (r) =>
        canManage && r.status === 'applying' ? (
          <div className="flex gap-2">
            <button type="button" className={cls.btnSmall} disabled={action.busy} onClick={() => void pay(r)} data-testid="payout-pay">
              {t['bo.pt.po.pay']}
            </button>
            <button type="button" className={cls.btnDanger} disabled={action.busy} onClick={() => void reject(r)} data-testid="payout-reject">
              {t['bo.pt.po.reject']}
            </button>
          </div>
        ) : null,
    },
  ];
  return (
    <div className="space-y-3" data-testid="partner-payouts">
      <label className="inline-block">
        <span className={cls.label}>{t['bo.pt.po.status']}</span>
        <select className={cls.input} value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t['bo.pt.all']}</option>
          {PAYOUT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {partnerCodeName(t, 'partner_payout', s)}
            </option>
          ))}
        </select>
      </label>
      {action.notice && (
        <Banner kind={action.notice.kind} testId="payouts-notice">
          {action.notice.text}
        </Banner>
      )}
      <BoTable t={t} list={list} columns={columns} rowKey={(r) => r.id} testId="partner-payouts-table" rowTestId="partner-payout-row" scroll />
      {reason.dialog}
    </div>
  );
}
