// The game-platform catalogue in the browser (SPEC.md section 3): GET /api/games/platform/all merged with the
// status list of GET /api/platforms/status, loaded once per page and shared by the nav panels and the lobbies.
// The 'change-gamePlatform' system event reloads it (and the lobby's game list) without a page reload.
import { atom } from 'nanostores';
import { api } from '../../stores/api.ts';
import { onRealtime } from '../../stores/realtime.ts';
import type { PlatformStatusView, PlatformView } from '../../shared/schemas/games.ts';
import { FRONT_SHOW, MAINTAIN_STATUS, PLATFORM_STATUS } from '../../shared/statuses.ts';
import { taipeiDateTime } from '../../shared/time.ts';

export type Platform = PlatformView;

/** A row of GET /api/platforms/status, matched by gp_code and group; a field it leaves out keeps the platform's own. */
type PlatformStatus = Pick<PlatformStatusView, 'gp_code' | 'group'> & Partial<PlatformStatusView>;

/** Applies the status list to the platform list, matching rows by gp_code and group. */
export function mergePlatforms(all: Platform[], statuses: PlatformStatus[]): Platform[] {
  const byKey = new Map(statuses.map((s) => [`${s.gp_code}|${s.group}`, s]));
  return all.map((p) => {
    const s = byKey.get(`${p.gp_code}|${p.group}`);
    if (!s) return p;
    return {
      ...p,
      status: s.status ?? p.status,
      front_show: s.front_show ?? p.front_show,
      start_time: s.start_time !== undefined ? s.start_time : p.start_time,
      end_time: s.end_time !== undefined ? s.end_time : p.end_time,
    };
  });
}

/** Shown to players: switched on and front_show = 1. */
export function isShown(p: Platform): boolean {
  return p.front_show === FRONT_SHOW.shown && p.status === PLATFORM_STATUS.on;
}

/** Under maintenance: maintain_status 0, or now inside the platform's maintenance window. */
export function isMaintained(p: Platform, now = Date.now()): boolean {
  if (p.maintain_status === MAINTAIN_STATUS.maintenance) return true;
  const start = p.start_time ? Date.parse(p.start_time) : NaN;
  const end = p.end_time ? Date.parse(p.end_time) : NaN;
  return !Number.isNaN(start) && !Number.isNaN(end) && start <= now && now <= end;
}

/** An instant as 'YYYY-MM-DD HH:mm:ss' in Asia/Taipei; text that is not a date stays as it is. */
function taipei(text: string): string {
  const ms = Date.parse(text.trim());
  return Number.isNaN(ms) ? text.trim() : taipeiDateTime(ms);
}

/**
 * The maintenance time range of the overlay, split at 20 characters over two lines (SPEC.md section 2):
 * 'YYYY-MM-DD HH:mm:ss~' and 'YYYY-MM-DD HH:mm:ss'. Empty lines when no range is known.
 */
export function maintainLines(p: Platform): [string, string] {
  let text = '';
  if (p.start_time && p.end_time) text = `${taipei(p.start_time)}~${taipei(p.end_time)}`;
  else if (p.maintain)
    text = p.maintain
      .split('~')
      .map((part) => taipei(part))
      .join('~');
  return [text.slice(0, 20), text.slice(20)];
}

/** null until loaded once on this page. */
export const $platforms = atom<Platform[] | null>(null);
export const $platformsFailed = atom(false);
/** Bumped by every 'change-gamePlatform' event, so lobbies reload their game lists too. */
export const $catalogueVersion = atom(0);

let inflight: Promise<void> | null = null;

/** Loads the catalogue; overlapping calls share one request. `force` reloads a list already loaded. */
export function loadPlatforms(force = false): Promise<void> {
  if (inflight) return inflight;
  if ($platforms.get() && !force) return Promise.resolve();
  inflight = Promise.all([api('GET /games/platform/all'), api('GET /platforms/status').catch(() => [])])
    .then(
      ([all, statuses]) => {
        $platforms.set(mergePlatforms(all, statuses));
        $platformsFailed.set(false);
      },
      () => {
        if (!$platforms.get()) $platformsFailed.set(true);
      },
    )
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

if (typeof window !== 'undefined') {
  // Operators switch platforms on, off or into maintenance; a burst of changes costs one reload.
  let timer: number | undefined;
  onRealtime('change-gamePlatform', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      $catalogueVersion.set($catalogueVersion.get() + 1);
      if ($platforms.get() || $platformsFailed.get()) void loadPlatforms(true);
    }, 300);
  });
}
