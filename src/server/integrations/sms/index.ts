// The SMS adapter. Every message is written to sms_outbox; the outbox driver stops there (development and demo
// installations: the outbox is the phone, so operators and tests read codes from it; production refuses it unless
// SEED_DEMO=1), the gateway driver (gateways.ts) sends it through Mitake or EVERY8D and logs it with the code masked,
// so staff who read the log cannot sign up or sign in as the phone's owner.
import { smsOutbox } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { SmsSender } from './sender.ts';

export { maskedBody, type SmsMessage, type SmsSender } from './sender.ts';
export { GatewaySms, mitakeClientId, type GatewaySettings } from './gateways.ts';

export function outboxSms(db: Db): SmsSender {
  return {
    driver: 'outbox',
    async send(message) {
      await db.insert(smsOutbox).values({ phone: message.phone, purpose: message.purpose, body: message.body, driver: 'outbox', status: 'sent' });
      return { delivered: true };
    },
    // Nothing left the site, so no gateway has anything to report.
    mitakeReceipt: async () => undefined,
    pollReports: async () => 0,
  };
}
