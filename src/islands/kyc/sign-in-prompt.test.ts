import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { kycEn } from '../../i18n/kyc-en.ts';
import { kycZhTW } from '../../i18n/kyc-zh-TW.ts';
import { KYC_KEYS, SignInToVerify } from './KycCenter.tsx';

// A signed-out visitor on the verification page is told to sign in to verify their identity and is given a plain link
// to the sign-in page, which works before the island's script runs, in both languages.
type T = Parameters<typeof SignInToVerify>[0]['t'];

describe('the verification page for a signed-out visitor', () => {
  for (const [locale, words] of [
    ['en', kycEn],
    ['zh-TW', kycZhTW],
  ] as const) {
    it(`says why to sign in and links to sign-in (${locale})`, () => {
      const html = renderToStaticMarkup(createElement(SignInToVerify, { t: words as unknown as T, signInPath: '/zh-TW/phone-login' }));
      expect(html).toContain(words['kyc.page.login_needed']);
      expect(html).toMatch(/<a [^>]*href="\/zh-TW\/phone-login"[^>]*>/);
      expect(html).toContain(`>${words['kyc.page.sign_in']}</a>`);
      expect(html).not.toContain('<button');
    });
  }

  it('hands the island both words', () => {
    expect(KYC_KEYS).toEqual(expect.arrayContaining(['kyc.page.login_needed', 'kyc.page.sign_in']));
    expect(kycZhTW['kyc.page.login_needed']).not.toMatch(/[A-Za-z]/);
  });
});
