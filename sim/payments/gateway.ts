// The PayBridge gateway's state: orders, their one-way state changes, and the callbacks each change
// owes the merchant. Every change is appended to the journal; `commit()` fsyncs it and only then
// lets the callbacks it produced go out, so the merchant never hears of a change a crash could lose.
// Callback deliveries and their retries are journaled too and resume after a restart.
import { randomBytes, randomUUID } from 'node:crypto';
import { fileJournal, memoryJournal, type Journal, type JournalEvent } from '../journal.ts';
import { GatewayFaultSwitch } from './faults.ts';
import { signCallback } from './sign.ts';

export const MERCHANT_ID = 'site';
export const DEFAULT_GATEWAY_SECRET = 'dev-gateway-secret';
export const DEFAULT_CALLBACK_RETRY_MS: readonly number[] = Object.freeze([1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 300_000]);
export const CALLBACK_TIMEOUT_MS = 5_000;
/** Delivery log entries kept in memory (oldest dropped first). */
const LOG_LIMIT = 10_000;
/** Characters of the merchant's answer kept in the delivery log. */
const ANSWER_LIMIT = 200;

export const METHODS = ['card', 'cvs', 'online_banking'] as const;
export type Method = (typeof METHODS)[number];
export type OrderState = 'created' | 'paid' | 'failed' | 'expired';
export type FinalState = Exclude<OrderState, 'created'>;
export type Via = 'page' | 'cvs' | 'switch' | 'expiry';

export const MERCHANT_ORDER_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const AMOUNT_RE = /^[1-9]\d{0,14}$/;
export const REASON_RE = /^[A-Z][A-Z0-9_]{0,39}$/;
const URL_MAX = 2_000;
const DESCRIPTION_MAX = 200;
export const EXPIRES_MIN_SEC = 60;
export const EXPIRES_MAX_SEC = 86_400;
export const EXPIRES_DEFAULT_SEC = 1_800;

/** Fake banks of the online-banking chooser. */
export const BANKS: readonly { code: string; zh: string; en: string }[] = [
  { code: '004', zh: '臺灣銀行', en: 'Bank of Taiwan' },
  { code: '005', zh: '土地銀行', en: 'Land Bank of Taiwan' },
  { code: '006', zh: '合作金庫', en: 'Taiwan Cooperative Bank' },
  { code: '007', zh: '第一銀行', en: 'First Bank' },
  { code: '013', zh: '國泰世華', en: 'Cathay United Bank' },
  { code: '822', zh: '中國信託', en: 'CTBC Bank' },
];

/** What the merchant sends; the idempotency key is merchantOrderId and every field must match on replay. */
export interface OrderRequest {
  merchantOrderId: string;
  amountMinor: string;
  currency: 'TWD';
  method: Method;
  notifyUrl: string;
  returnUrl: string;
  expiresInSec: number;
  description: string;
}

export interface Order extends OrderRequest {
  orderId: string;
  /** cvs only. */
  paymentCode: string | null;
  createdAt: string;
  expiresAt: string;
  state: OrderState;
  paidAt: string | null;
  failedReason: string | null;
  /** When and how the order left `created`. */
  closedAt: string | null;
  closedVia: Via | null;
  /** online_banking: the bank chosen on the hosted page. */
  bank: string | null;
}

export interface DeliveryEntry {
  eventId: string;
  orderId: string;
  merchantOrderId: string;
  state: FinalState;
  /** auto: the callback a state change owes (retried); switch: sent by a test switch (never retried). */
  kind: 'auto' | 'switch';
  attempt: number;
  forged: boolean;
  httpStatus: number | null;
  acknowledged: boolean;
  /** null, 'dropped' (callbackFailRate), 'timeout', or 'network: …'. */
  error: string | null;
  answer: string | null;
  at: string;
  durationMs: number;
}

/** One state change's callback: the body is fixed when the change happens and resent as is. */
export interface CallbackEvent {
  eventId: string;
  orderId: string;
  merchantOrderId: string;
  state: FinalState;
  notifyUrl: string;
  body: string;
  attempts: number;
  /** ms since epoch of the next attempt; null once done. */
  nextAt: number | null;
  done: boolean;
  acknowledged: boolean;
  inFlight: boolean;
}

