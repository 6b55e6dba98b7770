// Requests of the back office's system calls: website status, system settings, system messages (the notice bar) and
// the SMS outbox. Their answers are in content.ts. Messages are i18n keys: 'bo.*' keys live in the back-office
// catalogues, the others in the shared catalogues.
import * as v from 'valibot';
import { pageQuery } from '../paging.ts';
import { DEFAULT_SETTINGS, type SystemSettings } from '../../settings.ts';
import { BANKS } from '../../banks.ts';
import { SYSTEM_MESSAGE_STATUS, statusValues } from '../../statuses.ts';
import type { SETTING_KINDS } from './content.ts';
import { ACTIVITY_WALLET_RULES } from '../protection.ts';

export { ACTIVITY_WALLET_RULES };

const TEXT_MAX = 500;
const NUMBER_SETTING_MAX = 1_000_000_000_000;
const LIST_SETTING_MAX_ITEMS = 50;

const str = () => v.string('v.type.string');
const trimmed = (max: number) => v.pipe(str(), v.maxLength(max, 'v.too_long'), v.trim());

export const websiteStatusBody = v.strictObject(
  {
    status: v.boolean('v.type.boolean'),
    msg: v.optional(trimmed(TEXT_MAX), ''),
    msg_en: v.optional(trimmed(TEXT_MAX), ''),
  },
  'v.type.object',
);

/** The one place system messages are shown: the bar at the top of the desktop pages. */
export const SYSTEM_MESSAGE_SLOT = 'pc-top';
const messageStatus = v.picklist(statusValues(SYSTEM_MESSAGE_STATUS), 'bo.v.status');

export const messageCreateBody = v.strictObject(
  {
    slot: v.optional(v.literal(SYSTEM_MESSAGE_SLOT, 'bo.v.slot'), SYSTEM_MESSAGE_SLOT),
    message: v.pipe(trimmed(TEXT_MAX), v.nonEmpty('bo.v.message.required')),
    message_en: v.optional(trimmed(TEXT_MAX), ''),
    status: v.optional(messageStatus, SYSTEM_MESSAGE_STATUS.shown),
  },
  'v.type.object',
);
export type MessageCreateBody = v.InferOutput<typeof messageCreateBody>;

export const messageUpdateBody = v.pipe(
  v.strictObject(
    {
      message: v.optional(v.pipe(trimmed(TEXT_MAX), v.nonEmpty('bo.v.message.required'))),
      message_en: v.optional(trimmed(TEXT_MAX)),
      status: v.optional(messageStatus),
    },
    'v.type.object',
  ),
  v.check((b) => Object.keys(b).length > 0, 'bo.v.nothing_to_change'),
);
export type MessageUpdateBody = v.InferOutput<typeof messageUpdateBody>;

export const smsQuery = v.object({
  ...pageQuery,
  phone: v.optional(v.pipe(trimmed(20), v.regex(/^\d*$/, 'bo.v.digits'))),
});

// System settings: each key of DEFAULT_SETTINGS accepts only a value of its default's type, narrowed
// by what the key means. Keys that are not settings are refused, so a typo cannot create a dead row.

export type SettingKind = (typeof SETTING_KINDS)[number];

/** Numeric settings named like limits hold amounts or counts; other 0/1 numbers are switches. */
const LIMIT_NAME = /(_min|_max|_count|_limit|_amount|_days|_hours|_minutes|_seconds|_ms)$/;

/** Settings that take one of a few values: the form offers them as a select, the server accepts only those. */
export const SETTING_CHOICES: Partial<Record<keyof SystemSettings, readonly string[]>> = {
  protection_activity_wallet_rule: ACTIVITY_WALLET_RULES,
};

export function settingKind(key: keyof SystemSettings): SettingKind {
  if (SETTING_CHOICES[key]) return 'choice';
  const value: unknown = DEFAULT_SETTINGS[key];
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return (value === 0 || value === 1) && !LIMIT_NAME.test(key) ? 'toggle' : 'number';
  if (Array.isArray(value)) return 'list';
  return key.endsWith('_url') ? 'url' : 'text';
}

function settingSchema(kind: SettingKind): v.GenericSchema {
  switch (kind) {
    case 'toggle':
      return v.picklist([0, 1], 'bo.v.setting.toggle');
    case 'boolean':
      return v.boolean('v.type.boolean');
    case 'number':
      return v.pipe(
        v.number('bo.v.setting.number'),
        v.integer('bo.v.setting.number'),
        v.minValue(0, 'bo.v.setting.number'),
        v.maxValue(NUMBER_SETTING_MAX, 'bo.v.out_of_range'),
      );
    case 'list':
      return v.pipe(v.array(v.pipe(trimmed(40), v.nonEmpty('bo.v.setting.list')), 'bo.v.setting.list'), v.maxLength(LIST_SETTING_MAX_ITEMS, 'v.too_long'));
    case 'url':
      return v.pipe(trimmed(TEXT_MAX), v.regex(/^(https?:\/\/[^\s]+)?$/, 'bo.v.setting.url'));
    case 'text':
      return trimmed(TEXT_MAX);
    // Each choice setting has its own picklist in SETTING_RULES; this is the fallback for one without.
    case 'choice':
      return v.picklist([], 'bo.v.setting.choice');
  }
}

/**
 * Settings whose meaning narrows their type further: the receiving account of bank-transfer deposits, the USDT
 * address, the order expiry and the bank-card count. Empty text switches a method off.
 */
const SETTING_RULES: Partial<Record<keyof SystemSettings, v.GenericSchema>> = {
  receiving_bank: v.pipe(
    trimmed(TEXT_MAX),
    v.check((x) => x === '' || BANKS.some((b) => b.code === x), 'bo.v.setting.bank'),
  ),
  receiving_bank_account_name: v.pipe(trimmed(TEXT_MAX), v.maxLength(40, 'v.too_long')),
  receiving_bank_account: v.pipe(trimmed(TEXT_MAX), v.regex(/^(\d{6,20})?$/, 'bo.v.setting.bank_account')),
  usdt_address: v.pipe(trimmed(TEXT_MAX), v.regex(/^(T[1-9A-HJ-NP-Za-km-z]{33})?$/, 'bo.v.setting.usdt')),
  protection_activity_wallet_rule: v.picklist(ACTIVITY_WALLET_RULES, 'bo.v.setting.activity_rule'),
  deposit_order_expire_minutes: v.pipe(
    v.number('bo.v.setting.number'),
    v.integer('bo.v.setting.number'),
    v.minValue(5, 'bo.v.setting.expire'),
    v.maxValue(1440, 'bo.v.setting.expire'),
  ),
  bank_card_max: v.pipe(
    v.number('bo.v.setting.number'),
    v.integer('bo.v.setting.number'),
    v.minValue(1, 'bo.v.setting.card_max'),
    v.maxValue(10, 'bo.v.setting.card_max'),
  ),
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as Array<keyof SystemSettings>;

export const settingsBody = v.pipe(
  v.strictObject(Object.fromEntries(SETTING_KEYS.map((key) => [key, v.optional(SETTING_RULES[key] ?? settingSchema(settingKind(key)))])), 'v.type.object'),
  v.check((b) => Object.keys(b).length > 0, 'bo.v.nothing_to_change'),
);
