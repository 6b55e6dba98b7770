// The account calls (SPEC.md section 7): recovery, the phone-code login, the signed-in password
// change and the avatar. Signed-in calls check the token on request, before the body is validated.
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import {
  accountPhoneSchema,
  avatarSchema,
  changePasswordSchema,
  phoneLoginSchema,
  recoveryTicketView,
  sendCodeView,
  sendVerificationSchema,
  updateByForgetSchema,
  verifyCodeSchema,
} from '../../../shared/schemas/account.ts';
import { okBody, okEmpty } from '../../../shared/schemas/envelope.ts';
import { tokenView } from '../../../shared/schemas/auth.ts';
import { AccountService } from './account-service.ts';
import { requestContext, sendCodeMessage } from './routes.ts';
import { playerOf } from './request.ts';

export const accountRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, system, limiter, sms, realtime } = app.services;
  const account = new AccountService({ db, system, limiter, sms, publish: realtime.publisher });
  const signedIn = { onRequest: app.requirePlayer };
  // Codes and probes are also limited per phone and per address in the service; this bounds the raw rate.
  const burst = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  app.post(
    '/auth/sendPhoneVerification',
    { schema: { body: sendVerificationSchema, response: { 200: okBody(sendCodeView) } }, config: burst },
    async (request) => {
      const outcome = await account.sendVerification(request.body, requestContext(request));
      return ok(outcome, sendCodeMessage(outcome, request.locale));
    },
  );

  app.post('/auth/ifPlayerExist', { schema: { body: accountPhoneSchema, response: { 200: okEmpty } }, config: burst }, async (request) => {
    await account.ifPlayerExist(request.body, requestContext(request));
    return ok(null, 'success');
  });

  app.post('/auth/verifyPhoneCode', { schema: { body: verifyCodeSchema, response: { 200: okBody(recoveryTicketView) } }, config: burst }, async (request) => {
    return ok(await account.verifyRecoveryCode(request.body, requestContext(request)), 'success');
  });

  app.put('/auth/updatePasswordByForget', { schema: { body: updateByForgetSchema, response: { 200: okEmpty } }, config: burst }, async (request) => {
    await account.updatePasswordByForget(request.body, requestContext(request));
    return ok(null, 'success');
  });

  app.post('/auth/phoneLogin', { schema: { body: phoneLoginSchema, response: { 200: okBody(tokenView) } }, config: burst }, async (request) => {
    return ok(await account.phoneLogin(request.body, requestContext(request)));
  });

  app.put('/auth/password', { ...signedIn, schema: { body: changePasswordSchema, response: { 200: okEmpty } } }, async (request) => {
    await account.changePassword(playerOf(request), request.body, requestContext(request));
    return ok(null, 'success');
  });

  app.put('/auth/update', { ...signedIn, schema: { body: avatarSchema, response: { 200: okEmpty } } }, async (request) => {
    await account.setAvatar(playerOf(request), request.body.avatar);
    return ok(null, 'Successfully modified');
  });
};
