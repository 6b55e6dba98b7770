// The SMS adapter. Every message is written to sms_outbox; the outbox driver stops there (operators and
// tests read codes from it), the HTTP driver also posts it to a gateway and records whether that worked.
import { smsOutbox } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';

export interface SmsMessage { phone: string; purpose: string; body: string }

export interface SmsSender {
  readonly driver: 'outbox' | 'http';
  send(message: SmsMessage): Promise<{ delivered: boolean }>;
}

export function outboxSms(db: Db): SmsSender {
  return {
    driver: 'outbox',
    async send(message) {
      await db.insert(smsOutbox).values({ ...message, driver: 'outbox', status: 'sent' });
      return { delivered: true };
    },
  };
}

/** Bounds how long a player waits on a slow gateway before the send is reported as failed. */
const GATEWAY_TIMEOUT_MS = 5000;

export function httpSms(db: Db, opts: { url: string; apiKey: string | undefined }): SmsSender {
  return {
    driver: 'http',
    async send(message) {
      let delivered = false;
      try {
        const res = await fetch(opts.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
          body: JSON.stringify({ to: message.phone, text: message.body }),
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        });
        delivered = res.ok;
      } catch {
        delivered = false;
      }
      await db.insert(smsOutbox).values({ ...message, driver: 'http', status: delivered ? 'sent' : 'failed' });
      return { delivered };
    },
  };
}
