// How long ago a player joined: the registration day reads 'today', one day is singular, more are plural.
import { describe, expect, it } from 'vitest';
import { accountEn } from '../../i18n/account-en.ts';
import { accountZhTW } from '../../i18n/account-zh-TW.ts';
import { JOIN_KEYS, joinText } from './join.ts';

const en = Object.fromEntries(JOIN_KEYS.map((k) => [k, accountEn[k]])) as Record<(typeof JOIN_KEYS)[number], string>;
const zh = Object.fromEntries(JOIN_KEYS.map((k) => [k, accountZhTW[k]!])) as typeof en;

describe('joinText', () => {
  it('says today on the day of registration (join_day 1), never "1 days"', () => {
    expect(joinText(en, 1, 'joined')).toBe('Joined today');
    expect(joinText(en, 1, 'member')).toBe('Member since today');
    expect(joinText(zh, 1, 'joined')).toBe('今天加入');
  });
  it('uses the singular for one day and the plural after', () => {
    expect(joinText(en, 2, 'joined')).toBe('Joined 1 day ago');
    expect(joinText(en, 2, 'member')).toBe('Member for 1 day');
    expect(joinText(en, 31, 'joined')).toBe('Joined 30 days ago');
    expect(joinText(en, 31, 'member')).toBe('Member for 30 days');
    expect(joinText(zh, 31, 'member')).toBe('已成為會員 30 天');
  });
});
