// Formats the header clock in Asia/Taipei (GMT+8) with a Chinese weekday, e.g. 2026/11/21 17:05:09 (GMT+8) 星期六.
import { TAIPEI_OFFSET_MS } from '../shared/time.ts';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

export function formatClock(now: Date): string {
  // Taiwan keeps no daylight saving time, so a fixed offset is exact and needs no time-zone data.
  const t = new Date(now.getTime() + TAIPEI_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}/${p(t.getUTCMonth() + 1)}/${p(t.getUTCDate())} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())} (GMT+8) ${WEEKDAYS[t.getUTCDay()]}`;
}
