// Identity verification's back-office routes: the review queue, a player's review page, a document's file
// (every view audited), the decision, and the settings. Registered inside backofficeRoutes, so its auth hook and error
// handler apply; every route declares its permission.
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { staffQueryRoute } from '../../lib/staff-routes.ts';
import { bytesView, okBody } from '../../../shared/schemas/envelope.ts';
import { idParams } from '../../../shared/schemas/paging.ts';
import {
  kycQueuePage,
  kycQueueQuery,
  kycReviewBody,
  kycReviewResult,
  kycReviewView,
  kycSettingsBody,
  kycSettingsView,
} from '../../../shared/schemas/kyc/backoffice.ts';
import { operatorOf } from '../staff/request.ts';
import { KycBackofficeService } from './backoffice-service.ts';
import { documentView } from './service.ts';

export const backofficeKycRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, kyc, realtime, cashier } = app.services;
  const service = new KycBackofficeService({
    db,
    kyc,
    publish: realtime.publisher,
    cards: async (playerId, limit) => (await cashier.cardsOnFile(playerId, limit)).filter((c) => !c.deletedAt),
    withdrawMinMinor: () => cashier.withdrawMinMinor(),
  });

  staffQueryRoute(app, '/kyc/queue', { permission: 'kyc.review', query: kycQueueQuery, view: kycQueuePage }, (q) => service.queue(q));

  app.get('/kyc/players/:id', { schema: { params: idParams, response: { 200: okBody(kycReviewView) } }, config: { staff: 'kyc.review' } }, async (request) =>
    ok(await service.review(request.params.id)),
  );

  app.get(
    '/kyc/documents/:id/file',
    { schema: { params: idParams, response: { 200: bytesView } }, config: { staff: 'kyc.documents.view' } },
    async (request, reply) => {
      const file = await service.documentFile(operatorOf(request), request.params.id);
      return reply
        .type(file.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );

  app.post(
    '/kyc/documents/:id/review',
    {
      schema: { params: idParams, body: kycReviewBody, response: { 200: okBody(kycReviewResult) } },
      config: { staff: 'kyc.decide' },
    },
    async (request) => {
      const { doc, level } = await service.decide(operatorOf(request), request.params.id, request.body);
      const page = await service.review(doc.playerId);
      return ok({
        document: page.documents.find((d) => d.id === doc.id) ?? {
          ...documentView(doc),
          size_bytes: doc.sizeBytes,
          has_file: true,
          document_name: doc.documentName,
          document_birthday: doc.documentBirthday,
          reviewed_by: null,
        },
        level,
      });
    },
  );

  app.get('/kyc/settings', { schema: { response: { 200: okBody(kycSettingsView) } }, config: { staff: 'kyc.review' } }, async () =>
    ok(await service.settingsView(await kyc.settings())),
  );

  app.put(
    '/kyc/settings',
    { schema: { body: kycSettingsBody, response: { 200: okBody(kycSettingsView) } }, config: { staff: 'kyc.manage' } },
    async (request) => ok(await service.saveSettings(operatorOf(request), request.body)),
  );
};
