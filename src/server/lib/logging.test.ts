import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from './logging.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  const options = loggerOptions('info') as pino.LoggerOptions;
  return { log: pino(options, stream), text: () => lines.join('') };
}

describe('log redaction', () => {
  it('never writes passwords, tokens, SMS codes, TOTP secrets or card numbers', () => {
    const { log, text } = capture();
    const secrets = {
      password: 'hunter22pw', password_confirm: 'hunter22pw', token: 'tok_abcdef0123456789', access_token: 'acc_0123456789abcdef',
      smsCode: '918273', totpSecret: 'JBSWY3DPEHPK3PXP', card_number: '4111111111111111', card_number_confirm: '4111111111111111',
    };
    log.info(secrets, 'top level');
    log.info({ body: secrets, player: { account: 'demo1234' } }, 'nested one level');
    log.info({ req: { headers: { authorization: 'Bearer live-session-token-xyz', cookie: 'clang=en; sid=abc' } } }, 'request');
    const out = text();
    for (const value of [...Object.values(secrets), 'live-session-token-xyz', 'sid=abc']) expect(out).not.toContain(value);
    // What helps reading a failure stays.
    expect(out).toContain('demo1234');
    expect(out).toContain('[redacted]');
  });
});
