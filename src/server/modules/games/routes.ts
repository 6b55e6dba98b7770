// The lobby's game list: games per platform and group, with the thumbnail in the reader's language
// (cn for Chinese, en, th), falling back to English.
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import * as v from 'valibot';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { games } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Locale } from '../../../shared/constants.ts';

export const gameListQuery = v.object({
  group: v.optional(v.picklist(['slots', 'fish', 'sports', 'casino', 'lottery', 'cards', 'esports'], 'error.not_found')),
  code: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,20}$/, 'error.not_found'))),
  lang: v.optional(v.picklist(['cn', 'en', 'th'], 'error.not_found')),
});

export interface GameListItem { id: number; code: string; game_code: string; group: string; name: string; thumbnail: string; has_demo: boolean }

/** The lobby's games; also what server-rendered pages show before any script runs. */
export async function listGames(db: DbOrTx, q: { group?: string; code?: string; lang?: 'cn' | 'en' | 'th'; locale: Locale; limit?: number }): Promise<GameListItem[]> {
  const lang = q.lang ?? (q.locale === 'en' ? 'en' : 'cn');
  const rows = await db.select().from(games)
    .where(and(eq(games.status, 1), q.group ? eq(games.group, q.group) : undefined, q.code ? eq(games.gpCode, q.code) : undefined))
    .orderBy(asc(games.sort), asc(games.id)).limit(Math.min(q.limit ?? 500, 500));
  return rows.map((g) => ({
    id: g.id, code: g.gpCode, game_code: g.gameCode, group: g.group,
    name: q.locale === 'en' ? g.nameEn : g.name,
    thumbnail: g.thumbnails[lang] ?? g.thumbnails.en ?? '',
    has_demo: g.hasDemo,
  }));
}

export const gameListRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db } = app.services;
  app.get('/games/list', { schema: { querystring: gameListQuery } }, async (request) => {
    const q = request.query;
    return ok(await listGames(db, { ...q, locale: request.locale }));
  });
};
