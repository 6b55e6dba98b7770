// The gateway driver: every message is written to the outbox first, then offered to the primary gateway and, when that
// one answers that it cannot send now (paused, suspended, out of credit) or its circuit breaker is open, to the other.
// A gateway is never asked after an answer that leaves it unknown whether the message was taken (a time-out, a 5xx):
// the phone could receive it twice. Mitake alone is asked again then, with the same clientid, which Mitake refuses as
// a duplicate if the first request got through. EVERY8D has no such key and is asked once.
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { CircuitOpenError, defaultBreakers, type Breakers } from '../breakers.ts';
import {
  every8dSendForm,
  every8dUrl,
  EVERY8D_CREDIT_PATH,
  EVERY8D_SEND_PATH,
  EVERY8D_STATUS_PATH,
  parseEvery8dAnswer,
  parseEvery8dCredit,
  parseEvery8dReport,
} from './every8d.ts';
import {
  mitakeReceiptAnswer,
  mitakeSendForm,
  mitakeSendUrl,
  MITAKE_CREDIT_PATH,
  parseMitakeAnswer,
  parseMitakeCredit,
  parseMitakeReceipt,
  type MitakeReceiptQuery,
} from './mitake.ts';
import { FAILOVER_OUTCOMES, SENT_OUTCOMES, type SendOutcome, type SmsGateway } from './outcomes.ts';
import { finish, insertQueued, knownRef, pendingDeliveries, recordDelivery, saveCredit, type OutboxRow } from './outbox.ts';
import { maskedBody, type SmsMessage, type SmsSender } from './sender.ts';

export interface GatewaySettings {
  primary: SmsGateway;
  mitake: { baseUrl: string; username: string; password: string } | undefined;
  every8d: { baseUrl: string; uid: string; pwd: string; retryMinutes: number } | undefined;
  timeoutMs: number;
  receiptToken: string;
  receiptUrl: string;
}

/** Times Mitake is asked again, with the same clientid, after no answer. */
const MITAKE_RETRIES = 1;
/** How long EVERY8D's delivery reports are asked for: a message still unknown after this is left as it is. */
const REPORT_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
/** Reports asked for in one run of the job. */
const REPORTS_PER_RUN = 100;

interface Attempt {
  outcome: SendOutcome;
  providerRef?: string;
  credit?: number;
}

interface Answer {
  status: number;
  text: string;
}

/** Mitake's clientid for an outbox row: its id and creation time, so a database started afresh never repeats one. */
export function mitakeClientId(row: { id: number; createdAt: Date }): string {
  return `o${row.id}t${row.createdAt.getTime().toString(36)}`;
}

/** A connection refused before anything was sent (the request never reached the gateway). */
function refusedConnection(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } } | null)?.cause;
  return cause?.code === 'ECONNREFUSED';
}

export class GatewaySms implements SmsSender {
  readonly driver = 'gateway' as const;
  private readonly db: Db;
  private readonly settings: GatewaySettings;
  private readonly breakers: Breakers;

  constructor(db: Db, settings: GatewaySettings, breakers: Breakers = defaultBreakers()) {
    this.db = db;
    this.settings = settings;
    this.breakers = breakers;
  }

  /** The gateways in the order they are asked: the primary, then the other when it is configured. */
  private order(): SmsGateway[] {
    const other: SmsGateway = this.settings.primary === 'mitake' ? 'every8d' : 'mitake';
    return [this.settings.primary, other].filter((g) => this.settings[g] !== undefined);
  }

  /** A call whose failure only means "ask again next time" (reports, credit): undefined instead of an error. */
  private async ask(gateway: SmsGateway, url: string, form: URLSearchParams): Promise<string | undefined> {
    try {
      const answer = await this.post(gateway, url, form);
      return answer.status < 500 ? answer.text : undefined;
    } catch {
      return undefined;
    }
  }

