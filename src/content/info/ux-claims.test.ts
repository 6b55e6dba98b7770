// /contact-us and /about describe only what the site does. Live chat and written consultations with pictures
// are open, so the contact page explains them with their real limits (three pictures of png, jpg or jpeg,
// 500 KB each, SPEC.md section 5); password reset by SMS is open too.
import { describe, expect, it } from 'vitest';
import { getInfo } from './index.ts';
import { PLAYER_IMAGES_MAX, PLAYER_IMAGE_MAX_BYTES } from '../../shared/schemas/uploads.ts';

describe('info pages promise only what the site does', () => {
  it('the contact page explains the password reset by SMS in both languages', () => {
    expect(JSON.stringify(getInfo('en', 'contact-us'))).toMatch(/Forgot password.*text-message code/);
    expect(JSON.stringify(getInfo('zh-TW', 'contact-us'))).toMatch(/忘記密碼.*簡訊驗證碼/);
  });

  it('the contact page explains live chat and written consultations with the upload limits the server enforces', () => {
    expect(PLAYER_IMAGES_MAX).toBe(3);
    const kb = `${PLAYER_IMAGE_MAX_BYTES / 1024} KB`;
    const en = JSON.stringify(getInfo('en', 'contact-us'));
    expect(en).toMatch(/live chat/i);
    expect(en).toMatch(/attach up to three pictures \(png, jpg or jpeg, at most 500 KB each\)/);
    expect(en).toContain(kb);
    expect(en).not.toMatch(/not open yet/i);
    const zh = JSON.stringify(getInfo('zh-TW', 'contact-us'));
    expect(zh).toMatch(/線上即時客服/);
    expect(zh).toMatch(/最多三張圖片（png、jpg 或 jpeg，每張不超過 500 KB）/);
    expect(zh).not.toMatch(/尚未開放/);
  });

  // The about page stays a description of the site, not a list of contact channels.
  for (const locale of ['zh-TW', 'en'] as const) {
    it(`about (${locale}) names no upload limits`, () => {
      const text = JSON.stringify(getInfo(locale, 'about'));
      for (const claim of [/500 KB/, /attach up to/i, /附上最多/]) expect(text, String(claim)).not.toMatch(claim);
    });
  }
});
