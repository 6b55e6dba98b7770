// The system desk's words: durations read in the largest unit that fits, in both languages, and event kinds and jobs
// take their readable names from the audit catalogue, the one both the desk and the audit log read.
import { describe, expect, it } from 'vitest';
import { boPick, boPickPrefix } from '../../../i18n/backoffice.ts';
import { SYSTEM_DESK_KEYS, durationText, nameOf } from './desk-words.ts';

describe('durationText', () => {
  const en = boPick('en', SYSTEM_DESK_KEYS);
  const zh = boPick('zh-TW', SYSTEM_DESK_KEYS);
  it('picks the unit by size and rounds to a readable figure', () => {
    expect(durationText(en, null)).toBe('—');
    expect(durationText(en, 850)).toBe('850 ms');
    expect(durationText(en, 12_540)).toBe('13 s');
    expect(durationText(en, 2_340)).toBe('2.3 s');
    expect(durationText(en, 7 * 60_000)).toBe('7 min');
    expect(durationText(en, 3.25 * 3_600_000)).toBe('3.3 h');
    expect(durationText(en, 2 * 86_400_000)).toBe('2 d');
    expect(durationText(zh, 2_340)).toBe('2.3 秒');
    expect(durationText(zh, 7 * 60_000)).toBe('7 分鐘');
  });
});

describe('nameOf', () => {
  it('names the known event kinds and jobs in both languages and leaves an unknown one to be shown as code', () => {
    const zh = boPickPrefix('zh-TW', 'bo.audit.n.');
    const en = boPickPrefix('en', 'bo.audit.n.');
    expect(nameOf(zh, 'event_kind', 'deposit.credited')).toBe('存款入帳');
    expect(nameOf(en, 'job', 'vip-nightly')).toBe('VIP nightly run');
    expect(nameOf(zh, 'job', 'partners-settle')).toBe('代理結算');
    expect(nameOf(zh, 'event_kind', 'some.new_kind')).toBeUndefined();
    for (const key of Object.keys(en)) expect(zh[key], key).toBeTruthy();
  });
});
