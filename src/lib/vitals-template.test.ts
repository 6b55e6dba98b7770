import { describe, expect, it } from 'vitest';
import { pageTemplate } from './vitals-template.ts';

describe('pageTemplate', () => {
  it.each([
    ['/', 'home'],
    ['/en', 'home'],
    ['/en/', 'home'],
    ['/mobile/', 'home'],
    ['/en/mobile', 'home'],
    ['/mobile/f-game/games', 'lobby'],
    ['/mobile/f-game/game?code=AG', 'lobby'],
    ['/other-games/games', 'lobby'],
    ['/en/egame/game', 'lobby'],
    ['/mobile/f-activity/activity-list', 'promotions'],
    ['/preferential-activity/activity-detail', 'promotions'],
    ['/all-preferential', 'promotions'],
    ['/member/promotions', 'promotions'],
    ['/mobile/f-wallet/deposit', 'cashier'],
    ['/mobile/f-wallet/deposit-transfer', 'cashier'],
    ['/member/deposit', 'cashier'],
    ['/en/member/transfer/', 'cashier'],
    ['/member/withdrawals', 'cashier'],
    ['/my-deposit/pub-deposit', 'cashier'],
    ['/mobile/f-bank/bank-card', 'cashier'],
    ['/member/user-info', 'member'],
    ['/mobile/f-mine/mine', 'member'],
    ['/mobile/f-vip/vip', 'member'],
    ['/register', 'member'],
    ['/agent/links', 'member'],
    ['/about', 'info'],
    ['/en/responsible-gaming', 'info'],
    ['/mobile/f-info/info', 'info'],
    ['/mobile/f-customer/customer', 'info'],
    ['/maintenance', 'info'],
    ['/backoffice', 'backoffice'],
    ['/en/backoffice/vitals', 'backoffice'],
  ])('%s is %s', (path, template) => {
    expect(pageTemplate(path)).toBe(template);
  });

  it('does not take a longer word for a prefix', () => {
    expect(pageTemplate('/registered-elsewhere')).toBe('info');
    expect(pageTemplate('/member/depositx')).toBe('member');
  });
});
