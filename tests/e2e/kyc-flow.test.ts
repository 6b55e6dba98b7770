// Identity verification in the browser: a player on a phone uploads the three identity documents and sees
// them waiting; staff on the desktop back office open each one (the view is audited), read the name and birthday on the
// ID and approve them; the player's withdrawal above the level-1 ceiling, refused before, then goes through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import {
  clickDialogButton,
  hasChromium,
  hydrated,
  launchBrowser,
  newContext,
  registerPlayer,
  screenshotOnFailure,
  signedInContext,
  startServer,
  TEXT,
  type Server,
} from './helpers.ts';
import { formatDecimal } from '../../src/shared/money.ts';

describe.skipIf(!hasChromium)('identity verification', () => {
  let server: Server;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('kyc-flow'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const picture = (color: string) =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
      .jpeg()
      .toBuffer();

  it('a player uploads identity documents on a phone, staff approve them, and a withdrawal above the level-1 ceiling goes through', async () => {
    screenshotOnFailure('kyc-flow');
    const admin = await server.operatorToken();
    // Level 1 may withdraw 1,000 a day; level 2 50,000.
    const levels = [
      { level: 0, day_max: null, total_max: null },
      { level: 1, day_max: '1000', total_max: null },
      { level: 2, day_max: '50000', total_max: null },
      { level: 3, day_max: null, total_max: null },
    ];
    const saved = await server.api('PUT', '/backoffice/kyc/settings', { first_withdrawal_level: 1, retention_days: 1825, levels }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // A player registered with an SMS code (level 1), with personal info, an approved card and 5,000.
    const p = await registerPlayer(server, 'ky');
    const info = await server.api('PUT', '/auth/info', { real_name: '王小明', gender: 'male', birthday: '1991-02-03' }, p.token);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    const added = await server.api(
      'POST',
      '/players/debit-card/store',
      { bank: '004', market: '台北分行', account_name: '王小明', card_number: '62220012345678', card_number_confirm: '62220012345678' },
      p.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cardId = (await server.api<{ data: Array<{ id: number }> }>('GET', '/players/debit-card/list', undefined, p.token)).body.data!.data[0]!.id;
    expect((await server.api('POST', `/backoffice/finance/bank-cards/${cardId}/audit`, { approve: true, reason: '' }, admin)).status).toBe(200);
    const me = await server.api<{ id: number }>('GET', '/auth/me', undefined, p.token);
    const funded = await fetch(`${server.url}/api/backoffice/finance/adjustments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'idempotency-key': `e2e-kyc-fund-${me.body.data!.id}` },
      body: JSON.stringify({ player_id: me.body.data!.id, amount: '5000', reason: 'Test funds' }),
    });
    expect(funded.status, await funded.clone().text()).toBe(200);

    const phone = await signedInContext(browser, 'mobile', server, p.token);
    const desk = await newContext(browser, 'desktop', server);
    await desk.addInitScript((tk) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tk);
    }, admin);
    try {
      const page = await phone.newPage();
      // Above the level-1 ceiling: refused with the reason.
      await page.goto('/en/mobile/f-wallet/withdrawals?type=1');
      await hydrated(page);
      await page.getByTestId('withdraw-card').waitFor();
      await page.locator('#withdraw-amount').fill('2000');
      await page.getByTestId('withdraw-submit').click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'verification level' }).count()).toBe(1);

      // The verification page on the phone: level 1, and the three identity documents uploaded.
      await page.goto('/en/mobile/f-mine/kyc');
      await hydrated(page);
      await expect.poll(() => page.getByTestId('kyc-level').getAttribute('data-level')).toBe('1');
      expect(await page.getByTestId('kyc-terms-2').textContent()).toContain('50,000.00');
      for (const [kind, color] of [
        ['id_front', '#c33'],
        ['id_back', '#3c3'],
        ['selfie', '#33c'],
      ] as const) {
        await page.getByTestId(`kyc-input-${kind}`).setInputFiles({ name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: await picture(color) });
        await expect.poll(() => page.getByTestId(`kyc-doc-${kind}`).getAttribute('data-status')).toBe('submitted');
      }
      expect(await page.getByTestId('kyc-doc-selfie').textContent()).toContain('Waiting for review');

      // Staff approve on the desktop back office, while the player's page stays open.
      const bo = await desk.newPage();
      await bo.goto('/en/backoffice/kyc');
      await hydrated(bo);
      await bo.getByTestId(`kyc-open-${p.account}`).click();
      const review = bo.getByTestId('kyc-review');
      await review.getByTestId('kyc-player').waitFor();
      expect(await review.getByTestId('kyc-player').textContent()).toContain('王小明');
      expect(await review.textContent()).toContain('**********5678');
      for (const kind of ['id_front', 'id_back', 'selfie']) {
        const card = review.getByTestId(`kyc-card-${kind}`);
        // Approval waits until the document has been opened.
        expect(await card.getByTestId('kyc-approve').isDisabled()).toBe(true);
        expect(await card.getByTestId('kyc-open-first').textContent()).toBe('Open the document before approving it');
        await card.getByTestId('kyc-show').click();
        await card.getByTestId('kyc-image').waitFor();
        expect(await card.getByTestId('kyc-approve').isDisabled()).toBe(false);
        expect(await card.getByTestId('kyc-open-first').count()).toBe(0);
        expect(await card.getByTestId('kyc-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
        if (kind === 'id_front') {
          await card.getByTestId('kyc-doc-name').fill('王小明');
          await card.getByTestId('kyc-doc-birthday').fill('1991-02-03');
        }
        await card.getByTestId('kyc-approve').click();
        await clickDialogButton(bo, 'Confirm');
        await expect.poll(() => review.getByTestId(`kyc-card-${kind}`).getAttribute('data-status')).toBe('approved');
      }
      await expect.poll(() => review.getByTestId('kyc-player').textContent()).toContain('Level 2 (identity)');
      // Each opened document left an audit entry.
      const audit = await server.api<{ data: unknown[] }>('GET', `/backoffice/audit?action=kyc.document.view&player=${p.account}`, undefined, admin);
      expect(audit.body.data!.data).toHaveLength(3);
      // The audit page reads those entries as sentences from the KYC catalogue, naming the player, in zh-TW too.
      await bo.goto('/backoffice/audit');
      await hydrated(bo);
      await bo.locator('[data-testid="bo-audit-filters"] input[name="player"]').fill(p.account);
      await bo.locator('[data-testid="bo-audit-filters"] select[name="action"]').selectOption('kyc.');
      await bo.locator('[data-testid="bo-audit-filters"] button[type="submit"]').click();
      await expect.poll(() => bo.getByTestId('bo-audit-sentence').count()).toBe(6);
      const sentences = await bo.getByTestId('bo-audit-sentence').allTextContents();
      expect(sentences.filter((x) => x.includes('通過了 驗證文件'))).toHaveLength(3);
      for (const sentence of sentences) {
        expect(sentence).toContain(p.account);
        expect(sentence).not.toMatch(/其他|kyc|[a-z]+_[a-z]+/);
      }
      await bo.screenshot({ path: '/tmp/trust-audit-kyc.png', fullPage: true });

      // The phone's open page follows the decisions through the realtime event: level 2, documents approved.
      await expect.poll(() => page.getByTestId('kyc-level').getAttribute('data-level'), { timeout: 15_000 }).toBe('2');
      expect(await page.getByTestId('kyc-doc-id_front').getAttribute('data-status')).toBe('approved');
      // The same withdrawal now goes through.
      await page.goto('/en/mobile/f-wallet/withdrawals?type=1');
      await hydrated(page);
      await page.getByTestId('withdraw-card').waitFor();
      await page.locator('#withdraw-amount').fill('2000');
      await page.getByTestId('withdraw-submit').click();
      await clickDialogButton(page, TEXT.en.ok);
      const row = page.getByTestId('withdraw-row').first();
      await expect.poll(() => row.getAttribute('data-status')).toBe('applying');
      expect(await row.textContent()).toContain('2,000.00');
    } finally {
      await desk.close();
      await phone.close();
    }
    const messages = await server.api<{ data: Array<{ title: string }> }>('GET', '/messages/personal/list?page=1&pageSize=10', undefined, p.token);
    expect(messages.body.data!.data!.filter((m) => m.title.length > 0)).toHaveLength(3);
  });

  it("the settings mark a ceiling below the site's minimum withdrawal as it is typed, in both languages, and refuse to save it", async () => {
    screenshotOnFailure('kyc-settings-min');
    const admin = await server.operatorToken();
    const before = await server.api<{ withdraw_min: string; levels: Array<{ day_max: string | null }> }>('GET', '/backoffice/kyc/settings', undefined, admin);
    const min = before.body.data!.withdraw_min;
    const below = String(Math.floor(Number(min) / 2));
    const desk = await newContext(browser, 'desktop', server);
    await desk.addInitScript((tk) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tk);
    }, admin);
    try {
      const languages = [
        { prefix: '/en', warn: `Below the minimum withdrawal of ${formatDecimal(min)}`, refused: "A ceiling is below the site's minimum withdrawal" },
        { prefix: '', warn: `低於最低提款金額 ${formatDecimal(min)}`, refused: '有提款上限低於本站單筆最低提款金額' },
      ];
      for (const { prefix, warn, refused } of languages) {
        const bo = await desk.newPage();
        await bo.goto(`${prefix}/backoffice/kyc`);
        await hydrated(bo);
        const settings = bo.getByTestId('kyc-settings');
        await settings.getByTestId('kyc-day-1').fill(below);
        expect(await settings.getByTestId('kyc-day-1-below-min').textContent()).toBe(warn);
        expect(await settings.getByTestId('kyc-day-1').getAttribute('aria-invalid')).toBe('true');
        await settings.getByTestId('kyc-settings-save').click();
        await bo.getByRole('dialog').getByTestId('confirm-ok').click();
        await expect.poll(() => settings.getByTestId('kyc-settings-notice').textContent()).toContain(refused);
        await bo.screenshot({ path: `/tmp/kyc-settings-below-min${prefix.replace('/', '-') || '-zh'}.png`, fullPage: true });
        await bo.close();
      }
    } finally {
      await desk.close();
    }
    const after = await server.api<{ levels: Array<{ day_max: string | null }> }>('GET', '/backoffice/kyc/settings', undefined, admin);
    expect(after.body.data!.levels[1]!.day_max).toBe(before.body.data!.levels[1]!.day_max);
  });
});
