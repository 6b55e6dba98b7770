// Record date ranges (SPEC.md sections 7 and 9), shared by every player-facing record list (money, transfers,
// deposits, withdrawals, bets, turnover, points): days are Asia/Taipei days, start dates begin at 00:00:00 and end
// dates end at 23:59:59, and no query reaches further back than RECORD_DAYS days.
import { ApiError } from './errors.ts';
import { DAY_MS, startOfTaipeiDate as startOf, taipeiDate } from '../../shared/time.ts';

const RECORD_DAYS = 30;

export function dayRange(start?: string, end?: string, now = new Date()): { from: Date; to: Date } {
  const today = taipeiDate(now);
  const oldest = startOf(taipeiDate(new Date(now.getTime() - (RECORD_DAYS - 1) * DAY_MS)));
  const from = startOf(start ?? taipeiDate(new Date(now.getTime() - (RECORD_DAYS - 1) * DAY_MS)));
  const to = new Date(startOf(end ?? today).getTime() + DAY_MS - 1);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from > to) throw new ApiError('validation_failed', { date_start: ['v.date.invalid'] });
  return { from: from < oldest ? oldest : from, to };
}
