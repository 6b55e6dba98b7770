// The cashier's side of the AIO gateway dialect: the checkout form a pending order's player posts, the two notices
// (PaymentInfoURL: a code issued; ReturnURL: paid), and the reconciler that asks the gateway (QueryTradeInfo) about
// orders its notices missed. Every notice is recorded with its outcome where finance reads the gateway's callbacks;
// a paid one credits its order once however often and however concurrently it arrives (the order's row is locked and
// the journal's idempotency key is the order's), and a simulated payment is recorded and never credited.
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import type { EventPublisher, PublishedEvent } from '../../lib/events.ts';
import type { Limiter } from '../../lib/limiter.ts';
import type { CashierEvents } from './events.ts';
import type { RefusedOutcome } from './refusals.ts';
import { AIO_ACK, AIO_CHOOSE_PAYMENT, type AioCodeExpiry, type AioGateway, type AioMethod, type AioNotice } from '../../integrations/payments/aio.ts';
import { DEPOSIT_STATUS } from '../../../shared/statuses.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import * as repo from './repository.ts';

/** Notices with a bad MAC one sender may send per window before the rest are refused unread. */
const FORGED_NOTICES_PER_WINDOW = 20;
const FORGED_WINDOW_MS = 10 * 60 * 1000;
/** The reconciler asks about an order again once this long has passed since it last asked. */
const RECHECK_AFTER_MS = 4 * 60_000;
/** Orders the reconciler asks about per run; the longest-unasked first. */
const RECONCILE_BATCH = 200;
/** How far back pending orders are asked about: the longest code lasts this long, plus the barcode's late report. */
const RECONCILE_LOOKBACK_DAYS = 14;
/** Barcode payments are reported two days after payment: expired barcode orders are still asked about this long. */
const BARCODE_LATE_REPORT_MS = 3 * 24 * 60 * 60_000;

/** What the merchant answers a notice it did not accept (the gateway delivers it again). */
const REFUSED = {
  bad_mac: '0|CheckMacValue Error',
  wrong_merchant: '0|MerchantID Error',
  malformed: '0|Malformed',
  unknown_order: '0|Unknown MerchantTradeNo',
  amount_mismatch: '0|TradeAmt Error',
  rate_limited: '0|Too many',
} as const;

export type AioNoticeOutcome =
  keyof typeof REFUSED | 'credited' | 'duplicate' | 'simulated' | 'code_issued' | 'code_failed' | 'failed' | 'contradicts_paid' | 'ignored';

export interface AioDeskDeps {
  db: Db;
  gateway: AioGateway;
  accounts: AccountDirectory;
  publish: Publisher;
  events: () => EventPublisher<CashierEvents> | undefined;
  /** The cashier's credit of a deposit (its journal, keyed by the deposit), inside the caller's transaction. */
  credit: (tx: DbOrTx, d: repo.DepositRow, central: number, house: number) => Promise<PublishedEvent | undefined>;
  countRefusal: (outcome: RefusedOutcome) => void;
  limiter: Limiter | undefined;
  urls: { returnUrl: string; infoUrl: string; siteUrl: string };
  expiry: AioCodeExpiry;
}

const isAioMethod = (m: string): m is AioMethod => m in AIO_CHOOSE_PAYMENT;

export class AioDesk {
  private readonly deps: AioDeskDeps;
  readonly gateway: AioGateway;

  constructor(deps: AioDeskDeps) {
    this.deps = deps;
    this.gateway = deps.gateway;
  }

  /** The checkout form of a pending order not yet given a code; null once there is nothing to post. */
  checkoutOf(d: repo.DepositRow, locale: 'zh-TW' | 'en'): { action: string; fields: Record<string, string> } | null {
    if (d.status !== DEPOSIT_STATUS.pending || !isAioMethod(d.method) || d.paymentCode || d.barcodes) return null;
    const back = `${this.deps.urls.siteUrl}${locale === 'en' ? '/en' : ''}/member/deposit?type=1&order=${d.id}`;
    return this.gateway.checkoutForm({
      merchantTradeNo: d.id,
      createdAt: d.createdAt,
      amountMinor: d.amountMinor,
      method: d.method,
      description: `Deposit ${d.id}`,
      returnUrl: this.deps.urls.returnUrl,
      infoUrl: this.deps.urls.infoUrl,
      backUrl: back,
      locale,
      expiry: this.deps.expiry,
    });
  }