  private post(gateway: SmsGateway, url: string, form: URLSearchParams): Promise<Answer> {
    return this.breakers.call(
      `sms-${gateway}`,
      async () => {
        const res = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(this.settings.timeoutMs) });
        return { status: res.status, text: await res.text() };
      },
      (a) => a.status >= 500,
    );
  }

  async send(message: SmsMessage): Promise<{ delivered: boolean }> {
    const row = await insertQueued(this.db, { phone: message.phone, purpose: message.purpose, body: maskedBody(message) });
    const clientId = mitakeClientId(row);
    const attempts: Array<{ gateway: SmsGateway; outcome: SendOutcome }> = [];
    for (const gateway of this.order()) {
      const a = gateway === 'mitake' ? await this.mitake(row, message.body, clientId) : await this.every8d(row, message.body);
      attempts.push({ gateway, outcome: a.outcome });
      if (a.credit !== undefined) await saveCredit(this.db, gateway, a.credit);
      if (SENT_OUTCOMES.has(a.outcome)) {
        const delivery = a.outcome === 'delivered' ? 'delivered' : 'pending';
        await finish(this.db, row.id, { status: 'sent', gateway, clientId, providerRef: a.providerRef ?? null, outcome: a.outcome, attempts, delivery });
        return { delivered: true };
      }
      if (!FAILOVER_OUTCOMES.has(a.outcome)) break;
    }
    const last = attempts.at(-1);
    await finish(this.db, row.id, {
      status: 'failed',
      gateway: last?.gateway ?? null,
      clientId,
      providerRef: null,
      outcome: last?.outcome ?? 'unreachable',
      attempts,
      delivery: null,
    });
    return { delivered: false };
  }

  private async mitake(row: OutboxRow, body: string, clientId: string): Promise<Attempt> {
    const m = this.settings.mitake!;
    const form = mitakeSendForm(m, { phone: row.phone, body, clientId, receiptUrl: this.settings.receiptUrl });
    for (let attempt = 0; attempt <= MITAKE_RETRIES; attempt++) {
      try {
        const answer = await this.post('mitake', mitakeSendUrl(m.baseUrl), form);
        if (answer.status >= 500) continue;
        const parsed = parseMitakeAnswer(answer.text);
        return { outcome: parsed.outcome, providerRef: parsed.msgid, credit: parsed.accountPoint };
      } catch (err) {
        // Only before any request went out is it certain that Mitake has nothing; after one, the retry's
        // clientid is what keeps the phone from a second message.
        if (attempt === 0 && err instanceof CircuitOpenError) return { outcome: 'circuit_open' };
        if (attempt === 0 && refusedConnection(err)) return { outcome: 'unreachable' };
      }
    }
    return { outcome: 'no_answer' };
  }

  private async every8d(row: OutboxRow, body: string): Promise<Attempt> {
    const e = this.settings.every8d!;
    const form = every8dSendForm(e, { phone: row.phone, body, subject: `outbox ${row.id}`, retryMinutes: e.retryMinutes });
    try {
      const answer = await this.post('every8d', every8dUrl(e.baseUrl, EVERY8D_SEND_PATH), form);
      if (answer.status >= 500) return { outcome: 'no_answer' };
      const parsed = parseEvery8dAnswer(answer.text);
      return parsed.ok ? { outcome: parsed.outcome, providerRef: parsed.batchId, credit: parsed.credit } : { outcome: parsed.outcome };
    } catch (err) {
      if (err instanceof CircuitOpenError) return { outcome: 'circuit_open' };
      if (refusedConnection(err)) return { outcome: 'unreachable' };
      return { outcome: 'no_answer' };
    }
  }

  async mitakeReceipt(token: string, query: MitakeReceiptQuery): Promise<string | undefined> {
    const expected = Buffer.from(this.settings.receiptToken);
    const given = Buffer.from(token);
    if (!this.settings.mitake || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const receipt = parseMitakeReceipt(query);
    if (!receipt) return undefined;
    // A receipt can overtake the send's own answer (the row learns its msgid only from that answer). Unknown, it is
    // not acknowledged, so Mitake sends it again; acknowledged, it would be lost.
    const changed = await recordDelivery(this.db, 'mitake', receipt.msgid, receipt.state);
    if (changed === 0 && !(await knownRef(this.db, 'mitake', receipt.msgid))) return undefined;
    return mitakeReceiptAnswer(receipt.msgid);
  }

  /** Asks EVERY8D what became of the messages it took, and both gateways for their credit. Answers rows updated. */
  async pollReports(): Promise<number> {
    let updated = 0;
    const e = this.settings.every8d;
    if (e) {
      for (const row of await pendingDeliveries(this.db, 'every8d', REPORT_MAX_AGE_MS, REPORTS_PER_RUN)) {
        const form = new URLSearchParams({ UID: e.uid, PWD: e.pwd, BID: row.providerRef ?? '', PNO: '1' });
        const text = await this.ask('every8d', every8dUrl(e.baseUrl, EVERY8D_STATUS_PATH), form);
        const state = text === undefined ? undefined : parseEvery8dReport(text)?.records[0]?.state;
        if (state && state !== 'pending') updated += await recordDelivery(this.db, 'every8d', row.providerRef ?? '', state);
      }
    }
    await this.refreshCredit();
    return updated;
  }

  private async refreshCredit(): Promise<void> {
    const { mitake, every8d } = this.settings;
    if (mitake) {
      const text = await this.ask(
        'mitake',
        `${mitake.baseUrl}${MITAKE_CREDIT_PATH}`,
        new URLSearchParams({ username: mitake.username, password: mitake.password }),
      );
      const points = text === undefined ? undefined : parseMitakeCredit(text);
      if (points !== undefined) await saveCredit(this.db, 'mitake', points);
    }
    if (every8d) {
      const text = await this.ask('every8d', every8dUrl(every8d.baseUrl, EVERY8D_CREDIT_PATH), new URLSearchParams({ UID: every8d.uid, PWD: every8d.pwd }));
      const credit = text === undefined ? undefined : parseEvery8dCredit(text);
      if (credit !== undefined) await saveCredit(this.db, 'every8d', credit);
    }
  }
}
