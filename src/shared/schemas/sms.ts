// The SMS gateways' outcomes as the outbox and the back office name them, and the gateways' calls to this site:
// Mitake's delivery receipt, a request to the receipt URL the site gave with the message, its fields in the query
// (Mitake may add fields of its own, which are let through and ignored).
import * as v from 'valibot';

/** The gateways this site can send through, as configuration and the outbox name them. */
export const SMS_GATEWAYS = ['mitake', 'every8d'] as const;
/** What a gateway said to one send request. */
export const SEND_OUTCOMES = [
  /** Taken: scheduled, or handed to the carrier; a receipt tells the rest. */
  'accepted',
  /** Already on the phone when the gateway answered. */
  'delivered',
  /** The same message was already taken under its idempotency key (Mitake's clientid): nothing was sent again. */
  'duplicate',
  'bad_content',
  'bad_number',
  /** The number cannot receive messages (Mitake 7). */
  'number_disabled',
  'expired',
  'cancelled',
  /** The gateway's sending is paused for a while (Mitake a, b, r): nothing was sent, another gateway may be tried. */
  'paused',
  /** The account is disabled or expired (Mitake f, h). */
  'suspended',
  'auth_failed',
  /** This server's address is not allowed (Mitake k). */
  'address_refused',
  /** Too many connections at once (Mitake L). */
  'busy',
  'no_credit',
  /** EVERY8D's negative answer: the command was not processed (its code and text are kept). */
  'refused',
  'bad_request',
  'system_error',
  /** An answer this adapter cannot read. */
  'unreadable',
  /** The gateway's circuit breaker was open: the request was not sent. */
  'circuit_open',
  /** The gateway refused the connection: the request never reached it. */
  'unreachable',
  /** No answer in time, or a 5xx: the message may or may not have been taken, so no other gateway is tried. */
  'no_answer',
] as const;
/** What became of a message after it was taken, from a receipt or a delivery report. */
export const DELIVERY_STATES = [
  'pending',
  'delivered',
  'no_such_number',
  /** The phone was off or out of reach (EVERY8D 101). */
  'phone_off',
  /** Not delivered before the message's validity ended (Mitake 8). */
  'expired',
  'bad_content',
  'number_disabled',
  /** The number refuses such messages (EVERY8D 104). */
  'blacklisted',
  'cancelled',
  'no_credit',
  'failed',
] as const;

/** Mitake's fields are short: ids, phone numbers, YYYYMMDDHHMMSS times, status words and codes. */
const field = v.optional(v.pipe(v.string(), v.maxLength(64)));

export const mitakeReceiptParams = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) });

export const mitakeReceiptQuery = v.looseObject({
  msgid: field,
  dstaddr: field,
  dlvtime: field,
  donetime: field,
  statusstr: field,
  statuscode: field,
  StatusFlag: field,
});

/** The receipt's answer: `magicid=sms_gateway_rpack` and the msgid, each on its line. */
export const mitakeReceiptAnswerView = v.pipe(v.string(), v.startsWith('magicid=sms_gateway_rpack\n'));