  /**
   * A notice as the gateway posted it: `kind` by the address it came to, `form` its fields, `rawBody` what is kept
   * of it. Answers the text for the gateway (`1|OK` once accepted) and the outcome recorded.
   */
  async notice(kind: 'info' | 'paid', form: Record<string, string>, rawBody: string, ip: string): Promise<{ answer: string; outcome: AioNoticeOutcome }> {
    const forgedKey = `aio:forged:${ip}`;
    const { limiter } = this.deps;
    if (limiter && (await limiter.peek(forgedKey)) >= FORGED_NOTICES_PER_WINDOW) {
      this.deps.countRefusal('rate_limited');
      return { answer: REFUSED.rate_limited, outcome: 'rate_limited' };
    }
    const read = this.gateway.readNotice(kind, form);
    const orderId = (form.MerchantTradeNo ?? '').slice(0, 40);
    const log = (outcome: AioNoticeOutcome, state: string, signatureOk: boolean, eventId = '') =>
      repo.logCallback(this.deps.db, { gateway: 'aio', eventId: eventId.slice(0, 80), orderId, state, signatureOk, outcome, body: rawBody.slice(0, 4000), ip });
    if (typeof read === 'string') {
      // Refused notices are counted per sender; a flood of them costs a counter, not a row each.
      const hit = limiter ? await limiter.hit(forgedKey, FORGED_NOTICES_PER_WINDOW, FORGED_WINDOW_MS) : { count: 1 };
      if (hit.count === 1) await log(read, kind, read !== 'bad_mac');
      this.deps.countRefusal('forged_or_malformed');
      return { answer: REFUSED[read], outcome: read };
    }
    const state = read.kind === 'paid' && read.simulated ? 'simulated' : read.kind;
    const eventId = `${kind}:${read.tradeNo}:${form.RtnCode ?? ''}`;
    const outcome = await this.apply(read);
    await log(outcome, state, true, eventId);
    return { answer: outcome in REFUSED ? REFUSED[outcome as keyof typeof REFUSED] : AIO_ACK, outcome };
  }

  /** What a believed notice does to its order. */
  private async apply(n: AioNotice): Promise<AioNoticeOutcome> {
    const first = await repo.depositById(this.deps.db, n.merchantTradeNo);
    if (!first || !isAioMethod(first.method)) return 'unknown_order';
    if (n.amountMinor !== first.amountMinor) return 'amount_mismatch';
    // A payment simulated from the merchant's back office moved no money: recorded, acknowledged, never credited.
    if (n.kind === 'paid' && n.simulated) return 'simulated';
    if (n.kind === 'paid') return this.settlePaid(first, n.tradeNo);
    if (n.kind === 'code') return this.issueCode(first, n);
    return this.fail(first, n.kind === 'code_failed' ? `code not issued (${n.rtnCode})` : `payment failed (${n.rtnCode})`, n.kind);
  }

  /** Credits a paid order once: the row is locked, and a paid one is a duplicate (the journal's key holds too). */
  async settlePaid(first: repo.DepositRow, tradeNo: string): Promise<'credited' | 'duplicate'> {
    const [central, house] = await Promise.all([
      this.deps.accounts.playerAccount(first.playerId, 'central'),
      this.deps.accounts.houseAccount('cash', first.playerId),
    ]);
    let outcome = 'duplicate' as 'credited' | 'duplicate';
    let credited: PublishedEvent | undefined;
    await this.deps.db.transaction(async (tx) => {
      const d = (await repo.depositById(tx, first.id, true))!;
      if (d.status === DEPOSIT_STATUS.paid) return;
      // Paid after its expiry or a failure notice still credits: the money did arrive (a barcode is reported days late).
      credited = await this.deps.credit(tx, d, central, house);
      if (tradeNo) await repo.updateDeposit(tx, d.id, { gatewayOrderId: tradeNo });
      outcome = 'credited';
    });
    if (outcome === 'credited') {
      this.deps.publish.toPlayer(first.playerId, 'deposit-success', { id: first.id, amount: minorToDecimal(first.amountMinor) });
      await this.deps.events()?.deliver(credited);
    }
    return outcome;
  }

