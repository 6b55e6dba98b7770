// The named outcomes both SMS gateways' answers are mapped to, so the driver, the outbox and the back office speak of
// what happened ("paused", "no such number") and never of one gateway's status letters or numbers. The names
// themselves are in src/shared/schemas/sms.ts, which the back office's SMS log shares.
import { DELIVERY_STATES, SEND_OUTCOMES, SMS_GATEWAYS } from '../../../shared/schemas/sms.ts';

export { DELIVERY_STATES, SEND_OUTCOMES, SMS_GATEWAYS };

export type SmsGateway = (typeof SMS_GATEWAYS)[number];

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

export type DeliveryState = (typeof DELIVERY_STATES)[number];