export interface CallbackSwitchRequest {
  state: FinalState;
  repeat: number;
  concurrent: boolean;
  forgeSignature: boolean;
  delayMs: number;
  amountMinor?: string;
  failedReason?: string;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; code: string };

/** Validates a create-order body in a fixed order; the first failure names the error code. */
export function parseOrderRequest(body: Record<string, unknown>): Parsed<OrderRequest> {
  const { merchantOrderId, amountMinor, currency, method, notifyUrl, returnUrl } = body;
  const expiresInSec = body.expiresInSec ?? EXPIRES_DEFAULT_SEC;
  const description = body.description ?? '';
  if (typeof merchantOrderId !== 'string' || !MERCHANT_ORDER_ID_RE.test(merchantOrderId)) return { ok: false, code: 'INVALID_MERCHANT_ORDER_ID' };
  if (typeof amountMinor !== 'string' || !AMOUNT_RE.test(amountMinor)) return { ok: false, code: 'INVALID_AMOUNT' };
  if (currency !== 'TWD') return { ok: false, code: 'INVALID_CURRENCY' };
  if (typeof method !== 'string' || !(METHODS as readonly string[]).includes(method)) return { ok: false, code: 'INVALID_METHOD' };
  if (!isHttpUrl(notifyUrl)) return { ok: false, code: 'INVALID_NOTIFY_URL' };
  if (!isHttpUrl(returnUrl)) return { ok: false, code: 'INVALID_RETURN_URL' };
  if (typeof expiresInSec !== 'number' || !Number.isInteger(expiresInSec) || expiresInSec < EXPIRES_MIN_SEC || expiresInSec > EXPIRES_MAX_SEC) {
    return { ok: false, code: 'INVALID_EXPIRES_IN' };
  }
  if (typeof description !== 'string' || description.length > DESCRIPTION_MAX) return { ok: false, code: 'INVALID_DESCRIPTION' };
  return { ok: true, value: { merchantOrderId, amountMinor, currency, method: method as Method, notifyUrl, returnUrl, expiresInSec, description } };
}

/** Validates the body of POST /sim/gateway/orders/:id/callback. */
export function parseCallbackSwitch(body: Record<string, unknown>): Parsed<CallbackSwitchRequest> {
  const { state, amountMinor, failedReason } = body;
  const repeat = body.repeat ?? 1;
  const concurrent = body.concurrent ?? false;
  const forgeSignature = body.forgeSignature ?? false;
  const delayMs = body.delayMs ?? 0;
  if (state !== 'paid' && state !== 'failed' && state !== 'expired') return { ok: false, code: 'INVALID_STATE' };
  if (typeof repeat !== 'number' || !Number.isInteger(repeat) || repeat < 1 || repeat > 1_000) return { ok: false, code: 'INVALID_REPEAT' };
  if (typeof concurrent !== 'boolean') return { ok: false, code: 'INVALID_CONCURRENT' };
  if (typeof forgeSignature !== 'boolean') return { ok: false, code: 'INVALID_FORGE_SIGNATURE' };
  if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > 60_000) return { ok: false, code: 'INVALID_DELAY' };
  if (amountMinor !== undefined && (typeof amountMinor !== 'string' || !AMOUNT_RE.test(amountMinor))) return { ok: false, code: 'INVALID_AMOUNT' };
  if (failedReason !== undefined && (typeof failedReason !== 'string' || !REASON_RE.test(failedReason))) return { ok: false, code: 'INVALID_REASON' };
  return {
    ok: true,
    value: {
      state,
      repeat,
      concurrent,
      forgeSignature,
      delayMs,
      amountMinor: amountMinor as string | undefined,
      failedReason: failedReason as string | undefined,
    },
  };
}

function isHttpUrl(v: unknown): v is string {
  if (typeof v !== 'string' || v.length > URL_MAX) return false;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function sameRequest(a: OrderRequest, b: OrderRequest): boolean {
  return (
    a.amountMinor === b.amountMinor &&
    a.currency === b.currency &&
    a.method === b.method &&
    a.notifyUrl === b.notifyUrl &&
    a.returnUrl === b.returnUrl &&
    a.expiresInSec === b.expiresInSec &&
    a.description === b.description
  );
}

// Codes avoid letters and digits people confuse at a store counter (0/O, 1/I).
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let s = '';
  for (const b of bytes) s += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return s;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The callback answer a merchant gives to acknowledge: exactly `OK`, or JSON `{"status":"OK"}`. */
export function isAcknowledgement(httpStatus: number, text: string): boolean {
  if (httpStatus !== 200) return false;
  if (text === 'OK') return true;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && (parsed as { status?: unknown }).status === 'OK';
  } catch {
    return false;
  }
}

