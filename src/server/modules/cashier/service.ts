// The cashier: deposits (gateway orders paid on the gateway's page and confirmed by signed callbacks, or
// manual bank transfers and USDT confirmed by finance), bank cards, and withdrawals with their fees, daily
// limits and turnover requirement. Every cent moves through the ledger; events reach the player after commit.
import { isUniqueViolation } from '../../db/errors.ts';
import { startOfTaipeiDay } from '../../../shared/time.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import type { Limiter } from '../../lib/limiter.ts';
import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { inMoneyTransaction } from '../../ledger/money-transaction.ts';
import { AccountDirectory } from '../../ledger/accounts.ts';
import { postJournal } from '../../ledger/ledger.ts';
import type { PaymentGateway } from '../../integrations/payments/gateway.ts';
import { AioGateway, type AioCodeExpiry } from '../../integrations/payments/aio.ts';
import { AioDesk } from './aio.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import type { SystemService } from '../system/service.ts';
import type { SystemSettings } from '../../../shared/settings.ts';
import { decimalToMinor, minorToDecimal, settingMinor } from '../../../shared/money.ts';
import { GATEWAY_METHODS, ageOn, type DepositMethod } from '../../../shared/schemas/cashier.ts';
import { MIN_AGE_YEARS } from '../../../shared/constants.ts';
import { validBetSince } from '../bets/service.ts';
import { BANKS, isBank } from './banks.ts';
import * as repo from './repository.ts';
import * as personal from '../auth/personal-facts.ts';
import type { ProtectionGate } from '../../lib/protection-gate.ts';
import type { WithdrawalKycGate } from '../../lib/kyc-gate.ts';
import type { WithdrawalRiskGate } from '../../lib/risk-gate.ts';
import { RISK_DECISION, type RiskDecision } from '../../../shared/schemas/risk/settings.ts';
import type { EventPublisher, PublishedEvent } from '../../lib/events.ts';
import type { CashierEvents } from './events.ts';
import { realTimer, type Timer } from '../../lib/timer.ts';
import { RefusalCounter, type RefusedOutcome } from './refusals.ts';
import { depositLimitsMinor } from '../../../shared/amount.ts';
import type { DepositView, RequirementView, WithdrawalRecordView, WithdrawTermsView } from '../../../shared/schemas/cashier.ts';
import type { TransactionRecordQuery } from '../../../shared/schemas/wallet.ts';
import { offsetOf, type Paging } from '../../../shared/schemas/paging.ts';
import type { RecordPage } from '../../../shared/schemas/paging.ts';
import { dayRange } from '../../lib/record-days.ts';

/** SPEC.md section 9: withdrawals are at least 500 unless the operator sets another minimum. */
const DEFAULT_WITHDRAW_MIN_MINOR = 50_000n;
/** Turnover: valid bet must reach this multiple of the deposits since the last withdrawal. */
const TURNOVER_MULTIPLE = 1n;
/** Expired gateway orders are checked with the gateway this long after their expiry before being closed. */
const EXPIRY_GRACE_MS = 60_000;
const EXPIRY_BATCH = 100;
/** Forged or malformed callbacks one sender may send per window before the rest are refused unread. */
export const FORGED_CALLBACKS_PER_WINDOW = 20;
const FORGED_WINDOW_MS = 10 * 60 * 1000;
/** Hourly counts of refused callbacks are kept this long. */
const REFUSAL_KEEP_DAYS = 30;

/** The gateway's page in the player's language: it reads `lang`, and opens in Chinese without it. */
function payUrlIn(payUrl: string | null, locale: 'zh-TW' | 'en'): string | null {
  if (!payUrl || locale !== 'en') return payUrl;
  try {
    const url = new URL(payUrl);
    url.searchParams.set('lang', 'en');
    return url.toString();
  } catch {
    return payUrl;
  }
}

/**
 * An order id: the prefix, the time in base 36 and 40 random bits, 20 letters and digits in all, so that a deposit's id
 * is also its MerchantTradeNo in the AIO dialect (20 alphanumerics at most).
 */
function newId(prefix: 'DP' | 'WD'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
}

/** A bank's name in the reader's language; a code that is not in the list shows as it is. */
function bankName(code: string, locale: 'zh-TW' | 'en'): string {
  const bank = BANKS.find((b) => b.code === code);
  return bank ? byLocale(locale, bank.name, bank.name_en) : code;
}

function maskNumber(n: string): string {
  return n.length > 4 ? `${'*'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}` : n;
}

/**
 * One deposit's turnover requirement. Valid bet is allocated to deposits oldest first, so this one gets what is left
 * of `achievedMinor` after the requirements of the deposits paid before it (`beforeMinor` in all) took theirs.
 */
function requirementOf(d: { id: string; amountMinor: bigint; paidAt: Date }, beforeMinor: bigint, achievedMinor: bigint): RequirementView {
  const required = d.amountMinor * TURNOVER_MULTIPLE;
  const rest = achievedMinor > beforeMinor ? achievedMinor - beforeMinor : 0n;
  const part = rest >= required ? required : rest;
  return {
    id: d.id,
    created_at: d.paidAt.toISOString(),
    deposit: minorToDecimal(d.amountMinor),
    required: minorToDecimal(required),
    achieved: minorToDecimal(part),
    done: part >= required,
  };
}
import { BANK_CARD_STATUS, DEPOSIT_STATUS, WITHDRAWAL_STATUS } from '../../../shared/statuses.ts';

export class CashierService {
  private readonly db: Db;
  /** Where record lists are read: the read replica when it may serve (db/reader.ts), else the primary. */
  private readonly reader: Db;
  private readonly system: SystemService;
  private readonly gateway: PaymentGateway;
  private readonly publish: Publisher;
  private readonly accounts: AccountDirectory;
  private readonly urls: { notifyUrl: string; siteUrl: string };
  /** The player-protection gate, asked before a deposit order is created. */
  private readonly gate: ProtectionGate | undefined;
  /** Identity verification's withdrawal check: the level a first withdrawal needs, the levels' ceilings. */
  private readonly kyc: WithdrawalKycGate | undefined;
  /**
   * Withdrawal risk: its decision is recorded on the withdrawal and enforced here. Without it (tests that
   * build a cashier alone) withdrawals are paid as before.
   */
  private readonly risk: WithdrawalRiskGate | undefined;
  /**
   * Where deposit.credited goes once a credit has committed (VIP level evaluation, deposit promotions). Given at
   * construction; the deposit sweep's test takes it away to stand for a process that died right after a commit.
   */
  events: EventPublisher<CashierEvents> | undefined;

