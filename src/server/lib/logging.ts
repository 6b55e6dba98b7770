// Logger settings: what must never reach a log line, and one line per request instead of Fastify's two.
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

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
  ...[
    'password',
    'password_confirm',
    'newPassword',
    'oldPassword',
    'temporaryPassword',
    'token',
    'access_token',
    'accessToken',
    'smsCode',
    'verificationCode',
    'totp',
    'totpSecret',
    'secret',
    'card_number',
    'card_number_confirm',
    'cardNumber',
  ].flatMap((key) => [key, `*.${key}`]),
];

/** Static files of the build: logged at debug, since a page view pulls dozens of them. */
const STATIC_PATH = /^\/(_astro|images|avatars|levels|thumbnails|fonts)\/|\.(js|css|png|jpe?g|webp|svg|ico|woff2?)$/;

/** The field of a log line that names its request (Fastify's default label, given to its LogController in app.ts). */
export const REQUEST_ID_LABEL = 'reqId';

export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
}

/** What the request logger needs of its parent beyond Fastify's type: pino's level check. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * The request's logger (`request.log`), Fastify's childLoggerFactory. Fastify makes a pino child per request to bind
 * its id, and pino passes every binding through the redaction of the paths above (the wildcard paths apply at the top
 * level): about 4 % of a small API call's CPU, though most requests log nothing but their one line (logRequests, which
 * does without the child). This logger makes the child the first time the request logs at an enabled level; that
 * line and the ones after carry the request id and are redacted, as before.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: ParentLogger;
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: ParentLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: LogArgs): void {
    if (this.#enabled('fatal')) this.#logger().fatal(...args);
  }
  error(...args: LogArgs): void {
    if (this.#enabled('error')) this.#logger().error(...args);
  }
  warn(...args: LogArgs): void {
    if (this.#enabled('warn')) this.#logger().warn(...args);
  }
  info(...args: LogArgs): void {
    if (this.#enabled('info')) this.#logger().info(...args);
  }
  debug(...args: LogArgs): void {
    if (this.#enabled('debug')) this.#logger().debug(...args);
  }
  trace(...args: LogArgs): void {
    if (this.#enabled('trace')) this.#logger().trace(...args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  #enabled(level: string): boolean {
    return this.#child !== undefined || (this.#parent.isLevelEnabled?.(level) ?? true);
  }

  #logger(): FastifyBaseLogger {
    // Without options pino takes its quicker way to a child.
    return (this.#child ??= this.#parent.child(this.#bindings));
  }
}

/**
 * Fastify's childLoggerFactory: the lazy RequestLogger, unless a route sets its own log level or serializers (none
 * does today), which only a real child can carry.
 */
export function requestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return parent.child(bindings, options);
  return new RequestLogger(parent, bindings);
}

/**
 * One line per finished request, at info for the API and pages and at debug for static files. Written through the
 * app's logger with the request's id, which gives the same line as the request's own logger without making its child.
 * A callback hook: it waits for nothing, and Fastify runs an async hook through extra promise ticks.
 */
export function logRequests(app: FastifyInstance): void {
  const log: ParentLogger = app.log;
  const enabled = (level: string) => log.isLevelEnabled?.(level) ?? true;
  app.addHook('onResponse', (request, reply, done) => {
    // Nothing is built when info is off (a deployment that keeps only warnings and errors; debug is off then too).
    if (!enabled('info')) return done();
    const url = request.url.split('?')[0] ?? '';
    const level = STATIC_PATH.test(url) ? 'debug' : 'info';
    if (enabled(level)) {
      log[level](
        { [REQUEST_ID_LABEL]: request.id, method: request.method, url, statusCode: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime) },
        'request',
      );
    }
    done();
  });
}