  /** Stores the code (and its expiry) on a pending order; the player's page reads it again. */
  private async issueCode(first: repo.DepositRow, n: Extract<AioNotice, { kind: 'code' }>): Promise<'code_issued' | 'duplicate' | 'ignored'> {
    if (first.method !== n.code.kind) return 'ignored';
    let outcome = 'ignored' as 'code_issued' | 'duplicate' | 'ignored';
    await this.deps.db.transaction(async (tx) => {
      const d = (await repo.depositById(tx, first.id, true))!;
      if (d.status !== DEPOSIT_STATUS.pending) return;
      if (d.paymentCode || d.barcodes) {
        outcome = 'duplicate';
        return;
      }
      await repo.updateDeposit(tx, d.id, {
        gatewayOrderId: n.tradeNo || null,
        paymentCode: n.code.code || null,
        paymentBank: n.code.bankCode || null,
        barcodes: n.code.barcodes ? n.code.barcodes.join('\n') : null,
        expiresAt: n.code.expiresAt,
      });
      outcome = 'code_issued';
    });
    if (outcome === 'code_issued') this.deps.publish.toPlayer(first.playerId, 'deposit', { id: first.id });
    return outcome;
  }

  /** A failure closes a pending order; after payment it changes nothing. */
  private async fail(first: repo.DepositRow, reason: string, kind: 'code_failed' | 'failed'): Promise<AioNoticeOutcome> {
    let outcome = 'duplicate' as AioNoticeOutcome;
    await this.deps.db.transaction(async (tx) => {
      const d = (await repo.depositById(tx, first.id, true))!;
      if (d.status === DEPOSIT_STATUS.paid) outcome = 'contradicts_paid';
      else if (d.status === DEPOSIT_STATUS.pending) {
        await repo.updateDeposit(tx, d.id, { status: DEPOSIT_STATUS.failed, reason });
        outcome = kind;
      }
    });
    if (outcome === kind) this.deps.publish.toPlayer(first.playerId, 'deposit-fail', { id: first.id, reason });
    return outcome;
  }

  /**
   * Asks the gateway about the orders its notices may have missed (it delivers a notice five times, then stops):
   * pending orders, and barcode orders past their expiry while a late report may still come, longest-unasked
   * first. A paid one is credited (once, as a notice would); each answer that changes something is recorded.
   */
  async reconcile(limit = RECONCILE_BATCH): Promise<{ checked: number; credited: number }> {
    const now = new Date();
    const due = await repo.gatewayOrdersToCheck(this.deps.db, {
      methods: Object.keys(AIO_CHOOSE_PAYMENT),
      lateMethods: ['barcode'],
      createdAfter: new Date(now.getTime() - RECONCILE_LOOKBACK_DAYS * 24 * 60 * 60_000),
      checkedBefore: new Date(now.getTime() - RECHECK_AFTER_MS),
      expiredAfter: new Date(now.getTime() - BARCODE_LATE_REPORT_MS),
      limit,
    });
    let credited = 0;
    for (const d of due) {
      let answer: Awaited<ReturnType<AioGateway['orderState']>>;
      try {
        answer = await this.gateway.orderState(d.id);
      } catch {
        continue; // The gateway did not answer; the next run asks again.
      }
      await repo.updateDeposit(this.deps.db, d.id, { gatewayCheckedAt: new Date() });
      if (answer?.state !== 'paid') continue;
      const log = (outcome: AioNoticeOutcome) =>
        repo.logCallback(this.deps.db, {
          gateway: 'aio',
          eventId: `query:${answer.tradeNo ?? ''}`.slice(0, 80),
          orderId: d.id,
          state: 'query_paid',
          signatureOk: true,
          outcome,
          body: `QueryTradeInfo: paid, TradeAmt ${answer.amountMinor / 100n}`,
          ip: null,
        });
      if (answer.amountMinor !== d.amountMinor) {
        await log('amount_mismatch');
        continue;
      }
      const outcome = await this.settlePaid(d, answer.tradeNo ?? '');
      await log(outcome);
      if (outcome === 'credited') credited++;
    }
    return { checked: due.length, credited };
  }
}
