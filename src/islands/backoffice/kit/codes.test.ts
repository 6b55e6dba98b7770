// Every code the back office shows has a name in both catalogues, and the zh-TW names carry no code.
import { describe, expect, it } from 'vitest';
import { boEn } from '../../../i18n/backoffice-en.ts';
import { boZhTW } from '../../../i18n/backoffice-zh-TW.ts';
import {
  ACTIVITY_RULE_KEYS,
  APP_STATUS_KEYS,
  PARTNER_CODE_KEYS,
  DURATION_KEYS,
  GROUP_KEYS,
  PERIOD_KEYS,
  POINTS_KIND_KEYS,
  PROTECTION_EVENT_KEYS,
  WALLET_KEYS,
  appStatusName,
  durationName,
  groupName,
  periodName,
  pointsKindName,
  protectionEventName,
  walletName,
} from './codes.ts';

const en: Record<string, string> = boEn;
const zh: Record<string, string> = boZhTW;
const ALL = [
  ...APP_STATUS_KEYS,
  ...PERIOD_KEYS,
  ...GROUP_KEYS,
  ...DURATION_KEYS,
  ...POINTS_KIND_KEYS,
  ...WALLET_KEYS,
  ...ACTIVITY_RULE_KEYS,
  ...PROTECTION_EVENT_KEYS,
  ...PARTNER_CODE_KEYS,
];
/** A code as the server sends it: lower-case words joined by underscores, or a duration like 24h / 3m. */
const CODE = /\b[a-z]+_[a-z_]+\b|\b\d+[hdwmy]\b|\b(applying|success|fail|slots|fish|casino|lottery|esports|central|bonus|freeze|forfeit|permanent)\b/;

describe('code names', () => {
  it('every code of every list has a name in English and Traditional Chinese', () => {
    for (const key of ALL) {
      expect(en[key], key).toBeTruthy();
      expect(zh[key], key).toBeTruthy();
    }
  });

  it('no zh-TW name shows a raw code', () => {
    for (const key of ALL) expect(zh[key], key).not.toMatch(CODE);
  });

  it('turns each kind of code into words', () => {
    expect(appStatusName(zh, 'applying')).toBe('待審核');
    expect(groupName(zh, 'slots')).toBe('老虎機');
    expect(durationName(zh, '24h')).toBe('24 小時');
    expect(durationName(zh, '3m')).toBe('3 個月');
    expect(pointsKindName(zh, 'points_spend')).toBe('積分商城兌換');
    expect(walletName(zh, 'platform', 'SLX')).toBe('遊戲錢包 SLX');
    expect(walletName(zh, 'bonus', '12')).toBe('活動錢包 #12');
    expect(protectionEventName(zh, 'session_limit_reached')).not.toMatch(CODE);
    for (const period of [
      '',
      'register',
      'deposit:DP1',
      'day:2026-11-01',
      'tier:2',
      'apply:2026-11:1',
      'friend:9',
      'referred:3',
      'gift:abc',
      '2026-11-01',
      '2026-11-01:slots',
    ]) {
      expect(periodName(zh, period), period).not.toMatch(CODE);
    }
    expect(periodName(zh, '2026-11-01:slots')).toBe('2026-11-01 每日返水・老虎機');
  });
});
