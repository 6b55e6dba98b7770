// Transfer records (desktop /member/trans-record?category=transfer, mobile /mobile/f-trans-record/trans-record?type=transfer):
// a date range within the last 30 days with the quick ranges of SPEC.md section 9, pages of 10, and the
// transfers between the player's wallets and the game platforms with their translated status. With `ledger`
// the same screen lists every ledger movement of the player's wallets (deposits, withdrawals, transfers,
// adjustments, grants, ...) with its reason, so a player can tell why a balance moved, from GET /api/players/money/all.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import { $platformWallets, failureText, refreshWallets } from '../../stores/wallet.ts';
import { LEDGER_KINDS, LEDGER_NOTE_KEYS, ledgerKindKey, noteText } from '../../shared/ledger-notes.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';
import { DateRangeForm, rangeLabels, type DateRange, type DayRange } from '../common/DateRangeForm.tsx';
import { RecordTable, type RecordColumn, type RecordTableTexts } from '../common/RecordTable.tsx';
import { type PagedRecords } from '../common/usePagedRecords.ts';
import { useDateRecords } from '../common/useDateRecords.ts';
import type { PagedAnswer } from '../common/paging.ts';
import { isTransferRow, rowsOfKind } from '../common/transaction-records.ts';
import type { MoneyRecordView, TransferRecordView } from '../../shared/schemas/wallet.ts';

export const RECORDS_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  'ux.login.records',
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
  'records.col.platform',
  'records.col.direction',
  'records.col.wallet',
  'records.col.amount',
  'records.col.status',
  'records.dir.in',
  'records.dir.out',
  'records.wallet.central',
  'records.wallet.activity',
  'records.status.pending',
  'records.status.applied',
  'records.status.refunded',
  'records.empty',
  'records.prev',
  'records.next',
  'records.page',
  'records.total',
  'records.quick',
  'wallet.loading',
  'error.generic',
  'error.network',
  ...LEDGER_NOTE_KEYS,
  ...LEDGER_KINDS.map((k) => `ledger.kind.${k}` as const),
  'ledger.kind.other',
  'records.col.kind',
  'records.col.note',
  'records.col.balance_after',
  'records.retry',
] as const;
type T = Record<(typeof RECORDS_KEYS)[number], string>;
type Key = keyof T;
/** The date range and page of one record call. */
interface PageQuery {
  date_start: string;
  date_end: string;
  page: number;
  pageSize: number;
}

const TEXTS: RecordTableTexts<Key> = {
  loading: 'wallet.loading',
  empty: 'records.empty',
  prev: 'records.prev',
  next: 'records.next',
  page: 'records.page',
  total: 'records.total',
  retry: 'records.retry',
};

