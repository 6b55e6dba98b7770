// The system domain: settings, website status, system messages (the notice bar), the SMS outbox, the address
// blacklist and the back office's dashboard. Settings, status and messages are read through a short cache because
// every page view asks for them; other instances see an operator's change within CACHE_MS, this one at once.
// Each operator change writes its audit row in the same transaction as the change.
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { givenFields } from '../../lib/patch.ts';
import type { Locale } from '../../../shared/constants.ts';
import {
  DEFAULT_SETTINGS,
  DEFAULT_WEBSITE_STATUS,
  WEBSITE_STATUS_KEY,
  type SettingKey,
  type SystemSettings,
  type WebsiteStatus,
} from '../../../shared/settings.ts';
import type { Paging } from '../../../shared/schemas/paging.ts';
import * as v from 'valibot';
import type { OverviewView, SmsView, SystemMessageView } from '../../../shared/schemas/backoffice/content.ts';
import { DELIVERY_STATES, SEND_OUTCOMES, SMS_GATEWAYS } from '../../../shared/schemas/sms.ts';
import {
  SETTING_KEYS,
  SYSTEM_MESSAGE_SLOT,
  settingKind,
  type MessageCreateBody,
  type MessageUpdateBody,
  type SettingKind,
} from '../../../shared/schemas/backoffice/system.ts';
import { changedFields, recordAudit } from '../staff/audit.ts';
import type { Operator, PageOf } from '../staff/service.ts';
import * as repo from './repository.ts';
import { overview, type DashboardSources } from './dashboard.ts';
import { SystemDesk } from './desk.ts';

export type { DashboardSources } from './dashboard.ts';

const CACHE_MS = 1000;

export interface SystemMessage {
  status: number;
  message: string;
  message_en: string;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** Operator text is written in Chinese and optionally in English: an English page shows the English where there is one. */
const textFor = (locale: Locale, text: string, textEn: string) => (locale === 'en' && textEn ? textEn : text);
const page = <T>(p: Paging, rows: T[], total: number): PageOf<T> => ({ data: rows, total, page: p.page, pageSize: p.pageSize });

function messageView(r: repo.SystemMessageRow): SystemMessageView {
  return { id: r.id, slot: r.slot, status: r.status, message: r.message, message_en: r.messageEn, created_at: iso(r.createdAt) };
}

export class SystemService {
  private cache: { at: number; settings: SystemSettings; website: WebsiteStatus } | undefined;
  private readonly db: Db;
  /** The system desk: the outbox's figures and dead letters, the scheduled jobs, redrive and "run now" (desk.ts). */
  readonly desk: SystemDesk;
  constructor(db: Db) {
    this.db = db;
    this.desk = new SystemDesk(db);
  }

  private async load() {
    const now = Date.now();
    if (this.cache && now - this.cache.at < CACHE_MS) return this.cache;
    const stored = await repo.readAllSettings(this.db);
    const merged = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
    for (const key of Object.keys(DEFAULT_SETTINGS)) if (stored.has(key)) merged[key] = stored.get(key);
    const website = { ...DEFAULT_WEBSITE_STATUS, ...(stored.get(WEBSITE_STATUS_KEY) as Partial<WebsiteStatus> | undefined) };
    this.cache = { at: now, settings: merged as SystemSettings, website };
    return this.cache;
  }

  async settings(): Promise<SystemSettings> {
    return (await this.load()).settings;
  }

  async setting<K extends SettingKey>(key: K): Promise<SystemSettings[K]> {
    return (await this.load()).settings[key];
  }