  /** Counts forged callbacks per sender (shared by every instance). */
  private readonly limiter: Limiter | undefined;
  /** Told of every refused callback as it is refused (the Prometheus counter). */
  private readonly onCallbackRefused: ((gateway: string, outcome: RefusedOutcome) => void) | undefined;
  /** Refused callbacks, written to gateway_callback_refusals a moment after they were counted. */
  private readonly refusals: RefusalCounter;
  /**
   * USDT on TRON (cashier/usdt): when available, USDT is offered as a deposit address of the player's own that the chain
   * watcher credits, and no longer as a transaction id finance confirms by hand.
   */
  private readonly usdtChain: { available(): Promise<boolean> } | undefined;

  /**
   * Who takes a method's payments: the gateway (by its name) for the gateway methods, 'manual' for those finance
   * confirms by hand (bank transfer, USDT). The payments report groups by it.
   */
  gatewayOf(method: string): string {
    return (GATEWAY_METHODS as readonly string[]).includes(method) ? this.gateway.name : 'manual';
  }

  constructor(deps: {
    db: Db;
    reader?: Db;
    system: SystemService;
    gateway: PaymentGateway;
    publish: Publisher;
    accounts: AccountDirectory;
    urls: { notifyUrl: string; siteUrl: string };
    limiter?: Limiter;
    gate?: ProtectionGate;
    kyc?: WithdrawalKycGate;
    risk?: WithdrawalRiskGate;
    events?: EventPublisher<CashierEvents>;
    onCallbackRefused?: (gateway: string, outcome: RefusedOutcome) => void;
    /** When the refusal counts are written; tests pass a ManualTimer. */
    timer?: Timer;
    usdtChain?: { available(): Promise<boolean> };
    /** With the AIO dialect: where its notices are posted, and how long issued codes last. */
    aio?: { returnUrl: string; infoUrl: string; expiry: AioCodeExpiry };
  }) {
    this.usdtChain = deps.usdtChain;
    this.db = deps.db;
    this.reader = deps.reader ?? deps.db;
    this.gate = deps.gate;
    this.kyc = deps.kyc;
    this.risk = deps.risk;
    this.events = deps.events;
    this.onCallbackRefused = deps.onCallbackRefused;
    this.limiter = deps.limiter;
    this.system = deps.system;
    this.gateway = deps.gateway;
    this.publish = deps.publish;
    this.accounts = deps.accounts;
    this.urls = deps.urls;
    this.refusals = new RefusalCounter({
      timer: deps.timer ?? realTimer,
      write: (outcome, count) => repo.countRefusedCallbacks(this.db, { gateway: this.gateway.name, outcome, count, keepDays: REFUSAL_KEEP_DAYS }),
    });
    this.aio =
      deps.gateway instanceof AioGateway
        ? new AioDesk({
            db: this.db,
            gateway: deps.gateway,
            accounts: this.accounts,
            publish: this.publish,
            events: () => this.events,
            credit: (tx, d, central, house) => this.credit(tx, d, central, house, null),
            countRefusal: (outcome) => this.countRefusal(outcome),
            limiter: this.limiter,
            urls: { returnUrl: deps.aio?.returnUrl ?? '', infoUrl: deps.aio?.infoUrl ?? '', siteUrl: this.urls.siteUrl },
            expiry: deps.aio?.expiry ?? { atmDays: 3, cvsMinutes: 4320, barcodeDays: 7 },
          })
        : undefined;
  }

  /** The AIO dialect's notices and reconciler, when the gateway speaks it. */
  readonly aio: AioDesk | undefined;

  // ---- deposits ----------------------------------------------------------------------------------

  /** The methods shown, in the operator's order (deposit_sort), each with what the player needs to pay. */
  async depositMethods(locale: 'zh-TW' | 'en') {
    const s = await this.system.settings();
    // Digits-only text (a bank code, an account number) can come back from the settings' jsonb as a number: read it as text.
    const text = (x: unknown) => (x === null || x === undefined ? '' : String(x));
    const receiving = {
      bank: text(s.receiving_bank),
      name: text(s.receiving_bank_account_name),
      account: text(s.receiving_bank_account),
      usdt: text(s.usdt_address),
    };
    const usdtChain = (await this.usdtChain?.available()) ?? false;
    const all: Array<{ method: DepositMethod; enabled: boolean }> = [
      { method: 'bank_transfer', enabled: !!receiving.account },
      { method: 'card', enabled: !!s.tripartite_deposit },
      { method: 'cvs', enabled: !!s.tripartite_deposit },
      { method: 'online_banking', enabled: !!s.web_bank_deposit },
      { method: 'usdt', enabled: !!receiving.usdt || usdtChain },
      // ATM virtual accounts and store barcodes only where the gateway's dialect issues them.
      { method: 'atm', enabled: !!s.tripartite_deposit && !!this.aio },
      { method: 'barcode', enabled: !!s.tripartite_deposit && !!this.aio },
    ];
    const order = Array.isArray(s.deposit_sort) ? s.deposit_sort : [];
    const rank = (m: string) => (order.includes(m) ? order.indexOf(m) : order.length + all.findIndex((x) => x.method === m));
    const bank = BANKS.find((b) => b.code === receiving.bank);
    return {
      methods: all
        .filter((m) => m.enabled)
        .map((m) => m.method)
        .sort((a, b) => rank(a) - rank(b)),
      min: minorToDecimal(settingMinor(s.single_deposit_min)),
      max: minorToDecimal(settingMinor(s.single_deposit_max)),
      // Each method's effective limits: the operator's settings when set, else the method's own.
      limits: Object.fromEntries(
        all
          .filter((m) => m.enabled)
          .map((m) => {
            const l = this.methodLimitsMinor(m.method, s);
            return [m.method, { min: minorToDecimal(l.minMinor), max: minorToDecimal(l.maxMinor) }];
          }),
      ) as Partial<Record<DepositMethod, { min: string; max: string }>>,
      bank_transfer: receiving.account
        ? {
            bank: bank ? byLocale(locale, bank.name, bank.name_en) : receiving.bank,
            account_name: receiving.name,
            account: receiving.account,
          }
        : null,
      // The watched address is the player's own, read from GET /finance/deposit/usdt.
      usdt: usdtChain ? { address: '', network: 'TRC-20', automatic: true } : receiving.usdt ? { address: receiving.usdt, network: 'TRC-20' } : null,
    };
  }

