// What the server's page middleware hands to Astro pages (Astro.locals). Pages read the site's state
// through these functions and never import server code.
import type { DeviceInfo } from './device.ts';
import type { Locale } from './constants.ts';
import type { SystemSettings } from './settings.ts';
import type { GameView } from './schemas/games.ts';
import type { MessageKey } from '../i18n/en.ts';
import type { BoKey } from '../i18n/backoffice-en.ts';

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
  games: (q: { group?: string; limit?: number }) => Promise<GameView[]>;
  /**
   * A public GET of the site's own API (answered in process, without a network hop), so pages can render public
   * lists such as the promotions hall before any script runs. Only paths under PUBLIC_PAGE_API_PREFIXES are
   * allowed; the answer is the envelope's data, or undefined when the API refused or failed.
   */
  publicApi: <T>(path: string, query?: Record<string, string | number>) => Promise<T | undefined>;
}

/**
 * What Astro's own middleware (src/middleware.ts) sets for every page, prerendered ones included: the page's
 * language as its URL says, and the helpers that follow from it, so a page's frontmatter does not rebuild them.
 * A server island (server:defer) is rendered by a request of its own whose URL is not the page's, so it is handed
 * the page's locale as a prop instead of reading this.
 */
export interface PageHelpers {
  locale: Locale;
  /** The page's text for a catalogue key, with `{name}` placeholders filled from `vars`. */
  t: (key: MessageKey, vars?: Record<string, string | number>) => string;
  /** The strings an island is handed: only the keys it names, in the page's language. */
  pick: <K extends MessageKey>(keys: readonly K[]) => Record<K, string>;
  /** A site path in the page's language (/en/... for English). */
  path: (path: string) => string;
  /** The back office's text for a key of its own catalogue, in the page's language; an unknown key is returned as it is. */
  boT: (key: string, vars?: Record<string, string | number>) => string;
  /** The back-office strings an island is handed: only the keys it names, in the page's language. */
  boPick: <K extends BoKey>(keys: readonly K[]) => Record<K, string>;
  /** Every back-office string whose key starts with `prefix`, e.g. all setting labels for the settings form. */
  boPickPrefix: (prefix: string) => Record<string, string>;
}

/** The API paths pages may read through publicApi: public data only, never a player's. */
export const PUBLIC_PAGE_API_PREFIXES = ['/api/activity/', '/api/games/platform/all'] as const;
