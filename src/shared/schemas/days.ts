// A calendar day as the API reads it (YYYY-MM-DD, Asia/Taipei) and the ceilings every date range carries. A day that
// is not on the calendar, or whose year lies outside DAY_YEAR_MIN..DAY_YEAR_MAX, is refused by the schema: a year
// near 9999 would otherwise reach date arithmetic that runs past year 9999 (a week's Sunday, a month's end) and a
// query that fails, which the caller would see as a 500 instead of a translated field error.
import * as v from 'valibot';

/** The earliest year a date filter may name: the product keeps nothing older. */
export const DAY_YEAR_MIN = 2000;
/** The latest year a date filter may name: far enough for any plan, far from the calendar's end. */
export const DAY_YEAR_MAX = 2100;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a real calendar day within the years a filter may name. */
export function isBoundedDay(text: string): boolean {
  const m = DAY_RE.exec(text);
  if (!m) return false;
  const year = Number(m[1]);
  if (year < DAY_YEAR_MIN || year > DAY_YEAR_MAX) return false;
  const date = new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** A calendar day; the message is the schema's own (its screen's catalogue translates it). */
export function boundedDay(message: string) {
  return v.pipe(v.string('v.type.string'), v.check(isBoundedDay, message));
}