  /** `ip`: the address the player asks from, announced after the order is made (risk's deposit signals). */
  async createDeposit(
    playerId: number,
    input: { method: DepositMethod; amount: string; player_ref?: string },
    clientKey?: string,
    locale: 'zh-TW' | 'en' = 'zh-TW',
    ip?: string,
  ): Promise<DepositView> {
    const replay = (seen: repo.DepositRow): DepositView => {
      if (seen.method !== input.method || minorToDecimal(seen.amountMinor) !== minorToDecimal(decimalToMinor(input.amount) ?? -1n))
        throw new ApiError('idempotency_mismatch');
      return this.depositView(seen, locale);
    };
    if (clientKey) {
      const seen = await repo.depositByClientKey(this.db, playerId, clientKey);
      if (seen) return replay(seen);
    }
    const s = await this.system.settings();
    const { amountMinor, gatewayMethod, ref } = await this.checkDeposit(playerId, input, s, locale);

    const id = newId('DP');
    const expireMinutes = Math.max(1, Number(s.deposit_order_expire_minutes) || 30);
    let requested: PublishedEvent | undefined;
    try {
      // The order and the deposit-limit check under the player's protection lock, so parallel orders cannot exceed it.
      await this.db.transaction(async (tx) => {
        await this.gate?.checkLocked(tx, playerId, 'deposit', amountMinor);
        await repo.insertDeposit(tx, {
          id,
          playerId,
          method: input.method,
          amountMinor,
          status: DEPOSIT_STATUS.pending,
          playerRef: ref,
          clientKey: clientKey ?? null,
          expiresAt: gatewayMethod ? new Date(Date.now() + expireMinutes * 60_000) : null,
        });
        if (ip) requested = await this.events?.publish(tx, 'deposit.requested', { playerId, depositId: id, ip });
      });
    } catch (err) {
      // The same key sent twice at once: the other request's order is the answer to this one too.
      const seen =
        clientKey && isUniqueViolation(err, 'deposit_orders_client_key_uq') ? await repo.depositByClientKey(this.db, playerId, clientKey) : undefined;
      if (seen) return replay(seen);
      throw err;
    }
    // The AIO dialect: the order is made at the gateway by the player's browser posting the checkout form.
    if (gatewayMethod) await this.openGatewayOrder(id, amountMinor, input.method, locale, expireMinutes);
    await this.events?.deliver(requested);
    return this.depositView((await repo.depositById(this.db, id))!, locale);
  }

  /**
   * A method's limits: the operator's single-deposit settings when set, else the method's own, narrowed to what the
   * gateway dialect's configuration allows the method (a store code stops at 6,000 at a personal merchant).
   */
  private methodLimitsMinor(method: DepositMethod, s: SystemSettings): { minMinor: bigint; maxMinor: bigint } {
    const own = depositLimitsMinor(method, settingMinor(s.single_deposit_min), settingMinor(s.single_deposit_max));
    const dialect = this.aio && GATEWAY_METHODS.includes(method) ? this.aio.gateway.methodLimitsMinor()[method as 'card'] : undefined;
    if (!dialect) return own;
    return {
      minMinor: own.minMinor > dialect.minMinor ? own.minMinor : dialect.minMinor,
      maxMinor: own.maxMinor > 0n && own.maxMinor < dialect.maxMinor ? own.maxMinor : dialect.maxMinor,
    };
  }

  /** Refuses a method not offered, and USDT to a watched address, which needs no order: the chain watcher credits what arrives. */
  private async assertOrderable(method: DepositMethod, offered: DepositMethod[]): Promise<void> {
    if (!offered.includes(method)) throw new ApiError('validation_failed', { method: ['cashier.method.unavailable'] });
    if (method === 'usdt' && (await this.usdtChain?.available())) throw new ApiError('validation_failed', { method: ['cashier.usdt.automatic'] });
  }

  /**
   * A deposit's checks before its order is made: the method offered, the amount a positive number within the
   * protection gate's limits, the method's single limits and the gateway methods' daily total, and a transfer's
   * reference given. Answers the amount in minor units, whether the gateway takes it, and the trimmed reference.
   */
  private async checkDeposit(
    playerId: number,
    input: { method: DepositMethod; amount: string; player_ref?: string },
    s: SystemSettings,
    locale: 'zh-TW' | 'en',
  ): Promise<{ amountMinor: bigint; gatewayMethod: boolean; ref: string }> {
    await this.assertOrderable(input.method, (await this.depositMethods(locale)).methods);
    const amountMinor = decimalToMinor(input.amount);
    if (amountMinor === undefined) throw new ApiError('validation_failed', { amount: ['cashier.amount.numeric'] });
    if (amountMinor <= 0n) throw new ApiError('validation_failed', { amount: ['cashier.amount.required'] });
    await this.gate?.check(playerId, 'deposit', amountMinor);
    // Limits of 0 are unset (SPEC.md section 9).
    const { minMinor, maxMinor } = this.methodLimitsMinor(input.method, s);
    // The AIO dialect posts whole TWD: a payment of cents cannot be made there.
    if (this.aio && GATEWAY_METHODS.includes(input.method) && amountMinor % 100n !== 0n)
      throw new ApiError('validation_failed', { amount: ['cashier.amount.whole'] });
    if (minMinor > 0n && amountMinor < minMinor) throw new ApiError('validation_failed', { amount: ['cashier.amount.below_min'] });
    if (maxMinor > 0n && amountMinor > maxMinor) throw new ApiError('validation_failed', { amount: ['cashier.amount.above_max'] });
    const gatewayMethod = GATEWAY_METHODS.includes(input.method);
    const dailyMax = settingMinor(s.tripartite_daily_deposit_max);
    if (gatewayMethod && dailyMax > 0n && (await repo.gatewayDepositsTodayMinor(this.db, playerId, startOfTaipeiDay())) + amountMinor > dailyMax) {
      throw new ApiError('validation_failed', { amount: ['cashier.amount.daily_max'] });
    }
    const ref = (input.player_ref ?? '').trim();
    if (!gatewayMethod && !ref)
      throw new ApiError('validation_failed', { player_ref: [input.method === 'usdt' ? 'cashier.txid.required' : 'cashier.transfer_ref.required'] });
    return { amountMinor, gatewayMethod, ref };
  }

