// Consultations end to end: a player sends feedback with two images on desktop and on mobile; an
// operator answers it on the consultation desk; the player's list marks the unread reply without a reload,
// the thread shows it with the images, and the counter goes back to zero once read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import {
  registerPlayer,
  signedInContext,
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

describe.skipIf(!hasChromium)('consultations', () => {
  let server: Server;
  let browser: Browser;
  let operator: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('consult'), launchBrowser()]);
    operator = await server.operatorToken();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const image = async (red: number) => ({
    name: `shot-${red}.png`,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: red, g: 120, b: 200 } } })
      .png()
      .toBuffer(),
  });

  for (const [kind, locale, base] of [
    ['desktop', 'zh-TW', '/member'],
    ['mobile', 'en', '/mobile/f-mine'],
  ] as Array<['desktop' | 'mobile', Locale, string]>) {
    it(`a consultation with two images gets a reply from the desk (${kind}, ${locale})`, async () => {
      screenshotOnFailure(`consult-${kind}`);
      const p = await registerPlayer(server, 'cs');
      const context = await signedInContext(browser, kind, server, p.token);
      const staffContext = await newContext(browser, 'desktop', server);
      await staffContext.addInitScript((tk) => {
        if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tk);
      }, operator);
      try {
        const page = await context.newPage();
        await page.goto(localized(`${base}/feedback`, locale));
        await hydrated(page);
        const form = page.getByTestId('consult-form');
        await form.locator('input[name="title"]').fill('Deposit not credited');
        await form.locator('textarea[name="information"]').fill('I transferred 1,000 last night and it has not arrived.');
        // A text file with a picture's name is stopped in the browser already (the server decides by the bytes).
        await page.getByTestId('consult-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
        await expect.poll(() => page.getByTestId('consult-image-error').isVisible()).toBe(true);
        await page.getByTestId('consult-file').setInputFiles([await image(10), await image(200)]);
        await expect.poll(() => page.getByTestId('consult-preview').count()).toBe(2);
        await page.getByTestId('consult-submit').click();

        await page.waitForURL(/feedback-detail\?id=\d+/);
        const id = Number(new URL(page.url()).searchParams.get('id'));
        await hydrated(page);
        await expect.poll(() => page.getByTestId('consult-image').count()).toBe(2);
        // The images are really served to their owner.
        const served = await page.getByTestId('consult-image').evaluateAll((imgs) =>
          Promise.all(
            imgs.map(async (i) => {
              const res = await fetch((i as HTMLImageElement).src);
              return `${res.status} ${res.headers.get('content-type')}`;
            }),
          ),
        );
        expect(served).toEqual(['200 image/png', '200 image/png']);

        // The player waits on the list; the operator answers on the desk.
        await page.goto(localized(`${base}/feedback-list`, locale));
        await hydrated(page);
        await expect.poll(() => page.getByTestId('consult-row').count()).toBe(1);
        expect(await page.getByTestId('consult-unread').count()).toBe(0);

        const desk = await staffContext.newPage();
        await desk.goto(`/backoffice/consultations?id=${id}`);
        await desk.getByTestId('desk-thread').waitFor();
        expect(await desk.getByTestId('desk-player').textContent()).toContain(p.account);
        await expect.poll(() => desk.getByTestId('desk-image').count()).toBe(2);
        await desk.getByTestId('desk-reply').fill('Found it: credited just now.');
        await desk.getByTestId('desk-send').click();
        await expect.poll(() => desk.getByTestId('desk-msg-staff').count()).toBe(1);

        // Without a reload: update-consultation marks the unread reply and the counter rises.
        await expect.poll(() => page.getByTestId('consult-unread').count(), { timeout: 15_000 }).toBe(1);
        const count = () =>
          page.evaluate(async () => {
            const res = await fetch('/api/messages/player/consultation', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
            return (await res.json()).data.PlayerConsultationCount as number;
          });
        expect(await count()).toBe(1);

        await page.getByTestId('consult-row').click();
        await page.waitForURL(/feedback-detail\?id=\d+/);
        await hydrated(page);
        await expect.poll(() => page.getByTestId('consult-msg-staff').textContent()).toContain('Found it: credited just now.');
        await expect.poll(count).toBe(0);

        // The player answers while it is consulting; the operator ends it and the reply form goes away live.
        await page.getByTestId('consult-reply').locator('textarea').fill('Thank you!');
        await page.getByTestId('consult-send').click();
        await expect.poll(() => page.getByTestId('consult-msg-player').count()).toBe(1);
        await desk.reload();
        await desk.getByTestId('desk-end').click();
        await desk.getByTestId('confirm-ok').click();
        await expect.poll(() => page.getByTestId('consult-ended').isVisible(), { timeout: 15_000 }).toBe(true);
      } finally {
        await context.close();
        await staffContext.close();
      }
    });
  }
});
