// The finance desk's grids in the export centre: the deposit queue, the withdrawal queue and the bank-card audits,
// read page by page through the desk's own service with the same filters as on screen, and written with headings and
// words in the requester's language. A withdrawal shows whole card numbers only to a role that may pay out, as on
// the desk.
import * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import type { CsvColumn } from '../../../lib/csv.ts';
import { can } from '../../staff/roles.ts';
import { exportGrid, type RegisteredGrid } from '../../../lib/export-grid.ts';
import type { BetsService } from '../../bets/service.ts';
import type { CashierService } from '../service.ts';
import { boTranslate } from '../../../../i18n/backoffice.ts';
import type { Locale } from '../../../../shared/constants.ts';
import { cardsQuery, depositsQuery, withdrawalsQuery } from '../../../../shared/schemas/backoffice/finance-requests.ts';
import type { bankCardQueueView, DepositQueueView, WithdrawalQueueView } from '../../../../shared/schemas/backoffice/finance.ts';
import { BackofficeFinanceService } from './service.ts';

type Deposit = DepositQueueView['data'][number];
type Withdrawal = WithdrawalQueueView['data'][number];
type Card = v.InferOutput<typeof bankCardQueueView>['data'][number];

/** A heading or a word of the export centre's catalogue, or of the desk's own (statuses, methods). */
const word = (locale: Locale, key: string) => boTranslate(locale, key);
const heading = (locale: Locale, col: string) => word(locale, `bo.exports.col.${col}`);
/** A status word, or the code when the catalogue has none (a status added later still exports). */
const named = (locale: Locale, prefix: string, code: string) => {
  const text = word(locale, `${prefix}.${code}`);
  return text === `${prefix}.${code}` ? code : text;
};

function depositColumns(locale: Locale): Array<CsvColumn<Deposit>> {
  const h = (c: string) => heading(locale, c);
  return [
    { heading: h('id'), cell: (d) => d.id },
    { heading: h('created_at'), cell: (d) => d.created_at, kind: 'datetime' },
    { heading: h('account'), cell: (d) => d.account },
    { heading: h('real_name'), cell: (d) => d.real_name },
    { heading: h('method'), cell: (d) => named(locale, 'bo.dep.method', d.method) },
    { heading: h('amount'), cell: (d) => d.amount, kind: 'number' },
    { heading: h('status'), cell: (d) => named(locale, 'bo.dep.status', d.status) },
    { heading: h('player_ref'), cell: (d) => d.player_ref || d.payment_code || '' },
    { heading: h('gateway_order'), cell: (d) => d.gateway_order_id },
    { heading: h('reason'), cell: (d) => d.reason },
    { heading: h('paid_at'), cell: (d) => d.paid_at, kind: 'datetime' },
    { heading: h('reviewed_by'), cell: (d) => d.reviewed_by },
  ];
}

function withdrawalColumns(locale: Locale): Array<CsvColumn<Withdrawal>> {
  const h = (c: string) => heading(locale, c);
  return [
    { heading: h('id'), cell: (w) => w.id },
    { heading: h('created_at'), cell: (w) => w.created_at, kind: 'datetime' },
    { heading: h('account'), cell: (w) => w.account },
    { heading: h('real_name'), cell: (w) => w.real_name },
    { heading: h('amount'), cell: (w) => w.amount, kind: 'number' },
    { heading: h('fee'), cell: (w) => w.fee, kind: 'number' },
    { heading: h('payout'), cell: (w) => w.payout, kind: 'number' },
    { heading: h('bank'), cell: (w) => (locale === 'en' ? w.bank_card.bank_name_en : w.bank_card.bank_name) || w.bank_card.bank },
    { heading: h('account_name'), cell: (w) => w.bank_card.account_name },
    { heading: h('card_number'), cell: (w) => w.bank_card.card_number, kind: 'phone' },
    { heading: h('status'), cell: (w) => named(locale, 'bo.wd.status', w.status) },
    { heading: h('risk'), cell: (w) => (w.risk_decision ? named(locale, 'bo.risk.decision', w.risk_decision) : '') },
    { heading: h('reviewed_at'), cell: (w) => w.reviewed_at, kind: 'datetime' },
    { heading: h('reviewed_by'), cell: (w) => w.reviewed_by },
    { heading: h('reason'), cell: (w) => w.reason },
  ];
}

function cardColumns(locale: Locale): Array<CsvColumn<Card>> {
  const h = (c: string) => heading(locale, c);
  return [
    { heading: h('created_at'), cell: (c) => c.created_at, kind: 'datetime' },
    { heading: h('account'), cell: (c) => c.account },
    { heading: h('real_name'), cell: (c) => c.real_name },
    { heading: h('bank'), cell: (c) => (locale === 'en' ? c.bank_name_en : c.bank_name) || c.bank },
    { heading: h('branch'), cell: (c) => c.branch },
    { heading: h('account_name'), cell: (c) => c.account_name },
    { heading: h('card_number'), cell: (c) => c.card_number, kind: 'phone' },
    { heading: h('status'), cell: (c) => named(locale, 'bo.card.status', String(c.status)) },
    { heading: h('reason'), cell: (c) => c.audit_reason },
    { heading: h('reviewed_by'), cell: (c) => c.audited_by },
  ];
}

/** The finance desk's grids, reading through the desk's service on the given database (the read replica). */
export function financeExportGrids(deps: { db: Db; cashier: CashierService; bets: BetsService }): RegisteredGrid[] {
  const desk = new BackofficeFinanceService(deps);
  return [
    exportGrid({
      key: 'deposits',
      permission: 'finance.read',
      params: v.omit(depositsQuery, ['page', 'pageSize']),
      fileName: 'deposits',
      columns: depositColumns,
      read: async (params, page) => {
        const { data, total } = await desk.deposits({ ...params, ...page, method: params.method || undefined });
        return { rows: data, total };
      },
    }),
    exportGrid({
      key: 'withdrawals',
      permission: 'finance.read',
      params: v.omit(withdrawalsQuery, ['page', 'pageSize']),
      fileName: 'withdrawals',
      columns: withdrawalColumns,
      read: async (params, page, viewer) => {
        const { data, total } = await desk.withdrawals({ ...params, ...page }, can(viewer.role, 'finance.manage'));
        return { rows: data, total };
      },
    }),
    exportGrid({
      key: 'bank_cards',
      permission: 'finance.manage',
      params: v.omit(cardsQuery, ['page', 'pageSize']),
      fileName: 'bank-cards',
      columns: cardColumns,
      read: async (params, page) => {
        const { data, total } = await desk.cards({ ...params, ...page });
        return { rows: data, total };
      },
    }),
  ];
}
