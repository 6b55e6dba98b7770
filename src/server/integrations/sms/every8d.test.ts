// EVERY8D's dialect against the answers its API 2.1 clients publish.
import { describe, expect, it } from 'vitest';
import { every8dDeliveryState, every8dSendForm, every8dUrl, EVERY8D_SEND_PATH, parseEvery8dAnswer, parseEvery8dCredit, parseEvery8dReport } from './every8d.ts';
import { FAILOVER_OUTCOMES } from './outcomes.ts';

describe('EVERY8D sendSMS.ashx', () => {
  it('posts the published form fields', () => {
    expect(every8dUrl('https://api.e8d.tw/', EVERY8D_SEND_PATH)).toBe('https://api.e8d.tw/API21/HTTP/sendSMS.ashx');
    const form = every8dSendForm({ uid: 'u', pwd: 'p' }, { phone: '0912345678', body: 'Hello, 世界', subject: 'outbox 7', retryMinutes: 10 });
    expect(Object.fromEntries(form)).toEqual({ UID: 'u', PWD: 'p', SB: 'outbox 7', MSG: 'Hello, 世界', DEST: '0912345678', ST: '', RETRYTIME: '10' });
  });

  it('reads the published CSV answer', () => {
    expect(parseEvery8dAnswer('87.0,1,1,0,00000000-0000-0000-0000-000000000000')).toEqual({
      ok: true,
      credit: 87,
      sent: 1,
      cost: 1,
      unsent: 0,
      batchId: '00000000-0000-0000-0000-000000000000',
      outcome: 'accepted',
    });
  });

  it('names a send without credit and a refusal, both of which fail over', () => {
    const noCredit = parseEvery8dAnswer('0.0,0,0,1,11111111-0000-0000-0000-000000000000');
    expect(noCredit.outcome).toBe('no_credit');
    const refused = parseEvery8dAnswer('-3,無法取得指定發送資料');
    expect(refused).toEqual({ ok: false, code: -3, message: '無法取得指定發送資料', outcome: 'refused' });
    expect(FAILOVER_OUTCOMES.has('no_credit') && FAILOVER_OUTCOMES.has('refused')).toBe(true);
    expect(parseEvery8dAnswer('<html>').outcome).toBe('unreadable');
    expect(parseEvery8dAnswer('1,2,3').outcome).toBe('unreadable');
  });
});

describe('EVERY8D delivery reports and credit', () => {
  it('reads the published delivery report', () => {
    const report = parseEvery8dReport('2\nTest\t+886987654321\t2017/12/18 23:14:17\t1\t100\n\t+886987654321\t2017/12/18 23:14:18\t0\t101\n');
    expect(report).toEqual({
      count: 2,
      records: [
        { name: 'Test', phone: '+886987654321', sentAt: '2017/12/18 23:14:17', cost: 1, status: 100, state: 'delivered' },
        { name: '', phone: '+886987654321', sentAt: '2017/12/18 23:14:18', cost: 0, status: 101, state: 'phone_off' },
      ],
    });
    expect(parseEvery8dReport('0\n')).toEqual({ count: 0, records: [] });
    expect(parseEvery8dReport('-1,帳號或密碼錯誤')).toBeUndefined();
  });

  it('maps the published delivery statuses', () => {
    expect([0, 100, 101, 103, 104, 301, 999].map(every8dDeliveryState)).toEqual([
      'pending',
      'delivered',
      'phone_off',
      'no_such_number',
      'blacklisted',
      'no_credit',
      'failed',
    ]);
  });

  it('reads the credit answer', () => {
    expect(parseEvery8dCredit('79.0')).toBe(79);
    expect(parseEvery8dCredit('-1,錯誤')).toBeUndefined();
  });
});
