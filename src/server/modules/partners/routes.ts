// The partners domain's public routes: the portal API under /api/agent (its own session cookie, checked
// before anything is validated), the site's plan summary and application form under /api/partners, and the
// tracking link /r/CODE (registered beside the API, outside /api). Each route parses with the shared schemas and calls
// one service method.
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ApiError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { okBody, okEmpty } from '../../../shared/schemas/envelope.ts';
import { DEVICE_HEADER } from '../../../shared/schemas/risk/fingerprint.ts';
import { AGENT_COOKIE, REF_COOKIE, REF_COOKIE_MAX_AGE_S, VISITED_COOKIE, payoutView, statementView } from '../../../shared/schemas/partners/common.ts';
import {
  agentBankCardBody,
  agentCsvView,
  agentDashboardView,
  agentIdParams,
  agentLinkBody,
  agentLinkView,
  agentLinksView,
  agentLoginBody,
  agentLoginView,
  agentMaterialsView,
  agentMeView,
  agentPasswordBody,
  agentPayoutBody,
  agentPayoutsPage,
  agentPayoutsQuery,
  agentPlayersPage,
  agentPlayersQuery,
  agentStatementsPage,
  agentStatementsQuery,
  agentSubPartnerBody,
  agentSubPartnerRateBody,
  agentSubPartnerView,
  agentSubPartnersView,
  agentTotpCodeBody,
  agentTotpSetupView,
  agentWalletView,
} from '../../../shared/schemas/partners/portal.ts';
import { partnerApplicationBody, partnerApplicationView, publicPlanView } from '../../../shared/schemas/partners/site.ts';
import { AGENT_SESSION_MS, OPEN_DURING_FIRST_PASSWORD, type PartnerSession } from './portal-auth.ts';
import { statementCsvRows, type StatementCsvRow } from './views.ts';
import { csvText, type CsvColumn } from '../../lib/csv.ts';

declare module 'fastify' {
  interface FastifyRequest {
    partner: PartnerSession | undefined;
  }
}

/** A statement's CSV: one labelled line per figure, through the product's one CSV writer (formulas neutralised). */
const STATEMENT_CSV_COLUMNS: Array<CsvColumn<StatementCsvRow>> = [
  { heading: 'line', cell: ([line]) => line },
  { heading: 'value', cell: ([, value]) => value, kind: ([, , kind]) => kind ?? 'text' },
];

/** Applications one address may send an hour, and sign-in attempts a minute (the service also limits per account). */
const APPLICATIONS_PER_HOUR = 5;
const LOGINS_PER_MINUTE = 20;

function partnerOf(request: FastifyRequest): PartnerSession {
  if (!request.partner) throw new ApiError('unauthorized');
  return request.partner;
}

function sessionCookie(reply: FastifyReply, token: string | null, secure: boolean): void {
  if (token === null) reply.clearCookie(AGENT_COOKIE, { path: '/' });
  else reply.setCookie(AGENT_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: AGENT_SESSION_MS / 1000 });
}

