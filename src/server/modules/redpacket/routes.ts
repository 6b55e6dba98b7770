// The player's red-packet calls of SPEC.md section 7: GET /activity/redEnvelope (open to visitors too, so the
// rain can show before sign-in; a signed-in player also learns whether they already took this round's packet)
// and POST /activity/addAudit/{redEnvelopeId}, whose envelope message is what the modal shows.
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { addAuditParams, addAuditView, redEnvelopeView } from '../../../shared/schemas/redpacket.ts';
import { bearerToken } from '../auth/tokens.ts';
import { playerOf } from '../auth/request.ts';

export const redPacketRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { redpacket, auth } = app.services;

  app.get('/activity/redEnvelope', { schema: { response: { 200: okBody(redEnvelopeView) } } }, async (request) => {
    // An invalid or expired token is answered as for a visitor: this call only decides what to show.
    const token = bearerToken(request.headers.authorization);
    const found = token ? await auth.authenticate(token) : undefined;
    return ok(await redpacket.info(found?.playerId, request.locale));
  });

  app.post(
    '/activity/addAudit/:redEnvelopeId',
    {
      onRequest: app.requirePlayer,
      schema: { params: addAuditParams, response: { 200: okBody(addAuditView) } },
    },
    async (request) => {
      const result = await redpacket.claim(playerOf(request).playerId, request.params.redEnvelopeId, request.locale);
      return ok(result.view, result.message);
    },
  );
};
