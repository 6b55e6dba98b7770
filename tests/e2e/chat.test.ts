// Customer-service live chat in the browser: a player on one app instance and an agent whose console
// runs on a second instance sharing PostgreSQL and Redis talk both ways, with read marks, and the agent closes the
// conversation. Needs DATABASE_URL and REDIS_URL (CI sets both); without them the file is skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  registerPlayer,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  screenshotOnFailure,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';

const twoInstances = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
if (!twoInstances) console.warn('tests/e2e/chat.test.ts skipped: the agent console runs on a second app instance, which needs DATABASE_URL and REDIS_URL.');

describe.skipIf(!hasChromium || !twoInstances)('live chat between a player and an agent on another instance', () => {
  let a: Server;
  let b: Server;
  let browser: Browser;

  beforeAll(async () => {
    [a, browser] = await Promise.all([startServer('chat-a'), launchBrowser()]);
    b = await startServer('chat-b', { join: a });
  });
  afterAll(async () => {
    await browser?.close();
    await b?.stop();
    await a?.stop();
  });

  async function withStorage(server: Server, kind: 'desktop' | 'mobile', key: string, value: string): Promise<BrowserContext> {
    const context = await newContext(browser, kind, server);
    await context.addInitScript(
      ([k, v]) => {
        if (!localStorage.getItem(k!)) localStorage.setItem(k!, v!);
      },
      [key, value],
    );
    return context;
  }

  for (const [kind, locale, path] of [
    ['desktop', 'en', '/'],
    ['mobile', 'zh-TW', '/mobile/f-customer/customer'],
  ] as Array<['desktop' | 'mobile', Locale, string]>) {
    it(`a player (${kind}, ${locale}) on A and an agent on B chat; the agent closes the conversation`, async () => {
      screenshotOnFailure(`chat-${kind}`);
      const p = await registerPlayer(a, 'ch');
      const operator = await a.operatorToken();
      const agentContext = await withStorage(b, 'desktop', 'bo_token', operator);
      const playerContext = await withStorage(a, kind, 'token', p.token);
      try {
        const console_ = await agentContext.newPage();
        await console_.goto('/en/backoffice/chat');
        await expect.poll(() => console_.getByTestId('chat-connection').textContent(), { timeout: 20_000 }).toBe('Online');

        const page = await playerContext.newPage();
        await page.goto(localized(path, locale));
        await hydrated(page).catch(() => undefined);
        // The chat code is not on the page until the player opens it.
        const before = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .filter((n) => /\/_astro\/mount\.|\/socket\.io\//.test(n)),
        );
        expect(before).toEqual([]);
        await page.locator('[data-chat-open]').first().click();
        const widget = page.getByTestId('chat-widget');
        await widget.waitFor();
        await page.getByTestId('chat-input').fill('Hello, my deposit is missing');
        await page.getByTestId('chat-send').click();
        await widget.getByTestId('chat-mine').filter({ hasText: 'Hello, my deposit is missing' }).waitFor();

        // The conversation reaches the console on the other instance; the agent takes it.
        const queued = console_.getByTestId('chat-queue').getByTestId('chat-conversation').filter({ hasText: p.account });
        await queued.waitFor({ timeout: 20_000 });
        await console_.getByTestId('chat-queue').locator('li', { hasText: p.account }).getByTestId('chat-take').click();
        await console_.getByTestId('chat-thread').getByText('Hello, my deposit is missing').waitFor();
        expect(await console_.getByTestId('chat-player-account').textContent()).toBe(p.account);
        await page
          .getByTestId('chat-status')
          .filter({ hasText: locale === 'en' ? 'Chatting with admin' : '與 admin 對話中' })
          .waitFor();

        // Agent → player; the player's open window marks it read, and the console shows it.
        await console_.getByTestId('chat-reply').fill('Let me check that for you');
        await console_.getByTestId('chat-reply-send').click();
        await widget.getByTestId('chat-theirs').filter({ hasText: 'Let me check that for you' }).waitFor();
        await console_.getByTestId('chat-thread').getByTestId('chat-read').waitFor();

        // Player → agent, and the player sees the agent typing.
        await console_.getByTestId('chat-reply').pressSequentially('Found');
        await widget.getByTestId('chat-typing').waitFor();
        await page.getByTestId('chat-input').fill('Thank you');
        await page.getByTestId('chat-send').click();
        await console_.getByTestId('chat-thread').getByText('Thank you').waitFor();

        await console_.getByTestId('chat-close').click();
        await page
          .getByTestId('chat-status')
          .filter({ hasText: locale === 'en' ? 'The conversation has ended' : '對話已結束' })
          .waitFor();
      } finally {
        await playerContext.close();
        await agentContext.close();
      }
    });
  }
});
