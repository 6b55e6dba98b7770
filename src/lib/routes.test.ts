// Path knowledge shared by the page middleware and the pages (SPEC.md section 2).
import { describe, expect, it } from 'vitest';
import { INFO_PATHS, isInfoPath, mobileEquivalent, mobileTabOf, needsMobileRedirect, normalizePath, stripLocale } from './routes.ts';

describe('stripLocale and normalizePath', () => {
  it('drop the /en prefix only as a whole segment', () => {
    expect(stripLocale('/en')).toBe('/');
    expect(stripLocale('/en/')).toBe('/');
    expect(stripLocale('/en/about')).toBe('/about');
    expect(stripLocale('/about')).toBe('/about');
    expect(stripLocale('/english')).toBe('/english');
    expect(stripLocale('/')).toBe('/');
  });
  it('drop one trailing slash but keep the root', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/about/')).toBe('/about');
    expect(normalizePath('/about')).toBe('/about');
    expect(normalizePath('/mobile/')).toBe('/mobile');
  });
});

describe('info pages', () => {
  it('lists the info pages of SPEC.md, with their spelling', () => {
    for (const p of ['/about', '/beginner-s-guide', '/contact-us', '/cooperrative-alliance', '/declaration-clause', '/deposit-help',
      '/task-help', '/vip-help', '/walllet-help', '/withdrawls-help']) {
      expect(INFO_PATHS).toContain(p);
      expect(isInfoPath(p)).toBe(true);
      expect(isInfoPath(`${p}/`)).toBe(true);
    }
    for (const p of ['/', '/wallet-help', '/register', '/member/wallet', '/about/more']) expect(isInfoPath(p)).toBe(false);
  });
});

describe('needsMobileRedirect', () => {
  it('sends phones from desktop pages to the mobile site', () => {
    for (const p of ['/', '/register', '/member/wallet', '/egame/game', '/all-preferential', '/unknown-page']) expect(needsMobileRedirect(p), p).toBe(true);
  });
  it('leaves mobile pages, the back office, maintenance, forced password change, pub-deposit and info pages alone', () => {
    for (const p of ['/mobile', '/mobile/', '/mobile/f-mine/mine', '/backoffice', '/backoffice/login', '/maintenance', '/maintenance/',
      '/update-password', '/my-deposit/pub-deposit', '/about', '/contact-us/']) {
      expect(needsMobileRedirect(p), p).toBe(false);
    }
  });
  it('does not treat a path that merely starts with mobile as mobile', () => {
    expect(needsMobileRedirect('/mobilexyz')).toBe(true);
  });
});

describe('mobileEquivalent', () => {
  it('maps desktop pages with a mobile twin, and everything else to the mobile home', () => {
    expect(mobileEquivalent('/')).toBe('/mobile/');
    expect(mobileEquivalent('/register')).toBe('/mobile/f-entry/register');
    expect(mobileEquivalent('/register/')).toBe('/mobile/f-entry/register');
    expect(mobileEquivalent('/member/wallet')).toBe('/mobile/f-wallet/wallet');
    expect(mobileEquivalent('/member/deposit')).toBe('/mobile/f-wallet/deposit');
    expect(mobileEquivalent('/member/transfer')).toBe('/mobile/f-wallet/deposit-transfer');
    expect(mobileEquivalent('/member/withdrawals')).toBe('/mobile/f-wallet/withdrawals');
    expect(mobileEquivalent('/member/trans-record')).toBe('/mobile/f-trans-record/trans-record');
    expect(mobileEquivalent('/all-preferential')).toBe('/mobile/f-activity/activity-list');
    expect(mobileEquivalent('/egame/game')).toBe('/mobile/f-game/game');
    expect(mobileEquivalent('/nothing')).toBe('/mobile/');
  });
});

describe('mobileTabOf', () => {
  it('follows the route group of SPEC.md section 2', () => {
    expect(mobileTabOf('/mobile/')).toBe('home');
    expect(mobileTabOf('/mobile')).toBe('home');
    expect(mobileTabOf('/mobile/f-activity/activity-list')).toBe('promotions');
    expect(mobileTabOf('/mobile/f-wallet/wallet')).toBe('wallet');
    expect(mobileTabOf('/mobile/f-wallet/deposit')).toBe('wallet');
    expect(mobileTabOf('/mobile/f-customer/customer')).toBe('service');
    for (const g of ['f-mine', 'f-bet-record', 'f-trans-record', 'f-message-center', 'f-bank', 'f-exchange-record', 'f-vip']) {
      expect(mobileTabOf(`/mobile/${g}/x`), g).toBe('mine');
    }
    expect(mobileTabOf('/mobile/f-entry/register')).toBe('home');
    expect(mobileTabOf('/mobile/f-unknown/x')).toBe('home');
  });
});
