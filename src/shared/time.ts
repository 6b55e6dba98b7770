// Days of the site are Asia/Taipei days (UTC+8, no daylight saving), on the server and in the islands alike.
export const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' in Asia/Taipei for an instant. */
export function taipeiDate(at: Date): string {
  return new Date(at.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Taipei day ('YYYY-MM-DD', or the start of a longer text) begins. */
export function startOfTaipeiDate(day: string): Date {
  return new Date(Date.parse(`${day.slice(0, 10)}T00:00:00.000Z`) - TAIPEI_OFFSET_MS);
}

/** 00:00 today (or on the day of `now`) in Asia/Taipei. */
export function startOfTaipeiDay(now = new Date()): Date {
  return startOfTaipeiDate(taipeiDate(now));
}

/** 'YYYY-MM-DD HH:mm:ss' (or to the minute) in Asia/Taipei for an instant. */
export function taipeiDateTime(at: Date | number, unit: 'second' | 'minute' = 'second'): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + TAIPEI_OFFSET_MS)
    .toISOString()
    .slice(0, unit === 'second' ? 19 : 16)
    .replace('T', ' ');
}

/** The value of a datetime-local input showing Taipei time ('YYYY-MM-DDTHH:mm') for an instant; '' for none. */
export function taipeiInputValue(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? '' : new Date(ms + TAIPEI_OFFSET_MS).toISOString().slice(0, 16);
}

/** The instant, as ISO text, that a datetime-local input's Taipei value stands for; null for an empty or bad value. */
export function fromTaipeiInputValue(value: string): string | null {
  const ms = value ? Date.parse(`${value}:00.000Z`) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms - TAIPEI_OFFSET_MS).toISOString();
}
