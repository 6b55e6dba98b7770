// Mitake's (三竹資訊) HTTP API as its SDK and the adapters quoting it publish it: SmSend is a form POST of username,
// password, dstaddr, smbody (UTF-8 with CharsetURL=UTF-8), optional response (the receipt URL) and clientid (at most
// 36 characters; Mitake refuses the same clientid for 12 hours and answers Duplicate=Y, which makes it an idempotency
// key), answered in plain text of key=value lines under a [n] header:
//   [1]
//   msgid=1010079522
//   statuscode=1
//   AccountPoint=98
// The receipt is a request to the response URL with msgid, dstaddr, dlvtime, donetime, statusstr, statuscode and
// StatusFlag in its query, answered with `magicid=sms_gateway_rpack` and the msgid on their own lines.
import type { DeliveryState, SendOutcome } from './outcomes.ts';

export const MITAKE_SEND_PATH = '/api/mtk/SmSend';
export const MITAKE_CREDIT_PATH = '/api/mtk/SmQuery';
/** Mitake's limit on clientid. */
export const MITAKE_CLIENTID_MAX = 36;

export interface MitakeCredentials {
  username: string;
  password: string;
}

export interface MitakeMessage {
  phone: string;
  body: string;
  clientId: string;
  /** Where Mitake sends the delivery receipt. */
  receiptUrl?: string;
}

/** The send request's URL: the charset travels in the query, as the SDK sends it. */
export function mitakeSendUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${MITAKE_SEND_PATH}?CharsetURL=UTF-8`;
}

/** The SmSend form for one message. */
export function mitakeSendForm(creds: MitakeCredentials, m: MitakeMessage): URLSearchParams {
  if (m.clientId.length === 0 || m.clientId.length > MITAKE_CLIENTID_MAX) throw new Error(`clientid must be 1 to ${MITAKE_CLIENTID_MAX} characters`);
  const form = new URLSearchParams({ username: creds.username, password: creds.password, dstaddr: m.phone, smbody: m.body, clientid: m.clientId });
  if (m.receiptUrl) form.set('response', m.receiptUrl);
  return form;
}

export interface MitakeAnswer {
  msgid: string | undefined;
  statuscode: string | undefined;
  /** Points left on the account after this send. */
  accountPoint: number | undefined;
  /** Duplicate=Y: the clientid was seen in the last 12 hours and nothing was sent again. */
  duplicate: boolean;
  /** Mitake's own words for a request error. */
  error: string | undefined;
  outcome: SendOutcome;
}

/** Reads key=value lines, the first record's only (one message per request); AccountPoint may follow the records. */
export function parseMitakeLines(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let records = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (/^\[\d+\]$/.test(line)) {
      records++;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq);
    // A later record's fields do not overwrite the first's; the account's points belong to the whole answer.
    if (records > 1 && key !== 'AccountPoint') continue;
    fields[key] = line.slice(eq + 1);
  }
  return fields;
}

export function parseMitakeAnswer(text: string): MitakeAnswer {
  const f = parseMitakeLines(text);
  const points = f.AccountPoint !== undefined && /^-?\d+$/.test(f.AccountPoint) ? Number(f.AccountPoint) : undefined;
  const duplicate = (f.Duplicate ?? '').toUpperCase() === 'Y';
  const statuscode = f.statuscode;
  let outcome = statuscode === undefined ? 'unreadable' : mitakeSendOutcome(statuscode);
  if (duplicate && outcome !== 'unreadable') outcome = 'duplicate';
  return { msgid: f.msgid, statuscode, accountPoint: points, duplicate, error: f.Error, outcome };
}

/** Mitake's statuscode of a send answer as a named outcome; its letters are request errors, its digits the message's state. */
const SEND_STATUS: Record<string, SendOutcome> = {
  '0': 'accepted',
  '1': 'accepted',
  '2': 'accepted',
  '3': 'accepted',
  '4': 'delivered',
  '5': 'bad_content',
  '6': 'bad_number',
  '7': 'number_disabled',
  '8': 'expired',
  '9': 'cancelled',
  '*': 'system_error',
  a: 'paused',
  b: 'paused',
  r: 'paused',
  c: 'auth_failed',
  d: 'auth_failed',
  e: 'auth_failed',
  f: 'suspended',
  h: 'suspended',
  m: 'auth_failed',
  n: 'auth_failed',
  p: 'address_refused',
  k: 'address_refused',
  l: 'busy',
  L: 'busy',
  s: 'no_credit',
  t: 'expired',
  u: 'bad_content',
  v: 'bad_number',
  x: 'bad_content',
  y: 'bad_request',
};

export function mitakeSendOutcome(statuscode: string): SendOutcome {
  return SEND_STATUS[statuscode] ?? 'unreadable';
}

/** The receipt's StatusFlag (the message's state, 0-9) as a delivery state. */
const RECEIPT_STATUS: Record<string, DeliveryState> = {
  '0': 'pending',
  '1': 'pending',
  '2': 'pending',
  '3': 'pending',
  '4': 'delivered',
  '5': 'bad_content',
  '6': 'no_such_number',
  '7': 'number_disabled',
  '8': 'expired',
  '9': 'cancelled',
};

/** The receipt's fields as Mitake names them in the query. */
export type MitakeReceiptQuery = Partial<Record<'msgid' | 'dstaddr' | 'dlvtime' | 'donetime' | 'statusstr' | 'statuscode' | 'StatusFlag', string>>;

export interface MitakeReceipt {
  msgid: string;
  phone: string;
  /** When the carrier finished with the message (donetime, YYYYMMDDHHMMSS in Taiwan's time), as Mitake wrote it. */
  doneAt: string;
  statusstr: string;
  state: DeliveryState;
}

/**
 * One receipt from its query. The state is read from StatusFlag, which carries the 0-9 message states (the published
 * example has statuscode=0 with StatusFlag=4 for a delivered message); statuscode stands in when StatusFlag is absent.
 */
export function parseMitakeReceipt(query: MitakeReceiptQuery): MitakeReceipt | undefined {
  const msgid = query.msgid ?? '';
  if (!/^[#A-Za-z0-9_-]{1,64}$/.test(msgid)) return undefined;
  const flag = query.StatusFlag ?? query.statuscode ?? '';
  return {
    msgid,
    phone: query.dstaddr ?? '',
    doneAt: query.donetime ?? '',
    statusstr: query.statusstr ?? '',
    state: RECEIPT_STATUS[flag] ?? 'failed',
  };
}

/** What the receipt URL answers so that Mitake stops re-sending the receipt. */
export function mitakeReceiptAnswer(msgid: string): string {
  return `magicid=sms_gateway_rpack\nmsgid=${msgid}\n`;
}

/** The account's points from an SmQuery answer (`AccountPoint=100`). */
export function parseMitakeCredit(text: string): number | undefined {
  const points = parseMitakeLines(text).AccountPoint;
  return points !== undefined && /^-?\d+$/.test(points) ? Number(points) : undefined;
}
