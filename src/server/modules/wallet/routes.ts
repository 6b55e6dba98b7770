// Wallet calls of SPEC.md section 7. Money comes in as decimal strings and leaves the same way; inside it
// is bigint minor units. Money commands accept an Idempotency-Key header: a retried request with the same
// key returns the first result.
import * as v from 'valibot';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import { decimalToMinor, minorToDecimal } from '../../../shared/money.ts';
import {
  autoTransferBody, autoTransferSwitchBody, bonusWalletBody, codeParam, depositBonusBody, depositSpecialBody,
  depositToPlatformBody, gameLinkQuery, moneyRecordsQuery, transactionRecordQuery, walletListBody, withdrawFromPlatformBody,
  autoTransferSwitchView, gameLinkView, moneyRecordView, platformWalletView, transferRecordView, transferResultView, unlockedView,
} from '../../../shared/schemas/wallet.ts';
import { okBody, okEmpty, pageOf } from '../../../shared/schemas/envelope.ts';
import { platformStatusView, platformView } from '../../../shared/schemas/games.ts';
import { bonusWalletView } from '../../../shared/schemas/user.ts';
import { depositView, withdrawalRecordView } from '../../../shared/schemas/cashier.ts';
import type { Auth } from '../auth/service.ts';
import * as repo from './repository.ts';
import * as cashierRepo from '../cashier/repository.ts';
import { dayRange } from '../../lib/record-days.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { clientKey, commandKey } from '../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../shared/schemas/idempotency.ts';
import { recoveredMessage } from './messages.ts';
import { MAINTAIN_STATUS, PLATFORM_STATUS } from '../../../shared/statuses.ts';
import type { JournalKind } from '../../ledger/kinds.ts';

function money(text: string): bigint {
  const m = decimalToMinor(text);
  if (m === undefined || m <= 0n) throw new ApiError('validation_failed', { money: ['v.money.positive'] });
  return m;
}


const MONEY_CATEGORIES: Record<string, readonly JournalKind[] | undefined> = {
  all: undefined,
  transfer: ['transfer_start', 'transfer_settle', 'transfer_refund', 'bonus_to_central'],
  // Every bonus the player was paid (by an operator, a promotion, a VIP reward, a red packet or the points mall) and
  // what became of activity wallets: unlocked, given up, paid out or forfeited.
  bonus: ['bonus_grant', 'promotion_grant', 'vip_reward', 'red_packet', 'exchange_bonus', 'bonus_unlock', 'bonus_give_up', 'bonus_to_central', 'bonus_forfeit'],
  adjust: ['adjustment'],
};