export type CreateResult = { kind: 'created' | 'replay'; order: Order } | { kind: 'mismatch'; order: Order };
export type ChangeResult = { changed: true; order: Order } | { changed: false; order: Order };

export interface GatewayOptions {
  secret: string;
  retryMs: readonly number[];
  dataDir?: string;
  callbackTimeoutMs?: number;
}

export class Gateway {
  readonly secret: string;
  readonly retryMs: readonly number[];
  readonly callbackTimeoutMs: number;
  readonly faults = new GatewayFaultSwitch();
  private journal: Journal = memoryJournal();
  private readonly orders = new Map<string, Order>();
  private readonly byOrderId = new Map<string, Order>();
  private readonly byCode = new Map<string, Order>();
  private readonly events = new Map<string, CallbackEvent>();
  private readonly log: DeliveryEntry[] = [];
  /** Callbacks of changes appended but not yet fsync'd; `commit()` releases them. */
  private outbox: CallbackEvent[] = [];
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private readonly retryTimers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();
  private started = false;
  private closed = false;

  private constructor(opts: GatewayOptions) {
    this.secret = opts.secret;
    this.retryMs = opts.retryMs;
    this.callbackTimeoutMs = opts.callbackTimeoutMs ?? CALLBACK_TIMEOUT_MS;
  }

  static async open(opts: GatewayOptions): Promise<Gateway> {
    const gateway = new Gateway(opts);
    if (opts.dataDir) gateway.journal = await fileJournal(opts.dataDir, 'gateway', (event) => gateway.replay(event));
    return gateway;
  }

