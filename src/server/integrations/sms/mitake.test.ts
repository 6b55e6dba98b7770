// Mitake's dialect against the answers its SDK and the adapters quoting it publish.
import { describe, expect, it } from 'vitest';
import { mitakeReceiptAnswer, mitakeSendForm, mitakeSendOutcome, mitakeSendUrl, parseMitakeAnswer, parseMitakeCredit, parseMitakeReceipt } from './mitake.ts';
import { FAILOVER_OUTCOMES } from './outcomes.ts';

describe('Mitake SmSend', () => {
  it('posts the published form fields, with the charset in the query', () => {
    expect(mitakeSendUrl('https://smsapi.mitake.com.tw/')).toBe('https://smsapi.mitake.com.tw/api/mtk/SmSend?CharsetURL=UTF-8');
    const form = mitakeSendForm(
      { username: 'user', password: 'pw' },
      { phone: '0912345678', body: '驗證碼 123456', clientId: 'o42t1abc', receiptUrl: 'https://site.example/r/x' },
    );
    expect(Object.fromEntries(form)).toEqual({
      username: 'user',
      password: 'pw',
      dstaddr: '0912345678',
      smbody: '驗證碼 123456',
      clientid: 'o42t1abc',
      response: 'https://site.example/r/x',
    });
    expect(form.toString()).toContain('smbody=%E9%A9%97%E8%AD%89%E7%A2%BC+123456');
  });

  it('refuses a clientid Mitake would not take', () => {
    expect(() => mitakeSendForm({ username: 'u', password: 'p' }, { phone: '09', body: 'b', clientId: 'x'.repeat(37) })).toThrow(/36/);
  });

  it('reads a published single answer', () => {
    expect(parseMitakeAnswer('[1]\r\nmsgid=0008631797\r\nstatuscode=1\r\nAccountPoint=1456421\r\n')).toEqual({
      msgid: '0008631797',
      statuscode: '1',
      accountPoint: 1456421,
      duplicate: false,
      error: undefined,
      outcome: 'accepted',
    });
  });

  it('reads the first record of the published batch answer and the points after the last', () => {
    const a = parseMitakeAnswer('[0]\nmsgid=1010079522\nstatuscode=1\n[1]\nmsgid=1010079523\nstatuscode=4\nAccountPoint=98');
    expect(a).toMatchObject({ msgid: '1010079522', statuscode: '1', accountPoint: 98, outcome: 'accepted' });
  });

  it('names a repeated clientid a duplicate, not a second send', () => {
    const a = parseMitakeAnswer('[1]\r\nmsgid=1010079522\r\nstatuscode=1\r\nAccountPoint=98\r\nDuplicate=Y\r\n');
    expect(a).toMatchObject({ duplicate: true, outcome: 'duplicate', msgid: '1010079522' });
  });

  it('reads a request error with its words', () => {
    const a = parseMitakeAnswer('[1]\r\nstatuscode=e\r\nError=帳號、密碼錯誤\r\n');
    expect(a).toMatchObject({ msgid: undefined, outcome: 'auth_failed', error: '帳號、密碼錯誤' });
    expect(parseMitakeAnswer('<html>busy</html>').outcome).toBe('unreadable');
  });

  it('maps every published status to a named outcome; paused and suspended ones fail over', () => {
    const table: Record<string, string> = {
      '0': 'accepted',
      '1': 'accepted',
      '2': 'accepted',
      '3': 'accepted',
      '4': 'delivered',
      '5': 'bad_content',
      '6': 'bad_number',
      '7': 'number_disabled',
      '8': 'expired',
      '9': 'cancelled',
      e: 'auth_failed',
      a: 'paused',
      b: 'paused',
      r: 'paused',
      k: 'address_refused',
      L: 'busy',
      u: 'bad_content',
      v: 'bad_number',
      '*': 'system_error',
      h: 'suspended',
    };
    for (const [code, outcome] of Object.entries(table)) expect([code, mitakeSendOutcome(code)]).toEqual([code, outcome]);
    for (const code of ['a', 'b', 'r', 'h']) expect(FAILOVER_OUTCOMES.has(mitakeSendOutcome(code))).toBe(true);
    // A message the gateway found wrong is not tried elsewhere: it would be just as wrong there.
    for (const code of ['5', '6', 'u', 'v', '1']) expect(FAILOVER_OUTCOMES.has(mitakeSendOutcome(code))).toBe(false);
    expect(mitakeSendOutcome('?')).toBe('unreadable');
  });
});

describe('Mitake receipts and points', () => {
  it('reads the published receipt example', () => {
    const query = Object.fromEntries(
      new URLSearchParams('msgid=8091234567&dstaddr=09001234567&dlvtime=20060810125612&donetime=20060810165612&statusstr=DELIVRD&statuscode=0&StatusFlag=4'),
    );
    expect(parseMitakeReceipt(query)).toEqual({
      msgid: '8091234567',
      phone: '09001234567',
      doneAt: '20060810165612',
      statusstr: 'DELIVRD',
      state: 'delivered',
    });
  });

  it('names the undelivered states', () => {
    const state = (flag: string) => parseMitakeReceipt({ msgid: '1', StatusFlag: flag })!.state;
    expect([state('6'), state('8'), state('7'), state('5'), state('1'), state('9')]).toEqual([
      'no_such_number',
      'expired',
      'number_disabled',
      'bad_content',
      'pending',
      'cancelled',
    ]);
    expect(parseMitakeReceipt({ msgid: '' })).toBeUndefined();
  });

  it('answers a receipt as Mitake expects', () => {
    expect(mitakeReceiptAnswer('8091234567')).toBe('magicid=sms_gateway_rpack\nmsgid=8091234567\n');
  });

  it('reads the points of an SmQuery answer', () => {
    expect(parseMitakeCredit('AccountPoint=100')).toBe(100);
    expect(parseMitakeCredit('statuscode=e\nError=x')).toBeUndefined();
  });
});