export const walletRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { wallet, db } = app.services;
  const auth = (request: FastifyRequest) => request.auth as Auth;
  // onRequest rather than preHandler: an anonymous caller gets 401 before its body is read or validated.
  const player = { onRequest: app.requirePlayer };

  app.post('/games/wallet', { ...player, schema: { body: walletListBody, response: { 200: okBody(v.array(platformWalletView)) } } }, async (request) => {
    const body = request.body ?? {};
    return ok(await wallet.platformWallets(auth(request).playerId, body.forceUpdate === true, request.locale));
  });

  app.get('/games/platform/all', { schema: { response: { 200: okBody(v.array(platformView)) } } }, async (request) => {
    const rows = await repo.allPlatforms(db);
    return ok(rows.map((p) => ({
      id: p.id, name: request.locale === 'en' ? p.nameEn : p.name, gp_code: p.gpCode, group: p.group,
      front_show: p.frontShow, maintain_status: p.maintainStatus,
      maintain: p.maintainStart && p.maintainEnd ? `${p.maintainStart.toISOString()} ~ ${p.maintainEnd.toISOString()}` : '',
      status: p.status, start_time: p.startTime?.toISOString() ?? null, end_time: p.endTime?.toISOString() ?? null,
      logo: `/partners/${p.gpCode.toLowerCase()}.svg`,
    })));
  });

  app.get('/platforms/status', { schema: { response: { 200: okBody(v.array(platformStatusView)) } } }, async () => {
    const rows = await repo.allPlatforms(db);
    return ok(rows.map((p) => ({
      gp_code: p.gpCode, group: p.group, status: p.status, front_show: p.frontShow,
      start_time: p.maintainStart?.toISOString() ?? null, end_time: p.maintainEnd?.toISOString() ?? null,
    })));
  });

  app.get('/games/link/:code', { ...player, schema: { params: codeParam, querystring: gameLinkQuery, response: { 200: okBody(gameLinkView) } } }, async (request) => {
    const { code } = request.params;
    const q = request.query;
    return ok(await app.services.games.launch(auth(request).playerId, code, q.productId ?? 'lobby', request.locale));
  });

  app.get('/demo/link/:code', { schema: { params: codeParam, querystring: gameLinkQuery, response: { 200: okBody(v.array(v.string())) } } }, async (request) => {
    const { code } = request.params;
    const q = request.query;
    const url = await app.services.games.demo(code, q.productId ?? 'lobby', request.locale);
    return ok(url ? [url] : [], 'success');
  });

  app.get('/auth/autoTransfer/get/:code', { ...player, schema: { params: codeParam, response: { 200: okBody(v.array(bonusWalletView)) } } }, async (request) => {
    const { code } = request.params;
    const views = await wallet.bonusWalletViews(auth(request).playerId, request.locale);
    return ok(views.filter((w) => !w.wallet.length || w.wallet.includes(code)));
  });

  app.put('/auth/autoTransfer', { ...player, schema: { body: autoTransferSwitchBody, response: { 200: okBody(autoTransferSwitchView) } } }, async (request) => {
    const body = request.body;
    await repo.setAutoTransfer(db, auth(request).playerId, body.auto_transfer);
    return ok({ auto_transfer: body.auto_transfer });
  });

  const toPlatform = async (request: FastifyRequest, code: string, body: v.InferOutput<typeof depositToPlatformBody>) => {
    const walletId = body.player_bonus_wallet_id ? Number(body.player_bonus_wallet_id) : 0;
    return wallet.transferIn(auth(request).playerId, code, money(body.money), walletId > 0 ? { kind: 'bonus', walletId } : { kind: 'central' }, clientKey(request));
  };
  const transferMessage = (request: FastifyRequest, status: string) =>
    status === 'applied' ? (request.locale === 'en' ? 'Transfer completed' : '轉帳成功')
      : status === 'pending' ? (request.locale === 'en' ? 'Transfer is being confirmed' : '轉帳確認中')
        : (request.locale === 'en' ? 'Transfer was refused by the platform and refunded' : '平台拒絕此轉帳，金額已退回');

  app.post('/players/autoTransFer/:code', { ...player, schema: { headers: idempotencyHeaders, params: codeParam, body: autoTransferBody, response: { 200: okBody(transferResultView) } } }, async (request) => {
    const result = await toPlatform(request, request.params.code, request.body);
    return ok(result, result.status === 'applied' ? (request.locale === 'en' ? 'Automatic transfer successful!' : '自動轉帳成功!') : transferMessage(request, result.status));
  });

  app.post('/players/deposit/:code', { ...player, schema: { headers: idempotencyHeaders, params: codeParam, body: depositToPlatformBody, response: { 200: okBody(transferResultView) } } }, async (request) => {
    const result = await toPlatform(request, request.params.code, request.body);
    return ok(result, transferMessage(request, result.status));
  });

  app.post('/players/depositSpecail', { ...player, schema: { headers: idempotencyHeaders, body: depositSpecialBody, response: { 200: okBody(transferResultView) } } }, async (request) => {
    const body = request.body;
    const target = (await repo.allPlatforms(db)).find((p) => p.group === body.group && p.status === PLATFORM_STATUS.on && p.maintainStatus === MAINTAIN_STATUS.running);
    if (!target) throw new ApiError('not_found');
    const result = await wallet.transferIn(auth(request).playerId, target.gpCode, money(body.money), { kind: 'central' }, clientKey(request));
    return ok(result, transferMessage(request, result.status));
  });

  app.post('/players/depositBonus', { ...player, schema: { headers: idempotencyHeaders, body: depositBonusBody, response: { 200: okEmpty } } }, async (request) => {
    const body = request.body;
    const key = commandKey(request, { ...body });
    await wallet.bonusToCentral(auth(request).playerId, Number(body.player_bonus_wallet_id), money(body.money), key);
    return ok(null, transferMessage(request, 'applied'));
  });

  app.post('/players/withdraw/:code', { ...player, schema: { headers: idempotencyHeaders, params: codeParam, body: withdrawFromPlatformBody, response: { 200: okBody(transferResultView) } } }, async (request) => {
    const body = request.body;
    const all = String(body.type ?? '1') === '2';
    if (!all && !body.money) throw new ApiError('validation_failed', { money: ['v.money.required'] });
    const result = await wallet.transferOut(auth(request).playerId, request.params.code, all ? 'all' : money(body.money!), clientKey(request));
    return ok(result, transferMessage(request, result.status));
  });

  app.post('/players/withdrawAll', { ...player, schema: { headers: idempotencyHeaders, response: { 200: okBody(v.array(transferResultView)) } } }, async (request) => {
    const results = await wallet.recoverAll(auth(request).playerId);
    return ok(results, recoveredMessage(request.locale, results));
  });

  app.post('/players/bonusTransfer', { ...player, schema: { body: bonusWalletBody, response: { 200: okBody(unlockedView) } } }, async (request) => {
    const body = request.body;
    const paid = await wallet.unlockBonus(auth(request).playerId, Number(body.player_bonus_wallet_id));
    return ok({ money: paid }, request.locale === 'en' ? 'Unlocked' : '解鎖成功');
  });

  app.post('/auth/giveUpBonusWallet', { ...player, schema: { body: bonusWalletBody, response: { 200: okEmpty } } }, async (request) => {
    const body = request.body;
    await wallet.giveUpBonus(auth(request).playerId, Number(body.player_bonus_wallet_id));
    return ok(null, request.locale === 'en' ? 'Given up' : '已放棄');
  });

  app.get('/players/money/:category', {
    ...player, schema: { params: v.strictObject({ category: v.picklist(Object.keys(MONEY_CATEGORIES), 'error.not_found') }), querystring: moneyRecordsQuery, response: { 200: okBody(pageOf(moneyRecordView)) } },
  }, async (request) => {
    const { category } = request.params;
    const q = request.query;
    const { from, to } = dayRange(q.start, q.end);
    const { rows, total } = await repo.moneyRecords(db, auth(request).playerId, MONEY_CATEGORIES[category], from, to, q.pageSize, (q.page - 1) * q.pageSize);
    return ok({
      data: rows.map((r) => ({
        id: r.id, kind: r.kind, ref: r.ref, memo: r.memo, created_at: new Date(r.created_at).toISOString(),
        wallet: r.account_kind === 'central' ? 'central' : `bonus:${r.account_ref}`,
        amount: minorToDecimal(BigInt(r.amount_minor)), balance_after: minorToDecimal(BigInt(r.balance_after_minor)),
      })),
      total,
    });
  });

  app.get('/auth/transactionRecordList', { ...player, schema: { querystring: transactionRecordQuery, response: { 200: okBody(v.union([pageOf(depositView), pageOf(withdrawalRecordView), pageOf(transferRecordView)])) } } }, async (request) => {
    const q = request.query;
    const { from, to } = dayRange(q.date_start, q.date_end);
    const offset = (q.page - 1) * q.pageSize;
    // Deposits and withdrawals are the cashier's records; transfers (the default) are the wallet's.
    if (q.category === 'deposit' || q.category === 'recharge') {
      const r = await cashierRepo.depositsOf(db, auth(request).playerId, from, to, q.pageSize, offset);
      return ok({ data: r.rows.map((d) => app.services.cashier.depositView(d)), total: r.total });
    }
    if (q.category === 'withdraw') {
      const r = await cashierRepo.withdrawalsOf(db, auth(request).playerId, from, to, q.pageSize, offset);
      return ok({
        data: r.rows.map((w) => ({
          id: w.id, amount: minorToDecimal(w.amountMinor), fee: minorToDecimal(w.feeMinor), status: w.status, reason: w.reason,
          created_at: w.createdAt.toISOString(), reviewed_at: w.reviewedAt?.toISOString() ?? null,
        })),
        total: r.total,
      });
    }
    const { rows, total } = await repo.transfersOf(db, auth(request).playerId, from, to, q.pageSize, offset);
    return ok({
      data: rows.map((t) => ({
        id: t.id, gp_code: t.gpCode, direction: t.direction, wallet: t.walletKind === 'bonus' ? `bonus:${t.bonusWalletId}` : 'central',
        amount: minorToDecimal(t.amountMinor), status: t.status, reason: t.reason,
        created_at: t.createdAt.toISOString(), settled_at: t.settledAt?.toISOString() ?? null,
      })),
      total,
    });
  });
};
