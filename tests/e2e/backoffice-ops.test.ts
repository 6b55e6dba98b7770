// The operator's screens in a browser, in Traditional Chinese: the audit log reads as sentences (no action code, the
// changed setting named with its old and new value) and filters by action on the server; the settings page offers the
// activity-wallet rule as a select of named choices rather than free text. Finance and service staff see no button
// for an action their role may not take; the withdrawal queue's reject button stays inside the table at 1440 px; the
// player list's bulk level is picked from the VIP levels by name. The circuit-breaker screen lists another instance's
// breakers (read from the shared Redis hash) with their state and failures in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { DEMO, hasChromium, launchBrowser, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';
import { totpAt } from '../../src/server/modules/staff/totp.ts';
import { eq } from 'drizzle-orm';
import { riskDecisions, withdrawals } from '../../src/server/db/schema.ts';

/** A code as the server stores it: dotted action names and underscored keys. */
const CODE = /\b[a-z]+[._][a-z_.]+\b/;

describe.skipIf(!hasChromium)('back-office operator screens in zh-TW', () => {
  let server: Server;
  let browser: Browser;
  let operator: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('backoffice-ops'), launchBrowser()]);
    operator = await server.operatorToken();
    // One audited change to read back: the activity-wallet rule from freeze to forfeit.
    const res = await fetch(`${server.url}/api/backoffice/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ protection_activity_wallet_rule: 'forfeit' }),
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function staffPage(token = operator) {
    const context = await newContext(browser, 'desktop', server);
    await context.addInitScript((tk) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tk);
    }, token);
    return { context, page: await context.newPage() };
  }

  /** A call that must succeed. */
  async function must<T>(method: string, route: string, body: unknown, token: string): Promise<T> {
    const res = await server.api<T>(method, route, body, token);
    expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data as T;
  }

  /** A new staff member of the role, created by the operator and signed in through the API (password change, TOTP). */
  async function staffToken(role: 'finance' | 'service'): Promise<string> {
    const username = `${role}${randomBytes(3).toString('hex')}`;
    const password = `pw-${randomBytes(6).toString('hex')}`;
    await must('POST', '/backoffice/staff', { username, password, role }, operator);
    type Answer = { access_token?: string; setup_required?: 'password' | 'totp'; totp_secret?: string };
    let res = await server.api<Answer>('POST', '/backoffice/auth/login', { username, password });
    let current = password;
    if (res.body.data?.setup_required === 'password') {
      current = `${password}-new`;
      res = await server.api<Answer>('POST', '/backoffice/auth/login', { username, password, new_password: current });
    }
    if (res.body.data?.setup_required === 'totp' && res.body.data.totp_secret) {
      res = await server.api<Answer>('POST', '/backoffice/auth/login', {
        username,
        password: current,
        totp_setup_code: totpAt(res.body.data.totp_secret, Date.now()),
      });
    }
    expect(res.body.data?.access_token, JSON.stringify(res.body)).toBeTruthy();
    return res.body.data!.access_token!;
  }

  /** The demo player's id, with one withdrawal waiting in the queue; made once, for whichever test asks first. */
  let pending: Promise<number> | null = null;
  const pendingWithdrawal = () => (pending ??= makeWithdrawal());

  /** A withdrawal the demo player requests: a real name, an approved card and the money first. */
  async function makeWithdrawal(): Promise<number> {
    const { id } = await must<{ id: number }>('GET', `/backoffice/players/lookup?account=${DEMO.account}`, undefined, operator);
    const { access_token: player } = await must<{ access_token: string }>('POST', '/auth/login', DEMO, '');
    await must('PUT', '/auth/info', { real_name: 'Wang Xiaoming', gender: 'male', birthday: '1990-01-01' }, player);
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
      player,
    );
    const cards = await must<{ data: Array<{ id: number }> }>('GET', '/players/debit-card/list', undefined, player);
    await must('POST', `/backoffice/finance/bank-cards/${cards.data[0]!.id}/audit`, { approve: true, reason: '' }, operator);
    await must('POST', '/finance/withdraw/create', { money: '600', bank_card_id: cards.data[0]!.id }, player);
    return id;
  }

  /** How many elements with the test id the page shows, once `ready` (a sign the section has loaded) is there. */
  async function countOnceLoaded(page: Page, ready: string, testId: string): Promise<number> {
    await page.getByTestId(ready).first().waitFor();
    return page.getByTestId(testId).count();
  }

  it("the circuit-breaker screen shows every instance's breakers, their state in words and recent failures", async () => {
    if (!process.env.REDIS_URL) return;
    screenshotOnFailure('bo-ops-breakers');
    // Another instance's report, as it would write it into the shared hash: its gateway breaker open after two 503s.
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL);
    const now = new Date().toISOString();
    await redis.hset(
      `${server.redisKeyPrefix}breakers:board`,
      'other-instance',
      JSON.stringify({
        instance: 'other-instance',
        reported_at: now,
        breakers: [
          {
            name: 'gateway:paybridge',
            state: 'open',
            since: now,
            failures: 2,
            rejects: 3,
            successes: 0,
            recent: [
              { at: now, kind: 'server_error', status: 503 },
              { at: now, kind: 'timeout', status: null },
            ],
          },
        ],
      }),
    );
    redis.disconnect();
    const { context, page } = await staffPage();
    try {
      await page.goto('/backoffice/breakers');
      const other = page.locator('[data-testid="breakers-instance"][data-instance="other-instance"]');
      await other.waitFor();
      expect(await page.getByTestId('breakers-instance').count()).toBe(2);
      const row = other.locator('[data-testid="breaker-row"][data-breaker="gateway:paybridge"]');
      expect(await row.getAttribute('data-state')).toBe('open');
      const text = await row.textContent();
      expect(text).toContain('金流閘道');
      expect(text).toContain('開啟（拒絕呼叫）');
      expect(text).toContain('伺服器錯誤 (503)');
      expect(text).toContain('逾時未回應');
      expect(text).not.toMatch(CODE);
      expect(await page.getByTestId('breakers-not-shared').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the audit log shows sentences with the change in words, and filters by action', async () => {
    screenshotOnFailure('bo-ops-audit');
    const { context, page } = await staffPage();
    try {
      await page.goto('/backoffice/audit');
      await page.getByTestId('bo-audit-sentence').first().waitFor();
      const sentences = await page.getByTestId('bo-audit-sentence').allTextContents();
      expect(sentences.some((s) => s.includes('變更了系統設定'))).toBe(true);
      for (const s of sentences) expect(s).not.toMatch(CODE);
      const changes = (await page.getByTestId('bo-audit-changes').allTextContents()).join('\n');
      expect(changes).toContain('暫停或自我排除期間的活動錢包：凍結');
      expect(changes).not.toMatch(CODE);

      await page.locator('select[name="action"]').selectOption('auth.login');
      await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/backoffice/audit?') && r.url().includes('action=auth.login')),
        page.getByRole('button', { name: '搜尋' }).click(),
      ]);
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="bo-audit-sentence"]')].every((n) => n.textContent?.includes('登入後台')));
    } finally {
      await context.close();
    }
  });

  it('the activity-wallet rule is a select of named choices', async () => {
    screenshotOnFailure('bo-ops-settings');
    const { context, page } = await staffPage();
    try {
      await page.goto('/backoffice/settings');
      const select = page.locator('select[data-setting="protection_activity_wallet_rule"]');
      await select.waitFor();
      const options = await select.locator('option').allTextContents();
      expect(options).toHaveLength(2);
      for (const o of options) expect(o).not.toMatch(/freeze|forfeit/);
      expect(await select.inputValue()).toBe('forfeit');
    } finally {
      await context.close();
    }
  });

  it('finance and service staff see no button for an action their role lacks', async () => {
    screenshotOnFailure('bo-ops-roles');
    const playerId = await pendingWithdrawal();
    const [finance, service] = await Promise.all([staffToken('finance'), staffToken('service')]);

    const fin = await staffPage(finance);
    try {
      const { page } = fin;
      // The withdrawal queue is the finance role's own work: its buttons are there.
      await page.goto('/backoffice/finance?tab=withdrawals');
      expect(await countOnceLoaded(page, 'withdrawal-row', 'withdrawal-reject')).toBeGreaterThan(0);
      // A player's level and the protection forms belong to marketing and service.
      await page.goto(`/backoffice/player?id=${playerId}`);
      expect(await countOnceLoaded(page, 'bo-player-points', 'bo-vip-level-select')).toBe(0);
      expect(await countOnceLoaded(page, 'bo-protection', 'bo-lower-submit')).toBe(0);
      expect(await page.getByTestId('bo-exclude-submit').count()).toBe(0);
      await page.goto('/backoffice/settings');
      expect(await countOnceLoaded(page, 'no-permission', 'settings-save')).toBe(0);
    } finally {
      await fin.context.close();
    }

    const svc = await staffPage(service);
    try {
      const { page } = svc;
      // Customer service reads the queue but neither pays out nor rejects.
      await page.goto('/backoffice/finance?tab=withdrawals');
      expect(await countOnceLoaded(page, 'withdrawal-row', 'withdrawal-reject')).toBe(0);
      expect(await page.getByTestId('withdrawal-approve').count()).toBe(0);
      // Service disables players and tags them, but sets no VIP level, in bulk or one by one.
      await page.goto('/backoffice/players');
      expect(await countOnceLoaded(page, 'bulk-disable', 'bulk-level')).toBe(0);
      await page.goto(`/backoffice/player?id=${playerId}`);
      await page.getByTestId('bo-status-toggle').waitFor();
      expect(await countOnceLoaded(page, 'bo-player-points', 'bo-vip-level-select')).toBe(0);
      // The VIP page shows service only the gift orders it ships, not the levels it may not edit.
      await page.goto('/backoffice/vip');
      expect(await countOnceLoaded(page, 'vip-tab-orders', 'vip-tab-levels')).toBe(0);
      await page.goto('/backoffice/settings');
      expect(await countOnceLoaded(page, 'no-permission', 'settings-save')).toBe(0);
    } finally {
      await svc.context.close();
    }
  });

  it("the withdrawal queue's reject button lies inside the table's visible area at 1440 px", async () => {
    screenshotOnFailure('bo-ops-withdrawal-width');
    await pendingWithdrawal();
    const { context, page } = await staffPage();
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/backoffice/finance?tab=withdrawals');
      const reject = page.getByTestId('withdrawal-reject').first();
      await reject.waitFor();
      await page.screenshot({ path: '/tmp/bo-ops-withdrawals-1440.png' });
      const boxes = await reject.evaluate((button) => {
        const scroller = button.closest('table')!.parentElement!;
        const b = button.getBoundingClientRect();
        const s = scroller.getBoundingClientRect();
        return { button: { left: b.left, right: b.right }, scroller: { left: s.left, right: s.right }, viewport: document.documentElement.clientWidth };
      });
      expect(boxes.button.left).toBeGreaterThanOrEqual(boxes.scroller.left);
      expect(boxes.button.right).toBeLessThanOrEqual(boxes.scroller.right);
      expect(boxes.button.right).toBeLessThanOrEqual(boxes.viewport);
    } finally {
      await context.close();
    }
  });

  it('a withdrawal risk has not decided on says so on its row in both languages, and its approve button is off with the reason', async () => {
    screenshotOnFailure('bo-ops-risk-pending');
    const playerId = await pendingWithdrawal();
    const queue = await must<{ data: Array<{ id: string; player_id: number }> }>(
      'GET',
      '/backoffice/finance/withdrawals?status=applying&pageSize=100',
      undefined,
      operator,
    );
    const id = queue.data.find((w) => w.player_id === playerId)!.id;
    // As if the request's risk decision had not been made yet (the event not delivered).
    await server.withDatabase(async ({ db }) => {
      await db.delete(riskDecisions).where(eq(riskDecisions.withdrawalId, id));
      await db.update(withdrawals).set({ riskDecision: null, autoApprovedAt: null }).where(eq(withdrawals.id, id));
    });
    const { context, page } = await staffPage();
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      const languages = [
        { prefix: '', badge: '風控尚未判定', hint: '風控檢查尚未對此筆提款作出判定：判定前無法出款' },
        { prefix: '/en', badge: 'Risk decision pending', hint: 'The risk check has not decided on this withdrawal yet: it cannot be paid until it does' },
      ];
      for (const { prefix, badge, hint } of languages) {
        await page.goto(`${prefix}/backoffice/finance?tab=withdrawals`);
        const row = page.locator(`[data-testid="withdrawal-row"][data-id="${id}"]`);
        const pendingBadge = row.getByTestId('withdrawal-risk-pending');
        await pendingBadge.waitFor();
        expect(await pendingBadge.textContent()).toContain(badge);
        expect(await pendingBadge.textContent()).toContain(hint);
        const approve = row.getByTestId('withdrawal-approve');
        expect(await approve.isDisabled()).toBe(true);
        expect(await approve.getAttribute('title')).toBe(hint);
        expect(await row.getByTestId('withdrawal-reject').isDisabled()).toBe(false);
        await page.screenshot({ path: `/tmp/bo-ops-risk-pending${prefix.replace('/', '-') || '-zh'}.png` });
      }
    } finally {
      await context.close();
    }
  });

  it('the bulk level is a select of the VIP levels by name', async () => {
    screenshotOnFailure('bo-ops-bulk-level');
    const { context, page } = await staffPage();
    try {
      await page.goto('/backoffice/players');
      await page.getByTestId('bo-players').locator('tbody tr').first().waitFor();
      await page.getByTestId('select-page').click();
      await page.getByTestId('bulk-level').click();
      const pick = page.getByRole('dialog').getByTestId('bulk-level-pick');
      await expect.poll(() => pick.locator('option').count()).toBeGreaterThan(1);
      for (const o of await pick.locator('option').allTextContents()) expect(o).toMatch(/^Lv\.\d+ \S/);
      await page.screenshot({ path: '/tmp/bo-ops-bulk-level.png' });
    } finally {
      await context.close();
    }
  });
});