export default function TransferRecords({ t, locale, variant, ledger = false }: { t: T; locale: Locale; variant: Variant; ledger?: boolean }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const signedIn = !!user;

  useEffect(() => {
    if (signedIn && !$platformWallets.get()) refreshWallets(false).catch(() => undefined);
  }, [signedIn]);

  if (!ready) return <Spinner label={t['wallet.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} message={t['ux.login.records']} />;
  return ledger ? <LedgerRecords t={t} variant={variant} /> : <Transfers t={t} variant={variant} />;
}

/** One record list of this screen: the last 7 days at first, searched again by the date form. */
function useRecords<A extends PagedAnswer>(t: T, load: (query: PageQuery, signal: AbortSignal) => Promise<A>) {
  return useDateRecords(
    'last7',
    true,
    ({ filters, page, pageSize, signal }) => load({ date_start: filters.start, date_end: filters.end, page, pageSize }, signal),
    (err) => failureText(err, t['error.generic']),
  );
}

function RangeForm({
  t,
  variant,
  range,
  records,
}: {
  t: T;
  variant: Variant;
  range: DateRange;
  records: Pick<PagedRecords<PagedAnswer, DayRange>, 'loading' | 'search'>;
}) {
  return (
    <DateRangeForm
      range={range}
      labels={rangeLabels(t, 'records', t['records.limit_note'])}
      variant={variant}
      busy={records.loading}
      layout="flow"
      onSearch={records.search}
    />
  );
}

/** The transfers between the player's wallets and the game platforms (GET /api/auth/transactionRecordList). */
function Transfers({ t, variant }: { t: T; variant: Variant }) {
  const platforms = useStore($platformWallets, { ssr: 'initial' });
  const { range, records } = useRecords(t, (query, signal) =>
    api('GET /auth/transactionRecordList', { query: { category: 'transfer', ...query }, signal }).then((p) => rowsOfKind(p, isTransferRow)),
  );
  const names = new Map((platforms ?? []).map((p) => [p.code, p.name]));
  const statusClass = (s: TransferRecordView['status']) => (s === 'applied' ? 'text-emerald-700' : s === 'pending' ? 'text-amber-700' : 'text-slate-500');
  const walletLabel = (w: string) => (w === 'central' ? t['records.wallet.central'] : t['records.wallet.activity']);
  const platformName = (code: string) => names.get(code) ?? code;
  const direction = (r: TransferRecordView) => (r.direction === 'in' ? t['records.dir.in'] : t['records.dir.out']);
  const columns: Array<RecordColumn<TransferRecordView, Key>> = [
    { key: 'time', header: 'records.col.time', className: 'whitespace-nowrap text-slate-600', cell: (r) => taipeiDateTime(r.created_at) },
    { key: 'platform', header: 'records.col.platform', cell: (r) => platformName(r.gp_code) },
    { key: 'direction', header: 'records.col.direction', cell: direction },
    { key: 'wallet', header: 'records.col.wallet', cell: (r) => walletLabel(r.wallet) },
    { key: 'amount', header: 'records.col.amount', align: 'right', className: 'font-semibold', cell: (r) => formatDecimal(r.amount) },
    {
      key: 'status',
      header: 'records.col.status',
      align: 'right',
      className: (r) => `font-semibold ${statusClass(r.status)}`,
      testId: 'record-status',
      cell: (r) => t[`records.status.${r.status}`],
    },
  ];
  return (
    <div data-testid="transfer-records" className="space-y-4">
      <RangeForm t={t} variant={variant} range={range} records={records} />
      <RecordTable
        t={t}
        texts={TEXTS}
        paging={records}
        variant={variant}
        rowKey={(r) => r.id}
        columns={columns}
        card={(r) => (
          <>
            <div className="flex justify-between">
              <span className="font-semibold">
                {direction(r)} · {platformName(r.gp_code)}
              </span>
              <span className={`font-semibold ${statusClass(r.status)}`} data-testid="record-status">
                {t[`records.status.${r.status}`]}
              </span>
            </div>
            <div className="mt-1 flex justify-between text-slate-600">
              <span>{walletLabel(r.wallet)}</span>
              <span className="font-semibold text-brand-700">{formatDecimal(r.amount)}</span>
            </div>
            <p className="mt-1 text-xs text-slate-500">{taipeiDateTime(r.created_at)}</p>
          </>
        )}
      />
    </div>
  );
}

/** The ledger movements (GET /api/players/money/all): what happened, to which wallet, signed amount, balance after and the reason. */
function LedgerRecords({ t, variant }: { t: T; variant: Variant }) {
  const { range, records } = useRecords(t, ({ date_start, date_end, page, pageSize }, signal) =>
    api('GET /players/money/:category', { params: { category: 'all' }, query: { start: date_start, end: date_end, page, pageSize }, signal }),
  );
  const kind = (k: string) => t[ledgerKindKey(k)];
  const signed = (a: string) => (a.startsWith('-') ? `-${formatDecimal(a.slice(1))}` : `+${formatDecimal(a)}`);
  const tone = (a: string) => (a.startsWith('-') ? 'text-red-700' : 'text-emerald-700');
  const walletLabel = (w: string) => (w === 'central' ? t['records.wallet.central'] : t['records.wallet.activity']);
  const columns: Array<RecordColumn<MoneyRecordView, Key>> = [
    { key: 'time', header: 'records.col.time', className: 'whitespace-nowrap text-slate-600', cell: (r) => taipeiDateTime(r.created_at) },
    { key: 'kind', header: 'records.col.kind', cell: (r) => kind(r.kind) },
    { key: 'wallet', header: 'records.col.wallet', cell: (r) => walletLabel(r.wallet) },
    { key: 'amount', header: 'records.col.amount', align: 'right', className: (r) => `font-semibold ${tone(r.amount)}`, cell: (r) => signed(r.amount) },
    { key: 'balance', header: 'records.col.balance_after', align: 'right', cell: (r) => formatDecimal(r.balance_after) },
    { key: 'note', header: 'records.col.note', className: 'text-slate-700', testId: 'ledger-note', cell: (r) => noteText(r.kind, r.memo, t) },
  ];
  return (
    <div data-testid="ledger-records" className="space-y-4">
      <RangeForm t={t} variant={variant} range={range} records={records} />
      <RecordTable
        t={t}
        texts={TEXTS}
        paging={records}
        variant={variant}
        rowKey={(r) => r.id}
        columns={columns}
        rowTestId="ledger-row"
        rowData={(r) => ({ 'data-kind': r.kind })}
        card={(r) => (
          <>
            <div className="flex justify-between gap-2">
              <span className="font-semibold">{kind(r.kind)}</span>
              <span className={`font-semibold ${tone(r.amount)}`}>{signed(r.amount)}</span>
            </div>
            {r.memo && (
              <p className="mt-1 text-slate-700" data-testid="ledger-note">
                {noteText(r.kind, r.memo, t)}
              </p>
            )}
            <div className="mt-1 flex justify-between text-xs text-slate-500">
              <span>
                {taipeiDateTime(r.created_at)} · {walletLabel(r.wallet)}
              </span>
              <span>
                {t['records.col.balance_after']} {formatDecimal(r.balance_after)}
              </span>
            </div>
          </>
        )}
      />
    </div>
  );
}
