// Wallet calls of SPEC.md section 7. Money comes in as decimal strings and leaves the same way; inside it
// is bigint minor units. Money commands accept an Idempotency-Key header: a retried request with the same
// key returns the first result. Deposits and withdrawals in the transaction records are the cashier's, asked
// through its service; the wallet never reads the cashier's tables.
import * as v from 'valibot';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import { decimalToMinor } from '../../../shared/money.ts';
import {
  autoTransferBody,
  autoTransferSwitchBody,
  bonusWalletBody,
  codeParam,
  depositBonusBody,
  depositSpecialBody,
  depositToPlatformBody,
  moneyCategoryParams,
  moneyRecordsQuery,
  transactionRecordQuery,
  walletListBody,
  withdrawFromPlatformBody,
  autoTransferSwitchView,
  moneyRecordView,
  platformWalletView,
  transferRecordView,
  transferResultView,
  unlockedView,
} from '../../../shared/schemas/wallet.ts';
import { okBody, okEmpty, pageOf } from '../../../shared/schemas/envelope.ts';
import { platformStatusView, platformView } from '../../../shared/schemas/games.ts';
import { bonusWalletView } from '../../../shared/schemas/user.ts';
import { depositView, withdrawalRecordView } from '../../../shared/schemas/cashier.ts';
import { translate } from '../../../i18n/index.ts';
import { playerOf } from '../auth/request.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { clientKey, commandKey } from '../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../shared/schemas/idempotency.ts';
import { autoTransferMessage, recoveredMessage, transferMessage } from './messages.ts';
import { TRANSFER_STATUS } from '../../../shared/statuses.ts';
import type { Source } from './service.ts';

/** The body's amount in minor units; the schema checked its form, the service refuses zero. */
const minorOf = (text: string): bigint => decimalToMinor(text) ?? 0n;

/** A transfer to a platform is paid by the central wallet, or by the activity wallet the body names. */
function sourceOf(body: v.InferOutput<typeof depositToPlatformBody>): Source {
  const walletId = body.player_bonus_wallet_id ? Number(body.player_bonus_wallet_id) : 0;
  return walletId > 0 ? { kind: 'bonus', walletId } : { kind: 'central' };
}

export const walletRoutes: FastifyPluginAsync = async (app) => {
  await app.register(platformRoutes);
  await app.register(transferRoutes);
  await app.register(recordRoutes);
};

/** The platform wallets and list, and the automatic transfer's settings. */
const platformRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { wallet } = app.services;
  // onRequest rather than preHandler: an anonymous caller gets 401 before its body is read or validated.
  const player = { onRequest: app.requirePlayer };

  app.post('/games/wallet', { ...player, schema: { body: walletListBody, response: { 200: okBody(v.array(platformWalletView)) } } }, async (request) =>
    ok(await wallet.platformWallets(playerOf(request).playerId, request.body?.forceUpdate === true, request.locale)),
  );

  app.get('/games/platform/all', { schema: { response: { 200: okBody(v.array(platformView)) } } }, async (request) =>
    ok(await wallet.platformList(request.locale)),
  );

  app.get('/platforms/status', { schema: { response: { 200: okBody(v.array(platformStatusView)) } } }, async () => ok(await wallet.platformStatuses()));

  app.get('/auth/autoTransfer/get/:code', { ...player, schema: { params: codeParam, response: { 200: okBody(v.array(bonusWalletView)) } } }, async (request) =>
    ok(await wallet.bonusWalletsFor(playerOf(request).playerId, request.params.code, request.locale)),
  );

  app.put('/auth/autoTransfer', { ...player, schema: { body: autoTransferSwitchBody, response: { 200: okBody(autoTransferSwitchView) } } }, async (request) => {
    await wallet.setAutoTransfer(playerOf(request).playerId, request.body.auto_transfer);
    return ok({ auto_transfer: request.body.auto_transfer });
  });
};

