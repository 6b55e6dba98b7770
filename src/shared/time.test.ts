// The one place Asia/Taipei (UTC+8, no daylight saving) arithmetic lives, for the server and the islands.
import { describe, expect, it } from 'vitest';
import { fromTaipeiInputValue, startOfTaipeiDate, startOfTaipeiDay, taipeiDate, taipeiDateTime, taipeiInputValue } from './time.ts';

describe('Asia/Taipei time', () => {
  it('puts an instant on the Taipei calendar, across the UTC day boundary', () => {
    expect(taipeiDate(new Date('2026-11-23T16:00:00.000Z'))).toBe('2026-11-24');
    expect(taipeiDate(new Date('2026-11-23T15:59:59.999Z'))).toBe('2026-11-23');
    expect(startOfTaipeiDate('2026-11-24')).toEqual(new Date('2026-11-23T16:00:00.000Z'));
    expect(startOfTaipeiDay(new Date('2026-11-24T06:00:00.000Z'))).toEqual(new Date('2026-11-23T16:00:00.000Z'));
  });

  it('formats to the second or the minute', () => {
    const at = new Date('2026-11-23T17:05:09.400Z');
    expect(taipeiDateTime(at)).toBe('2026-11-24 01:05:09');
    expect(taipeiDateTime(at.getTime(), 'minute')).toBe('2026-11-24 01:05');
  });

  it('turns an instant into a datetime-local value in Taipei time and back', () => {
    expect(taipeiInputValue('2026-11-23T17:05:00.000Z')).toBe('2026-11-24T01:05');
    expect(fromTaipeiInputValue('2026-11-24T01:05')).toBe('2026-11-23T17:05:00.000Z');
    expect(fromTaipeiInputValue(taipeiInputValue('2026-01-31T23:30:00.000Z'))).toBe('2026-01-31T23:30:00.000Z');
    expect(taipeiInputValue(null)).toBe('');
    expect(taipeiInputValue('not a date')).toBe('');
    expect(fromTaipeiInputValue('')).toBeNull();
    expect(fromTaipeiInputValue('2026-13-45T99:99')).toBeNull();
  });
});
