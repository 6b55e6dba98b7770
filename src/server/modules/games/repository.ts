// SQL for the game-platform catalogue and the lobby's game list.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gamePlatforms, games } from '../../db/schema.ts';
import type { Locale } from '../../../shared/constants.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import type { GameView } from '../../../shared/schemas/games.ts';
import { FRONT_SHOW, GAME_STATUS, PLATFORM_STATUS } from '../../../shared/statuses.ts';

/** The groups that have at least one platform switched on and shown; the nav hides the others. */
export async function activeGroups(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ group: gamePlatforms.group })
    .from(gamePlatforms)
    .where(and(eq(gamePlatforms.status, PLATFORM_STATUS.on), eq(gamePlatforms.frontShow, FRONT_SHOW.shown)));
  return rows.map((r) => r.group);
}

/**
 * The lobby's games, with the thumbnail in the reader's language (cn for Chinese, en, th), falling back to
 * English; also what server-rendered pages show before any script runs.
 */
export async function listGames(
  db: DbOrTx,
  q: { group?: string; code?: string; lang?: 'cn' | 'en' | 'th'; locale: Locale; limit?: number },
): Promise<GameView[]> {
  const lang = q.lang ?? byLocale(q.locale, 'cn', 'en');
  const rows = await db
    .select()
    .from(games)
    .where(and(eq(games.status, GAME_STATUS.on), q.group ? eq(games.group, q.group) : undefined, q.code ? eq(games.gpCode, q.code) : undefined))
    .orderBy(asc(games.sort), asc(games.id))
    .limit(Math.min(q.limit ?? 500, 500));
  return rows.map((g) => ({
    id: g.id,
    code: g.gpCode,
    game_code: g.gameCode,
    group: g.group,
    name: byLocale(q.locale, g.name, g.nameEn),
    thumbnail: g.thumbnails[lang] ?? g.thumbnails.en ?? '',
    has_demo: g.hasDemo,
  }));
}
