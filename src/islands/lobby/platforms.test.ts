// The platform catalogue rules of SPEC.md sections 2 and 3: the status list overrides by gp_code and group,
// and the maintenance overlay's time range is split at 20 characters over two lines.
import { describe, expect, it } from 'vitest';
import { isMaintained, isShown, maintainLines, mergePlatforms, type Platform } from './platforms.ts';

const base: Platform = {
  id: 1,
  name: '星光電子',
  gp_code: 'SLX',
  group: 'slots',
  front_show: 1,
  maintain_status: 1,
  maintain: '',
  status: 1,
  start_time: null,
  end_time: null,
  logo: '/partners/slx.svg',
  wallet_model: 'transfer',
};

describe('mergePlatforms', () => {
  it('overrides status, front_show, start_time and end_time of the row with the same gp_code and group', () => {
    const fish = { ...base, id: 2, gp_code: 'FSH', group: 'fish' };
    const fishSlots = { ...base, id: 3, gp_code: 'FSH', group: 'slots' };
    const merged = mergePlatforms(
      [base, fish, fishSlots],
      [{ gp_code: 'FSH', group: 'slots', status: 0, front_show: 0, start_time: '2026-01-01T02:00:00.000Z', end_time: '2026-01-01T04:00:00.000Z' }],
    );
    expect(merged[0]).toEqual(base);
    expect(merged[1]).toEqual(fish);
    expect(merged[2]).toMatchObject({
      status: 0,
      front_show: 0,
      start_time: '2026-01-01T02:00:00.000Z',
      end_time: '2026-01-01T04:00:00.000Z',
      maintain_status: 1,
    });
  });

  it('keeps the platform list values a status row leaves out', () => {
    const merged = mergePlatforms([{ ...base, start_time: '2026-01-01T00:00:00.000Z' }], [{ gp_code: 'SLX', group: 'slots', status: 0 }]);
    expect(merged[0]).toMatchObject({ status: 0, front_show: 1, start_time: '2026-01-01T00:00:00.000Z' });
  });
});

describe('isShown and isMaintained', () => {
  it('shows switched-on platforms with front_show = 1 only', () => {
    expect(isShown(base)).toBe(true);
    expect(isShown({ ...base, front_show: 0 })).toBe(false);
    expect(isShown({ ...base, status: 0 })).toBe(false);
  });

  it('is under maintenance with maintain_status 0, or inside the maintenance window', () => {
    const now = Date.parse('2026-01-01T03:00:00.000Z');
    expect(isMaintained(base, now)).toBe(false);
    expect(isMaintained({ ...base, maintain_status: 0 }, now)).toBe(true);
    const window = { ...base, start_time: '2026-01-01T02:00:00.000Z', end_time: '2026-01-01T04:00:00.000Z' };
    expect(isMaintained(window, now)).toBe(true);
    expect(isMaintained(window, Date.parse('2026-01-01T05:00:00.000Z'))).toBe(false);
  });
});

describe('maintainLines', () => {
  it('shows the window in Taipei time, split after 20 characters', () => {
    const p = { ...base, maintain_status: 0, start_time: '2026-01-01T02:00:00.000Z', end_time: '2026-01-01T04:30:00.000Z' };
    expect(maintainLines(p)).toEqual(['2026-01-01 10:00:00~', '2026-01-01 12:30:00']);
  });

  it('falls back to the maintain text, and to nothing', () => {
    expect(maintainLines({ ...base, maintain: '2026-01-01T02:00:00.000Z ~ 2026-01-01T04:00:00.000Z' })).toEqual([
      '2026-01-01 10:00:00~',
      '2026-01-01 12:00:00',
    ]);
    const text = '本平台今晚進行例行維護，預計兩小時後恢復，造成不便敬請見諒';
    expect(maintainLines({ ...base, maintain: text })).toEqual(['本平台今晚進行例行維護，預計兩小時後恢復', '，造成不便敬請見諒']);
    expect(maintainLines(base)).toEqual(['', '']);
  });
});
