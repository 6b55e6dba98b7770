import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { DAY_YEAR_MAX, DAY_YEAR_MIN, boundedDay, isBoundedDay } from './days.ts';
import { periodText } from './partners/common.ts';

describe('a bounded calendar day', () => {
  it('takes real days within the years a filter may name', () => {
    expect(isBoundedDay('2026-02-28')).toBe(true);
    expect(isBoundedDay('2028-02-29')).toBe(true);
    expect(isBoundedDay(`${DAY_YEAR_MIN}-01-01`)).toBe(true);
    expect(isBoundedDay(`${DAY_YEAR_MAX}-12-31`)).toBe(true);
  });

  it('refuses a day off the calendar, a year near 9999 or before the product, and anything else', () => {
    for (const text of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '9999-12-31',
      `${DAY_YEAR_MAX + 1}-01-01`,
      '1970-01-01',
      '2026-1-1',
      '',
      '2026-01-01T00:00',
    ])
      expect(isBoundedDay(text), text).toBe(false);
    const result = v.safeParse(boundedDay('bo.v.date'), '9999-12-31');
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('bo.v.date');
  });

  it("bounds a partner period's year the same way", () => {
    expect(v.safeParse(periodText(), '2026-W05').success).toBe(true);
    expect(v.safeParse(periodText(), '2026-12').success).toBe(true);
    expect(v.safeParse(periodText(), '9999-12').success).toBe(false);
    expect(v.safeParse(periodText(), '9999-W52').success).toBe(false);
  });
});
