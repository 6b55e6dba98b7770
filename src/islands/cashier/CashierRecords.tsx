// Deposit and withdrawal records (desktop /member/trans-record?category=deposit|withdraw, mobile
// /mobile/f-trans-record/trans-record?type=recharge or ?category=withdraw): a date range within the last 30
// days with the quick ranges of SPEC.md section 9, pages of 10, and each order with its status label.
import { LEDGER_NOTE_KEYS, noteText } from '../../shared/ledger-notes.ts';
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../stores/api.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { $sessionReady, $user } from '../../stores/session.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import type { DepositView, WithdrawalRecordView } from '../../shared/schemas/cashier.ts';
import {
  Badge,
  CASHIER_ERROR_KEYS,
  DEPOSIT_STATUS_KEYS,
  METHOD_KEYS,
  WITHDRAW_STATUS_KEYS,
  depositStatus,
  isZero,
  methodKey,
  withdrawStatus,
  type CashierVariant,
} from './common.tsx';
import { LOGIN_NEEDED_KEYS, LoginNeeded, Spinner } from '../kit/status.tsx';
import { errorText } from '../kit/calls.ts';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup } from '../kit/page.ts';
import { DateRangeForm, rangeLabels } from '../common/DateRangeForm.tsx';
import { RecordTable, type RecordColumn } from '../common/RecordTable.tsx';
import { useDateRecords } from '../common/useDateRecords.ts';
import { isDepositRow, isWithdrawalRow, rowsOfKind, type RecordRow } from '../common/transaction-records.ts';

export const CASHIER_RECORDS_KEYS = [
  ...CASHIER_ERROR_KEYS,
  ...LOGIN_NEEDED_KEYS,
  'ux.login.records',
  ...DEPOSIT_STATUS_KEYS,
  ...WITHDRAW_STATUS_KEYS,
  ...METHOD_KEYS,
  'records.quick',
  'records.range.today',
  'records.range.yesterday',
  'records.range.last7',
  'records.range.last30',
  'records.date_start',
  'records.date_end',
  'records.search',
  'records.limit_note',
  'records.range_invalid',
  'records.col.time',
  'records.col.amount',
  'records.col.status',
  'records.empty',
  'cashier.ui.loading',
  'cashier.ui.retry',
  'cashier.ui.order_id',
  'cashier.ui.order_method',
  ...LEDGER_NOTE_KEYS,
  'cashier.ui.fee',
  'cashier.ui.reason',
  'cashier.ui.prev',
  'cashier.ui.next',
  'cashier.ui.page',
  'cashier.ui.total',
] as const;
type T = Record<(typeof CASHIER_RECORDS_KEYS)[number], string>;

type Row = DepositView | WithdrawalRecordView;
const isDeposit = (r: Row): r is DepositView => 'method' in r;
const isCashierRow = (r: RecordRow): r is Row => isDepositRow(r) || isWithdrawalRow(r);

interface Props {
  t: T;
  locale: Locale;
  variant: CashierVariant;
  category: 'deposit' | 'withdraw';
  paths: { home: string };
}

export default function CashierRecords({ t, locale, variant, category, paths }: Props) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const { range, records } = useDateRecords(
    'last7',
    !!user,
    ({ filters, page, pageSize, signal }) =>
      api('GET /auth/transactionRecordList', {
        query: { category, date_start: filters.start, date_end: filters.end, page, pageSize },
        signal,
      }).then((p) => rowsOfKind(p, isCashierRow)),
    (err) => errorText(err, t),
  );
  // A deposit or withdrawal changing state shows at once in the list on screen.
  useEffect(() => {
    const offs =
      category === 'withdraw'
        ? [onRealtime('withdrawal', records.reload)]
        : [onRealtime('deposit-success', records.reload), onRealtime('deposit-fail', records.reload)];
    return () => offs.forEach((off) => off());
  }, [category]);

  if (!ready) return <Spinner label={t['cashier.ui.loading']} />;
  if (!user) return <LoginNeeded t={t} variant={variant} homePath={paths.home} message={t['ux.login.records']} />;

  const statusOf = (r: Row) => (isDeposit(r) ? depositStatus(r.status, r.method) : withdrawStatus(r.status));
  const reasonOf = (r: Row) =>
    r.status === 'failed' || r.status === 'rejected' || r.status === 'expired'
      ? noteText(category === 'deposit' ? 'deposit' : 'withdraw_release', r.reason, t)
      : '';
  const badge = (r: Row) => {
    const s = statusOf(r);
    return (
      <Badge tone={s.tone} testId="record-status">
        {t[s.key]}
      </Badge>
    );
  };
  const columns: Array<RecordColumn<Row, keyof T>> = [
    { key: 'time', header: 'records.col.time', className: 'whitespace-nowrap text-slate-600', cell: (r) => taipeiDateTime(r.created_at) },
    { key: 'id', header: 'cashier.ui.order_id', className: 'font-mono text-xs', cell: (r) => r.id },
    ...(category === 'deposit'
      ? [{ key: 'method', header: 'cashier.ui.order_method', cell: (r) => (isDeposit(r) ? t[methodKey(r.method)] : '') } satisfies RecordColumn<Row, keyof T>]
      : []),
    { key: 'amount', header: 'records.col.amount', align: 'right', className: 'font-semibold', cell: (r) => formatDecimal(r.amount) },
    ...(category === 'withdraw'
      ? [{ key: 'fee', header: 'cashier.ui.fee', align: 'right', cell: (r) => (isDeposit(r) ? '' : formatDecimal(r.fee)) } satisfies RecordColumn<Row, keyof T>]
      : []),
    {
      key: 'status',
      header: 'records.col.status',
      align: 'right',
      cell: (r) => (
        <>
          {badge(r)}
          {reasonOf(r) && <p className="mt-0.5 text-xs text-red-700">{reasonOf(r)}</p>}
        </>
      ),
    },
  ];

  return (
    <div data-testid={`${category}-records`} className="space-y-4">
      <DateRangeForm
        range={range}
        labels={rangeLabels(t, 'records', t['records.limit_note'])}
        variant={variant === 'mobile' ? 'mobile' : 'desktop'}
        busy={records.loading}
        layout="flow"
        onSearch={records.search}
      />
      <RecordTable
        t={t}
        paging={records}
        variant={variant === 'mobile' ? 'mobile' : 'desktop'}
        rowKey={(r) => r.id}
        columns={columns}
        texts={{
          loading: 'cashier.ui.loading',
          empty: 'records.empty',
          prev: 'cashier.ui.prev',
          next: 'cashier.ui.next',
          page: 'cashier.ui.page',
          total: 'cashier.ui.total',
          retry: 'cashier.ui.retry',
        }}
        card={(r) => {
          const fee = isDeposit(r) ? '0' : r.fee;
          return (
            <>
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold">{isDeposit(r) ? t[methodKey(r.method)] : formatDecimal(r.amount)}</span>
                {badge(r)}
              </div>
              <div className="mt-1 flex justify-between gap-2 text-slate-600">
                <span className="truncate font-mono text-xs">{r.id}</span>
                <span className="shrink-0 font-semibold text-brand-700">
                  {isDeposit(r) ? formatDecimal(r.amount) : !isZero(fee) ? `${t['cashier.ui.fee']} ${formatDecimal(fee)}` : ''}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-500">{taipeiDateTime(r.created_at)}</p>
              {reasonOf(r) && (
                <p className="mt-1 text-xs text-red-700">
                  {t['cashier.ui.reason']}: {reasonOf(r)}
                </p>
              )}
            </>
          );
        }}
      />
    </div>
  );
}
