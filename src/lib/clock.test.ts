// The header clock: GMT+8 (Asia/Taipei, no daylight saving) with a Chinese weekday, whatever the machine's zone.
import { describe, expect, it } from 'vitest';
import { formatClock } from './clock.ts';

describe('formatClock', () => {
  it('shows Taipei time with the weekday', () => {
    expect(formatClock(new Date('2026-11-21T09:05:09Z'))).toBe('2026/11/21 17:05:09 (GMT+8) 星期六');
  });

  it('rolls the date, month and year over at 16:00 UTC', () => {
    expect(formatClock(new Date('2026-12-31T15:59:59Z'))).toBe('2026/12/31 23:59:59 (GMT+8) 星期四');
    expect(formatClock(new Date('2026-12-31T16:00:00Z'))).toBe('2027/01/01 00:00:00 (GMT+8) 星期五');
    expect(formatClock(new Date('2024-02-28T16:00:00Z'))).toBe('2024/02/29 00:00:00 (GMT+8) 星期四');
  });

  it('names all seven weekdays, Sunday first', () => {
    const names = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
    // 2026-01-04 is a Sunday in Taipei.
    for (let i = 0; i < 7; i++) {
      const at = new Date(Date.UTC(2026, 0, 4 + i, 4, 0, 0));
      expect(formatClock(at).endsWith(names[i]!)).toBe(true);
    }
  });

  it('pads every field to two digits and keeps summer and winter the same offset', () => {
    expect(formatClock(new Date('2026-01-01T01:02:03Z'))).toBe('2026/01/01 09:02:03 (GMT+8) 星期四');
    expect(formatClock(new Date('2026-07-01T01:02:03Z'))).toBe('2026/07/01 09:02:03 (GMT+8) 星期三');
  });

  it('matches the Intl time zone database for Asia/Taipei', () => {
    const fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Taipei',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 37 * 3600 * 1000 + 123_000) {
      const parts = Object.fromEntries(fmt.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
      const expected = `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
      expect(formatClock(new Date(t)).slice(0, 19)).toBe(expected);
    }
  });
});