  async updateSettings(patch: Partial<SystemSettings>): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const [key, value] of Object.entries(patch)) await repo.writeSetting(tx, key, value);
    });
    this.cache = undefined;
  }

  /** Forgets the cached values, for callers that wrote settings in their own transaction. */
  invalidate(): void {
    this.cache = undefined;
  }

  async websiteStatus(): Promise<WebsiteStatus> {
    return (await this.load()).website;
  }

  /** The website's status as a player reads it: the English text where one was written and the page is English. */
  async websiteStatusFor(locale: Locale): Promise<{ status: boolean; msg: string }> {
    const w = await this.websiteStatus();
    return { status: w.status, msg: textFor(locale, w.msg, w.msg_en) };
  }

  async setWebsiteStatus(status: WebsiteStatus): Promise<void> {
    await repo.writeSetting(this.db, WEBSITE_STATUS_KEY, status);
    this.cache = undefined;
  }

  async messages(slot: string): Promise<SystemMessage[]> {
    const rows = await repo.activeMessages(this.db, slot);
    return rows.map((r) => ({ status: r.status, message: r.message, message_en: r.messageEn }));
  }

  /** A slot's shown messages as a player reads them: the English text where one was written and the page is English. */
  async messagesFor(slot: string, locale: Locale): Promise<Array<{ status: number; message: string }>> {
    const rows = await this.messages(slot);
    return rows.map((r) => ({ status: r.status, message: textFor(locale, r.message, r.message_en) }));
  }

  ipBlocked(ip: string): Promise<boolean> {
    return repo.isIpBlocked(this.db, ip);
  }

  // The back office: the dashboard.

  dashboard(sources: DashboardSources): Promise<OverviewView> {
    return overview(this.db, this.websiteStatus(), sources);
  }

  // The back office: website status and settings, rows of the settings table written in the same transaction as
  // their audit row; the cache is then dropped so this instance serves the change at once.

  async changeWebsiteStatus(op: Operator, input: WebsiteStatus): Promise<WebsiteStatus> {
    const before = await this.websiteStatus();
    const next: WebsiteStatus = { status: input.status, msg: input.msg, msg_en: input.msg_en };
    await this.db.transaction(async (tx) => {
      await repo.writeSetting(tx, WEBSITE_STATUS_KEY, next);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'website.update',
        target: WEBSITE_STATUS_KEY,
        ...changedFields({ ...before }, { ...next }),
        ip: op.ip,
      });
    });
    this.invalidate();
    return next;
  }

  /** The settings with how the form edits each one, and their defaults. */
  async settingsForm(): Promise<{ values: SystemSettings; kinds: Record<string, SettingKind>; defaults: SystemSettings }> {
    return {
      values: await this.settings(),
      kinds: Object.fromEntries(SETTING_KEYS.map((k) => [k, settingKind(k)])),
      defaults: DEFAULT_SETTINGS,
    };
  }

  /** Writes the settings that differ from their current values, with one audit row naming each change. */
  async changeSettings(op: Operator, patch: Partial<SystemSettings>) {
    const current = await this.settings();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(patch)) {
      const from = current[key as keyof SystemSettings];
      if (JSON.stringify(from) !== JSON.stringify(value)) changes[key] = { from, to: value };
    }
    if (Object.keys(changes).length) {
      await this.db.transaction(async (tx) => {
        for (const [key, { to }] of Object.entries(changes)) await repo.writeSetting(tx, key, to);
        const before = Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.from]));
        const after = Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.to]));
        await recordAudit(tx, { staffId: op.staffId, action: 'settings.update', target: 'settings', before, after, ip: op.ip });
      });
      this.invalidate();
    }
    return { ...(await this.settingsForm()), changed: Object.keys(changes) };
  }

  // The back office: system messages (the notice bar).

  async listMessages(p: Paging): Promise<PageOf<SystemMessageView>> {
    const { rows, total } = await repo.listMessages(this.db, SYSTEM_MESSAGE_SLOT, p);
    return page(p, rows.map(messageView), total);
  }

  async createMessage(op: Operator, input: MessageCreateBody): Promise<SystemMessageView> {
    const row = await this.db.transaction(async (tx) => {
      const created = await repo.insertMessage(tx, {
        slot: input.slot,
        status: input.status,
        message: input.message,
        messageEn: input.message_en,
      });
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'message.create',
        target: `system_message:${created.id}`,
        before: null,
        after: { slot: created.slot, status: created.status, message: created.message, message_en: created.messageEn },
        ip: op.ip,
      });
      return created;
    });
    return messageView(row);
  }

  async updateMessage(op: Operator, id: number, input: MessageUpdateBody): Promise<SystemMessageView> {
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.messageForUpdate(tx, id);
      if (!before) throw new ApiError('not_found');
      const patch = givenFields(input, { message: 'message', message_en: 'messageEn', status: 'status' });
      const after = await repo.updateMessage(tx, id, patch);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'message.update',
        target: `system_message:${id}`,
        ...changedFields(messageView(before), messageView(after ?? before)),
        ip: op.ip,
      });
      return after;
    });
    return messageView(row);
  }

  // The back office: the SMS outbox.

  async listSms(p: Paging & { phone?: string }): Promise<PageOf<SmsView>> {
    const { rows, total } = await repo.listSms(this.db, p);
    return page(
      p,
      rows.map((r) => ({
        id: r.id,
        phone: r.phone,
        purpose: r.purpose,
        body: r.body,
        driver: r.driver,
        status: r.status,
        created_at: iso(r.createdAt),
        ...smsDeliveryView(r),
      })),
      total,
    );
  }
}

/** The gateway columns of an outbox row, with names outside the shared lists (older or foreign rows) left out. */
function smsDeliveryView(r: {
  gateway: string | null;
  outcome: string | null;
  attempts: Array<{ gateway: string; outcome: string }>;
  delivery: string | null;
  deliveryAt: Date | null;
}) {
  const gateway = v.picklist(SMS_GATEWAYS);
  const outcome = v.picklist(SEND_OUTCOMES);
  const delivery = v.picklist(DELIVERY_STATES);
  return {
    gateway: v.is(gateway, r.gateway) ? r.gateway : null,
    outcome: v.is(outcome, r.outcome) ? r.outcome : null,
    attempts: r.attempts.flatMap((a) => (v.is(gateway, a.gateway) && v.is(outcome, a.outcome) ? [{ gateway: a.gateway, outcome: a.outcome }] : [])),
    delivery: v.is(delivery, r.delivery) ? r.delivery : null,
    delivery_at: iso(r.deliveryAt),
  };
}
