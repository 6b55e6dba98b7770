// POST /api/vitals: a page view's field web vitals, sent once by navigator.sendBeacon (vitals-report.ts). No session
// and no cookie is read; the body is small and capped, each address is limited, and a bot's or a prerendered
// page's report is accepted and not counted (their figures say nothing of what players feel).
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { BATCHED_ROUTE_LIMIT } from '../../lib/limiter.ts';
import { vitalsReportAnswer, vitalsReportBody } from '../../../shared/schemas/vitals.ts';

/** A whole report is about 200 bytes; twice the largest honest one is plenty. */
export const VITALS_BODY_LIMIT_BYTES = 1024;
/**
 * Reports per address and minute: one per page view, so a player browsing quickly sends a few a minute; players
 * behind one carrier-grade NAT share an address, hence the room. The limit only bounds a flood, so it is counted
 * in batches (BATCHED_ROUTE_LIMIT) rather than with a round trip per report.
 */
export const VITALS_REPORTS_PER_MINUTE = 120;

export const vitalsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { vitals } = app.services;
  app.post(
    '/vitals',
    {
      bodyLimit: VITALS_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: VITALS_REPORTS_PER_MINUTE, timeWindow: '1 minute', ...BATCHED_ROUTE_LIMIT } },
      schema: { body: vitalsReportBody, response: { 204: vitalsReportAnswer } },
    },
    async (request, reply) => {
      vitals.record(request.body, request.headers['user-agent']);
      return reply.code(204).send(null);
    },
  );
};