/** The portal's API: sign-in is open, everything else needs the partner's session, checked onRequest (401 before validation). */
export const agentRoutes: FastifyPluginAsync<{ secureCookies: boolean }> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { partners } = app.services;
  app.decorateRequest('partner', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === '/api/agent/login') return;
    const token = request.cookies?.[AGENT_COOKIE];
    const session = token ? await partners.auth.authenticate(token) : undefined;
    if (!session) throw new ApiError('unauthorized');
    // A first password (chosen by someone else) is replaced before anything else works, whatever the screen does.
    if (session.mustChangePassword && !OPEN_DURING_FIRST_PASSWORD.has(request.routeOptions.url ?? '')) throw new ApiError('password_change_required');
    request.partner = session;
  });

  app.post(
    '/agent/login',
    {
      schema: { body: agentLoginBody, response: { 200: okBody(agentLoginView) } },
      config: { rateLimit: { max: LOGINS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const r = await partners.auth.login(request.body, request.ip, deviceOf(request.headers[DEVICE_HEADER]));
      if (!r.token || !r.partner) return ok({ totp_required: true, partner: null });
      sessionCookie(reply, r.token, opts.secureCookies);
      return ok({ totp_required: false, partner: await partners.portal.me(r.partner.id) });
    },
  );
  app.post('/agent/logout', { schema: { response: { 200: okEmpty } } }, async (request, reply) => {
    await partners.auth.logout(partnerOf(request));
    sessionCookie(reply, null, opts.secureCookies);
    return ok(null);
  });
  app.get('/agent/me', { schema: { response: { 200: okBody(agentMeView) } } }, async (request) => ok(await partners.portal.me(partnerOf(request).partnerId)));
  app.put('/agent/password', { schema: { body: agentPasswordBody, response: { 200: okEmpty } } }, async (request) => {
    await partners.auth.changePassword(partnerOf(request), request.body.old_password, request.body.new_password, request.ip);
    return ok(null);
  });
  app.post('/agent/totp/setup', { schema: { response: { 200: okBody(agentTotpSetupView) } } }, async (request) =>
    ok(await partners.auth.totpSetup(partnerOf(request).partnerId)),
  );
  app.post('/agent/totp/enable', { schema: { body: agentTotpCodeBody, response: { 200: okEmpty } } }, async (request) => {
    await partners.auth.totpEnable(partnerOf(request).partnerId, request.body.code, request.ip);
    return ok(null);
  });
  app.post('/agent/totp/disable', { schema: { body: agentTotpCodeBody, response: { 200: okEmpty } } }, async (request) => {
    await partners.auth.totpDisable(partnerOf(request).partnerId, request.body.code, request.ip);
    return ok(null);
  });
  portalReads(app);
};

type TypedApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ValibotTypeProvider>;

function portalReads(app: TypedApp): void {
  const { partners } = app.services;
  const me = (request: FastifyRequest) => partnerOf(request).partnerId;
  app.get('/agent/dashboard', { schema: { response: { 200: okBody(agentDashboardView) } } }, async (request) =>
    ok(await partners.portal.dashboard(me(request))),
  );
  app.get('/agent/links', { schema: { response: { 200: okBody(agentLinksView) } } }, async (request) => ok(await partners.portal.links(me(request))));
  app.post('/agent/links', { schema: { body: agentLinkBody, response: { 200: okBody(agentLinkView) } } }, async (request) =>
    ok(await partners.portal.createLink(me(request), request.body.campaign)),
  );
  app.get('/agent/players', { schema: { querystring: agentPlayersQuery, response: { 200: okBody(agentPlayersPage) } } }, async (request) =>
    ok(await partners.portal.players(me(request), request.query)),
  );
  app.get('/agent/sub-partners', { schema: { response: { 200: okBody(agentSubPartnersView) } } }, async (request) =>
    ok(await partners.portal.subPartners(me(request))),
  );
  app.post('/agent/sub-partners', { schema: { body: agentSubPartnerBody, response: { 200: okBody(agentSubPartnerView) } } }, async (request) =>
    ok(await partners.portal.createSub(me(request), request.body)),
  );
  app.put(
    '/agent/sub-partners/:id/rate',
    { schema: { params: agentIdParams, body: agentSubPartnerRateBody, response: { 200: okBody(agentSubPartnerView) } } },
    async (request) => ok(await partners.portal.setSubRate(me(request), request.params.id, request.body.rate_bp)),
  );
  app.get('/agent/statements', { schema: { querystring: agentStatementsQuery, response: { 200: okBody(agentStatementsPage) } } }, async (request) =>
    ok(await partners.portal.statements(me(request), request.query)),
  );
  app.get('/agent/statements/:id', { schema: { params: agentIdParams, response: { 200: okBody(statementView) } } }, async (request) =>
    ok(await partners.portal.statement(me(request), request.params.id)),
  );
  app.get('/agent/statements/:id/csv', { schema: { params: agentIdParams, response: { 200: agentCsvView } } }, async (request, reply) => {
    const s = await partners.portal.statement(me(request), request.params.id);
    const body = csvText(STATEMENT_CSV_COLUMNS, statementCsvRows(s));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="statement-${s.period}.csv"`).send(body);
  });
  app.get('/agent/wallet', { schema: { response: { 200: okBody(agentWalletView) } } }, async (request) => ok(await partners.portal.wallet(me(request))));
  app.put('/agent/bank-card', { schema: { body: agentBankCardBody, response: { 200: okBody(agentWalletView) } } }, async (request) =>
    ok(await partners.portal.setBankCard(me(request), request.body)),
  );
  app.get('/agent/payouts', { schema: { querystring: agentPayoutsQuery, response: { 200: okBody(agentPayoutsPage) } } }, async (request) =>
    ok(await partners.portal.payouts(me(request), request.query)),
  );
  app.post('/agent/payouts', { schema: { body: agentPayoutBody, response: { 200: okBody(payoutView) } } }, async (request) =>
    ok(await partners.portal.requestPayout(me(request), request.body)),
  );
  app.get('/agent/materials', { schema: { response: { 200: okBody(agentMaterialsView) } } }, async () => ok(await partners.portal.materials()));
}

/** The site's calls: the plan the public page explains, and the application form. */
export const partnerSiteRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { partners } = app.services;
  app.get('/partners/plan', { schema: { response: { 200: okBody(publicPlanView) } } }, async () => ok(await partners.publicPlan()));
  app.post(
    '/partners/applications',
    {
      schema: { body: partnerApplicationBody, response: { 200: okBody(partnerApplicationView) } },
      config: { rateLimit: { max: APPLICATIONS_PER_HOUR, timeWindow: '1 hour' } },
    },
    async (request) => ok(await partners.apply(request.body, request.ip)),
  );
};

const linkParams = v.object({ code: v.pipe(v.string(), v.maxLength(32)) });
const linkQuery = v.object({ sub: v.optional(v.pipe(v.string(), v.maxLength(64)), '') });

/** The tracking link: counts the click, sets the 30-day first-party cookie, redirects (see binding.ts for where). */
export const trackingLinkRoutes: FastifyPluginAsync<{ secureCookies: boolean }> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { partners } = app.services;
  app.get('/r/:code', { schema: { params: linkParams, querystring: linkQuery } }, async (request, reply) => {
    const visit = { host: request.hostname, userAgent: String(request.headers['user-agent'] ?? ''), visited: !!request.cookies?.[VISITED_COOKIE] };
    const r = await partners.binding.click(request.params.code, request.query.sub, visit);
    if (r.cookie)
      // Signed: the value picks the partner and campaign a registration is bound to, so a browser may not write its own.
      reply.setCookie(REF_COOKIE, r.cookie, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
        maxAge: REF_COOKIE_MAX_AGE_S,
        signed: true,
      });
    reply.setCookie(VISITED_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secureCookies, maxAge: 365 * 24 * 3600 });
    return reply.redirect(r.location, 302);
  });
};

/** The sign-in's browser fingerprint when it is one (hex, as src/lib/fingerprint.ts makes it), else ''. */
function deviceOf(header: string | string[] | undefined): string {
  const value = typeof header === 'string' ? header.trim().toLowerCase() : '';
  return /^[a-f0-9]{16,128}$/.test(value) ? value : '';
}
