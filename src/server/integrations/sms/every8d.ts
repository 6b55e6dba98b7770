// EVERY8D's HTTP API 2.1 as it and its clients publish it: sendSMS.ashx is a form POST of UID, PWD, SB (a subject the
// phone never sees), MSG, DEST, ST (empty: now) and RETRYTIME (minutes the carrier keeps trying), answered with one
// CSV line, `CREDIT,SENDED,COST,UNSEND,BATCH_ID` (credit left, messages sent, credit spent, messages not sent for want
// of credit, the batch id), or `-code,message` when the command was not processed. Delivery reports are asked for by
// batch id at getDeliveryStatus.ashx (BID, PNO): a count line, then one tab-separated line per message, NAME, MOBILE,
// SEND_TIME, COST, STATUS. EVERY8D has no idempotency key, so this adapter never repeats a send whose answer was lost.
import type { DeliveryState, SendOutcome } from './outcomes.ts';

export const EVERY8D_SEND_PATH = '/API21/HTTP/sendSMS.ashx';
export const EVERY8D_STATUS_PATH = '/API21/HTTP/getDeliveryStatus.ashx';
export const EVERY8D_CREDIT_PATH = '/API21/HTTP/getCredit.ashx';

export interface Every8dCredentials {
  uid: string;
  pwd: string;
}

export interface Every8dMessage {
  phone: string;
  body: string;
  /** The outbox's own note of the message (EVERY8D's SB): kept in its reports, never sent to the phone. */
  subject: string;
  /** Minutes the carrier keeps trying to reach the phone. */
  retryMinutes: number;
}

export function every8dUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

export function every8dSendForm(creds: Every8dCredentials, m: Every8dMessage): URLSearchParams {
  return new URLSearchParams({
    UID: creds.uid,
    PWD: creds.pwd,
    SB: m.subject,
    MSG: m.body,
    DEST: m.phone,
    ST: '',
    RETRYTIME: String(m.retryMinutes),
  });
}

export type Every8dAnswer =
  | { ok: true; credit: number; sent: number; cost: number; unsent: number; batchId: string; outcome: SendOutcome }
  | { ok: false; code: number | undefined; message: string; outcome: SendOutcome };

const NUMBER = /^-?\d+(\.\d+)?$/;

export function parseEvery8dAnswer(text: string): Every8dAnswer {
  const line = text.trim().split(/\r?\n/)[0] ?? '';
  if (line.startsWith('-')) {
    const comma = line.indexOf(',');
    const code = Number(comma < 0 ? line : line.slice(0, comma));
    return { ok: false, code: Number.isInteger(code) ? code : undefined, message: comma < 0 ? '' : line.slice(comma + 1).trim(), outcome: 'refused' };
  }
  const parts = line.split(',').map((p) => p.trim());
  if (parts.length !== 5 || !parts.slice(0, 4).every((p) => NUMBER.test(p)) || parts[4] === '') {
    return { ok: false, code: undefined, message: line.slice(0, 200), outcome: 'unreadable' };
  }
  const [credit, sent, cost, unsent] = parts.slice(0, 4).map(Number) as [number, number, number, number];
  // UNSEND counts messages the account had no credit for: nothing left for the phone.
  const outcome: SendOutcome = sent > 0 ? 'accepted' : unsent > 0 ? 'no_credit' : 'unreadable';
  return { ok: true, credit, sent, cost, unsent, batchId: parts[4], outcome };
}

/** EVERY8D's delivery STATUS codes as delivery states; a code not listed is a failure of some other kind. */
const DELIVERY_STATUS: Record<number, DeliveryState> = {
  0: 'pending',
  100: 'delivered',
  101: 'phone_off',
  103: 'no_such_number',
  104: 'blacklisted',
  301: 'no_credit',
};

export function every8dDeliveryState(status: number): DeliveryState {
  return DELIVERY_STATUS[status] ?? 'failed';
}

export interface Every8dReport {
  name: string;
  phone: string;
  sentAt: string;
  cost: number;
  status: number;
  state: DeliveryState;
}

/** A delivery report: the count line, then the messages; undefined when it is not one (a `-code,message` refusal). */
export function parseEvery8dReport(text: string): { count: number; records: Every8dReport[] } | undefined {
  const lines = text.split(/\r?\n/);
  const head = (lines[0] ?? '').trim();
  if (!/^\d+$/.test(head)) return undefined;
  const records: Every8dReport[] = [];
  for (const line of lines.slice(1)) {
    const f = line.split('\t');
    if (f.length !== 5 || !/^-?\d+$/.test(f[4].trim())) continue;
    const status = Number(f[4].trim());
    records.push({ name: f[0], phone: f[1].trim(), sentAt: f[2].trim(), cost: Number(f[3]) || 0, status, state: every8dDeliveryState(status) });
  }
  return { count: Number(head), records };
}

/** The credit left from a getCredit.ashx answer (`79.0`); undefined for a refusal. */
export function parseEvery8dCredit(text: string): number | undefined {
  const t = text.trim();
  return NUMBER.test(t) && !t.startsWith('-') ? Number(t) : undefined;
}
