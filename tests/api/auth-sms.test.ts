// A gateway's SMS log keeps codes masked, and a phone's counters move only when a message is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshIp, freshPhone, sendCode } from '../helpers/players.ts';
import { smsOutbox } from '../../src/server/db/schema.ts';
import { GatewaySms, maskedBody } from '../../src/server/integrations/sms/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('SMS', () => {
  it('the gateway driver logs the body with the code masked', async () => {
    const sms = new GatewaySms(t.database.db, {
      primary: 'mitake',
      mitake: { baseUrl: 'http://127.0.0.1:1', username: 'u', password: 'p' },
      every8d: undefined,
      timeoutMs: 1000,
      receiptToken: 'token',
      receiptUrl: 'http://127.0.0.1:1/receipt',
    });
    const phone = freshPhone();
    await sms.send({ phone, purpose: 'register', body: 'Your registration code is 123456. It expires in 5 minutes.', secret: '123456' });
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
    expect(row!.body).toBe('Your registration code is ******. It expires in 5 minutes.');
    expect(row!.body).not.toMatch(/\d{6}/);
    expect(maskedBody({ phone, purpose: 'x', body: 'no code' })).toBe('no code');
  });

  it("requests refused by the address limit do not use up the phone's daily count", async () => {
    const victim = freshPhone();
    const attacker = freshIp();
    // The attacker's address has spent its hourly allowance (20 sends) on other phones, then turns to the victim's.
    for (let i = 0; i < 20; i++) await t.app.services.limiter.hit(`sms:ip:${attacker}`, 20, 60 * 60 * 1000);
    for (let i = 0; i < 5; i++) expect((await sendCode(t, victim, attacker)).statusCode).toBe(429);
    expect(await t.app.services.limiter.peek(`sms:day:${victim}`)).toBe(0);
    // Nothing was sent, so the victim can still get a code at once.
    expect((await sendCode(t, victim)).statusCode).toBe(200);
    expect(await t.app.services.limiter.peek(`sms:day:${victim}`)).toBe(1);
  });

  it('a failed send gives the gap back and is not counted', async () => {
    const phone = freshPhone();
    const sms = t.app.services.sms;
    // The original is put back on the same object in the finally below, so its `this` stays right.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = sms.send;
    (sms as { send: typeof sms.send }).send = async () => ({ delivered: false });
    try {
      expect((await sendCode(t, phone)).statusCode).toBe(502);
    } finally {
      (sms as { send: typeof sms.send }).send = original;
    }
    expect(await t.app.services.limiter.peek(`sms:day:${phone}`)).toBe(0);
    // The player may ask again at once: the failure did not start the one-minute gap.
    expect((await sendCode(t, phone)).statusCode).toBe(200);
  });
});
