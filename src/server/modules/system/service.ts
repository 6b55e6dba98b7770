// Settings, website status and system messages, read through a short cache because every page view
// asks for them. Other instances see an operator's change within CACHE_MS; this one at once.
import type { Db } from '../../db/client.ts';
import {
  DEFAULT_SETTINGS, DEFAULT_WEBSITE_STATUS, WEBSITE_STATUS_KEY, type SettingKey, type SystemSettings, type WebsiteStatus,
} from '../../../shared/settings.ts';
import { activeMessages, isIpBlocked, readAllSettings, writeSetting } from './repository.ts';

const CACHE_MS = 1000;

export interface SystemMessage { status: number; message: string; message_en: string }

export class SystemService {
  private cache: { at: number; settings: SystemSettings; website: WebsiteStatus } | undefined;
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private async load() {
    const now = Date.now();
    if (this.cache && now - this.cache.at < CACHE_MS) return this.cache;
    const stored = await readAllSettings(this.db);
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
      for (const [key, value] of Object.entries(patch)) await writeSetting(tx, key, value);
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

  async setWebsiteStatus(status: WebsiteStatus): Promise<void> {
    await writeSetting(this.db, WEBSITE_STATUS_KEY, status);
    this.cache = undefined;
  }

  async messages(slot: string): Promise<SystemMessage[]> {
    const rows = await activeMessages(this.db, slot);
    return rows.map((r) => ({ status: r.status, message: r.message, message_en: r.messageEn }));
  }

  ipBlocked(ip: string): Promise<boolean> {
    return isIpBlocked(this.db, ip);
  }
}
