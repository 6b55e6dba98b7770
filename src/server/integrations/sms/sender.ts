// What product code sees of SMS: a sender that takes a message and says whether it left. The drivers are the outbox
// (index.ts) and the gateways (gateways.ts).

import type { MitakeReceiptQuery } from './mitake.ts';

export interface SmsMessage {
  phone: string;
  purpose: string;
  body: string;
  /** The one-time code inside the body. A real gateway's log keeps the body with it masked. */
  secret?: string;
}

/** The body as the outbox log keeps it when the message really leaves through a gateway: the code masked. */
export function maskedBody(message: SmsMessage): string {
  return message.secret ? message.body.split(message.secret).join('*'.repeat(message.secret.length)) : message.body;
}

export interface SmsSender {
  readonly driver: 'outbox' | 'gateway';
  send(message: SmsMessage): Promise<{ delivered: boolean }>;
  /**
   * Mitake's delivery receipt (the query of its request to the receipt URL) recorded on its outbox row; answers the
   * text Mitake expects, or undefined when the token or the receipt is not one this site gave out (or not yet: a
   * receipt that overtakes the send's answer is left for Mitake to send again).
   */
  mitakeReceipt(token: string, query: MitakeReceiptQuery): Promise<string | undefined>;
  /** EVERY8D's delivery reports asked for and recorded, the gateways' credit refreshed; answers rows updated. */
  pollReports(): Promise<number>;
}
