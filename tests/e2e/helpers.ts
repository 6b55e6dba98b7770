// Browser tests drive the real server: a child process on a free port with its own fresh database,
// and Debian's chromium through playwright-core. Operators' actions (reading SMS codes, closing the
// website) go through the back-office API, as an operator would make them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { onTestFailed, onTestFinished } from 'vitest';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { totpAt } from '../../src/server/modules/staff/totp.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = path.join(ROOT, 'test-results');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

/** In CI a missing browser fails the run; elsewhere the browser tests are skipped with a note. */
export const hasChromium = fs.existsSync(CHROMIUM_PATH);
export const requireChromium = process.env.CI === 'true' || process.env.CI === '1';
if (!hasChromium) {
  if (requireChromium) throw new Error(`CI: the browser tests need chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  console.warn(`chromium not found at ${CHROMIUM_PATH}: browser tests are skipped`);
}

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
export const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;
export const MOBILE = { viewport: { width: 375, height: 812 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
export const OPERATOR = { username: 'admin', password: 'admin12345' } as const;

/**
 * The server runs as production does, and production refuses the public development secrets. Each test
 * process makes its own; the stand-in provider and gateway (startSim) read the same ones from SIM_SECRET
 * and SIM_GATEWAY_SECRET, so the files that start a sim need no change.
 */
export const TEST_SECRETS = {
  GAME_PROVIDER_SECRET: (process.env.SIM_SECRET ||= `e2e-provider-${randomBytes(12).toString('hex')}`),
  PAYMENT_GATEWAY_SECRET: (process.env.SIM_GATEWAY_SECRET ||= `e2e-gateway-${randomBytes(12).toString('hex')}`),
  STAFF_TOTP_KEY: randomBytes(32).toString('hex'),
};
export const DEMO = { account: 'demo1234', password: 'demo1234' } as const;
export const PASSWORD = 'abc12345';

const STARTUP_TIMEOUT_MS = 120_000;

/** A client address for one browser context. The server trusts X-Forwarded-For here (as behind a load
 * balancer), so per-address limits kept in a shared Redis do not add up across runs. */
export function freshIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

let seq = 0;
/** Letters then digits, 6 to 12 characters: always a valid, unused account name. */
export function freshAccount(prefix = 'e'): string {
  seq += 1;
  const letters = Array.from({ length: 4 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');
  return `${prefix}${letters}${randomInt(100, 1000)}${seq}`.slice(0, 12);
}

/** 09 and 8 digits. */
export function freshPhone(): string {
  return `09${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Server {
  url: string;
  /** The server's PostgreSQL database (unset on the embedded one) and Redis key prefix, for a second instance. */
  databaseUrl?: string;
  redisKeyPrefix: string;
  /** The staff token of the seeded operator, for back-office calls. */
  operatorToken(): Promise<string>;
  api<T = unknown>(method: string, route: string, body?: unknown, token?: string): Promise<{ status: number; body: { data?: T; [k: string]: unknown } }>;
  /**
   * Runs fn on the server's own database, as a maintenance script would: on PostgreSQL over a second connection
   * while the server runs; on the embedded database with the server stopped meanwhile and started again after.
   */
  withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Starts `src/server/main.ts` on a free port with a fresh database and the demo data. With `join`, a second
 * instance of that server instead: the same PostgreSQL database and Redis prefix (needs DATABASE_URL).
 */
export async function startServer(name: string, opts: { join?: Server } = {}): Promise<Server> {
  const entry = path.join(ROOT, 'dist/server/entry.mjs');
  if (!fs.existsSync(entry)) throw new Error('The site is not built: run `npm run build` before the browser tests (npm test does).');
  fs.mkdirSync(RESULTS_DIR, { recursive: true });

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    TRUST_PROXY: '1',
    // Gateways send the player back to the address the browser uses.
    SITE_URL: process.env.SITE_URL ?? `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
    ...TEST_SECRETS,
    // Each server's database starts its ids at 1, so its Redis counters and events must not meet another's.
    REDIS_KEY_PREFIX: opts.join?.redisKeyPrefix ?? `e2e-${randomBytes(4).toString('hex')}:`,
  };
  let dropDatabase = async () => {};
  let tmpDir: string | undefined;
  const base = process.env.DATABASE_URL;
  if (opts.join) {
    if (!opts.join.databaseUrl) throw new Error('a second instance needs the first one on PostgreSQL (DATABASE_URL)');
    // The first instance owns the database and drops it.
    env.DATABASE_URL = opts.join.databaseUrl;
  } else if (base) {
    // A fresh PostgreSQL database for this file, dropped afterwards.
    const dbName = `e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    };
  } else {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pglite-'));
    env.DATABASE_URL = '';
    env.DATA_DIR = tmpDir;
  }

  const logFile = path.join(RESULTS_DIR, `server-${name}.log`);
  const log = fs.createWriteStream(logFile);
  const url = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    await dropDatabase().catch((err) => console.warn('could not drop the e2e database:', err));
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
  let running = await launchServer(env, url, log, logFile).catch(async (err: unknown) => {
    await new Promise<void>((resolve) => log.end(resolve));
    await cleanUp();
    throw err;
  });

  const operatorIp = freshIp();
  const api: Server['api'] = async (method, route, body, token) => {
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers: {
        'x-forwarded-for': operatorIp,
        'x-locale': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => ({})) };
  };
  let token: string | undefined;
  return {
    url,
    databaseUrl: env.DATABASE_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX!,
    api,
    async operatorToken() {
      if (token) return token;
      // In production the demo operator's first sign-in sets a new password and enrols an authenticator.
      let password: string = OPERATOR.password;
      type Answer = { access_token?: string; setup_required?: 'password' | 'totp'; totp_secret?: string };
      let res = await api<Answer>('POST', '/backoffice/auth/login', OPERATOR);
      if (res.body.data?.setup_required === 'password') {
        const next = `e2e-${randomBytes(8).toString('hex')}`;
        res = await api<Answer>('POST', '/backoffice/auth/login', { ...OPERATOR, new_password: next });
        password = next;
      }
      if (res.body.data?.setup_required === 'totp' && res.body.data.totp_secret) {
        res = await api<Answer>('POST', '/backoffice/auth/login', {
          username: OPERATOR.username,
          password,
          totp_setup_code: totpAt(res.body.data.totp_secret, Date.now()),
        });
      }
      if (res.status !== 200 || !res.body.data?.access_token) throw new Error(`operator login failed: ${res.status} ${JSON.stringify(res.body)}`);
      token = res.body.data.access_token;
      return token;
    },
    async withDatabase(fn) {
      if (env.DATABASE_URL) {
        const database = await openDatabase({ url: env.DATABASE_URL, poolMax: 2 });
        try {
          return await fn(database);
        } finally {
          await database.close();
        }
      }
      // The embedded database belongs to the server's process alone (its data directory is locked), so the server
      // stops, the work is done on its data directory, and the server starts again on the same port and data: the
      // browser's sessions live in that database and survive the restart.
      await running.stop();
      let result: Awaited<ReturnType<typeof fn>>;
      const database = await openDatabase({ dataDir: tmpDir });
      try {
        result = await fn(database);
      } finally {
        await database.close();
      }
      running = await launchServer(env, url, log, logFile);
      return result;
    },
    async stop() {
      await running.stop();
      log.end();
      await cleanUp();
    },
  };
}

/** One process of the built site on env's port, ready (GET /api/ready answers 200). */
async function launchServer(env: NodeJS.ProcessEnv, url: string, log: fs.WriteStream, logFile: string): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  let exited: string | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    }),
  );
  // Never leave the server behind, even when the test worker dies.
  const orphanGuard = () => {
    child.kill('SIGKILL');
  };
  process.once('exit', orphanGuard);
  void exit.then(() => process.off('exit', orphanGuard));
  const stop = async () => {
    if (exited !== undefined) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(killer);
  };

  const started = Date.now();
  for (;;) {
    if (exited !== undefined) throw new Error(`The server exited (${exited}) during start-up; see ${logFile}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { stop };
    if (Date.now() - started > STARTUP_TIMEOUT_MS) {
      child.kill('SIGKILL');
      await exit;
      throw new Error(`The server did not become ready in ${STARTUP_TIMEOUT_MS} ms; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The newest SMS code sent to a phone, read from the back office's SMS outbox as an operator would. */
export async function smsCode(server: Server, phone: string, timeoutMs = 10_000): Promise<string> {
  const token = await server.operatorToken();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.api<{ data: Array<{ body: string }> }>('GET', `/backoffice/sms?phone=${phone}&pageSize=1`, undefined, token);
    if (res.status !== 200) throw new Error(`GET /api/backoffice/sms answered ${res.status}: ${JSON.stringify(res.body)}`);
    const code = res.body.data?.data?.[0]?.body.match(/\d{6}/)?.[0];
    if (code) return code;
    if (Date.now() > until) throw new Error(`no SMS code for ${phone} in the outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A player registered through the API with a phone confirmed by its SMS code, then signed in: account and token. */
export async function registerPlayer(server: Server, prefix: string): Promise<{ account: string; token: string }> {
  const account = freshAccount(prefix);
  const phone = freshPhone();
  const sent = await server.api('PUT', '/send/phone', { phone });
  if (sent.status !== 200) throw new Error(`PUT /api/send/phone answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const reg = await server.api('POST', '/auth/register', {
    account,
    password: PASSWORD,
    password_confirm: PASSWORD,
    phone,
    code: await smsCode(server, phone),
    agreement: true,
  });
  if (reg.status !== 200) throw new Error(`POST /api/auth/register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const login = await server.api<{ access_token: string }>('POST', '/auth/login', { account, password: PASSWORD });
  return { account, token: login.body.data!.access_token };
}

/** A browser context whose pages start signed in with `token` (a page that signs in or out keeps its own choice). */
export async function signedInContext(browser: Browser, kind: 'desktop' | 'mobile', server: Server, token: string): Promise<BrowserContext> {
  const context = await newContext(browser, kind, server);
  await context.addInitScript((tk) => {
    try {
      if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
    } catch {
      // about:blank (a tab opened for the payment gateway) has no storage.
    }
  }, token);
  return context;
}

/** Opens or closes the website through the back office. */
export async function setWebsiteStatus(server: Server, status: { status: boolean; msg?: string; msg_en?: string }): Promise<void> {
  const res = await server.api('PUT', '/backoffice/website-status', { msg: '', msg_en: '', ...status }, await server.operatorToken());
  if (res.status !== 200) throw new Error(`PUT /api/backoffice/website-status answered ${res.status}: ${JSON.stringify(res.body)}`);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** The running test's name for its screenshots, and a counter that keeps their files apart. */
let currentName: string | undefined;
let shotSeq = 0;

/** A new browser context (desktop or phone) with its own client address; its pages are screenshotted
 * into test-results/ when the running test fails. */
export async function newContext(browser: Browser, kind: 'desktop' | 'mobile', server: Server): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(kind === 'desktop' ? DESKTOP : MOBILE),
    baseURL: server.url,
    extraHTTPHeaders: { 'x-forwarded-for': freshIp() },
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  // A test's `finally { await context.close() }` runs before the runner knows the test failed, so inside a
  // test the close waits for the end of the test, screenshotting the pages first if it failed.
  const realClose = context.close.bind(context);
  context.close = async (options) => {
    const name = currentName;
    try {
      onTestFinished(async ({ task }) => {
        if (task.result?.state === 'fail') await screenshotPages(context.pages(), name ?? task.name);
        await realClose(options);
      });
    } catch {
      await realClose(options);
    }
  };
  // A test that times out never reaches its `finally`: its pages are still open when it is marked failed.
  try {
    const name = currentName;
    onTestFailed(async ({ task }) => {
      await screenshotPages(context.pages(), name ?? task.name);
    });
  } catch {
    // Opened outside a test (in a hook): nothing to attach to.
  }
  context.on('page', (page) => {
    page.on('pageerror', (err) => console.warn(`[page error] ${page.url()}: ${err.message}`));
  });
  return context;
}

async function screenshotPages(pages: Iterable<Page>, testName: string): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const slug = testName
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 80);
  for (const page of [...pages]) {
    if (page.isClosed()) continue;
    const file = path.join(RESULTS_DIR, `${slug}-${++shotSeq}.png`);
    await page.screenshot({ path: file, fullPage: true }).then(
      () => console.warn(`screenshot of ${page.url()} -> ${path.relative(ROOT, file)}`),
      () => undefined,
    );
  }
}

/** Call at the start of a test to name its failure screenshots (otherwise they take the test's name). */
export function screenshotOnFailure(testName: string): void {
  currentName = testName;
  onTestFinished(() => {
    currentName = undefined;
  });
}

/**
 * Waits until the page's eager Astro islands have hydrated (Astro drops the `ssr` attribute then). The
 * header's session island (client:session) hydrates on a visitor's first touch when it is the page's only
 * island: the helper touches it as a person would, by moving focus into it.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('astro-island[client="session"][ssr]')) {
      island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
  });
  // Islands that wait to be scrolled into view (client:visible) are not waited for.
  await page.waitForFunction(() => {
    const eager = [...document.querySelectorAll('astro-island[client="load"], astro-island[client="idle"], astro-island[client="session"]')];
    return eager.length > 0 && eager.every((island) => !island.hasAttribute('ssr'));
  });
}

export type Locale = 'zh-TW' | 'en';

/** The labels the flows click, as the catalogues of src/i18n say them. */
export const TEXT = {
  'zh-TW': { ok: '確定', later: '稍後再說', login: '登入', otherDevice: '已在其他設備進行登入', notFound: '找不到此頁面' },
  en: { ok: 'OK', later: 'Later', login: 'Login', otherDevice: 'Signed in on another device', notFound: 'This page could not be found' },
} as const;

export const localized = (p: string, locale: Locale) => (locale === 'en' ? (p === '/' ? '/en/' : `/en${p}`) : p);

/** Clicks a button of the open dialog (alerts, confirms and the session notice share one host). */
export async function clickDialogButton(page: Page, name: string): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name, exact: true }).click();
}

/**
 * Fills the registration form of the page that is open (desktop or mobile), asking for the SMS code and
 * reading it from the back office, then submits and answers 'later' to the deposit question.
 */
export async function registerThroughForm(page: Page, server: Server, locale: Locale, who: { account: string; phone: string }): Promise<void> {
  const text = TEXT[locale];
  await hydrated(page);
  const form = page.getByTestId('register-form');
  await form.locator('input[name="account"]').fill(who.account);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('input[name="password_confirm"]').fill(PASSWORD);
  await form.locator('input[name="phone"]').fill(who.phone);
  await form.getByTestId('send-code').click();
  // The 'code sent' alert.
  await clickDialogButton(page, text.ok);
  await form.locator('input[name="code"]').fill(await smsCode(server, who.phone));
  const agreement = form.locator('input[name="agreement"]');
  if (await agreement.count()) await agreement.check();
  await form.getByTestId('register-submit').click();
  // Registered and logged in: the site asks whether to deposit now.
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: text.later, exact: true }).waitFor();
  await clickDialogButton(page, text.later);
  await dialog.waitFor({ state: 'detached' });
  // Declining goes back, signed in, to the page the player came from: wait until it has loaded,
  // so the caller never acts on the registration page while it is being left.
  await page.waitForURL((u) => !/\/(register|f-entry\/register)\/?$/.test(u.pathname));
  await page.waitForLoadState('load');
}
