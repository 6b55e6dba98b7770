import { describe, expect, it } from 'vitest';
import { byLocale } from './locale-pick.ts';

describe('byLocale', () => {
  it('reads the English column for en and the zh-TW column for zh-TW', () => {
    expect(byLocale('en', '黃金', 'Gold')).toBe('Gold');
    expect(byLocale('zh-TW', '黃金', 'Gold')).toBe('黃金');
  });

  it('falls back to the zh-TW column for any other locale', () => {
    expect(byLocale('ja', '黃金', 'Gold')).toBe('黃金');
    expect(byLocale('', '黃金', 'Gold')).toBe('黃金');
  });

  it('passes a missing value through as it is', () => {
    expect(byLocale('en', '黃金', null)).toBeNull();
    expect(byLocale('zh-TW', undefined, 'Gold')).toBeUndefined();
  });
});
