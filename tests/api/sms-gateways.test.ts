// SMS through the Mitake and EVERY8D stand-ins (sim/sms): the app listens on a real port so that Mitake's receipts
// reach it. A lost answer is retried under the same clientid and reaches the phone once; a paused gateway or an open
// breaker sends the message through the other; receipts and delivery reports land on the outbox row.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSim, type Sim } from '../../sim/server.ts';
import { DEFAULT_SWITCHES } from '../../sim/sms/phone.ts';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { freshIp, freshPhone, sendCode } from '../helpers/players.ts';
import { smsGatewayCredit, smsOutbox } from '../../src/server/db/schema.ts';
import { GatewaySms, mitakeClientId } from '../../src/server/integrations/sms/index.ts';
import { Breakers } from '../../src/server/integrations/breakers.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { SmsView } from '../../src/shared/schemas/backoffice/content.ts';

let sim: Sim;
let t: TestApp;
let env: Record<string, string>;
const TOKEN = 'test-receipt-token-0123';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  sim = await startSim({ settleTickMs: 0 });
  const port = await freePort();
  env = {
    SMS_DRIVER: 'mitake',
    SMS_MITAKE_URL: `${sim.url}/mitake`,
    SMS_MITAKE_USERNAME: 'site',
    SMS_MITAKE_PASSWORD: 'dev-mitake-password',
    SMS_EVERY8D_URL: `${sim.url}/every8d`,
    SMS_EVERY8D_UID: 'site',
    SMS_EVERY8D_PWD: 'dev-every8d-password',
    SMS_TIMEOUT_MS: '400',
    SMS_RECEIPT_TOKEN: TOKEN,
    CALLBACK_BASE_URL: `http://127.0.0.1:${port}`,
    METRICS_TOKEN: 'metrics-token-for-tests',
  };
  t = await createTestApp(env);
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(() => {
  const sms = sim.state.sms!;
  sms.mitake.switches = { ...DEFAULT_SWITCHES };
  sms.every8d.switches = { ...DEFAULT_SWITCHES };
});

const sms = () => sim.state.sms!;
/** A phone whose last four digits choose its fate at the stand-ins (sim/sms/phone.ts). */
const phoneEnding = (last4: string) => `09${String(randomInt(0, 10_000)).padStart(4, '0')}${last4}`;

