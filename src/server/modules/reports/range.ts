// A report's Taipei date range: checked (from before to, at most REPORT_RANGE_DAYS_MAX days) and listed day by day.
import { ApiError } from '../../lib/errors.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { REPORT_RANGE_DAYS_MAX } from '../../../shared/schemas/backoffice/reports.ts';

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Every day of the range, oldest first; refuses a reversed range or one longer than the most a report covers. */
export function daysOf(from: string, to: string): string[] {
  const start = dayMs(from);
  const end = dayMs(to);
  if (end < start) throw new ApiError('validation_failed', { to: ['bo.reports.v.range_order'] });
  const count = Math.round((end - start) / DAY_MS) + 1;
  if (count > REPORT_RANGE_DAYS_MAX) throw new ApiError('validation_failed', { to: ['bo.reports.v.range_long'] });
  return Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

/** Sorts rows by a key (numbers, bigints or text), then pages them. */
export function sortAndPage<T>(rows: T[], key: (row: T) => number | bigint | string, order: 'asc' | 'desc', page: number, pageSize: number): T[] {
  const sign = order === 'asc' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
  return sorted.slice((page - 1) * pageSize, page * pageSize);
}