  /** Opens the gateway's order for a stored deposit; a refusal fails the deposit and answers upstream_unavailable. */
  private async openGatewayOrder(id: string, amountMinor: bigint, method: DepositMethod, locale: 'zh-TW' | 'en', expireMinutes: number): Promise<void> {
    try {
      const created = await this.gateway.createOrder({
        merchantOrderId: id,
        amountMinor,
        method: method as 'card' | 'cvs' | 'online_banking' | 'atm' | 'barcode',
        notifyUrl: this.urls.notifyUrl,
        returnUrl: `${this.urls.siteUrl}${locale === 'en' ? '/en' : ''}/member/deposit?type=1&order=${id}`,
        expiresInSec: expireMinutes * 60,
        description: `Deposit ${id}`,
      });
      await repo.updateDeposit(this.db, id, {
        gatewayOrderId: created.gatewayOrderId,
        payUrl: payUrlIn(created.payUrl, locale),
        paymentCode: created.paymentCode,
        expiresAt: created.expiresAt,
      });
    } catch {
      await repo.updateDeposit(this.db, id, { status: DEPOSIT_STATUS.failed, reason: 'gateway refused the order' });
      throw new ApiError('upstream_unavailable');
    }
  }

  /** `locale`: the checkout form's language, for a pending AIO order; lists (no locale) carry no form. */
  private depositView(d: repo.DepositRow, locale?: 'zh-TW' | 'en'): DepositView {
    return {
      id: d.id,
      method: d.method as DepositMethod,
      amount: minorToDecimal(d.amountMinor),
      status: d.status,
      pay_url: d.payUrl,
      payment_code: d.paymentCode,
      expires_at: d.expiresAt?.toISOString() ?? null,
      created_at: d.createdAt.toISOString(),
      paid_at: d.paidAt?.toISOString() ?? null,
      reason: d.reason,
      player_ref: d.playerRef,
      payment_bank: d.paymentBank ?? null,
      barcodes: d.barcodes ? d.barcodes.split('\n') : null,
      checkout: locale && this.aio ? this.aio.checkoutOf(d, locale) : null,
    };
  }

  /** One of the player's deposit orders; another player's is not found. */
  async depositOf(playerId: number, id: string, locale: 'zh-TW' | 'en' = 'zh-TW'): Promise<DepositView> {
    const d = await repo.depositById(this.db, id);
    if (!d || d.playerId !== playerId) throw new ApiError('not_found');
    return this.depositView(d, locale);
  }

  /** The player's deposit orders in a record date range, newest first (the transaction records' deposits). */
  async depositRecords(playerId: number, q: TransactionRecordQuery): Promise<RecordPage<DepositView>> {
    const { from, to } = dayRange(q.date_start, q.date_end);
    const { rows, total } = await repo.depositsOf(this.reader, playerId, from, to, q.pageSize, offsetOf(q));
    return { data: rows.map((d) => this.depositView(d)), total };
  }

  /** The player's withdrawals in a record date range, newest first (the transaction records' withdrawals). */
  async withdrawalRecords(playerId: number, q: TransactionRecordQuery): Promise<RecordPage<WithdrawalRecordView>> {
    const { from, to } = dayRange(q.date_start, q.date_end);
    const { rows, total } = await repo.withdrawalsOf(this.reader, playerId, from, to, q.pageSize, offsetOf(q));
    return {
      data: rows.map((w) => ({
        id: w.id,
        amount: minorToDecimal(w.amountMinor),
        fee: minorToDecimal(w.feeMinor),
        status: w.status,
        reason: w.reason,
        created_at: w.createdAt.toISOString(),
        reviewed_at: w.reviewedAt?.toISOString() ?? null,
      })),
      total,
    };
  }

  /**
   * Credits a deposit exactly once (the journal's key makes any repeat a no-op) and announces it in the same
   * transaction: the money and deposit.credited commit together. The caller delivers the answer after its commit.
   */
  private async credit(
    tx: DbOrTx,
    d: repo.DepositRow,
    central: number,
    house: number,
    staffId: number | null,
    payerAccount?: string,
  ): Promise<PublishedEvent | undefined> {
    await postJournal(tx, {
      kind: 'deposit',
      idempotencyKey: `deposit:${d.id}`,
      request: { id: d.id, amount: d.amountMinor.toString() },
      playerId: d.playerId,
      ref: d.id,
      memo: d.method,
      staffId,
      postings: [
        { accountId: central, amountMinor: d.amountMinor },
        { accountId: house, amountMinor: -d.amountMinor },
      ],
    });
    await repo.updateDeposit(tx, d.id, { status: DEPOSIT_STATUS.paid, paidAt: new Date(), reviewedBy: staffId });
    return this.events?.publish(tx, 'deposit.credited', { playerId: d.playerId, depositId: d.id, ...(payerAccount ? { payerAccount } : {}) });
  }

