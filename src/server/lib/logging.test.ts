import { describe, expect, it, vi } from 'vitest';
import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { REQUEST_ID_LABEL, loggerOptions, logRequests, requestLogger } from './logging.ts';

function lineStream() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}

function capture(level = 'info') {
  const { stream, text, lines } = lineStream();
  const options = loggerOptions(level) as pino.LoggerOptions;
  return { log: pino(options, stream), text, lines };
}

describe('log redaction', () => {
  it('never writes passwords, tokens, SMS codes, TOTP secrets or card numbers', () => {
    const { log, text } = capture();
    const secrets = {
      password: 'hunter22pw',
      password_confirm: 'hunter22pw',
      token: 'tok_abcdef0123456789',
      access_token: 'acc_0123456789abcdef',
      smsCode: '918273',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      card_number: '4111111111111111',
      card_number_confirm: '4111111111111111',
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

describe('request logs', () => {
  /** An app logged as app.ts logs one: the request's lazy logger and one line per request. */
  async function appLogging(level: string) {
    const { stream, lines } = lineStream();
    const app = Fastify({
      logger: { ...(loggerOptions(level) as pino.LoggerOptions), stream },
      logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_LABEL }),
      childLoggerFactory: requestLogger,
    });
    logRequests(app);
    app.get('/api/thing', async (request) => {
      request.log.info({ password: 'hunter22pw', body: { token: 'tok_abcdef0123456789' } }, 'inside the handler');
      request.log.error(new Error('went wrong'));
      return { ok: true };
    });
    await app.ready();
    return { app, lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
  }

  it("carries the request's id on its own lines and its closing line, with secrets redacted", async () => {
    const { app, lines } = await appLogging('info');
    const res = await app.inject({ url: '/api/thing?x=1' });
    expect(res.statusCode).toBe(200);
    const inside = lines().find((l) => l.msg === 'inside the handler')!;
    const failed = lines().find((l) => (l.err as { message?: string } | undefined)?.message === 'went wrong')!;
    const closing = lines().find((l) => l.msg === 'request')!;
    const id = closing[REQUEST_ID_LABEL];
    expect(id).toEqual(expect.any(String));
    expect(inside[REQUEST_ID_LABEL]).toBe(id);
    expect(failed[REQUEST_ID_LABEL]).toBe(id);
    expect(inside.password).toBe('[redacted]');
    expect(inside.body).toEqual({ token: '[redacted]' });
    expect(closing).toMatchObject({ level: 30, method: 'GET', url: '/api/thing', statusCode: 200 });
    // A second request has its own id.
    await app.inject({ url: '/api/thing' });
    expect(new Set(lines().map((l) => l[REQUEST_ID_LABEL])).size).toBe(2);
    await app.close();
  });

  it('makes no child logger for a request that logs nothing at an enabled level', async () => {
    const parent = capture('warn').log;
    const child = vi.spyOn(parent, 'child');
    const log = requestLogger(parent, { [REQUEST_ID_LABEL]: 'req-1' }, {});
    log.info({ a: 1 }, 'below the level');
    log.debug('below the level');
    expect(child).not.toHaveBeenCalled();
    log.warn({ password: 'hunter22pw' }, 'at the level');
    expect(child).toHaveBeenCalledTimes(1);
    expect(log.level).toBe('warn');
  });

  it('writes nothing below the level through the app', async () => {
    const { app, lines } = await appLogging('error');
    await app.inject({ url: '/api/thing' });
    expect(lines().map((l) => l.msg ?? (l.err as { message: string }).message)).toEqual(['went wrong']);
    expect(lines()[0]![REQUEST_ID_LABEL]).toEqual(expect.any(String));
    await app.close();
  });
});
