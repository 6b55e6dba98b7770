import { describe, expect, it } from 'vitest';
import { CATCH_UP_GRACE_MS, FAILED_RETRY_MS, every, nextCronTime, nextRunAt, runTrigger, scheduleView, taipeiCron } from './schedule.ts';

const at = (iso: string) => new Date(iso);

describe('job schedules in Taipei time', () => {
  it('puts 00:05 Taipei at 16:05 UTC of the day before', () => {
    expect(nextCronTime('5 0 * * *', at('2026-12-02T10:00:00Z')).toISOString()).toBe('2026-12-02T16:05:00.000Z');
    // Just before and just after the Taipei time.
    expect(nextCronTime('5 0 * * *', at('2026-12-02T16:04:59Z')).toISOString()).toBe('2026-12-02T16:05:00.000Z');
    expect(nextCronTime('5 0 * * *', at('2026-12-02T16:05:00Z')).toISOString()).toBe('2026-12-03T16:05:00.000Z');
  });

  it('keeps the same UTC time all year, Taipei having no daylight saving time', () => {
    for (const month of ['01', '03', '04', '07', '10', '11']) {
      expect(nextCronTime('30 0 * * *', at(`2027-${month}-15T00:00:00Z`)).toISOString()).toBe(`2027-${month}-15T16:30:00.000Z`);
    }
  });

  it('starts the Taipei month on the UTC evening before', () => {
    // The partners' month ends at Taipei midnight: 1 January 00:10 Taipei is 31 December 16:10 UTC.
    expect(nextCronTime('10 0 1 * *', at('2026-12-15T00:00:00Z')).toISOString()).toBe('2026-12-31T16:10:00.000Z');
  });

  it('refuses an expression that is not cron when the schedule is made', () => {
    expect(() => taipeiCron('61 0 * * *')).toThrow();
    expect(() => taipeiCron('daily')).toThrow();
    expect(taipeiCron('5 0 * * *')).toEqual({ kind: 'cron', expression: '5 0 * * *' });
  });

  it('switches a job off with an interval of 0', () => {
    expect(every(0)).toEqual({ kind: 'off' });
    expect(every(-1)).toEqual({ kind: 'off' });
    expect(nextRunAt(every(0), new Date())).toBeUndefined();
  });
});

describe('the next run after a run', () => {
  it('comes an interval after an interval job ended', () => {
    expect(nextRunAt(every(5000), at('2026-12-02T10:00:00Z'))!.toISOString()).toBe('2026-12-02T10:00:05.000Z');
    expect(nextRunAt(every(5000), at('2026-12-02T10:00:00Z'), { failed: true })!.toISOString()).toBe('2026-12-02T10:00:05.000Z');
  });

  it('is the next Taipei time after a catch-up, once, however many days were missed', () => {
    // Down from 28 November to the afternoon of 2 December: four 00:05 runs missed; the catch-up ran at 06:00 UTC.
    const ended = at('2026-12-02T06:00:00Z');
    expect(nextRunAt(taipeiCron('5 0 * * *'), ended)!.toISOString()).toBe('2026-12-02T16:05:00.000Z');
  });

  it('retries a failed cron job after a while rather than at its next time', () => {
    const ended = at('2026-12-01T16:05:02Z');
    expect(nextRunAt(taipeiCron('5 0 * * *'), ended, { failed: true })!.getTime()).toBe(ended.getTime() + FAILED_RETRY_MS);
    // A cron job whose next time comes before the retry keeps its time.
    expect(nextRunAt(taipeiCron('* * * * *'), at('2026-12-01T16:05:02Z'), { failed: true })!.toISOString()).toBe('2026-12-01T16:06:00.000Z');
  });
});

describe('why a claimed run happens', () => {
  const claimedAt = at('2026-12-02T06:00:00Z');

  it('is its schedule when it is claimed about when it was due', () => {
    expect(runTrigger({ nextRunAt: new Date(claimedAt.getTime() - 900), requestStamp: null, claimedAt })).toBe('schedule');
    expect(runTrigger({ nextRunAt: new Date(claimedAt.getTime() - CATCH_UP_GRACE_MS), requestStamp: null, claimedAt })).toBe('schedule');
  });

  it('is a catch-up when its time passed long before anyone claimed it', () => {
    expect(runTrigger({ nextRunAt: new Date(claimedAt.getTime() - CATCH_UP_GRACE_MS - 1), requestStamp: null, claimedAt })).toBe('catch_up');
    expect(runTrigger({ nextRunAt: at('2026-11-28T16:05:00Z'), requestStamp: null, claimedAt })).toBe('catch_up');
  });

  it("is the operator's request when one is set, due or not", () => {
    expect(runTrigger({ nextRunAt: at('2026-12-03T16:05:00Z'), requestStamp: '2026-12-02 05:59:59.5+00', claimedAt })).toBe('run_now');
    expect(runTrigger({ nextRunAt: at('2026-11-28T16:05:00Z'), requestStamp: '2026-12-02 05:59:59.5+00', claimedAt })).toBe('run_now');
  });
});

describe('schedules for the system desk', () => {
  it('names the daily time of a daily expression and the zone of every cron one', () => {
    expect(scheduleView(taipeiCron('5 0 * * *'))).toEqual({ kind: 'cron', expression: '5 0 * * *', timeZone: 'Asia/Taipei', dailyAt: '00:05' });
    expect(scheduleView(taipeiCron('0 */6 * * *'))).toMatchObject({ dailyAt: null, timeZone: 'Asia/Taipei' });
    expect(scheduleView(every(60_000))).toEqual({ kind: 'interval', everyMs: 60_000 });
  });
});
