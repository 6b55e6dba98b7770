// Limit periods on the Taipei calendar (Asia/Taipei is UTC+8 all year, without daylight saving): a day
// starts at 00:00, a week on Monday at 00:00, a month on the 1st at 00:00, all Taipei time.
import { DAY_MS, TAIPEI_OFFSET_MS, taipeiDateTime } from '../../../shared/time.ts';

export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** The half-open range [start, end) of the period that contains `now`. */
export function periodRange(period: LimitPeriod, now: Date): { start: Date; end: Date } {
  // Shifted so the UTC fields read as Taipei wall-clock fields.
  const local = new Date(now.getTime() + TAIPEI_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  let startLocal: number;
  let endLocal: number;
  if (period === 'day') {
    startLocal = Date.UTC(y, m, d);
    endLocal = startLocal + DAY_MS;
  } else if (period === 'week') {
    // getUTCDay: 0 is Sunday; the week starts on Monday.
    const sinceMonday = (local.getUTCDay() + 6) % 7;
    startLocal = Date.UTC(y, m, d - sinceMonday);
    endLocal = startLocal + 7 * DAY_MS;
  } else {
    startLocal = Date.UTC(y, m, 1);
    endLocal = Date.UTC(y, m + 1, 1);
  }
  return { start: new Date(startLocal - TAIPEI_OFFSET_MS), end: new Date(endLocal - TAIPEI_OFFSET_MS) };
}

/** 'YYYY-MM-DD HH:mm (GMT+8)' for messages that name a time. */
export function taipeiMinute(at: Date): string {
  return `${taipeiDateTime(at, 'minute')} (GMT+8)`;
}

/** Adds calendar months in Taipei time (3 months from 30 November is 28 or 29 February, not 2 March). */
export function addMonths(from: Date, months: number): Date {
  const local = new Date(from.getTime() + TAIPEI_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const out = Date.UTC(y, m, day, local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  return new Date(out - TAIPEI_OFFSET_MS);
}
