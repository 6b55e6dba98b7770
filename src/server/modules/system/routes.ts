// Public calls about the site itself: settings, notices, website status, address blacklist; and the SMS gateways'
// delivery receipts for the outbox.
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { errorView, okBody } from '../../../shared/schemas/envelope.ts';
import { ApiError } from '../../lib/errors.ts';
import { mitakeReceiptAnswerView, mitakeReceiptParams, mitakeReceiptQuery } from '../../../shared/schemas/sms.ts';
import { SYSTEM_MESSAGE_SLOT } from '../../../shared/schemas/backoffice/system.ts';
import { ipBlockedView, noticesView, recommendedCodeView, settingsView, websiteStatusView } from '../../../shared/schemas/system.ts';

export const systemRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { system, sms } = app.services;

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

  // Mitake's receipts carry no signature: the unguessable token in the URL given with each message is what proves them.
  app.get(
    '/sms/mitake/receipt/:token',
    { schema: { params: mitakeReceiptParams, querystring: mitakeReceiptQuery, response: { 200: mitakeReceiptAnswerView, 404: errorView } } },
    async (request, reply) => {
      const answer = await sms.mitakeReceipt(request.params.token, request.query);
      if (answer === undefined) throw new ApiError('not_found');
      return reply.type('text/plain; charset=utf-8').send(answer);
    },
  );
};