  /**
   * A gateway callback. Verified over its raw body; logged whether valid or not; safe in any order and on
   * any retry: 'paid' credits once (even after the order expired or failed: the money did arrive), a
   * failure or expiry after payment changes nothing. Answers whether the signature held.
   */
  async handleCallback(rawBody: string, headers: Record<string, string | string[] | undefined>, ip: string): Promise<{ ok: boolean; outcome: string }> {
    const forgedKey = `cb:forged:${ip}`;
    // A sender that keeps failing the signature is refused before any more verifying or logging.
    if (this.limiter && (await this.limiter.peek(forgedKey)) >= FORGED_CALLBACKS_PER_WINDOW) {
      this.countRefusal('rate_limited');
      return { ok: false, outcome: 'rate_limited' };
    }
    const event = this.gateway.verifyCallback(rawBody, headers);
    const log = (outcome: string, signatureOk: boolean, body = rawBody.slice(0, 4000)) =>
      repo.logCallback(this.db, {
        gateway: this.gateway.name,
        eventId: event?.eventId.slice(0, 80) ?? '',
        orderId: event?.merchantOrderId.slice(0, 40) ?? '',
        state: event?.state ?? '',
        signatureOk,
        outcome,
        body,
        ip,
      });
    if (!event) {
      // Forged callbacks are counted per sender; only the first of a window is logged, without its body, so a
      // flood of them costs a counter, not a row of up to 16 KB each.
      const hit = this.limiter ? await this.limiter.hit(forgedKey, FORGED_CALLBACKS_PER_WINDOW, FORGED_WINDOW_MS) : { count: 1 };
      if (hit.count === 1) await log('forged_or_malformed', false, `[${Buffer.byteLength(rawBody)} bytes, not stored]`);
      this.countRefusal('forged_or_malformed');
      return { ok: false, outcome: 'forged_or_malformed' };
    }
    const first = await repo.depositById(this.db, event.merchantOrderId);
    if (!first) {
      await log('unknown_order', true);
      return { ok: true, outcome: 'unknown_order' };
    }
    if (event.amountMinor !== first.amountMinor) {
      await log('amount_mismatch', true);
      return { ok: true, outcome: 'amount_mismatch' };
    }
    const [central, house] = await Promise.all([this.accounts.playerAccount(first.playerId, 'central'), this.accounts.houseAccount('cash', first.playerId)]);
    let outcome = 'ignored';
    let credited: PublishedEvent | undefined;
    await this.db.transaction(async (tx) => {
      const d = (await repo.depositById(tx, first.id, true))!;
      if (event.state === 'paid') {
        if (d.status === DEPOSIT_STATUS.paid) outcome = 'duplicate';
        else {
          credited = await this.credit(tx, d, central, house, null, event.payerAccount ?? undefined);
          outcome = 'credited';
        }
      } else if (event.state === 'failed' || event.state === 'expired') {
        if (d.status === DEPOSIT_STATUS.pending) {
          await repo.updateDeposit(tx, d.id, { status: event.state, reason: event.failedReason ?? event.state });
          outcome = event.state;
        } else outcome = d.status === DEPOSIT_STATUS.paid ? 'contradicts_paid' : 'duplicate';
      }
    });
    await log(outcome, true);
    // Side effects after commit: the player's pages react live.
    if (outcome === 'credited') this.publish.toPlayer(first.playerId, 'deposit-success', { id: first.id, amount: minorToDecimal(first.amountMinor) });
    await this.events?.deliver(credited);
    if (outcome === 'failed' || outcome === 'expired') this.publish.toPlayer(first.playerId, 'deposit-fail', { id: first.id, reason: outcome });
    return { ok: true, outcome };
  }

  /**
   * An AIO-format notice (kind by the address it came to), its raw form body as posted; undefined when the gateway
   * speaks another dialect. Answers the text for the gateway and the outcome recorded.
   */
  async aioNotice(kind: 'info' | 'paid', rawBody: string, ip: string): Promise<{ answer: string; outcome: string } | undefined> {
    if (!this.aio) return undefined;
    const form: Record<string, string> = {};
    for (const [k, value] of [...new URLSearchParams(rawBody)].slice(0, 100)) form[k] = value;
    return this.aio.notice(kind, form, rawBody, ip);
  }

  /** Finance confirms a manual deposit (bank transfer or USDT) once the money is seen on the account. */
  async confirmDeposit(staffId: number, id: string): Promise<void> {
    const first = await repo.depositById(this.db, id);
    if (!first) throw new ApiError('not_found');
    const [central, house] = await Promise.all([this.accounts.playerAccount(first.playerId, 'central'), this.accounts.houseAccount('cash', first.playerId)]);
    let credited: PublishedEvent | undefined;
    await this.inTransaction(async (tx) => {
      const d = (await repo.depositById(tx, id, true))!;
      if (!isReviewable(d)) throw new ApiError('validation_failed', { id: ['cashier.deposit.not_reviewable'] });
      credited = await this.credit(tx, d, central, house, staffId);
    });
    this.publish.toPlayer(first.playerId, 'deposit-success', { id, amount: minorToDecimal(first.amountMinor) });
    await this.events?.deliver(credited);
  }

  async rejectDeposit(staffId: number, id: string, reason: string): Promise<void> {
    const first = await repo.depositById(this.db, id);
    if (!first) throw new ApiError('not_found');
    await this.inTransaction(async (tx) => {
      const d = (await repo.depositById(tx, id, true))!;
      if (!isReviewable(d)) throw new ApiError('validation_failed', { id: ['cashier.deposit.not_reviewable'] });
      await repo.updateDeposit(tx, id, { status: DEPOSIT_STATUS.rejected, reason, reviewedBy: staffId });
    });
    this.publish.toPlayer(first.playerId, 'deposit-fail', { id, reason });
  }

  /** Closes gateway orders past their expiry, asking the gateway first so a late payment is never missed. */
  async expireOrders(limit = EXPIRY_BATCH): Promise<{ checked: number; credited: number; expired: number }> {
    const due = await repo.expiredPendingGatewayOrders(this.db, new Date(Date.now() - EXPIRY_GRACE_MS), limit);
    let credited = 0;
    let expired = 0;
    for (const d of due) {
      let state: string | undefined;
      try {
        state = (await this.gateway.orderState(d.id))?.state;
      } catch {
        continue; // The gateway did not answer; the next run asks again.
      }
      const [central, house] = await Promise.all([this.accounts.playerAccount(d.playerId, 'central'), this.accounts.houseAccount('cash', d.playerId)]);
      let changed: 'credited' | 'expired' | undefined;
      let announced: PublishedEvent | undefined;
      await this.db.transaction(async (tx) => {
        const row = (await repo.depositById(tx, d.id, true))!;
        if (row.status !== DEPOSIT_STATUS.pending) return;
        if (state === 'paid') {
          announced = await this.credit(tx, row, central, house, null);
          changed = 'credited';
        } else {
          await repo.updateDeposit(tx, d.id, { status: DEPOSIT_STATUS.expired, reason: 'expired unpaid' });
          changed = 'expired';
        }
      });
      if (changed === 'credited') {
        credited++;
        this.publish.toPlayer(d.playerId, 'deposit-success', { id: d.id, amount: minorToDecimal(d.amountMinor) });
        await this.events?.deliver(announced);
      } else if (changed === 'expired') {
        expired++;
        this.publish.toPlayer(d.playerId, 'deposit-fail', { id: d.id, reason: 'expired' });
      }
    }
    return { checked: due.length, credited, expired };
  }

  // ---- refused callbacks -------------------------------------------------------------------------

  /** Counts a refused callback where operators see it: the Prometheus counter at once, the back office's figure soon after. */
  private countRefusal(outcome: RefusedOutcome): void {
    this.onCallbackRefused?.(this.gateway.name, outcome);
    this.refusals.count(outcome);
  }

