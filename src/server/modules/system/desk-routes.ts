// The back office's system desk (desk.ts): the outbox per event kind, its dead letters and their redrive, the
// scheduled jobs with their runs and "run now". Registered by backoffice-routes.ts under the staff-auth plugin, whose
// hook checks each route's permission (and answers 401 to an anonymous caller) before any schema is read.
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { staffQueryRoute } from '../../lib/staff-routes.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import {
  deadLettersQuery,
  deadLettersView,
  jobParams,
  jobRunsQuery,
  jobRunsView,
  jobsDeskView,
  outboxDeskView,
  redriveBody,
  redriveKindBody,
  redriveView,
  runNowView,
} from '../../../shared/schemas/backoffice/system-desk.ts';
import { operatorOf } from '../staff/request.ts';

type TypedApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ValibotTypeProvider>;

export function deskRoutes(app: TypedApp): void {
  const { system } = app.services;

  app.get('/system-desk/outbox', { schema: { response: { 200: okBody(outboxDeskView) } }, config: { staff: 'system.read' } }, async () =>
    ok(await system.desk.outbox()),
  );

  staffQueryRoute(app, '/system-desk/dead-letters', { permission: 'system.read', query: deadLettersQuery, view: deadLettersView }, (query) =>
    system.desk.deadLetters(query),
  );

  app.post(
    '/system-desk/dead-letters/redrive',
    { schema: { body: redriveBody, response: { 200: okBody(redriveView) } }, config: { staff: 'system.redrive' } },
    async (request) => ok(await system.desk.redrive(operatorOf(request), request.body)),
  );

  app.post(
    '/system-desk/dead-letters/redrive-kind',
    { schema: { body: redriveKindBody, response: { 200: okBody(redriveView) } }, config: { staff: 'system.redrive' } },
    async (request) => ok(await system.desk.redriveKind(operatorOf(request), request.body.event)),
  );

  app.get('/system-desk/jobs', { schema: { response: { 200: okBody(jobsDeskView) } }, config: { staff: 'system.read' } }, async () =>
    ok(await system.desk.jobs()),
  );

  app.get(
    '/system-desk/jobs/:name/runs',
    { schema: { params: jobParams, querystring: jobRunsQuery, response: { 200: okBody(jobRunsView) } }, config: { staff: 'system.read' } },
    async (request) => ok(await system.desk.jobRuns(request.params.name, request.query)),
  );

  app.post(
    '/system-desk/jobs/:name/run-now',
    { schema: { params: jobParams, response: { 200: okBody(runNowView) } }, config: { staff: 'system.run_job' } },
    async (request) => ok(await system.desk.runNow(operatorOf(request), request.params.name)),
  );
}
