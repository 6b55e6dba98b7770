// The operator's desk in a browser: filter the player list, select the players it shows and tag them in bulk
// (defining the tag in the same dialog), filter by that tag; then a second staff member approves, in the finance
// desk's queue, an adjustment above the approval threshold that the first one asked for, and the money moves once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { hasChromium, hydrated, launchBrowser, newContext, registerPlayer, screenshotOnFailure, startServer, type Server } from './helpers.ts';
import { totpAt } from '../../src/server/modules/staff/totp.ts';

describe.skipIf(!hasChromium)("the operator's desk", () => {
  let server: Server;
  let browser: Browser;
  let admin = '';
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('backoffice-desk'), launchBrowser()]);
    admin = await server.operatorToken();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A new staff member of the role, signed in through the API as the back office's own sign-in would. */
  async function staffToken(username: string, role: string): Promise<string> {
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const made = await server.api('POST', '/backoffice/staff', { username, password, role }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
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

  async function staffPage(token: string) {
    const context = await newContext(browser, 'desktop', server);
    // The staff token is in place before the back office's first script runs (about:blank has no storage).
    await context.addInitScript((tk) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tk);
    }, token);
    return { context, page: await context.newPage() };
  }

  it('filters the player list, tags the selection in bulk and filters by the tag', async () => {
    screenshotOnFailure('bo-desk-tags');
    const prefix = `dk${randomBytes(2).toString('hex')}`.slice(0, 6);
    const a = await registerPlayer(server, prefix);
    const b = await registerPlayer(server, prefix);
    const { context, page } = await staffPage(admin);
    try {
      await page.goto('/en/backoffice/players');
      await hydrated(page);
      const filters = page.getByTestId('player-filters');
      await filters.locator('input[name="q"]').fill(prefix);
      await filters.locator('select[name="status"]').selectOption('1');
      await page.getByTestId('filter-apply').click();
      const rows = page.getByTestId('bo-players').locator('tbody tr');
      await expect
        .poll(async () => (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-player')))).sort())
        .toEqual([a.account, b.account].sort());

      await page.getByTestId('select-page').click();
      expect(await page.getByTestId('player-selection').locator('[data-count]').getAttribute('data-count')).toBe('2');
      await page.getByTestId('bulk-tag').click();
      const dialog = page.getByRole('dialog');
      const tagName = `Watch ${prefix}`;
      await dialog.getByTestId('bulk-tag-new').fill(tagName);
      await dialog.getByTestId('bulk-tag-create').click();
      await expect.poll(async () => dialog.getByTestId('bulk-tag-pick').locator('option:checked').textContent()).toBe(tagName);
      await page.screenshot({ path: '/tmp/desk-bulk-tag.png' });
      await dialog.getByTestId('bulk-submit').click();
      await page.getByTestId('bulk-notice').waitFor();
      expect(await page.getByTestId('bulk-notice').textContent()).toContain('2 changed');
      await expect.poll(async () => (await page.getByTestId('player-tags').allTextContents()).filter((x) => x.includes(tagName)).length).toBe(2);

      // Filter by the tag alone: exactly the two players.
      await filters.locator('input[name="q"]').fill('');
      await filters.locator('select[name="status"]').selectOption('');
      await filters.getByText(tagName).click();
      await page.getByTestId('filter-apply').click();
      await expect
        .poll(async () => (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-player')))).sort())
        .toEqual([a.account, b.account].sort());
      await page.screenshot({ path: '/tmp/desk-players.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('filters the player list by registration address and paid deposit count', async () => {
    screenshotOnFailure('bo-desk-filters-more');
    const p = await registerPlayer(server, 'dkip');
    const found = await server.api<{ data: Array<{ account: string; register_ip: string }> }>('GET', `/backoffice/players?q=${p.account}`, undefined, admin);
    const ip = found.body.data!.data.find((r) => r.account === p.account)!.register_ip;
    expect(ip).not.toBe('');
    const { context, page } = await staffPage(admin);
    try {
      await page.goto('/en/backoffice/players');
      await hydrated(page);
      const filters = page.getByTestId('player-filters');
      const rows = page.getByTestId('bo-players').locator('tbody tr');
      await filters.locator('input[name="register_ip"]').fill(ip);
      await page.getByTestId('filter-apply').click();
      await expect.poll(async () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-player')))).toContain(p.account);
      // A newly registered player has no paid deposit yet.
      await filters.locator('input[name="deposits_min"]').fill('1');
      await page.getByTestId('filter-apply').click();
      await expect.poll(async () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-player')))).not.toContain(p.account);
      await page.screenshot({ path: '/tmp/desk-players-more-filters.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('a second staff member approves an adjustment above the threshold; the first cannot', async () => {
    screenshotOnFailure('bo-desk-four-eyes');
    const player = await registerPlayer(server, 'dkadj');
    const lookup = await server.api<{ id: number }>('GET', `/backoffice/players/lookup?account=${player.account}`, undefined, admin);
    const playerId = lookup.body.data!.id;
    const first = await staffToken(`fin1${randomBytes(2).toString('hex')}`, 'finance');
    const second = await staffToken(`fin2${randomBytes(2).toString('hex')}`, 'finance');
    // 20,000.00 is above the default threshold of 10,000: it waits.
    const asked = await fetch(`${server.url}/api/backoffice/finance/adjustments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first}`, 'content-type': 'application/json', 'idempotency-key': `e2e-desk-adjust-${playerId}` },
      body: JSON.stringify({ player_id: playerId, amount: '20000', reason: 'Tournament prize' }),
    });
    const pending = (await asked.json()) as { data: { status: string; pending_id: number } };
    expect(pending.data?.status, JSON.stringify(pending)).toBe('pending');

    // The first staff member sees their own request without buttons.
    const own = await staffPage(first);
    try {
      await own.page.goto('/en/backoffice/finance?tab=adjust');
      const row = own.page.getByTestId('adjust-queue').locator(`tr[data-adjustment="${pending.data.pending_id}"]`);
      await row.waitFor();
      expect(await row.getByTestId('adj-approve').count()).toBe(0);
    } finally {
      await own.context.close();
    }

    const { context, page } = await staffPage(second);
    try {
      await page.goto('/en/backoffice/finance?tab=adjust');
      const row = page.getByTestId('adjust-queue').locator(`tr[data-adjustment="${pending.data.pending_id}"]`);
      await row.waitFor();
      await page.screenshot({ path: '/tmp/desk-adjust-queue.png', fullPage: true });
      await row.getByTestId('adj-approve').click();
      await page.getByRole('dialog').getByTestId('confirm-ok').click();
      await page.getByTestId('adjust-queue-notice').waitFor();
      expect(await page.getByTestId('adjust-queue-notice').textContent()).toContain(player.account);
      await expect.poll(async () => row.count()).toBe(0);
    } finally {
      await context.close();
    }
    const wallets = await server.api<{ central: string }>('GET', `/backoffice/players/${playerId}/wallets`, undefined, admin);
    expect(wallets.body.data!.central).toBe('20000.00');
  });

  it("the form's confirmation says an amount above the threshold goes to a second approver; decided ones are listed with their history", async () => {
    screenshotOnFailure('bo-desk-adjust-history');
    const player = await registerPlayer(server, 'dkhis');
    const asker = `fin3${randomBytes(2).toString('hex')}`;
    const decider = `fin4${randomBytes(2).toString('hex')}`;
    const first = await staffToken(asker, 'finance');
    const second = await staffToken(decider, 'finance');
    const own = await staffPage(first);
    let pendingId: number | undefined;
    try {
      await own.page.goto('/en/backoffice/finance?tab=adjust');
      await own.page.getByTestId('adjust-account').fill(player.account);
      await own.page.getByTestId('adjust-find').click();
      await own.page.getByTestId('adjust-amount').fill('12000');
      await own.page.getByTestId('adjust-reason').fill('Lost jackpot');
      await own.page.getByTestId('adjust-submit').click();
      const dialog = own.page.getByRole('dialog');
      await expect.poll(() => dialog.textContent()).toContain('goes to a second approver');
      expect(await dialog.textContent()).toContain('10,000.00');
      await own.page.screenshot({ path: '/tmp/desk-adjust-confirm-four-eyes.png' });
      await dialog.getByTestId('confirm-ok').click();
      await expect.poll(() => own.page.getByText('Sent for approval').count()).toBe(1);
      const row = own.page.getByTestId('adjust-queue').locator(`tr[data-player="${player.account}"]`);
      await row.waitFor();
      pendingId = Number(await row.getAttribute('data-adjustment'));

      // Below the threshold the same form asks for no second approver.
      await own.page.getByTestId('adjust-amount').fill('50');
      await own.page.getByTestId('adjust-reason').fill('Small goodwill');
      await own.page.getByTestId('adjust-submit').click();
      await expect.poll(() => dialog.textContent()).toContain('Balance after');
      expect(await dialog.textContent()).not.toContain('second approver');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await own.context.close();
    }
    const decided = await server.api(
      'POST',
      `/backoffice/finance/adjustments/${pendingId}/decision`,
      { action: 'reject', reason: 'No jackpot on record' },
      second,
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    const { context, page } = await staffPage(admin);
    try {
      for (const [prefix, words] of [
        ['/en', { outcome: 'Rejected', title: 'Decided adjustments' }],
        ['', { outcome: '已駁回', title: '已處理的餘額調整' }],
      ] as const) {
        await page.goto(`${prefix}/backoffice/finance?tab=adjust`);
        const history = page.getByTestId('adjust-history');
        const row = history.locator(`tr[data-adjustment="${String(pendingId)}"]`);
        await row.waitFor();
        expect(await history.locator('h2').textContent()).toBe(words.title);
        const text = await row.textContent();
        for (const part of [player.account, 'Lost jackpot', asker, decider, words.outcome, 'No jackpot on record', '12,000.00']) expect(text).toContain(part);
        expect(await row.getAttribute('data-outcome')).toBe('rejected');
        await page.screenshot({ path: `/tmp/desk-adjust-history${prefix.replace('/', '-') || '-zh'}.png`, fullPage: true });
      }
    } finally {
      await context.close();
    }
  });

  it("an edit of a player's personal details shows the linked accounts it makes at once, without reloading the page", async () => {
    screenshotOnFailure('bo-desk-links-fresh');
    const a = await registerPlayer(server, 'dklna');
    const b = await registerPlayer(server, 'dklnb');
    const info = await server.api('PUT', '/auth/info', { real_name: 'Chen Ya-ting', gender: 'female', birthday: '1990-04-05' }, a.token);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    const idOf = async (account: string) =>
      (await server.api<{ id: number }>('GET', `/backoffice/players/lookup?account=${account}`, undefined, admin)).body.data!.id;
    const [aId, bId] = [await idOf(a.account), await idOf(b.account)];
    const { context, page } = await staffPage(admin);
    try {
      await page.goto(`/en/backoffice/player?id=${bId}`);
      const links = page.getByTestId('bo-risk-links');
      await links.waitFor();
      // Registered from this test's one address, the two may already share it; never yet their name and birthday.
      const linkOf = () => page.getByTestId('bo-risk-links').getByTestId(`bo-risk-link-${aId}`);
      const before = (await linkOf().count()) ? await linkOf().textContent() : '';
      expect(before).not.toContain('Real name and birthday');
      await page.getByTestId('bo-profile-edit').click();
      const form = page.getByTestId('bo-profile-form');
      await form.locator('input[name="real_name"]').fill('Chen Ya-ting');
      await form.locator('select[name="gender"]').selectOption('female');
      await form.locator('input[name="birthday"]').fill('1990-04-05');
      await form.locator('input[name="reason"]').fill('Corrected from the ID card');
      await form.getByTestId('bo-profile-save').click();
      // The same name and birthday as the other account: the identity signal links them, and the section says so.
      await expect.poll(async () => ((await linkOf().count()) ? await linkOf().textContent() : ''), { timeout: 10_000 }).toContain('Real name and birthday');
      expect(await linkOf().textContent()).toContain(a.account);
      await page.screenshot({ path: '/tmp/desk-links-fresh.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('the dashboard counts the adjustments waiting for approval and links to their queue, in both layouts', async () => {
    screenshotOnFailure('bo-desk-dashboard');
    const player = await registerPlayer(server, 'dkdash');
    const lookup = await server.api<{ id: number }>('GET', `/backoffice/players/lookup?account=${player.account}`, undefined, admin);
    const asked = await fetch(`${server.url}/api/backoffice/finance/adjustments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'idempotency-key': `e2e-desk-dash-${lookup.body.data!.id}` },
      body: JSON.stringify({ player_id: lookup.body.data!.id, amount: '15000', reason: 'Dashboard check' }),
    });
    expect(asked.status).toBe(200);
    for (const kind of ['desktop', 'mobile'] as const) {
      const context = await newContext(browser, kind, server);
      await context.addInitScript((tk) => {
        if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tk);
      }, admin);
      const page = await context.newPage();
      try {
        await page.goto('/backoffice/dashboard');
        const card = page.getByTestId('dash-pending-adjustments');
        await card.waitFor();
        expect(await card.getAttribute('data-count')).toBe('1');
        expect(await card.getAttribute('href')).toBe('/backoffice/finance?tab=adjust');
        expect(await page.getByTestId('dash-pending-gift_orders').getAttribute('href')).toBe('/backoffice/vip?tab=orders');
        await page.screenshot({ path: `/tmp/desk-dashboard-${kind}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    }
  });
});
