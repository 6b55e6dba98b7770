import { describe, expect, it } from 'vitest';
import { addMonths, periodRange, taipeiMinute } from './periods.ts';

describe('Taipei limit periods', () => {
  it('a day turns at 00:00 Taipei, which is 16:00 UTC the day before', () => {
    const justBefore = new Date('2026-03-10T15:59:59.999Z');
    const justAfter = new Date('2026-03-10T16:00:00.000Z');
    expect(periodRange('day', justBefore)).toEqual({ start: new Date('2026-03-09T16:00:00.000Z'), end: new Date('2026-03-10T16:00:00.000Z') });
    expect(periodRange('day', justAfter).start).toEqual(new Date('2026-03-10T16:00:00.000Z'));
  });

  it('a week starts on Monday in Taipei even when it is still Sunday in UTC', () => {
    // Monday 2026-03-16 00:30 Taipei is Sunday 16:30 UTC.
    const r = periodRange('week', new Date('2026-03-15T16:30:00.000Z'));
    expect(r.start).toEqual(new Date('2026-03-15T16:00:00.000Z'));
    expect(r.end).toEqual(new Date('2026-03-22T16:00:00.000Z'));
    // Sunday 23:59 Taipei belongs to the week before.
    expect(periodRange('week', new Date('2026-03-15T15:59:00.000Z')).start).toEqual(new Date('2026-03-08T16:00:00.000Z'));
  });

  it('a month starts on the 1st in Taipei', () => {
    const r = periodRange('month', new Date('2026-02-28T16:00:00.000Z'));
    expect(r.start).toEqual(new Date('2026-02-28T16:00:00.000Z'));
    expect(r.end).toEqual(new Date('2026-03-31T16:00:00.000Z'));
  });

  it('adds calendar months without running into the next month', () => {
    expect(addMonths(new Date('2026-11-29T16:00:00.000Z'), 3).toISOString()).toBe('2027-02-27T16:00:00.000Z');
    expect(taipeiMinute(new Date('2026-03-10T16:00:00.000Z'))).toBe('2026-03-11 00:00 (GMT+8)');
  });
});
