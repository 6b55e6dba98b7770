// Account flows in the browser: forgot password on desktop (dialog) and mobile (page) in both languages ending
// with a login under the new password; too many wrong passwords leading to the identity check and a
// phone-code login; a forced password change on the next navigation; choosing an avatar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  PASSWORD,
  TEXT,
  clickDialogButton,
  freshAccount,
  freshPhone,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  screenshotOnFailure,
  smsCode,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';

const NEW_PASSWORD = 'fresh2468';
const LABELS = {
  'zh-TW': { forgot: '忘記密碼', next: '下一步', submit: '修改密碼', login: '登入', saved: '修改成功', sendCode: '發送驗證碼' },
  en: { forgot: 'Forgot password', next: 'Next', submit: 'Change password', login: 'Log in', saved: 'Successfully modified', sendCode: 'Send code' },
} as const;

describe.skipIf(!hasChromium)('account flows', () => {
  let server: Server;
  let browser: Browser;
  let operator: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('account'), launchBrowser()]);
    operator = await server.operatorToken();
    // Players are made through the API without an SMS code, so each phone's one-a-minute send is free for the flow.
    // All of them come from the test's one address, so the per-address registration cap is raised for the file.
    const res = await server.api('PUT', '/backoffice/settings', { register_need_mobile_sms: 0, player_account_max: 100 }, operator);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newPlayer() {
    const account = freshAccount('ac');
    const phone = freshPhone();
    const res = await server.api('POST', '/auth/register', { account, password: PASSWORD, password_confirm: PASSWORD, phone, agreement: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { account, phone };
  }

  async function headerLogin(page: Page, locale: Locale, account: string, password: string) {
    const header = page.getByTestId('header-auth');
    await header.locator('input[name="account"]').fill(account);
    await header.locator('input[name="password"]').fill(password);
    await header.getByRole('button', { name: TEXT[locale].login, exact: true }).click();
  }

  /** Steps 0, 1 and 2 of the recovery form open on the page. */
  async function recover(page: Page, locale: Locale, who: { account: string; phone: string }) {
    const form = page.getByTestId('forgot-form');
    await form.locator('input[name="account"]').fill(who.account);
    await form.locator('input[name="phone"]').fill(who.phone);
    await form.getByTestId('forgot-submit').click();
    await page.locator('[data-testid="forgot-form"][data-step="1"]').waitFor();
    await form.locator('input[name="code"]').fill(await smsCode(server, who.phone));
    await form.getByTestId('forgot-submit').click();
    await page.locator('[data-testid="forgot-form"][data-step="2"]').waitFor();
    await form.locator('input[name="password"]').fill(NEW_PASSWORD);
    await form.locator('input[name="password_confirm"]').fill(NEW_PASSWORD);
    await form.getByTestId('forgot-submit').click();
  }

  for (const locale of ['zh-TW', 'en'] as const) {
    it(`forgot password on desktop (${locale}): the dialog's three steps, then a login under the new password`, async () => {
      screenshotOnFailure(`forgot-desktop-${locale}`);
      const who = await newPlayer();
      const context = await newContext(browser, 'desktop', server);
      try {
        const page = await context.newPage();
        await page.goto(localized('/', locale));
        await hydrated(page);
        await page.getByTestId('header-forgot').click();
        const dialog = page.getByRole('dialog', { name: LABELS[locale].forgot });
        await dialog.waitFor();
        // A wrong phone is named under its field (SPEC.md section 8).
        await dialog.locator('input[name="account"]').fill(who.account);
        await dialog.locator('input[name="phone"]').fill(freshPhone());
        await dialog.getByTestId('forgot-submit').click();
        await expect.poll(() => dialog.getByRole('alert').first().textContent()).toBe(locale === 'en' ? 'Wrong phone number' : '手機錯誤');
        await recover(page, locale, who);
        await page.getByTestId('forgot-form').waitFor({ state: 'detached' });
        await clickDialogButton(page, TEXT[locale].ok);
        await headerLogin(page, locale, who.account, NEW_PASSWORD);
        await expect.poll(() => page.getByTestId('header-account').textContent()).toBe(who.account);
      } finally {
        await context.close();
      }
    });

    it(`forgot password on mobile (${locale}): the page from the login dialog's link, then a login`, async () => {
      screenshotOnFailure(`forgot-mobile-${locale}`);
      const who = await newPlayer();
      const context = await newContext(browser, 'mobile', server);
      try {
        const page = await context.newPage();
        await page.goto(localized('/mobile/f-mine/forget-password', locale));
        await hydrated(page);
        await recover(page, locale, who);
        await clickDialogButton(page, TEXT[locale].ok);
        // The login dialog opens for the new password.
        const login = page.getByRole('dialog');
        await login.locator('input[name="account"]').fill(who.account);
        await login.locator('input[name="password"]').fill(NEW_PASSWORD);
        await login.locator('button[type="submit"]').click();
        await expect.poll(() => page.evaluate(() => !!localStorage.getItem('token'))).toBe(true);
        await page.goto(localized('/mobile/f-mine/mine', locale));
        await expect.poll(() => page.getByTestId('mine-account').textContent()).toBe(who.account);
        // The join line says today, not '1 days'.
        expect(await page.getByTestId('mine-join').textContent()).toBe(locale === 'en' ? 'Member since today' : '今天成為會員');
      } finally {
        await context.close();
      }
    });
  }

  it('too many wrong passwords open the identity check; a phone code logs in and goes home', async () => {
    screenshotOnFailure('identity-check');
    const who = await newPlayer();
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await page.goto('/en/');
      await hydrated(page);
      for (let i = 0; i < 5; i++) {
        await headerLogin(page, 'en', who.account, 'wrong9999');
        if (i < 4) await clickDialogButton(page, TEXT.en.ok);
      }
      const identity = page.getByRole('dialog', { name: 'Verify your identity' });
      await identity.waitFor();
      expect(await identity.getByTestId('identity-text').textContent()).toContain(`${who.phone.slice(0, 4)}***${who.phone.slice(-3)}`);
      expect(await page.evaluate(() => localStorage.getItem('forget_phone'))).toBe(`${who.phone.slice(0, 4)}***${who.phone.slice(-3)}`);
      await identity.locator('input[name="phone"]').fill(who.phone);
      await identity.getByTestId('phone-send-code').click();
      await identity.locator('input[name="code"]').fill(await smsCode(server, who.phone));
      await identity.getByTestId('phone-login-submit').click();
      await expect.poll(() => page.getByTestId('header-account').textContent()).toBe(who.account);
      await page.waitForURL((u) => u.pathname === '/en/');
      expect(await page.evaluate(() => localStorage.getItem('first_registration'))).toBe('1');
    } finally {
      await context.close();
    }
  });

  it('the desktop phone-login page logs a player in with an SMS code (zh-TW)', async () => {
    screenshotOnFailure('phone-login-desktop');
    const who = await newPlayer();
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await page.goto('/phone-login');
      await hydrated(page);
      await page.locator('input[name="phone"]').fill(who.phone);
      await page.getByTestId('phone-send-code').click();
      await page.locator('input[name="code"]').fill(await smsCode(server, who.phone));
      await page.getByTestId('phone-login-submit').click();
      await page.waitForURL((u) => u.pathname === '/');
      await expect.poll(() => page.getByTestId('header-account').textContent()).toBe(who.account);
    } finally {
      await context.close();
    }
  });

  it('on mobile the login dialog gives way to the identity check, and a phone code logs in (en)', async () => {
    screenshotOnFailure('identity-mobile');
    const who = await newPlayer();
    const context = await newContext(browser, 'mobile', server);
    try {
      const page = await context.newPage();
      await page.goto('/en/mobile/f-mine/mine');
      await hydrated(page);
      await page.getByTestId('mine-visitor').getByRole('button', { name: 'Login', exact: true }).click();
      const form = page.locator('form:has(#ml-password)');
      for (let i = 0; i < 5; i++) {
        await form.locator('input[name="account"]').fill(who.account);
        await form.locator('input[name="password"]').fill('wrong9999');
        await form.locator('button[type="submit"]').click();
        if (i < 4) await page.getByRole('button', { name: TEXT.en.ok, exact: true }).click();
      }
      const identity = page.getByRole('dialog', { name: 'Verify your identity' });
      await identity.waitFor();
      expect(await form.count()).toBe(0);
      await identity.locator('input[name="phone"]').fill(who.phone);
      await identity.getByTestId('phone-send-code').click();
      await identity.locator('input[name="code"]').fill(await smsCode(server, who.phone));
      await identity.getByTestId('phone-login-submit').click();
      await page.waitForURL((u) => u.pathname === '/en/mobile/');
      await page.goto('/en/mobile/f-mine/mine');
      await expect.poll(() => page.getByTestId('mine-account').textContent()).toBe(who.account);
    } finally {
      await context.close();
    }
  });

  it("an operator's forced change sends the player to /update-password on the next navigation", async () => {
    screenshotOnFailure('forced-change');
    const who = await newPlayer();
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      // Signed in through the API: a header login would move on to the member page by itself after 2 s.
      const signIn = await server.api<{ access_token: string }>('POST', '/auth/login', { account: who.account, password: PASSWORD });
      await page.goto('/about');
      await page.evaluate((token) => localStorage.setItem('token', token), signIn.body.data!.access_token);
      const lookup = await server.api<{ id: number }>('GET', `/backoffice/players/lookup?account=${who.account}`, undefined, operator);
      const forced = await server.api('POST', `/backoffice/players/${lookup.body.data!.id}/force-password`, { reason: 'e2e', force: true }, operator);
      expect(forced.status).toBe(200);
      // The page itself moves on to the change form while loading, so the navigation is only started here. An
      // island of the page already open (the badge or the popup loader, reading the new token) may send the player
      // to the form first, which aborts this navigation: either way the player must end on the form.
      await page.goto('/member/wallet', { waitUntil: 'commit' }).catch((err: Error) => {
        if (!/ERR_ABORTED/.test(err.message)) throw err;
      });
      await page.waitForURL((u) => u.pathname === '/update-password');
      await hydrated(page);
      await page.getByTestId('forced-notice').waitFor();
      const form = page.getByTestId('change-password-form');
      await form.locator('input[name="old_password"]').fill(PASSWORD);
      await form.locator('input[name="password"]').fill(NEW_PASSWORD);
      await form.locator('input[name="password_confirm"]').fill(NEW_PASSWORD);
      await form.getByTestId('change-password-submit').click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/member/wallet');
      await hydrated(page);
      expect(new URL(page.url()).pathname).toBe('/member/wallet');
    } finally {
      await context.close();
    }
  });

  it('choosing an avatar shows it in the header and the member menu', async () => {
    screenshotOnFailure('avatar');
    const who = await newPlayer();
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await page.goto('/en/');
      await hydrated(page);
      await headerLogin(page, 'en', who.account, PASSWORD);
      await expect.poll(() => page.getByTestId('header-account').textContent()).toBe(who.account);
      await page.goto('/en/member/user-info');
      await hydrated(page);
      expect(await page.getByTestId('member-join').textContent()).toBe('Joined today');
      // No quick button's word is cut, and the three stay inside the menu.
      const clipped = await page.getByTestId('member-quick').evaluate((box) => {
        const outer = box.closest('aside')!.getBoundingClientRect();
        return [...box.querySelectorAll('a')]
          .filter((a) => a.scrollWidth > a.clientWidth || a.getBoundingClientRect().right > outer.right)
          .map((a) => a.textContent);
      });
      expect(clipped).toEqual([]);
      await page.getByTestId('member-avatar').click();
      const dialog = page.getByRole('dialog', { name: 'Choose an avatar' });
      await dialog.locator('[data-avatar="avatar-7.svg"]').click();
      await dialog.getByTestId('avatar-save').click();
      await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(LABELS.en.saved);
      await clickDialogButton(page, TEXT.en.ok);
      await expect.poll(() => page.getByTestId('header-avatar').getAttribute('src')).toBe('/avatars/avatar-7.svg');
      await expect.poll(() => page.getByTestId('member-avatar').locator('img').getAttribute('src')).toBe('/avatars/avatar-7.svg');
    } finally {
      await context.close();
    }
  });

  it("on mobile the mine page's avatar opens the same dialog (zh-TW)", async () => {
    screenshotOnFailure('avatar-mobile');
    const who = await newPlayer();
    const login = await server.api<{ access_token: string }>('POST', '/auth/login', { account: who.account, password: PASSWORD });
    const context = await newContext(browser, 'mobile', server);
    try {
      const page = await context.newPage();
      await page.goto('/mobile/');
      await page.evaluate((token) => localStorage.setItem('token', token), login.body.data!.access_token);
      await page.goto('/mobile/f-mine/mine');
      await hydrated(page);
      await page.getByTestId('mine-avatar').click();
      const dialog = page.getByRole('dialog', { name: '選擇頭像' });
      await dialog.locator('[data-avatar="avatar-12.svg"]').click();
      await dialog.getByTestId('avatar-save').click();
      await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(LABELS['zh-TW'].saved);
      await expect.poll(() => page.getByTestId('mine-avatar').locator('img').getAttribute('src')).toBe('/avatars/avatar-12.svg');
    } finally {
      await context.close();
    }
  });
  it('back office: an operator resets a password with a reason and sees the temporary password once', async () => {
    screenshotOnFailure('bo-reset');
    const who = await newPlayer();
    await server.api('POST', '/auth/login', { account: who.account, password: 'wrong0000' });
    const lookup = await server.api<{ id: number }>('GET', `/backoffice/players/lookup?account=${who.account}`, undefined, operator);
    const context = await newContext(browser, 'desktop', server);
    try {
      // The staff token is in place before the back office's first script runs: visiting /backoffice without it first
      // starts a redirect to the sign-in page that can abort the next navigation.
      await context.addInitScript((token) => {
        if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', token);
      }, operator);
      const page = await context.newPage();
      await page.goto(`/backoffice/player?id=${lookup.body.data!.id}`);
      const section = page.getByTestId('bo-security');
      await section.waitFor();
      // The failed sign-in is in the history, in the operator's words.
      await expect.poll(() => section.getByTestId('bo-logins').textContent()).toContain('密碼錯誤');
      // Without a reason the server refuses, under the field.
      await section.getByTestId('bo-reset-password').click();
      await page.getByTestId('confirm-ok').click();
      await expect.poll(() => section.getByRole('alert').first().textContent()).toBe('請填寫原因，將記入稽核紀錄');
      await section.locator('#bo-security-reason').fill('玩家來電，已核對身分');
      await section.getByTestId('bo-reset-password').click();
      await page.getByTestId('confirm-ok').click();
      const shown = section.getByTestId('bo-temporary-password');
      await shown.waitFor();
      const temporary = (await shown.locator('p.font-mono').textContent())!.trim();
      expect(temporary).toMatch(/^[a-z0-9]{10}$/);
      const signIn = await server.api<{ access_token: string }>('POST', '/auth/login', { account: who.account, password: temporary });
      expect(signIn.status).toBe(200);
      const me = await server.api<{ status_force_password: number }>('GET', '/auth/me', undefined, signIn.body.data!.access_token);
      expect(me.body.data!.status_force_password).toBe(2);
      await expect.poll(() => section.getByTestId('bo-forced').textContent()).toBe('已強制修改密碼');
    } finally {
      await context.close();
    }
  });
});
