// Account calls of SPEC.md section 7. Bodies are checked by the shared valibot schemas.
import type { TypedApp, ValibotTypeProvider } from '../../lib/validation.ts';
import * as v from 'valibot';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { REF_COOKIE } from '../../../shared/schemas/partners/common.ts';
import { loginSchema, registeredView, sendPhoneSchema, tokenView } from '../../../shared/schemas/auth.ts';
import { okBody, okEmpty } from '../../../shared/schemas/envelope.ts';
import { userView, type UserView } from '../../../shared/schemas/user.ts';
import type { SuccessBody } from '../../../shared/errors.ts';
import type { SendCodeOutcome } from '../../../shared/schemas/account.ts';
import { translate } from '../../../i18n/index.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { AuthService, RequestContext } from './service.ts';
import { playerOf } from './request.ts';
import { AccountService } from './account-service.ts';
import { ApiError } from '../../lib/errors.ts';
import { asciiJson } from '../../lib/ascii-json.ts';
import { DEVICE_HEADER } from '../../../shared/schemas/risk/fingerprint.ts';

/**
 * GET /auth/me's answer as the session cache keeps it: the body and its JSON, serialized once (through the route's own
 * serializer, which checks it outside production), in ASCII and held one byte a character (lib/ascii-json.ts), so a
 * poll's answer goes out with its headers in one write, copied as it is.
 */
interface MeAnswer {
  body: SuccessBody<UserView>;
  text: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Registration's rules depend on settings, so the route checks the shape and the service the rules. */
const registerShape = v.custom<Record<string, unknown>>((body) => typeof body === 'object' && body !== null && !Array.isArray(body), 'v.type.object');

/**
 * The partner tracking cookie's value when its signature holds (the tracking link signs it); '' for none, an unsigned
 * or a tampered one, which registration then ignores like no cookie at all.
 */
function refCookieOf(request: FastifyRequest): string {
  const raw = request.cookies?.[REF_COOKIE];
  if (!raw) return '';
  const checked = request.unsignCookie(raw);
  return checked.valid && checked.value !== null ? checked.value : '';
}

export function requestContext(request: FastifyRequest): RequestContext {
  const device = request.headers[DEVICE_HEADER];
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    locale: request.locale,
    device: typeof device === 'string' ? device.slice(0, 128) : undefined,
    // Only registration reads these (partner attribution); the host without its port.
    host: request.hostname.toLowerCase(),
    refCookie: refCookieOf(request),
  };
}

/**
 * A code request's message: 'success' when a code went out, and when the earlier code is still the one to use, a
 * sentence in the reader's language saying so (the form shows it).
 */
export function sendCodeMessage(outcome: SendCodeOutcome, locale: Locale): string {
  return outcome.code_still_valid ? translate(locale, 'account.sms.still_valid') : 'success';
}

export const authRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { auth } = app.services;

  const requirePlayer = app.requirePlayer;
  // The back office's login history records each outcome; the login itself stays in service.ts.
  const history = new AccountService({
    db: app.services.db,
    system: app.services.system,
    limiter: app.services.limiter,
    sms: app.services.sms,
    publish: app.services.realtime.publisher,
  });
  signInRoutes(app, auth, history);
  meRoute(app, auth);

  app.get('/auth/logout', { onRequest: requirePlayer, schema: { response: { 200: okEmpty } } }, async (request) => {
    await auth.logout(playerOf(request));
    return ok(null, 'Logged out');
  });

  app.put(
    '/send/phone',
    {
      schema: { body: sendPhoneSchema, response: { 200: okEmpty } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      await auth.sendRegisterCode(request.body.phone, requestContext(request));
      return ok(null, 'success');
    },
  );
};

/** Sign-in, with each outcome recorded for the back office's login history, and registration. */
function signInRoutes(app: TypedApp, auth: AuthService, history: AccountService): void {
  app.post(
    '/auth/login',
    {
      schema: { body: loginSchema, response: { 200: okBody(tokenView) } },
    },
    async (request) => {
      const body = request.body;
      const ctx = requestContext(request);
      try {
        const result = await auth.login(body, ctx);
        await history.recordPasswordLogin(body.account, true, '', ctx);
        return ok(result);
      } catch (err) {
        await history.recordPasswordLogin(body.account, false, err instanceof ApiError ? err.code : 'internal', ctx).catch(() => undefined);
        throw err;
      }
    },
  );

  app.post(
    '/auth/register',
    {
      schema: { body: registerShape, response: { 200: okBody(registeredView) } },
    },
    async (request) => ok(await auth.register(request.body, requestContext(request)), 'Registered'),
  );
}

function meRoute(app: TypedApp, auth: AuthService): void {
  // Polled every 10 s by every signed-in player: the answer is reused until something it shows changes. The cache
  // keeps it serialized (MeAnswer), so a poll answers the same text without serializing it again; a cached answer
  // goes out in the same tick, without a promise. A request with `Cache-Control: no-cache` is answered from the
  // database (and the answer kept): the page asks so when it was told something changed or has just changed it, so
  // the answer is current even on an instance that has not yet heard of the change (session-invalidation.ts sends
  // the news to the other instances a little later, gathered).
  app.get('/auth/me', { onRequest: app.requirePlayer, schema: { response: { 200: okBody(userView) } } }, (request, reply) => {
    const a = playerOf(request);
    const answer = (cached: MeAnswer) => {
      reply
        .type(JSON_TYPE)
        .serializer(() => cached.text)
        .send(cached.body);
    };
    const fresh = request.headers['cache-control']?.includes('no-cache') === true;
    const hit = fresh ? undefined : auth.cachedViewNow<MeAnswer>(a.playerId, request.locale);
    if (hit) return answer(hit);
    return auth
      .loadView(a.playerId, request.locale, async (): Promise<MeAnswer> => {
        const [user, wallets] = await Promise.all([auth.me(a, request.locale), app.services.wallet.userSummary(a.playerId, request.locale)]);
        const body = ok({ ...user, ...wallets });
        return { body, text: asciiJson(String(reply.serialize(body))) };
      })
      .then(answer);
  });
}
