// Public calls about the site itself: settings, notices, website status, address blacklist.
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { SYSTEM_MESSAGE_SLOT } from '../../../shared/schemas/backoffice/system.ts';
import { ipBlockedView, noticesView, recommendedCodeView, settingsView, websiteStatusView } from '../../../shared/schemas/system.ts';

export const systemRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { system } = app.services;

  app.get('/system/settings', { schema: { response: { 200: okBody(settingsView) } } }, async () => ok(await system.settings()));

  app.get('/system/messages', { schema: { response: { 200: okBody(noticesView) } } }, async (request) =>
    ok({
      [SYSTEM_MESSAGE_SLOT]: await system.messagesFor(SYSTEM_MESSAGE_SLOT, request.locale),
    }),
  );

  app.get('/website/status', { schema: { response: { 200: okBody(websiteStatusView) } } }, async (request) =>
    ok(await system.websiteStatusFor(request.locale)),
  );

  app.get('/checkIpBlack', { schema: { response: { 200: okBody(ipBlockedView) } } }, async (request) => ok({ status: await system.ipBlocked(request.ip) }));

  // The front end shows the recommended-code field when this answers 1 with status 200.
  app.get('/activity/getRecommendedCode', { schema: { response: { 200: recommendedCodeView } } }, async (_request, reply) => {
    const on = await system.setting('register_recommend_code');
    return reply.type('application/json').send(on ? 1 : 0);
  });
};
