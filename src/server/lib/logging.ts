// Logger settings: what must never reach a log line, and one line per request instead of Fastify's two.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Paths pino blanks out wherever they appear in a logged object (one level below the top, plus the request
 * headers Fastify's serializer keeps). Passwords, session tokens, SMS codes, TOTP secrets and card numbers are
 * never needed to understand a failure, and a log is read by more people than the database.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  ...['password', 'password_confirm', 'newPassword', 'oldPassword', 'temporaryPassword', 'token', 'access_token',
    'accessToken', 'smsCode', 'verificationCode', 'totp', 'totpSecret', 'secret', 'card_number',
    'card_number_confirm', 'cardNumber'].flatMap((key) => [key, `*.${key}`]),
];

/** Static files of the build: logged at debug, since a page view pulls dozens of them. */
const STATIC_PATH = /^\/(_astro|images|avatars|levels|thumbnails|fonts)\/|\.(js|css|png|jpe?g|webp|svg|ico|woff2?)$/;

export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
}

/** One line per finished request, at info for the API and pages and at debug for static files. */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = { method: request.method, url: request.url.split('?')[0], statusCode: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime) };
    if (STATIC_PATH.test(line.url ?? '')) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}
