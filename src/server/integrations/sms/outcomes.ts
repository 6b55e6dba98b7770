// The named outcomes both SMS gateways' answers are mapped to, so the driver, the outbox and the back office speak of
// what happened ("paused", "no such number") and never of one gateway's status letters or numbers.

/** The gateways this site can send through, as configuration and the outbox name them. */
export const SMS_GATEWAYS = ['mitake', 'every8d'] as const;
export type SmsGateway = (typeof SMS_GATEWAYS)[number];

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
export type SendOutcome = (typeof SEND_OUTCOMES)[number];

/**
 * Outcomes after which nothing was sent and the fault is the gateway's or the account's, not the message's: the
 * other gateway may send the message without any risk of the phone receiving it twice.
 */
export const FAILOVER_OUTCOMES: ReadonlySet<SendOutcome> = new Set<SendOutcome>([
  'paused',
  'suspended',
  'auth_failed',
  'address_refused',
  'busy',
  'no_credit',
  'refused',
  'system_error',
  'circuit_open',
  'unreachable',
]);

/** Outcomes after which the message is on its way or already there. */
export const SENT_OUTCOMES: ReadonlySet<SendOutcome> = new Set<SendOutcome>(['accepted', 'delivered', 'duplicate']);

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
export type DeliveryState = (typeof DELIVERY_STATES)[number];