async function rowOf(phone: string) {
  const rows = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
  expect(rows).toHaveLength(1);
  return rows[0];
}

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 4000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Mitake', () => {
  it('sends under a clientid derived from the row, logs the code masked and records the receipt', async () => {
    const phone = freshPhone();
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    const row = await rowOf(phone);
    const [received] = sms().phones.of(phone);
    expect(received.gateway).toBe('mitake');
    expect(row).toMatchObject({ status: 'sent', gateway: 'mitake', outcome: 'accepted', providerRef: received.ref, clientId: mitakeClientId(row) });
    const code = /\d{6}/.exec(received.body)![0];
    expect(row.body).not.toContain(code);
    const delivered = await eventually(
      () => rowOf(phone),
      (r) => r.delivery !== 'pending',
    );
    expect(delivered.delivery).toBe('delivered');
    expect(delivered.deliveryAt).toBeInstanceOf(Date);
    const [credit] = await t.database.db.select().from(smsGatewayCredit).where(eq(smsGatewayCredit.gateway, 'mitake'));
    expect(Number(credit.credit)).toBe(sms().mitake.points);
  });

  it('records the undelivered receipts: no such number, expired', async () => {
    const none = phoneEnding('0000');
    const off = phoneEnding('1111');
    for (const phone of [none, off]) expect((await sendCode(t, phone)).statusCode).toBe(200);
    expect(
      (
        await eventually(
          () => rowOf(none),
          (r) => r.delivery !== 'pending',
        )
      ).delivery,
    ).toBe('no_such_number');
    expect(
      (
        await eventually(
          () => rowOf(off),
          (r) => r.delivery !== 'pending',
        )
      ).delivery,
    ).toBe('expired');
  });

  it('a receipt that overtakes the send answer is not lost', async () => {
    sms().mitake.switches.receiptDelayMs = 0;
    const sentBefore = sms().mitake.stats.receiptsSent;
    const phonesBefore = new Set(sms().mitake.receiptsAnsweredByPhone.keys());
    const phone = freshPhone();
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    expect(
      (
        await eventually(
          () => rowOf(phone),
          (r) => r.delivery !== 'pending',
        )
      ).delivery,
    ).toBe('delivered');
    // Counted for this message's phone alone (the one phone new to the sim): a receipt of an earlier test sent again
    // after a slow answer would land in a global count.
    const answered = [...sms().mitake.receiptsAnsweredByPhone].filter(([p]) => !phonesBefore.has(p)).map(([, n]) => n);
    expect(answered).toEqual([1]);
    // Whether the first try came too early depends on timing; the receipt is answered once either way.
    expect(sms().mitake.stats.receiptsSent).toBeGreaterThanOrEqual(sentBefore + 1);
  });

  it('a lost answer is asked again under the same clientid and the phone gets the message once', async () => {
    sms().mitake.switches.hangNext = 1;
    sms().mitake.switches.hangMs = 1500;
    const phone = freshPhone();
    const duplicatesBefore = sms().mitake.stats.duplicates;
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    expect(sms().phones.of(phone)).toHaveLength(1);
    expect(sms().mitake.stats.duplicates).toBe(duplicatesBefore + 1);
    const row = await rowOf(phone);
    expect(row).toMatchObject({ status: 'sent', gateway: 'mitake', outcome: 'duplicate', providerRef: sms().phones.of(phone)[0].ref });
    expect(row.attempts).toEqual([{ gateway: 'mitake', outcome: 'duplicate' }]);
  });

  it('refuses a receipt under a token it did not give out, and one for a msgid it does not know yet', async () => {
    const res = await fetch(`${env.CALLBACK_BASE_URL}/api/sms/mitake/receipt/not-the-token?msgid=1&StatusFlag=4`);
    expect(res.status).toBe(404);
    // A msgid no message has (yet) is not acknowledged, so that Mitake sends it again once the send's answer is in.
    const early = await fetch(`${env.CALLBACK_BASE_URL}/api/sms/mitake/receipt/${TOKEN}?msgid=1234567890&StatusFlag=4`);
    expect(early.status).toBe(404);
    const phone = freshPhone();
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    const msgid = (await rowOf(phone)).providerRef!;
    const good = await fetch(`${env.CALLBACK_BASE_URL}/api/sms/mitake/receipt/${TOKEN}?msgid=${msgid}&StatusFlag=4`);
    expect(await good.text()).toBe(`magicid=sms_gateway_rpack\nmsgid=${msgid}\n`);
  });
});