/** Money between the central wallet, activity wallets and platforms. */
const transferRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { wallet } = app.services;
  const player = { onRequest: app.requirePlayer };
  const moneyCommand = { headers: idempotencyHeaders, response: { 200: okBody(transferResultView) } };

  app.post('/players/autoTransFer/:code', { ...player, schema: { ...moneyCommand, params: codeParam, body: autoTransferBody } }, async (request) => {
    const result = await wallet.transferIn(
      playerOf(request).playerId,
      request.params.code,
      minorOf(request.body.money),
      sourceOf(request.body),
      clientKey(request),
    );
    return ok(result, autoTransferMessage(request.locale, result.status));
  });

  app.post('/players/deposit/:code', { ...player, schema: { ...moneyCommand, params: codeParam, body: depositToPlatformBody } }, async (request) => {
    const result = await wallet.transferIn(
      playerOf(request).playerId,
      request.params.code,
      minorOf(request.body.money),
      sourceOf(request.body),
      clientKey(request),
    );
    return ok(result, transferMessage(request.locale, result.status));
  });

  app.post('/players/depositSpecail', { ...player, schema: { ...moneyCommand, body: depositSpecialBody } }, async (request) => {
    const result = await wallet.transferInToGroup(playerOf(request).playerId, request.body.group, minorOf(request.body.money), clientKey(request));
    return ok(result, transferMessage(request.locale, result.status));
  });

  app.post(
    '/players/depositBonus',
    { ...player, schema: { headers: idempotencyHeaders, body: depositBonusBody, response: { 200: okEmpty } } },
    async (request) => {
      const body = request.body;
      await wallet.bonusToCentral(playerOf(request).playerId, Number(body.player_bonus_wallet_id), minorOf(body.money), commandKey(request, { ...body }));
      return ok(null, transferMessage(request.locale, TRANSFER_STATUS.applied));
    },
  );

  app.post('/players/withdraw/:code', { ...player, schema: { ...moneyCommand, params: codeParam, body: withdrawFromPlatformBody } }, async (request) => {
    const body = request.body;
    const all = String(body.type ?? '1') === '2';
    if (!all && !body.money) throw new ApiError('validation_failed', { money: ['v.money.required'] });
    const result = await wallet.transferOut(playerOf(request).playerId, request.params.code, all ? 'all' : minorOf(body.money!), clientKey(request));
    return ok(result, transferMessage(request.locale, result.status));
  });

  app.post(
    '/players/withdrawAll',
    { ...player, schema: { headers: idempotencyHeaders, response: { 200: okBody(v.array(transferResultView)) } } },
    async (request) => {
      const results = await wallet.recoverAll(playerOf(request).playerId);
      return ok(results, recoveredMessage(request.locale, results));
    },
  );

  app.post('/players/bonusTransfer', { ...player, schema: { body: bonusWalletBody, response: { 200: okBody(unlockedView) } } }, async (request) => {
    const paid = await wallet.unlockBonus(playerOf(request).playerId, Number(request.body.player_bonus_wallet_id));
    return ok({ money: paid }, translate(request.locale, 'wallet.answer.unlocked'));
  });

  app.post('/auth/giveUpBonusWallet', { ...player, schema: { body: bonusWalletBody, response: { 200: okEmpty } } }, async (request) => {
    await wallet.giveUpBonus(playerOf(request).playerId, Number(request.body.player_bonus_wallet_id));
    return ok(null, translate(request.locale, 'wallet.answer.given_up'));
  });
};

/** The player's money records and transaction records. */
const recordRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { wallet, cashier } = app.services;
  const player = { onRequest: app.requirePlayer };

  app.get(
    '/players/money/:category',
    { ...player, schema: { params: moneyCategoryParams, querystring: moneyRecordsQuery, response: { 200: okBody(pageOf(moneyRecordView)) } } },
    async (request) => ok(await wallet.moneyRecords(playerOf(request).playerId, request.params.category, request.query)),
  );

  const recordPages = v.union([pageOf(depositView), pageOf(withdrawalRecordView), pageOf(transferRecordView)]);
  app.get(
    '/auth/transactionRecordList',
    { ...player, schema: { querystring: transactionRecordQuery, response: { 200: okBody(recordPages) } } },
    async (request) => {
      const q = request.query;
      const playerId = playerOf(request).playerId;
      // Deposits and withdrawals are the cashier's records; transfers (the default) are the wallet's.
      if (q.category === 'deposit' || q.category === 'recharge') return ok(await cashier.depositRecords(playerId, q));
      if (q.category === 'withdraw') return ok(await cashier.withdrawalRecords(playerId, q));
      return ok(await wallet.transferRecords(playerId, q));
    },
  );
};
