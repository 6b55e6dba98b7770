// The reports' quick ranges, in Taipei days: today, yesterday, this and last week (Monday to Sunday, as the
// business counts weeks) and this and last month. A range never reaches past today: this week and this month end
// today, so no report asks for a day that has not happened yet.
import { DAY_MS, taipeiDate } from '../../../shared/time.ts';

export const REPORT_PRESETS = ['today', 'yesterday', 'this_week', 'last_week', 'this_month', 'last_month'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** A Taipei day as a date at UTC midnight, for day arithmetic that no time zone shifts. */
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => dayOf(new Date(asDate(day).getTime() + n * DAY_MS));

/** The first and last day of a preset, as of `now` in Asia/Taipei. */
export function presetRange(preset: ReportPreset, now = new Date()): { from: string; to: string } {
  const today = taipeiDate(now);
  const monday = plusDays(today, -((asDate(today).getUTCDay() + 6) % 7));
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: plusDays(today, -1), to: plusDays(today, -1) };
    case 'this_week':
      return { from: monday, to: today };
    case 'last_week':
      return { from: plusDays(monday, -7), to: plusDays(monday, -1) };
    case 'this_month':
      return { from: firstOfMonth, to: today };
    case 'last_month': {
      const lastOfPrevious = plusDays(firstOfMonth, -1);
      return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
  }
}

/** Today in Asia/Taipei: the last day a report's range may end on. */
export const todayInTaipei = (now = new Date()) => taipeiDate(now);