  /** Writes the refusals counted so far (the app calls it on close, tests to read the figure at once). */
  flushRefusals(): Promise<void> {
    return this.refusals.flush();
  }

  // ---- bank cards --------------------------------------------------------------------------------

  /** The player's bound cards, oldest first and unmasked, at most `limit`: what the back office's player page lists. */
  cardsOnFile(playerId: number, limit: number): Promise<repo.CardRow[]> {
    return repo.cardsOf(this.db, playerId, limit);
  }

  async cards(playerId: number, locale: 'zh-TW' | 'en') {
    const s = await this.system.settings();
    const rows = await repo.cardsOf(this.db, playerId);
    return {
      data: rows.map((c) => ({
        id: c.id,
        bank: c.bank,
        bank_name: bankName(c.bank, locale),
        market: c.market,
        account_name: c.accountName,
        card_number: maskNumber(c.cardNumber),
        status_debit_card: c.statusDebitCard,
        audit_reason: c.auditReason,
        created_at: c.createdAt.toISOString(),
      })),
      max: Number(s.bank_card_max) || 3,
      bankList: BANKS.map((b) => ({ code: b.code, name: byLocale(locale, b.name, b.name_en) })),
      can_delete: !!s.allow_player_delete_bank_card,
    };
  }

  async addCard(playerId: number, input: { bank: string; market: string; account_name: string; card_number: string }, ip?: string): Promise<void> {
    if (!isBank(input.bank)) throw new ApiError('validation_failed', { bank: ['cashier.bank.required'] });
    const s = await this.system.settings();
    let bound: PublishedEvent | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const player = await personal.playerForUpdate(tx, playerId);
        if (!player) throw new ApiError('unauthorized');
        const existing = await repo.cardsOf(tx, playerId);
        if (existing.length >= (Number(s.bank_card_max) || 3)) throw new ApiError('validation_failed', { card_number: ['cashier.card.max'] });
        // The name on the account must be the player's real name once one is on file.
        if (player.realName && player.realName !== input.account_name)
          throw new ApiError('validation_failed', { account_name: ['cashier.account_name.mismatch'] });
        if (await repo.liveCardByNumber(tx, input.card_number)) throw new ApiError('validation_failed', { card_number: ['cashier.card.bound'] });
        await repo.insertCard(tx, { playerId, bank: input.bank, market: input.market, accountName: input.account_name, cardNumber: input.card_number });
        bound = await this.events?.publish(tx, 'card.bound', { playerId, cardNumber: input.card_number, ...(ip ? { ip } : {}) });
      });
    } catch (err) {
      // Two players binding the same account at once: the unique index decides.
      if (isUniqueViolation(err, 'bank_cards_number_live_uq')) {
        throw new ApiError('validation_failed', { card_number: ['cashier.card.bound'] });
      }
      throw err;
    }
    await this.events?.deliver(bound);
  }

  async deleteCard(playerId: number, cardId: number): Promise<void> {
    if (!(await this.system.setting('allow_player_delete_bank_card'))) throw new ApiError('forbidden');
    const card = await repo.cardById(this.db, cardId);
    if (!card || card.playerId !== playerId || card.deletedAt) throw new ApiError('not_found');
    await repo.updateCard(this.db, cardId, { deletedAt: new Date() });
  }

  async auditCard(staffId: number, cardId: number, approve: boolean, reason: string): Promise<void> {
    const card = await repo.cardById(this.db, cardId);
    if (!card || card.deletedAt) throw new ApiError('not_found');
    const status = approve ? BANK_CARD_STATUS.usable : BANK_CARD_STATUS.refused;
    await repo.updateCard(this.db, cardId, { statusDebitCard: status, auditReason: reason, auditedBy: staffId });
    this.publish.toPlayer(card.playerId, 'bankcard-audit', { id: cardId, status_debit_card: status });
  }

  async setPersonalInfo(playerId: number, input: { real_name: string; gender: string; birthday: string }): Promise<void> {
    if (ageOn(input.birthday, new Date()) < MIN_AGE_YEARS) throw new ApiError('validation_failed', { birthday: ['cashier.birthday.under_age'] });
    const editable = await this.system.setting('allow_player_edit_information');
    const saved = await this.db.transaction(async (tx) => {
      const player = await personal.playerForUpdate(tx, playerId);
      if (!player) throw new ApiError('unauthorized');
      // Once filled in, the details change only where the operator allows players to edit them.
      if (!editable && player.realName) throw new ApiError('forbidden');
      await personal.setPersonalInfo(tx, playerId, { realName: input.real_name, gender: input.gender, birthday: input.birthday });
      return this.events?.publish(tx, 'personal.saved', { playerId, realName: input.real_name, birthday: input.birthday });
    });
    this.publish.toPlayer(playerId, 'update-user');
    await this.events?.deliver(saved);
  }

  // ---- withdrawals -------------------------------------------------------------------------------

  /** The deposits since the last paid withdrawal, each a turnover requirement, with valid bet allocated oldest first. */
  async requirements(playerId: number, db: DbOrTx = this.db): Promise<RequirementView[]> {
    const since = await repo.lastPaidWithdrawalAt(db, playerId);
    const deposits = await repo.paidDepositsSince(db, playerId, since);
    const achieved = deposits.length ? await validBetSince(db, playerId, since ?? deposits[0]!.paidAt!) : 0n;
    let before = 0n;
    return deposits.map((d) => {
      const requirement = requirementOf({ id: d.id, amountMinor: d.amountMinor, paidAt: d.paidAt! }, before, achieved);
      before += d.amountMinor * TURNOVER_MULTIPLE;
      return requirement;
    });
  }

  /** A page of the requirements, newest first (GET /finance/withdraw/limit/records), paged in the database. */
  async requirementsPage(playerId: number, p: Paging): Promise<RecordPage<RequirementView>> {
    const since = await repo.lastPaidWithdrawalAt(this.db, playerId);
    const { rows, total, firstPaidAt } = await repo.paidDepositsPage(this.db, playerId, since, p.pageSize, offsetOf(p));
    const achieved = firstPaidAt ? await validBetSince(this.db, playerId, since ?? firstPaidAt) : 0n;
    return { data: rows.map((d) => requirementOf(d, d.beforeMinor * TURNOVER_MULTIPLE, achieved)), total };
  }

  /** What the next withdrawal would cost and allow, for the form to show before submitting. */
  async withdrawTerms(playerId: number, db: DbOrTx = this.db, settings?: SystemSettings) {
    // Inside a transaction the caller passes the settings: reading them here would take a second connection,
    // and PGlite has only the one the transaction holds.
    const s = settings ?? (await this.system.settings());
    const player = await personal.playerRow(db, playerId);
    const level = await personal.levelTerms(db, player?.levelId ?? 0);
    const today = await repo.withdrawalsSince(db, playerId, startOfTaipeiDay());
    const freePerDay = level?.withdrawFreePerDay ?? 1;
    const setCount = Number(s.daily_withdraw_success_count) || 0;
    const maxPerDay = Math.min(level?.withdrawMaxPerDay ?? 3, setCount > 0 ? setCount : Infinity);
    const fee = today.length < freePerDay ? 0n : (level?.withdrawFeeMinor ?? 10_000n);
    const min = settingMinor(s.single_withdraw_min) || DEFAULT_WITHDRAW_MIN_MINOR;
    const max = settingMinor(s.single_withdraw_max);
    return {
      fee,
      min,
      max,
      usedToday: today.length,
      maxPerDay,
      todayMinor: today.reduce((a, w) => a + w.amountMinor, 0n),
      dailyMax: settingMinor(s.daily_withdraw_max),
      needRealName: !player?.realName,
    };
  }

  /** The withdrawal form's terms as the player reads them (GET /finance/withdraw/terms). */
  async withdrawTermsView(playerId: number): Promise<WithdrawTermsView> {
    const t = await this.withdrawTerms(playerId);
    return {
      fee: minorToDecimal(t.fee),
      min: minorToDecimal(t.min),
      max: minorToDecimal(t.max),
      used_today: t.usedToday,
      max_per_day: t.maxPerDay === Infinity ? 0 : t.maxPerDay,
      need_real_name: t.needRealName,
    };
  }

  async createWithdrawal(playerId: number, input: { money: string; bank_card_id: number }, clientKey?: string): Promise<repo.WithdrawalRow> {
    const replay = (seen: repo.WithdrawalRow): repo.WithdrawalRow => {
      if (minorToDecimal(seen.amountMinor) !== minorToDecimal(decimalToMinor(input.money) ?? -1n) || seen.bankCardId !== input.bank_card_id)
        throw new ApiError('idempotency_mismatch');
      return seen;
    };
    if (clientKey) {
      const seen = await repo.withdrawalByClientKey(this.db, playerId, clientKey);
      if (seen) return replay(seen);
    }
    const settings = await this.system.settings();
    if (!settings.allow_player_withdraw) throw new ApiError('withdraw_disabled');
    const amountMinor = decimalToMinor(input.money);
    if (amountMinor === undefined || amountMinor <= 0n) throw new ApiError('validation_failed', { money: ['cashier.amount.numeric'] });
    const [central, hold] = await Promise.all([this.accounts.playerAccount(playerId, 'central'), this.accounts.playerAccount(playerId, 'withdraw_hold')]);
    const id = newId('WD');
    let created: repo.WithdrawalRow | undefined;
    let replayed: repo.WithdrawalRow | undefined;
    let requested: PublishedEvent | undefined;
    await this.inTransaction(async (tx) => {
      // The player's row lock puts one player's withdrawals in a line, so daily counts cannot race.
      const player = await personal.playerForUpdate(tx, playerId);
      if (!player) throw new ApiError('unauthorized');
      // The same key sent twice at once: the copy that waited for the lock answers with the first one's withdrawal.
      const seen = clientKey ? await repo.withdrawalByClientKey(tx, playerId, clientKey) : undefined;
      if (seen) {
        replayed = replay(seen);
        return;
      }
      if (!player.realName) throw new ApiError('withdraw_need_real_name');
      const card = await repo.cardById(tx, input.bank_card_id);
      if (!card || card.playerId !== playerId || card.deletedAt || card.statusDebitCard !== BANK_CARD_STATUS.usable) throw new ApiError('withdraw_need_card');
      const terms = await this.checkWithdrawalTerms(tx, playerId, amountMinor, settings);
      // Under the player's row lock taken above, so the day's and lifetime sums cannot move before the insert.
      await this.kyc?.checkWithdrawal(tx, playerId, amountMinor);
      await repo.insertWithdrawal(tx, {
        id,
        playerId,
        amountMinor,
        feeMinor: terms.fee,
        bankCardId: card.id,
        status: WITHDRAWAL_STATUS.applying,
        clientKey: clientKey ?? null,
      });
      // The amount is held at once, so two withdrawals can never spend the same money.
      await postJournal(tx, {
        kind: 'withdraw_hold',
        idempotencyKey: `withdraw:${id}:hold`,
        request: { id, amount: amountMinor.toString() },
        playerId,
        ref: id,
        postings: [
          { accountId: central, amountMinor: -amountMinor },
          { accountId: hold, amountMinor },
        ],
      });
      created = await repo.withdrawalById(tx, id);
      // Written with the hold, so no withdrawal is left without its risk decision by a crash after the commit.
      requested = await this.events?.publish(tx, 'withdrawal.requested', { withdrawalId: id, playerId, amountMinor, cardNumber: card.cardNumber });
    });
    if (replayed) return replayed;
    this.publish.toPlayer(playerId, 'withdrawal', { id, status: WITHDRAWAL_STATUS.applying });
    // After commit: risk scores the withdrawal for the finance desk's review; its failure never undoes the request.
    await this.events?.deliver(requested);
    return created!;
  }

  /**
   * A withdrawal's amount against the player's terms (minimum, fee, single and daily limits, the day's count) and
   * their open turnover requirements, inside the transaction that holds the player's lock; answers the terms.
   */
  private async checkWithdrawalTerms(tx: DbOrTx, playerId: number, amountMinor: bigint, settings: SystemSettings) {
    const terms = await this.withdrawTerms(playerId, tx, settings);
    if (amountMinor < terms.min) throw new ApiError('validation_failed', { money: ['cashier.withdraw.below_min'] });
    if (amountMinor <= terms.fee) throw new ApiError('validation_failed', { money: ['cashier.withdraw.not_above_fee'] });
    if (terms.max > 0n && amountMinor > terms.max) throw new ApiError('validation_failed', { money: ['cashier.withdraw.above_max'] });
    if (terms.usedToday >= terms.maxPerDay) throw new ApiError('withdraw_daily_count');
    if (terms.dailyMax > 0n && terms.todayMinor + amountMinor > terms.dailyMax) throw new ApiError('withdraw_daily_amount');
    const reqs = await this.requirements(playerId, tx);
    if (reqs.some((r) => !r.done)) throw new ApiError('withdraw_turnover');
    return terms;
  }

  /** Ends a withdrawal under review: the player cancels, finance rejects (money back), or finance pays it out. */
  async closeWithdrawal(id: string, action: 'cancel' | 'reject' | 'pay', who: { playerId?: number; staffId?: number }, reason: string): Promise<void> {
    const first = await repo.withdrawalById(this.db, id);
    if (!first || (who.playerId !== undefined && first.playerId !== who.playerId)) throw new ApiError('not_found');
    const { playerId } = first;
    const [central, hold, cash, fee] = await Promise.all([
      this.accounts.playerAccount(playerId, 'central'),
      this.accounts.playerAccount(playerId, 'withdraw_hold'),
      this.accounts.houseAccount('cash', playerId),
      this.accounts.houseAccount('fee', playerId),
    ]);
    // Money leaves only with a risk decision: one the request's event handler has not recorded yet is asked for now.
    if (action === 'pay') await this.applyRisk(id);
    await this.inTransaction(async (tx) => {
      const w = (await repo.withdrawalById(tx, id, true))!;
      if (w.status !== WITHDRAWAL_STATUS.applying) throw new ApiError('validation_failed', { id: ['cashier.withdraw.not_applying'] });
      // Read under the withdrawal's row lock, which a release also takes: a hold cannot be lifted half-way through.
      if (action === 'pay' && this.risk) assertPayable(w);
      const postings =
        action === 'pay'
          ? [
              { accountId: hold, amountMinor: -w.amountMinor },
              { accountId: cash, amountMinor: w.amountMinor - w.feeMinor },
              ...(w.feeMinor > 0n ? [{ accountId: fee, amountMinor: w.feeMinor }] : []),
            ]
          : [
              { accountId: hold, amountMinor: -w.amountMinor },
              { accountId: central, amountMinor: w.amountMinor },
            ];
      await postJournal(tx, {
        kind: action === 'pay' ? 'withdraw_paid' : 'withdraw_release',
        idempotencyKey: `withdraw:${id}:end`,
        request: { id, action },
        playerId,
        ref: id,
        memo: reason,
        staffId: who.staffId ?? null,
        postings,
      });
      await repo.updateWithdrawal(tx, id, {
        status: action === 'pay' ? WITHDRAWAL_STATUS.paid : action === 'cancel' ? WITHDRAWAL_STATUS.cancelled : WITHDRAWAL_STATUS.rejected,
        reason: action === 'cancel' ? 'player cancels' : reason,
        reviewedBy: who.staffId ?? null,
        reviewedAt: new Date(),
      });
    });
    this.publish.toPlayer(playerId, 'withdrawal', { id, status: action });
  }

  /**
   * Records the risk decision of a withdrawal still waiting: held for a reviewer, or approved automatically (below
   * the hold score and the operator's ceiling, when the operator allows it; the finance desk then pays it without
   * a review). Runs after the request's commit and again before a payment; the first one to record it wins and
   * risk answers the same stored decision to both. Answers the decision recorded, if any.
   */
  async applyRisk(id: string): Promise<RiskDecision | null> {
    if (!this.risk) return null;
    const w = await repo.withdrawalById(this.db, id);
    if (!w || w.riskDecision || w.status !== WITHDRAWAL_STATUS.applying) return w?.riskDecision ?? null;
    const card = await repo.cardById(this.db, w.bankCardId);
    const { decision } = await this.risk.assessWithdrawal({
      withdrawalId: id,
      playerId: w.playerId,
      amountMinor: w.amountMinor,
      cardNumber: card?.cardNumber ?? '',
    });
    if ((await repo.recordRiskDecision(this.db, id, decision)) && decision === RISK_DECISION.auto_approve) {
      this.publish.toPlayer(w.playerId, 'withdrawal', { id, status: 'approved' });
    }
    return decision;
  }

  /**
   * A reviewer releases a held withdrawal for payment, with the reason; refused when it is not held (never was,
   * released already, or no longer waiting). Answers the withdrawal before and after.
   */
  async releaseHold(id: string, staffId: number, reason: string): Promise<{ before: repo.WithdrawalRow; after: repo.WithdrawalRow }> {
    let result: { before: repo.WithdrawalRow; after: repo.WithdrawalRow } | undefined;
    await this.inTransaction(async (tx) => {
      const before = await repo.withdrawalById(tx, id, true);
      if (!before) throw new ApiError('not_found');
      if (before.status !== WITHDRAWAL_STATUS.applying) throw new ApiError('validation_failed', { id: ['cashier.withdraw.not_applying'] });
      if (before.riskDecision !== RISK_DECISION.hold || before.releasedAt) throw new ApiError('validation_failed', { id: ['cashier.withdraw.not_held'] });
      await repo.updateWithdrawal(tx, id, { releasedAt: new Date(), releasedBy: staffId, releaseReason: reason });
      result = { before, after: (await repo.withdrawalById(tx, id))! };
    });
    return result!;
  }

  private inTransaction(fn: (tx: DbOrTx) => Promise<void>): Promise<void> {
    return inMoneyTransaction(this.db, fn);
  }
}

/**
 * Whether finance may confirm or reject a deposit by hand: a pending manual one. Gateway orders settle by their
 * callbacks, and USDT the chain watcher saw (chain_amount set) by its block solidifying or leaving the chain.
 */
export function isReviewable(d: Pick<repo.DepositRow, 'status' | 'method' | 'chainAmount'>): boolean {
  return d.status === DEPOSIT_STATUS.pending && !GATEWAY_METHODS.includes(d.method as DepositMethod) && d.chainAmount === null;
}

/** Refuses to pay a withdrawal risk has not decided on yet, or one held and not released. */
function assertPayable(w: repo.WithdrawalRow): void {
  if (w.riskDecision === null) throw new ApiError('validation_failed', { id: ['cashier.withdraw.risk_pending'] });
  if (w.riskDecision === RISK_DECISION.hold && !w.releasedAt) throw new ApiError('validation_failed', { id: ['cashier.withdraw.held'] });
}
