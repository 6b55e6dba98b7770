// Path knowledge shared by the page middleware and the pages (SPEC.md section 2).
import { describe, expect, it } from 'vitest';
import { INFO_PATHS, isInfoPath, mobileEquivalent, mobileTabOf, needsMobileRedirect, normalizePath, stripLocale } from './routes.ts';

describe('stripLocale and normalizePath', () => {
  it.each([
    ['/en', '/'],
    ['/en/', '/'],
    ['/en/about', '/about'],
    ['/about', '/about'],
    ['/english', '/english'],
    ['/', '/'],
  ])('drop the /en prefix only as a whole segment: %s is %s', (path, stripped) => {
    expect(stripLocale(path)).toBe(stripped);
  });
  it.each([
    ['/', '/'],
    ['/about/', '/about'],
    ['/about', '/about'],
    ['/mobile/', '/mobile'],
  ])('drop one trailing slash but keep the root: %s is %s', (path, normal) => expect(normalizePath(path)).toBe(normal));
});

describe('info pages', () => {
  it('lists the info pages of SPEC.md, with their spelling', () => {
    for (const p of [
      '/about',
      '/beginner-s-guide',
      '/contact-us',
      '/cooperrative-alliance',
      '/declaration-clause',
      '/deposit-help',
      '/task-help',
      '/vip-help',
      '/walllet-help',
      '/withdrawls-help',
    ]) {
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
    for (const p of [
      '/mobile',
      '/mobile/',
      '/mobile/f-mine/mine',
      '/backoffice',
      '/backoffice/login',
      '/maintenance',
      '/maintenance/',
      '/update-password',
      '/my-deposit/pub-deposit',
      '/about',
      '/contact-us/',
    ]) {
      expect(needsMobileRedirect(p), p).toBe(false);
    }
  });
  it('does not treat a path that merely starts with mobile as mobile', () => {
    expect(needsMobileRedirect('/mobilexyz')).toBe(true);
  });
});

describe('mobileEquivalent', () => {
  const twins = {
    '/': '/mobile/',
    '/register': '/mobile/f-entry/register',
    '/register/': '/mobile/f-entry/register',
    '/member/wallet': '/mobile/f-wallet/wallet',
    '/member/deposit': '/mobile/f-wallet/deposit',
    '/member/transfer': '/mobile/f-wallet/deposit-transfer',
    '/member/withdrawals': '/mobile/f-wallet/withdrawals',
    '/member/trans-record': '/mobile/f-trans-record/trans-record',
    '/all-preferential': '/mobile/f-activity/activity-list',
    '/egame/game': '/mobile/f-game/game',
    '/nothing': '/mobile/',
  };
  it.each(Object.entries(twins))('maps desktop pages with a mobile twin, and everything else to the mobile home: %s', (path, mobile) => {
    expect(mobileEquivalent(path)).toBe(mobile);
  });
});

describe('mobileTabOf', () => {
  const mineGroups = ['f-mine', 'f-bet-record', 'f-trans-record', 'f-message-center', 'f-bank', 'f-exchange-record', 'f-vip'];
  it.each([
    ['/mobile/', 'home'],
    ['/mobile', 'home'],
    ['/mobile/f-activity/activity-list', 'promotions'],
    ['/mobile/f-wallet/wallet', 'wallet'],
    ['/mobile/f-wallet/deposit', 'wallet'],
    ['/mobile/f-customer/customer', 'service'],
    ...mineGroups.map((g) => [`/mobile/${g}/x`, 'mine']),
    ['/mobile/f-entry/register', 'home'],
    ['/mobile/f-unknown/x', 'home'],
  ])('follows the route group of SPEC.md section 2: %s is %s', (path, tab) => {
    expect(mobileTabOf(path)).toBe(tab);
  });
});
