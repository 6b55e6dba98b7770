// Answers of the back office's site content calls: website status, system settings, system messages, the SMS outbox
// and the landing page's overview.
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';
import { settingsView } from '../system.ts';
import { DELIVERY_STATES, SEND_OUTCOMES, SMS_GATEWAYS } from '../sms.ts';

export const staffWebsiteStatusView = v.object({ status: v.boolean(), msg: v.string(), msg_en: v.string() });

export const SETTING_KINDS = ['toggle', 'number', 'text', 'url', 'list', 'boolean', 'choice'] as const;
/** The settings with how the form edits each one and its default. */
export const staffSettingsView = v.object({
  values: settingsView,
  kinds: v.record(v.string(), v.picklist(SETTING_KINDS)),
  defaults: settingsView,
});
export const settingsSavedView = v.object({ ...staffSettingsView.entries, changed: v.array(v.string()) });

export const systemMessageView = v.object({
  id: v.number(),
  slot: v.string(),
  status: v.number(),
  message: v.string(),
  message_en: v.string(),
  created_at: v.nullable(v.string()),
});
export const systemMessagesView = staffPageOf(systemMessageView);

const smsView = v.object({
  id: v.number(),
  phone: v.string(),
  purpose: v.string(),
  body: v.string(),
  driver: v.string(),
  status: v.string(),
  created_at: v.nullable(v.string()),
  /** The gateway that took the message, or the last one asked; null for the outbox driver. */
  gateway: v.nullable(v.picklist(SMS_GATEWAYS)),
  /** The named answer of that gateway (integrations/sms/outcomes.ts). */
  outcome: v.nullable(v.picklist(SEND_OUTCOMES)),
  /** Each gateway asked, in order, with its answer: a failover shows as two. */
  attempts: v.array(v.object({ gateway: v.picklist(SMS_GATEWAYS), outcome: v.picklist(SEND_OUTCOMES) })),
  /** What became of the message, from the gateway's receipt or delivery report. */
  delivery: v.nullable(v.picklist(DELIVERY_STATES)),
  delivery_at: v.nullable(v.string()),
});
export const smsListView = staffPageOf(smsView);

/** The landing page's counters. */
export const overviewView = v.object({
  website: staffWebsiteStatusView,
  players_total: v.number(),
  players_online: v.number(),
  sms_24h: v.number(),
  pending: v.object({
    deposits: v.number(),
    withdrawals: v.number(),
    cards: v.number(),
    findings: v.number(),
    adjustments: v.number(),
    applications: v.number(),
    red_packets: v.number(),
    consultations: v.number(),
    chats: v.number(),
    gift_orders: v.number(),
    kyc_documents: v.number(),
  }),
  today: v.object({ deposits: v.string(), withdrawals: v.string(), net: v.string(), active_players: v.number() }),
});

export type StaffWebsiteStatusView = v.InferOutput<typeof staffWebsiteStatusView>;
export type StaffSettingsView = v.InferOutput<typeof staffSettingsView>;
export type SystemMessageView = v.InferOutput<typeof systemMessageView>;
export type SmsView = v.InferOutput<typeof smsView>;
export type OverviewView = v.InferOutput<typeof overviewView>;
