// Record date ranges (SPEC.md sections 7 and 9), shared by every player-facing record list (money, transfers,
// deposits, withdrawals, bets, turnover, points): days are Asia/Taipei days, start dates begin at 00:00:00 and end
// dates end at 23:59:59, and no query reaches further back than RECORD_DAYS days.
import { ApiError } from './errors.ts';
import { DAY_MS, startOfTaipeiDate as startOf, taipeiDate } from '../../shared/time.ts';

const RECORD_DAYS = 30;

/** The query fields a range came from, so a refusal is reported under the field the caller sent. */
export interface RangeFields {
  start: string;
  end: string;
}
const DATE_FIELDS: RangeFields = { start: 'date_start', end: 'date_end' };
/** The bet and transfer records name their range start and end. */
export const START_END_FIELDS: RangeFields = { start: 'start', end: 'end' };

export function dayRange(start?: string, end?: string, fields: RangeFields = DATE_FIELDS, now = new Date()): { from: Date; to: Date } {
  const today = taipeiDate(now);
  const oldest = startOf(taipeiDate(new Date(now.getTime() - (RECORD_DAYS - 1) * DAY_MS)));
  const from = startOf(start ?? taipeiDate(new Date(now.getTime() - (RECORD_DAYS - 1) * DAY_MS)));
  const to = new Date(startOf(end ?? today).getTime() + DAY_MS - 1);
  if (Number.isNaN(from.getTime())) throw new ApiError('validation_failed', { [fields.start]: ['v.date.invalid'] });
  if (Number.isNaN(to.getTime())) throw new ApiError('validation_failed', { [fields.end]: ['v.date.invalid'] });
  if (from > to) throw new ApiError('validation_failed', { [fields.start]: ['v.date.after_end'] });
  return { from: from < oldest ? oldest : from, to };
}
