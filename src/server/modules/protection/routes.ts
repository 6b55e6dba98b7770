// The player's protection calls under /api/protection: what is in force, setting limits, the session limit
// and reality check, confirming a pending increase, time-outs and self-exclusion.
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import { decimalToMinor } from '../../../shared/money.ts';
import {
  confirmLimitBody,
  exclusionView,
  limitOutcomeView,
  outcomeView,
  protectionStatusView,
  realityCheckBody,
  selfExclusionBody,
  sessionLimitBody,
  setLimitBody,
  timeoutBody,
} from '../../../shared/schemas/protection.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { playerOf } from '../auth/request.ts';
import { translate } from '../../../i18n/index.ts';
import { sessionLimitError } from './gate.ts';

export const protectionRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { protection } = app.services;
  // onRequest rather than preHandler: an anonymous caller gets 401 before its body is read or validated.
  const player = { onRequest: app.requirePlayer };

  app.get('/protection/status', { ...player, schema: { response: { 200: okBody(protectionStatusView) } } }, async (request) => {
    const a = playerOf(request);
    // The session limit logs the player out on the server too, not only in the browser.
    if (await protection.enforceSessionLimit(a.playerId, a.sessionId)) throw sessionLimitError();
    return ok(await protection.status(a.playerId, a.sessionId));
  });

  app.put('/protection/limits', { ...player, schema: { body: setLimitBody, response: { 200: okBody(limitOutcomeView) } } }, async (request) => {
    const body = request.body;
    const value = body.value === null ? null : decimalToMinor(body.value)!;
    const outcome = await protection.setLimit(playerOf(request).playerId, body.kind, body.period, value);
    return ok({ outcome }, translate(request.locale, outcome === 'pending' ? 'protection.saved_pending' : 'protection.saved'));
  });

  app.put('/protection/session-limit', { ...player, schema: { body: sessionLimitBody, response: { 200: okBody(limitOutcomeView) } } }, async (request) => {
    const body = request.body;
    const outcome = await protection.setLimit(playerOf(request).playerId, 'session', 'session', body.minutes === null ? null : BigInt(body.minutes));
    return ok({ outcome }, translate(request.locale, outcome === 'pending' ? 'protection.saved_pending' : 'protection.saved'));
  });

  app.put('/protection/reality-check', { ...player, schema: { body: realityCheckBody, response: { 200: okBody(outcomeView) } } }, async (request) => {
    const body = request.body;
    await protection.setRealityCheck(playerOf(request).playerId, body.minutes);
    return ok({ outcome: 'applied' }, translate(request.locale, 'protection.saved'));
  });

  app.post('/protection/limits/confirm', { ...player, schema: { body: confirmLimitBody, response: { 200: okBody(outcomeView) } } }, async (request) => {
    const body = request.body;
    if ((body.kind === 'session') !== (body.period === 'session')) throw new ApiError('validation_failed', { period: ['protection.v.period'] });
    await protection.confirmLimit(playerOf(request).playerId, body.kind, body.period);
    return ok({ outcome: 'applied' }, translate(request.locale, 'protection.saved'));
  });

  app.post('/protection/timeout', { ...player, schema: { body: timeoutBody, response: { 200: okBody(exclusionView) } } }, async (request) => {
    const body = request.body;
    const a = playerOf(request);
    return ok(await protection.exclude(a.playerId, body.duration, { sessionId: a.sessionId }), translate(request.locale, 'protection.timeout_started'));
  });

  app.post('/protection/self-exclusion', { ...player, schema: { body: selfExclusionBody, response: { 200: okBody(exclusionView) } } }, async (request) => {
    const body = request.body;
    const a = playerOf(request);
    if (!(await protection.isOwnAccount(a.playerId, body.confirm_account))) {
      throw new ApiError('validation_failed', { confirm_account: ['protection.v.confirm_wrong'] });
    }
    return ok(await protection.exclude(a.playerId, body.duration, { sessionId: a.sessionId }), translate(request.locale, 'protection.exclusion_started'));
  });
};
