// The back-office player page in a browser: an operator opens a player and sees who the
// player is (real name, phone, bank cards, registration, last sign-in, status) and the ledger notes in the zh-TW back
// office's words; disabling the player needs a reason, ends the player's open page at once and refuses sign-in;
// enabling lets the player in again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, TEXT, hasChromium, hydrated, launchBrowser, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';
import { startSim, type Sim } from '../../sim/server.ts';

describe.skipIf(!hasChromium)('back-office player page', () => {
  let server: Server;
  let browser: Browser;
  let sim: Sim;
  beforeAll(async () => {
    // Transfers reach the stand-in provider through GAME_PROVIDER_URL, which startServer passes on.
    sim = await startSim({ port: 0 });
    process.env.GAME_PROVIDER_URL = sim.url;
    [server, browser] = await Promise.all([startServer('backoffice-player'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
    delete process.env.GAME_PROVIDER_URL;
  });

  /** A player call that must succeed. */
  async function must<T>(method: string, route: string, body: unknown, token: string): Promise<T> {
    const res = await server.api<T>(method, route, body, token);
    expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data as T;
  }

  it('an operator sees the details and translated ledger notes, disables with a reason and the player is signed out', async () => {
    screenshotOnFailure('bo-player-disable');
    const operator = await server.operatorToken();
    const { id: playerId } = await must<{ id: number }>('GET', `/backoffice/players/lookup?account=${DEMO.account}`, undefined, operator);

    // Ledger movements whose stored notes are English: a transfer applied at the game platform and a withdrawal
    // the player cancels.
    const { access_token: apiToken } = await must<{ access_token: string }>('POST', '/auth/login', DEMO, '');
    await must('POST', '/players/deposit/SLX', { money: '100' }, apiToken);
    await must('PUT', '/auth/info', { real_name: 'Wang Xiaoming', gender: 'male', birthday: '1990-01-01' }, apiToken);
    await must(
      'POST',
      '/players/debit-card/store',
      {
        bank: '004',
        market: 'Taipei main branch',
        account_name: 'Wang Xiaoming',
        card_number: '12345678905555',
        card_number_confirm: '12345678905555',
      },
      apiToken,
    );
    const cards = await must<{ data: Array<{ id: number }> }>('GET', '/players/debit-card/list', undefined, apiToken);
    const cardId = cards.data[0]!.id;
    await must('POST', `/backoffice/finance/bank-cards/${cardId}/audit`, { approve: true, reason: '' }, operator);
    const withdrawal = await must<{ id: string }>('POST', '/finance/withdraw/create', { money: '600', bank_card_id: cardId }, apiToken);
    await must('POST', '/finance/withdraw/cancel', { id: withdrawal.id }, apiToken);

    const playerContext = await newContext(browser, 'desktop', server);
    const staffContext = await newContext(browser, 'desktop', server);
    try {
      // The player signs in on the site and keeps the page open, its realtime socket connected.
      const player = await playerContext.newPage();
      const socketReady = player
        .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 })
        .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout: 30_000 }));
      await player.goto('/');
      await hydrated(player);
      const header = player.getByTestId('header-auth');
      await header.locator('input[name="account"]').fill(DEMO.account);
      await header.locator('input[name="password"]').fill(DEMO.password);
      await header.getByRole('button', { name: TEXT['zh-TW'].login, exact: true }).click();
      await expect.poll(() => player.getByTestId('header-account').textContent()).toBe(DEMO.account);
      await socketReady;
      const playerToken = await player.evaluate(() => localStorage.getItem('token'));
      expect(playerToken).toBeTruthy();

      // The operator opens the player in the zh-TW back office.
      // The staff token is in place before the back office's first script runs (about:blank has no storage).
      await staffContext.addInitScript((token) => {
        if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', token);
      }, operator);
      const page = await staffContext.newPage();
      await page.goto(`/backoffice/player?id=${playerId}`);
      const profile = page.getByTestId('bo-profile');
      await profile.getByTestId('bo-profile-status').waitFor();
      expect(await profile.getByTestId('bo-profile-status').textContent()).toBe('啟用');
      expect(await profile.getByTestId('bo-profile-real_name').textContent()).toBe('Wang Xiaoming');
      expect(await profile.getByTestId('bo-profile-gender').textContent()).toBe('男');
      expect(await profile.getByTestId('bo-profile-birthday').textContent()).toBe('1990-01-01');
      expect(await profile.getByTestId('bo-profile-phone').textContent()).toBe('0912345678');
      expect(await profile.getByTestId('bo-profile-registered').textContent()).toMatch(/\d/);
      expect(await profile.getByTestId('bo-profile-last_login').textContent()).toMatch(/\d/);
      expect(await profile.getByTestId('bo-profile-live_sessions').textContent()).toBe('1');
      const cardRow = profile.getByTestId('bo-profile-cards').locator('tbody tr');
      expect(await cardRow.count()).toBe(1);
      expect(await cardRow.textContent()).toContain('12345678905555');
      expect(await cardRow.textContent()).toContain('已通過');

      // The ledger notes read in the back office's language, never the stored English.
      const ledger = page.getByTestId('bo-ledger');
      await expect.poll(() => ledger.textContent(), { timeout: 15_000 }).toContain('遊戲平台已入帳');
      const notes = (await ledger.textContent())!;
      expect(notes).toContain('玩家取消');
      expect(notes).not.toMatch(/applied at provider|player cancels/i);

      // Editing the personal info: the 18+ rule answers under the field, then the edit with its reason is saved.
      await profile.getByTestId('bo-profile-edit').click();
      const form = profile.getByTestId('bo-profile-form');
      await form.locator('#bo-pp-birthday').fill(`${new Date().getUTCFullYear() - 10}-01-01`);
      await form.locator('#bo-pp-real_name').fill('王小明');
      await form.locator('#bo-pp-reason').fill('玩家提供證件更正姓名');
      await form.getByTestId('bo-profile-save').click();
      await expect.poll(() => form.getByTestId('bo-pp-error-birthday').textContent()).toBe('會員必須年滿 18 歲');
      await form.locator('#bo-pp-birthday').fill('1990-01-02');
      await form.getByTestId('bo-profile-save').click();
      await expect.poll(() => profile.getByTestId('bo-profile-notice').textContent()).toBe('個人資料已儲存。');
      await expect.poll(() => profile.getByTestId('bo-profile-real_name').textContent()).toBe('王小明');
      expect(await profile.getByTestId('bo-profile-birthday').textContent()).toBe('1990-01-02');

      // Disabling without a reason is refused under the field; nothing changes.
      // The site's own dialog asks first (never the browser's confirm()).
      await profile.getByTestId('bo-status-toggle').click();
      await page.getByTestId('confirm-ok').click();
      await expect.poll(() => profile.getByRole('alert').first().textContent()).toBe('請填寫原因，將記入稽核紀錄');
      expect((await server.api('GET', '/auth/me', undefined, playerToken!)).status).toBe(200);

      await profile.getByTestId('bo-status-reason').fill('疑似盜用，暫停帳號');
      await profile.getByTestId('bo-status-toggle').click();
      await page.getByTestId('confirm-ok').click();
      await expect.poll(() => profile.getByTestId('bo-profile-notice').textContent()).toBe('已停用會員，結束 1 個登入。');
      await expect.poll(() => profile.getByTestId('bo-profile-status').textContent()).toBe('停用');
      expect(await profile.getByTestId('bo-status-toggle').textContent()).toBe('啟用會員');
      expect(await page.getByTestId('bo-player-summary').textContent()).toContain('停用');

      // The player's open page is signed out at once, and the token no longer works.
      await player.getByTestId('session-ended').waitFor();
      expect(await player.getByTestId('header-account').count()).toBe(0);
      expect((await server.api('GET', '/auth/me', undefined, playerToken!)).status).toBe(401);
      expect((await server.api('POST', '/auth/login', DEMO)).body.code).toBe('account_disabled');

      // The audit log has the reason with the status before and after.
      // The log hands out before and after beside the entry's context (the reason).
      const edited = await must<{ data: Array<{ target: string; before: unknown; after: unknown; detail: Record<string, unknown> }> }>(
        'GET',
        '/backoffice/audit?action=player.profile_update',
        undefined,
        operator,
      );
      expect(edited.data[0]).toMatchObject({
        target: `player:${playerId}`,
        detail: { reason: '玩家提供證件更正姓名' },
        before: { real_name: 'Wang Xiaoming', birthday: '1990-01-01' },
        after: { real_name: '王小明', birthday: '1990-01-02' },
      });
      const audit = await must<{ data: Array<{ action: string; target: string; before: unknown; after: unknown; detail: Record<string, unknown> }> }>(
        'GET',
        '/backoffice/audit?action=player.disable',
        undefined,
        operator,
      );
      expect(audit.data[0]).toMatchObject({
        target: `player:${playerId}`,
        detail: { reason: '疑似盜用，暫停帳號' },
        before: { status: 1 },
        after: { status: 0 },
      });

      // Enabling lets the player sign in again.
      await profile.getByTestId('bo-status-reason').fill('已核對身分');
      await profile.getByTestId('bo-status-toggle').click();
      await expect.poll(() => profile.getByTestId('bo-profile-status').textContent()).toBe('啟用');
      expect((await server.api('POST', '/auth/login', DEMO)).status).toBe(200);
    } finally {
      await playerContext.close();
      await staffContext.close();
    }
  });
});
