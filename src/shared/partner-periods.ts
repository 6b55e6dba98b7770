// Settlement periods: a Taipei calendar month ('2026-11') or an ISO week of Taipei days ('2026-W47').
// Days are 'YYYY-MM-DD' Taipei dates; a period covers its first to its last day, both included. Shared: the settlement
// computes with them and the back office's settle field proposes the last closed period of the plan's kind.
import { DAY_MS, startOfTaipeiDate, taipeiDate } from './time.ts';
import { PERIOD_RE, type PeriodKind } from './schemas/partners/common.ts';

export interface Period {
  key: string;
  kind: PeriodKind;
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A date's calendar day as if it were UTC (the arithmetic of calendar days, free of any zone). */
const utcDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The ISO week key of a calendar day ('2026-W47'): weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7;
  const thursday = new Date(d.getTime() + (3 - weekday) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - yearStart) / (7 * DAY_MS));
  return `${thursday.getUTCFullYear()}-W${pad(week)}`;
}

export function parsePeriod(key: string): Period {
  if (!PERIOD_RE.test(key)) throw new Error(`partners: bad period ${key}`);
  if (key.includes('W')) {
    const [y, w] = key.split('-W').map(Number) as [number, number];
    // Monday of ISO week 1 is the Monday on or before January 4th.
    const jan4 = new Date(Date.UTC(y, 0, 4));
    const monday1 = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * DAY_MS;
    const from = utcDay(new Date(monday1 + (w - 1) * 7 * DAY_MS));
    return { key, kind: 'week', from, to: addDays(from, 6) };
  }
  const [y, m] = key.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { key, kind: 'month', from: `${key}-01`, to: `${key}-${pad(last)}` };
}

/** The period of a kind that holds the given moment (Taipei). */
export function periodAt(kind: PeriodKind, at: Date): Period {
  const day = taipeiDate(at);
  return parsePeriod(kind === 'week' ? isoWeekOf(day) : day.slice(0, 7));
}

/** The period just before this one, of the same kind. */
export function previousPeriod(p: Period): Period {
  return p.kind === 'week' ? parsePeriod(isoWeekOf(addDays(p.from, -7))) : parsePeriod(addDays(p.from, -1).slice(0, 7));
}

/** The instants the period covers: from its first Taipei midnight up to (not including) the one after its last day. */
export function periodInstants(p: Period): { start: Date; end: Date } {
  return { start: startOfTaipeiDate(p.from), end: new Date(startOfTaipeiDate(p.to).getTime() + DAY_MS) };
}

/** Whether the period has ended at `now` (only ended periods are settled by the job). */
export function hasEnded(p: Period, now: Date): boolean {
  return periodInstants(p).end.getTime() <= now.getTime();
}

/** The key of the last period of a kind that has ended by `now`: what an operator settles next. */
export function lastClosedPeriodKey(kind: PeriodKind, now: Date): string {
  return previousPeriod(periodAt(kind, now)).key;
}
