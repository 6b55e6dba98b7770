// The back office's money routes, registered inside backofficeRoutes so its auth hook (each route's
// `config.staff` permission) and error handler apply to them too.
import { commandKey } from '../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../shared/schemas/idempotency.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { loadConfig } from '../../config.ts';
import type { Operator, StaffAuth } from './service.ts';
import { idParams, type Input } from './schemas.ts';
import { ProviderFaults } from './provider-faults.ts';
import { BackofficeWalletService } from './wallet-service.ts';
import {
  blacklistBody, bonusGrantBody, codeParams, faultsBody, findingsQuery, ledgerQuery, lookupQuery, pendingQuery, transferParams,
  transfersQuery, walletsQuery, type FaultsPatch,
} from './wallet-schemas.ts';

export interface WalletRoutesOptions {
  /** The game provider's base URL (config.provider.baseUrl); read from the environment when not given. */
  providerBaseUrl?: string;
}

export const backofficeWalletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (app, opts) => {
  const { db, wallet, provider, limiter } = app.services;
  const faults = new ProviderFaults(opts.providerBaseUrl ?? loadConfig().provider.baseUrl, { production: loadConfig().nodeEnv === 'production' });
  const service = new BackofficeWalletService({ db, wallet, provider, limiter, faults });

  const op = (request: FastifyRequest): Operator => ({ staffId: (request.staff as StaffAuth).staffId, ip: request.ip });
  const id = (request: FastifyRequest) => (request.params as Input<typeof idParams>).id;

  // Players (the platform list is in catalogue-routes.ts).

  app.get('/players/lookup', {
    schema: { querystring: lookupQuery },
    config: { staff: 'player.detail' },
  }, async (request) => ok(await service.summary({ account: (request.query as Input<typeof lookupQuery>).account })));

  app.get('/players/:id', {
    schema: { params: idParams },
    config: { staff: 'player.detail' },
  }, async (request) => ok(await service.summary({ id: id(request) })));

  app.get('/players/:id/wallets', {
    schema: { params: idParams, querystring: walletsQuery },
    config: { staff: 'wallets.read' },
  }, async (request) => ok(await service.wallets(id(request), (request.query as Input<typeof walletsQuery>).live === '1')));

  app.get('/players/:id/ledger', {
    schema: { params: idParams, querystring: ledgerQuery },
    config: { staff: 'wallets.read' },
  }, async (request) => ok(await service.ledger(id(request), request.query as Input<typeof ledgerQuery>)));

  app.get('/players/:id/transfers', {
    schema: { params: idParams, querystring: transfersQuery },
    config: { staff: 'wallets.read' },
  }, async (request) => ok(await service.transfers(id(request), request.query as Input<typeof transfersQuery>)));

  app.post('/players/:id/bonus-wallets', {
    schema: { headers: idempotencyHeaders, params: idParams, body: bonusGrantBody },
    config: { staff: 'bonus.grant' },
  }, async (request) => ok(await service.grantBonus(
    op(request), id(request), request.body as Input<typeof bonusGrantBody>, commandKey(request, { params: request.params, body: request.body }),
  )));

  app.put('/players/:id/blacklist', {
    schema: { params: idParams, body: blacklistBody },
    config: { staff: 'blacklist.manage' },
  }, async (request) => ok(await service.setBlacklist(op(request), id(request), request.body as Input<typeof blacklistBody>)));

  // Reconciliation.

  app.get('/reconciliation/findings', {
    schema: { querystring: findingsQuery },
    config: { staff: 'reconciliation.manage' },
  }, async (request) => ok(await service.findings(request.query as Input<typeof findingsQuery>)));

  app.get('/reconciliation/pending', {
    schema: { querystring: pendingQuery },
    config: { staff: 'reconciliation.manage' },
  }, async (request) => ok(await service.pendingTransfers(request.query as Input<typeof pendingQuery>)));

  app.post('/reconciliation/run', { config: { staff: 'reconciliation.manage' } }, async (request) => ok(await service.runReconcile(op(request))));

  app.post('/reconciliation/transfers/:id/recheck', {
    schema: { params: transferParams },
    config: { staff: 'reconciliation.manage' },
  }, async (request) => ok(await service.recheck(op(request), (request.params as Input<typeof transferParams>).id)));

  // The stand-in provider's fault switches (404 unless the provider runs on this machine).

  app.get('/provider-faults', { config: { staff: 'provider_faults.manage' } }, async () => ok(await service.providerFaults()));

  app.get('/provider-faults/:code', {
    schema: { params: codeParams },
    config: { staff: 'provider_faults.manage' },
  }, async (request) => {
    const code = (request.params as Input<typeof codeParams>).code;
    return ok({ code, faults: await faults.get(code) });
  });

  app.put('/provider-faults/:code', {
    schema: { params: codeParams, body: faultsBody },
    config: { staff: 'provider_faults.manage' },
  }, async (request) => ok(await service.setProviderFaults(
    op(request), (request.params as Input<typeof codeParams>).code, request.body as FaultsPatch,
  )));

  app.delete('/provider-faults', { config: { staff: 'provider_faults.manage' } }, async (request) => ok(await service.resetProviderFaults(op(request))));
};