describe('failover', () => {
  it('a paused Mitake sends the message through EVERY8D, whose delivery reports land on the row', async () => {
    sms().mitake.switches.paused = true;
    sms().every8d.switches.receiptDelayMs = 0;
    const [ok, off, none] = [freshPhone(), phoneEnding('1111'), phoneEnding('0000')];
    for (const phone of [ok, off, none]) expect((await sendCode(t, phone, freshIp())).statusCode).toBe(200);
    const row = await rowOf(ok);
    expect(row).toMatchObject({ status: 'sent', gateway: 'every8d', outcome: 'accepted' });
    expect(row.attempts).toEqual([
      { gateway: 'mitake', outcome: 'paused' },
      { gateway: 'every8d', outcome: 'accepted' },
    ]);
    expect(
      sms()
        .phones.of(ok)
        .map((r) => r.gateway),
    ).toEqual(['every8d']);
    expect(await t.app.services.sms.pollReports()).toBeGreaterThanOrEqual(3);
    expect([(await rowOf(ok)).delivery, (await rowOf(off)).delivery, (await rowOf(none)).delivery]).toEqual(['delivered', 'phone_off', 'no_such_number']);
  });

  it('an open breaker sends through the other gateway; an unknown answer is not sent elsewhere', async () => {
    const breakers = new Breakers({ errorPercent: 1, volume: 1, resetMs: 60_000 });
    const config = loadConfig({ ...env });
    const driver = new GatewaySms(t.database.db, config.sms, breakers);
    sms().mitake.switches.failNext = 10;
    const first = freshPhone();
    expect(await driver.send({ phone: first, purpose: 'login', body: 'first' })).toEqual({ delivered: false });
    expect(await rowOf(first)).toMatchObject({ status: 'failed', attempts: [{ gateway: 'mitake', outcome: 'no_answer' }] });
    expect(sms().phones.of(first)).toHaveLength(0);
    const second = freshPhone();
    expect(await driver.send({ phone: second, purpose: 'login', body: 'second' })).toEqual({ delivered: true });
    expect((await rowOf(second)).attempts).toEqual([
      { gateway: 'mitake', outcome: 'circuit_open' },
      { gateway: 'every8d', outcome: 'accepted' },
    ]);
    expect(
      sms()
        .phones.of(second)
        .map((r) => r.gateway),
    ).toEqual(['every8d']);
    breakers.shutdown();
  });

  it('EVERY8D as primary is asked once: a lost answer is neither repeated nor sent through Mitake', async () => {
    const driver = new GatewaySms(t.database.db, { ...loadConfig({ ...env, SMS_DRIVER: 'every8d' }).sms });
    sms().every8d.switches.hangNext = 1;
    sms().every8d.switches.hangMs = 1500;
    const phone = freshPhone();
    expect(await driver.send({ phone, purpose: 'login', body: 'once' })).toEqual({ delivered: false });
    expect(await rowOf(phone)).toMatchObject({
      status: 'failed',
      gateway: 'every8d',
      outcome: 'no_answer',
      attempts: [{ gateway: 'every8d', outcome: 'no_answer' }],
    });
    expect(
      sms()
        .phones.of(phone)
        .map((r) => r.gateway),
    ).toEqual(['every8d']);
  });
});

describe('the back office and /metrics', () => {
  it("the SMS log shows each message's gateway, answers and delivery", async () => {
    sms().mitake.switches.paused = true;
    sms().every8d.switches.receiptDelayMs = 0;
    const failedOver = phoneEnding('1111');
    expect((await sendCode(t, failedOver, freshIp())).statusCode).toBe(200);
    await t.app.services.sms.pollReports();
    sms().mitake.switches.paused = false;
    const direct = phoneEnding('0000');
    expect((await sendCode(t, direct, freshIp())).statusCode).toBe(200);
    await eventually(
      () => rowOf(direct),
      (r) => r.delivery !== 'pending',
    );
    const { token } = await signedInStaff(t, 'smsdesk', 'service');
    const list = async (phone: string) => {
      const res = await t.app.inject({ url: `/api/backoffice/sms?phone=${phone}`, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { data: SmsView[] } }>().data.data[0];
    };
    expect(await list(failedOver)).toMatchObject({
      status: 'sent',
      gateway: 'every8d',
      outcome: 'accepted',
      delivery: 'phone_off',
      attempts: [
        { gateway: 'mitake', outcome: 'paused' },
        { gateway: 'every8d', outcome: 'accepted' },
      ],
    });
    expect(await list(direct)).toMatchObject({ gateway: 'mitake', delivery: 'no_such_number', attempts: [{ gateway: 'mitake', outcome: 'accepted' }] });
  });

  it("reports both gateways' credit and the alert threshold", async () => {
    sms().mitake.points = 321;
    sms().every8d.credit = 45;
    await t.app.services.sms.pollReports();
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${env.METRICS_TOKEN}` }, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('sms_gateway_credit{gateway="mitake"} 321');
    expect(res.body).toContain('sms_gateway_credit{gateway="every8d"} 45');
    expect(res.body).toContain('sms_gateway_credit_alert_below{gateway="every8d"} 500');
  });
});
