import { describe, expect, it } from 'vitest';
import { REPORT_PRESETS, presetRange, todayInTaipei } from './presets.ts';

describe('report presets in Taipei days', () => {
  // Wednesday 2026-03-04 00:30 in Taipei is still Tuesday 16:30 in UTC.
  const earlyWednesday = new Date('2026-03-03T16:30:00Z');

  it('counts from the Taipei day, not the UTC one', () => {
    expect(todayInTaipei(earlyWednesday)).toBe('2026-03-04');
    expect(presetRange('today', earlyWednesday)).toEqual({ from: '2026-03-04', to: '2026-03-04' });
    expect(presetRange('yesterday', earlyWednesday)).toEqual({ from: '2026-03-03', to: '2026-03-03' });
  });

  it('weeks run Monday to Sunday and this week ends today', () => {
    expect(presetRange('this_week', earlyWednesday)).toEqual({ from: '2026-03-02', to: '2026-03-04' });
    expect(presetRange('last_week', earlyWednesday)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    // On a Sunday, this week began six days before.
    const sunday = new Date('2026-03-08T04:00:00Z');
    expect(presetRange('this_week', sunday)).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });

  it('months end today or on their last day, February and the turn of the year included', () => {
    expect(presetRange('this_month', earlyWednesday)).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    expect(presetRange('last_month', earlyWednesday)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    const january = new Date('2028-01-10T02:00:00Z');
    expect(presetRange('last_month', january)).toEqual({ from: '2027-12-01', to: '2027-12-31' });
    expect(presetRange('last_month', new Date('2028-03-15T02:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('no preset reaches past today', () => {
    for (const now of [earlyWednesday, new Date('2026-12-31T15:59:59Z'), new Date('2027-01-01T16:00:00Z')]) {
      for (const p of REPORT_PRESETS) {
        const r = presetRange(p, now);
        expect(r.to <= todayInTaipei(now), `${p} at ${now.toISOString()}`).toBe(true);
        expect(r.from <= r.to).toBe(true);
      }
    }
  });
});
