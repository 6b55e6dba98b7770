// What the server's page middleware hands to Astro pages (Astro.locals). Pages read the site's state
// through these functions and never import server code.
import type { DeviceInfo } from './device.ts';
import type { Locale } from './constants.ts';
import type { SystemSettings } from './settings.ts';

export interface PageLocals {
  device: DeviceInfo;
  locale: Locale;
  website: { status: boolean; msg: string };
  settings: () => Promise<SystemSettings>;
  /** The first active 'pc-top' system message in the given language, or '' for none. */
  noticeText: (locale: Locale) => Promise<string>;
  /** Game groups with a live platform, for the main nav. */
  platformGroups: () => Promise<string[]>;
  /** The lobby's games (the same list GET /api/games/list gives), so pages can render them without waiting for a script. */
  games: (q: { group?: string; limit?: number }) => Promise<Array<{ id: number; code: string; game_code: string; group: string; name: string; thumbnail: string; has_demo: boolean }>>;
}
