// The SMS adapter. Every message is written to sms_outbox; the outbox driver stops there (development and
// demo installations: the outbox is the phone, so operators and tests read codes from it; production refuses
// it unless SEED_DEMO=1), the HTTP driver posts it to a gateway and logs it with the code masked, so staff
// who read the log cannot sign up or sign in as the phone's owner.
import { smsOutbox } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { Breakers } from '../breakers.ts';

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
  readonly driver: 'outbox' | 'http';
  send(message: SmsMessage): Promise<{ delivered: boolean }>;
}

export function outboxSms(db: Db): SmsSender {
  return {
    driver: 'outbox',
    async send(message) {
      await db.insert(smsOutbox).values({ phone: message.phone, purpose: message.purpose, body: message.body, driver: 'outbox', status: 'sent' });
      return { delivered: true };
    },
  };
}

/** Bounds how long a player waits on a slow gateway before the send is reported as failed. */
const GATEWAY_TIMEOUT_MS = 5000;

/** breakers: the SMS gateway's circuit breaker (sms); while it is open a message is recorded as failed without a call. */
export function httpSms(db: Db, opts: { url: string; apiKey: string | undefined }, breakers?: Breakers): SmsSender {
  const post = (message: SmsMessage) =>
    fetch(opts.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
      body: JSON.stringify({ to: message.phone, text: message.body }),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
  return {
    driver: 'http',
    async send(message) {
      let delivered = false;
      try {
        const res = breakers
          ? await breakers.call(
              'sms',
              () => post(message),
              (r) => r.status >= 500,
            )
          : await post(message);
        delivered = res.ok;
      } catch {
        delivered = false;
      }
      await db.insert(smsOutbox).values({
        phone: message.phone,
        purpose: message.purpose,
        body: maskedBody(message),
        driver: 'http',
        status: delivered ? 'sent' : 'failed',
      });
      return { delivered };
    },
  };
}
