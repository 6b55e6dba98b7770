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
