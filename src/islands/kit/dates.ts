// Asia/Taipei days and instants for the record screens, counted as the server counts them
// (src/server/modules/wallet/dates.ts).
import { DAY_MS, taipeiDate, taipeiDateTime as taipeiInstant } from '../../shared/time.ts';

/** Records reach back this many days (SPEC.md section 9). */
export const RECORD_DAYS = 30;

export type QuickRange = 'today' | 'yesterday' | 'last7' | 'last30';
/** The quick date ranges of the record pages, as [name, first day back, last day back]. */
export const QUICK_RANGES: Array<[QuickRange, number, number]> = [
  ['today', 0, 0],
  ['yesterday', 1, 1],
  ['last7', 6, 0],
  ['last30', RECORD_DAYS - 1, 0],
];

/** 'YYYY-MM-DD' in Asia/Taipei, `daysAgo` days before now. */
export function taipeiDay(daysAgo = 0, now = Date.now()): string {
  return taipeiDate(new Date(now - daysAgo * DAY_MS));
}

/** An ISO instant as 'YYYY-MM-DD HH:mm:ss' in Asia/Taipei. */
export function taipeiDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : taipeiInstant(ms);
}
