// Exchange records (desktop /member/exchange-record, mobile /mobile/f-exchange-record/exchange-record): a
// date range within the last 30 days with the quick ranges, pages of 10, each order's status and tracking.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import type { Locale } from '../../shared/constants.ts';
import { failureText } from '../../stores/wallet.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';
import { DateRangeForm, rangeLabels } from '../common/DateRangeForm.tsx';
import { RecordTable } from '../common/RecordTable.tsx';
import { useDateRecords } from '../common/useDateRecords.ts';
import { formatPoints } from '../../shared/money.ts';

export const EXCHANGE_RECORD_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  'wallet.loading',
  'error.generic',
  'error.network',
  'records.range.today',
  'records.range.yesterday',
  'records.range.last7',
  'records.range.last30',
  'records.date_start',
  'records.date_end',
  'records.search',
  'records.limit_note',
  'records.range_invalid',
  'records.empty',
  'records.prev',
  'records.next',
  'records.page',
  'records.total',
  'records.quick',
  'vip.record.gift',
  'vip.record.points',
  'vip.record.status',
  'vip.record.tracking',
  'vip.record.time',
  'vip.record.to_mall',
  'vip.status.not_shipped',
  'vip.status.shipped',
  'vip.status.received',
  'vip.status.rejected',
  'records.retry',
] as const;
type T = Record<(typeof EXCHANGE_RECORD_KEYS)[number], string>;

export default function ExchangeRecord({ t, locale, variant, mallPath }: { t: T; locale: Locale; variant: Variant; mallPath: string }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const { range, records } = useDateRecords(
    'last30',
    !!user,
    ({ filters, page, pageSize, signal }) =>
      api('GET /exchange/record', {
        query: { date_start: filters.start, date_end: filters.end, page, pageSize },
        signal,
      }),
    (err) => failureText(err, t['error.generic']),
  );

  // An operator shipping, receiving or rejecting an order sends update-user: the list reads the same page again.
  useEffect(() => onRealtime('update-user', records.reload), []);

  if (!ready) return <Spinner label={t['wallet.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} />;

  const statusClass = (s: string) =>
    s === 'received' ? 'text-emerald-700' : s === 'rejected' ? 'text-red-700' : s === 'shipped' ? 'text-brand-700' : 'text-amber-700';

  return (
    <div data-testid="exchange-records" className="space-y-4">
      <DateRangeForm
        range={range}
        labels={rangeLabels(t, 'records', t['records.limit_note'])}
        variant={variant}
        busy={records.loading}
        layout="flow"
        onSearch={records.search}
      />
      {/* Orders read as cards on desktop too: a gift, its address and its tracking do not fit table columns. */}
      <RecordTable
        t={t}
        paging={records}
        variant={variant}
        rowKey={(r) => r.id}
        rowTestId="exchange-row"
        texts={{
          loading: 'wallet.loading',
          empty: 'records.empty',
          prev: 'records.prev',
          next: 'records.next',
          page: 'records.page',
          total: 'records.total',
          retry: 'records.retry',
        }}
        emptyExtra={
          <a href={mallPath} className="mt-2 inline-block text-brand-700 underline">
            {t['vip.record.to_mall']}
          </a>
        }
        card={(r) => (
          <>
            <div className="flex justify-between gap-2">
              <span className="font-semibold">{r.name}</span>
              <span className={`font-semibold ${statusClass(r.status)}`} data-testid="exchange-status">
                {t[`vip.status.${r.status}`]}
              </span>
            </div>
            <div className="mt-1 flex flex-wrap justify-between gap-2 text-slate-600">
              <span>
                {t['vip.record.points']}: {formatPoints(r.points)}
              </span>
              {r.tracking_no && (
                <span>
                  {t['vip.record.tracking']}: <span data-testid="exchange-tracking">{r.tracking_no}</span>
                </span>
              )}
              {r.reason && <span className="text-red-700">{r.reason}</span>}
            </div>
            {r.address && (
              <p className="mt-1 text-xs text-slate-500">
                {r.consignee} · {r.area} {r.address}
              </p>
            )}
            <p className="mt-1 text-xs text-slate-500">
              {t['vip.record.time']}: {taipeiDateTime(r.created_at)}
            </p>
          </>
        )}
      />
    </div>
  );
}