  /** Arms expiry timers and resumes pending callbacks (after a restart too). */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const order of this.orders.values()) if (order.state === 'created') this.armExpiry(order);
    for (const ev of this.events.values()) if (!ev.done) this.schedule(ev, ev.nextAt ?? Date.now());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.expiryTimers.values()) clearTimeout(t);
    for (const t of this.retryTimers.values()) clearTimeout(t);
    this.expiryTimers.clear();
    this.retryTimers.clear();
    this.abort.abort();
    await Promise.allSettled([...this.running]);
    await this.journal.close();
  }

  // ---- orders ----

  createOrder(req: OrderRequest): CreateResult {
    const existing = this.orders.get(req.merchantOrderId);
    if (existing) return { kind: sameRequest(existing, req) ? 'replay' : 'mismatch', order: existing };
    const now = Date.now();
    let orderId: string;
    do orderId = `PB${randomCode(18)}`;
    while (this.byOrderId.has(orderId));
    let paymentCode: string | null = null;
    if (req.method === 'cvs') {
      do paymentCode = `PB${randomCode(12)}`;
      while (this.byCode.has(paymentCode));
    }
    const created = { ...req, orderId, paymentCode, createdAt: iso(now), expiresAt: iso(now + req.expiresInSec * 1000) };
    this.journal.append({ t: 'order', order: created });
    const order = this.index(created);
    if (this.started) this.armExpiry(order);
    return { kind: 'created', order };
  }

  get(merchantOrderId: string): Order | undefined {
    return this.settle(this.orders.get(merchantOrderId));
  }

  getByOrderId(orderId: string): Order | undefined {
    return this.settle(this.byOrderId.get(orderId));
  }

  getByCode(paymentCode: string): Order | undefined {
    return this.settle(this.byCode.get(paymentCode.toUpperCase()));
  }

  list(): Order[] {
    return [...this.orders.values()].map((o) => this.settle(o)!);
  }

  pay(order: Order, via: Via, bank: string | null = null): ChangeResult {
    this.settle(order);
    if (order.state !== 'created') return { changed: false, order };
    this.change(order, 'paid', via, { bank });
    return { changed: true, order };
  }

  fail(order: Order, via: Via, reason: string): ChangeResult {
    this.settle(order);
    if (order.state !== 'created') return { changed: false, order };
    this.change(order, 'failed', via, { reason });
    return { changed: true, order };
  }

  expireNow(order: Order): ChangeResult {
    this.settle(order);
    if (order.state !== 'created') return { changed: false, order };
    this.change(order, 'expired', 'switch', {});
    return { changed: true, order };
  }

  /** Makes every change so far durable, then lets the callbacks they owe go out. */
  async commit(): Promise<void> {
    const batch = this.outbox;
    this.outbox = [];
    await this.journal.sync();
    if (this.started) for (const ev of batch) this.schedule(ev, Date.now());
  }

  /** Lazy expiry: an unpaid order past expiresAt becomes expired on first look (callers then commit). */
  private settle(order: Order | undefined): Order | undefined {
    if (order && order.state === 'created' && Date.now() >= Date.parse(order.expiresAt)) this.change(order, 'expired', 'expiry', {});
    return order;
  }

  private armExpiry(order: Order): void {
    clearTimeout(this.expiryTimers.get(order.merchantOrderId));
    const delay = Math.max(0, Date.parse(order.expiresAt) - Date.now());
    this.expiryTimers.set(
      order.merchantOrderId,
      setTimeout(() => {
        this.expiryTimers.delete(order.merchantOrderId);
        if (this.closed || order.state !== 'created') return;
        if (Date.now() < Date.parse(order.expiresAt)) return this.armExpiry(order);
        this.settle(order);
        // The timer cannot wait; the commit is tracked so close() waits for it, and a failed save is retried by the next one.
        void this.track(this.commit().catch(() => {}));
      }, delay),
    );
  }

  /** The only way an order leaves `created`: journal the change and queue its callback. */
  private change(order: Order, to: FinalState, via: Via, extra: { reason?: string; bank?: string | null }): void {
    if (order.state !== 'created') throw new Error(`gateway: order ${order.merchantOrderId} is already ${order.state}`);
    const now = Date.now();
    const at = iso(now);
    const event: JournalEvent = { t: 'state', merchantOrderId: order.merchantOrderId, state: to, at, via };
    if (to === 'failed') event.failedReason = extra.reason ?? 'PAYMENT_FAILED';
    if (to === 'paid') event.bank = extra.bank ?? null;
    // Expiring early (the switch) moves expiresAt to the moment it happened.
    if (to === 'expired' && now < Date.parse(order.expiresAt)) event.expiresAt = at;
    this.journal.append(event);
    this.applyState(event);
    clearTimeout(this.expiryTimers.get(order.merchantOrderId));
    this.expiryTimers.delete(order.merchantOrderId);

    const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
    const body = this.callbackBody(order, eventId, {
      state: to,
      paidAt: order.paidAt,
      failedReason: order.failedReason,
      amountMinor: order.amountMinor,
      sentAt: at,
    });
    const record: JournalEvent = {
      t: 'event',
      eventId,
      orderId: order.orderId,
      merchantOrderId: order.merchantOrderId,
      state: to,
      notifyUrl: order.notifyUrl,
      body,
    };
    this.journal.append(record);
    this.outbox.push(this.applyEvent(record));
  }

  private callbackBody(
    order: Order,
    eventId: string,
    f: { state: FinalState; paidAt: string | null; failedReason: string | null; amountMinor: string; sentAt: string },
  ): string {
    return JSON.stringify({
      merchantId: MERCHANT_ID,
      orderId: order.orderId,
      merchantOrderId: order.merchantOrderId,
      amountMinor: f.amountMinor,
      state: f.state,
      paidAt: f.paidAt,
      failedReason: f.failedReason,
      eventId,
      sentAt: f.sentAt,
    });
  }

  // ---- replay ----

  private replay(event: JournalEvent): void {
    switch (event.t) {
      case 'order':
        this.index(event.order as Omit<Order, 'state' | 'paidAt' | 'failedReason' | 'closedAt' | 'closedVia' | 'bank'>);
        return;
      case 'state':
        this.applyState(event);
        return;
      case 'event':
        this.applyEvent(event);
        return;
      case 'attempt': {
        const ev = this.events.get(event.eventId as string);
        if (ev) {
          ev.attempts = (event.entry as DeliveryEntry).attempt;
          ev.nextAt = event.nextAt as number | null;
          ev.done = event.done as boolean;
          ev.acknowledged = (event.entry as DeliveryEntry).acknowledged;
        }
        this.pushLog(event.entry as DeliveryEntry);
        return;
      }
      case 'send':
        this.pushLog(event.entry as DeliveryEntry);
        return;
      default:
        throw new Error(`sim gateway: unknown journal event type ${JSON.stringify(event.t)}`);
    }
  }

  private index(created: Omit<Order, 'state' | 'paidAt' | 'failedReason' | 'closedAt' | 'closedVia' | 'bank'>): Order {
    const order: Order = { ...created, state: 'created', paidAt: null, failedReason: null, closedAt: null, closedVia: null, bank: null };
    this.orders.set(order.merchantOrderId, order);
    this.byOrderId.set(order.orderId, order);
    if (order.paymentCode) this.byCode.set(order.paymentCode, order);
    return order;
  }

  private applyState(event: JournalEvent): void {
    const order = this.orders.get(event.merchantOrderId as string);
    if (!order) throw new Error(`sim gateway: state change for unknown order ${String(event.merchantOrderId)}`);
    order.state = event.state as OrderState;
    order.closedAt = event.at as string;
    order.closedVia = event.via as Via;
    if (order.state === 'paid') {
      order.paidAt = event.at as string;
      order.bank = (event.bank as string | null | undefined) ?? null;
    }
    if (order.state === 'failed') order.failedReason = event.failedReason as string;
    if (typeof event.expiresAt === 'string') order.expiresAt = event.expiresAt;
  }

  private applyEvent(event: JournalEvent): CallbackEvent {
    const ev: CallbackEvent = {
      eventId: event.eventId as string,
      orderId: event.orderId as string,
      merchantOrderId: event.merchantOrderId as string,
      state: event.state as FinalState,
      notifyUrl: event.notifyUrl as string,
      body: event.body as string,
      attempts: 0,
      nextAt: null,
      done: false,
      acknowledged: false,
      inFlight: false,
    };
    this.events.set(ev.eventId, ev);
    return ev;
  }

  // ---- callbacks ----

  private schedule(ev: CallbackEvent, atMs: number): void {
    if (this.closed || ev.done) return;
    clearTimeout(this.retryTimers.get(ev.eventId));
    this.retryTimers.set(
      ev.eventId,
      setTimeout(
        () => {
          this.retryTimers.delete(ev.eventId);
          // A timer cannot wait; the attempt is tracked so close() waits for it, and it records its own failure.
          void this.track(this.attempt(ev));
        },
        Math.max(0, atMs - Date.now()),
      ),
    );
  }

  /** Runs every pending callback's next attempt now (the /sim/gateway/callbacks/flush switch). */
  flush(): number {
    let n = 0;
    for (const ev of this.events.values()) {
      if (ev.done || ev.inFlight || !this.retryTimers.has(ev.eventId)) continue;
      this.schedule(ev, 0);
      n++;
    }
    return n;
  }

  private async attempt(ev: CallbackEvent): Promise<void> {
    if (ev.inFlight || ev.done || this.closed) return;
    ev.inFlight = true;
    try {
      const faults = this.faults.current;
      if (faults.callbackDelayMs > 0) await sleep(faults.callbackDelayMs, this.abort.signal);
      if (this.closed) return;
      const attempt = ev.attempts + 1;
      const started = Date.now();
      const result = this.faults.roll(faults.callbackFailRate)
        ? { httpStatus: null, acknowledged: false, error: 'dropped', answer: null }
        : await this.send(ev.notifyUrl, ev.body, false);
      // A delivery cut short by shutdown is forgotten; the restarted sim sends it again.
      if (this.closed) return;
      ev.attempts = attempt;
      if (result.acknowledged) {
        ev.done = true;
        ev.acknowledged = true;
        ev.nextAt = null;
      } else if (attempt <= this.retryMs.length) {
        ev.nextAt = Date.now() + this.retryMs[attempt - 1]!;
      } else {
        // The schedule is exhausted: the gateway gives up, as real ones do.
        ev.done = true;
        ev.nextAt = null;
      }
      const entry: DeliveryEntry = {
        eventId: ev.eventId,
        orderId: ev.orderId,
        merchantOrderId: ev.merchantOrderId,
        state: ev.state,
        kind: 'auto',
        attempt,
        forged: false,
        ...result,
        at: iso(started),
        durationMs: Date.now() - started,
      };
      this.journal.append({ t: 'attempt', eventId: ev.eventId, entry, nextAt: ev.nextAt, done: ev.done });
      this.pushLog(entry);
      await this.journal.sync().catch(() => {});
      if (!ev.done && ev.nextAt !== null) this.schedule(ev, ev.nextAt);
    } finally {
      ev.inFlight = false;
    }
  }

  /**
   * The callback switch: sends a callback with the given state now, `repeat` times with one eventId
   * and one body, whatever the order's state. The order itself does not change and nothing is retried.
   */
  async sendSwitch(order: Order, req: CallbackSwitchRequest): Promise<{ eventId: string; body: string; deliveries: DeliveryEntry[] }> {
    const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
    const now = iso(Date.now());
    const body = this.callbackBody(order, eventId, {
      state: req.state,
      paidAt: req.state === 'paid' ? (order.paidAt ?? now) : null,
      failedReason: req.state === 'failed' ? (req.failedReason ?? order.failedReason ?? 'PAYMENT_FAILED') : null,
      amountMinor: req.amountMinor ?? order.amountMinor,
      sentAt: now,
    });
    const run = async (): Promise<DeliveryEntry[]> => {
      if (req.delayMs > 0) await sleep(req.delayMs, this.abort.signal);
      const one = async (attempt: number): Promise<DeliveryEntry> => {
        const started = Date.now();
        const result = this.closed
          ? { httpStatus: null, acknowledged: false, error: 'closed', answer: null }
          : await this.send(order.notifyUrl, body, req.forgeSignature);
        const entry: DeliveryEntry = {
          eventId,
          orderId: order.orderId,
          merchantOrderId: order.merchantOrderId,
          state: req.state,
          kind: 'switch',
          attempt,
          forged: req.forgeSignature,
          ...result,
          at: iso(started),
          durationMs: Date.now() - started,
        };
        if (!this.closed) {
          this.journal.append({ t: 'send', entry });
          this.pushLog(entry);
        }
        return entry;
      };
      const numbers = Array.from({ length: req.repeat }, (_, i) => i + 1);
      const entries: DeliveryEntry[] = [];
      if (req.concurrent) entries.push(...(await Promise.all(numbers.map(one))));
      else for (const n of numbers) entries.push(await one(n));
      if (!this.closed) await this.journal.sync().catch(() => {});
      return entries;
    };
    const deliveries = await this.track(run());
    return { eventId, body, deliveries };
  }

  private async send(
    url: string,
    body: string,
    forged: boolean,
  ): Promise<{ httpStatus: number | null; acknowledged: boolean; error: string | null; answer: string | null }> {
    const timestamp = String(Date.now());
    const signature = signCallback(forged ? `forged:${this.secret}` : this.secret, timestamp, body);
    const timeout = AbortSignal.timeout(this.callbackTimeoutMs);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gateway-timestamp': timestamp, 'x-gateway-signature': signature, 'user-agent': 'PayBridge-sim/1' },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([timeout, this.abort.signal]),
      });
      const text = await res.text();
      return { httpStatus: res.status, acknowledged: isAcknowledgement(res.status, text), error: null, answer: text.slice(0, ANSWER_LIMIT) };
    } catch (err) {
      const error = timeout.aborted
        ? 'timeout'
        : `network: ${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}`;
      return { httpStatus: null, acknowledged: false, error, answer: null };
    }
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.running.add(p);
    void p.finally(() => this.running.delete(p)).catch(() => {});
    return p;
  }

  private pushLog(entry: DeliveryEntry): void {
    this.log.push(entry);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
  }

  deliveries(merchantOrderId?: string): DeliveryEntry[] {
    return merchantOrderId ? this.log.filter((e) => e.merchantOrderId === merchantOrderId) : [...this.log];
  }

  callbackEvents(merchantOrderId?: string): Omit<CallbackEvent, 'body' | 'inFlight'>[] {
    const out: Omit<CallbackEvent, 'body' | 'inFlight'>[] = [];
    for (const ev of this.events.values()) {
      if (merchantOrderId && ev.merchantOrderId !== merchantOrderId) continue;
      out.push({
        eventId: ev.eventId,
        orderId: ev.orderId,
        merchantOrderId: ev.merchantOrderId,
        state: ev.state,
        notifyUrl: ev.notifyUrl,
        attempts: ev.attempts,
        nextAt: ev.nextAt,
        done: ev.done,
        acknowledged: ev.acknowledged,
      });
    }
    return out;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', done);
      resolve();
    }, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
  });
}
