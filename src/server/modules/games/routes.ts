// The lobby's game list: games per platform and group, with the thumbnail in the reader's language
// (cn for Chinese, en, th), falling back to English.
import * as v from 'valibot';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { games } from '../../db/schema.ts';

export const gameListQuery = v.object({
  group: v.optional(v.picklist(['slots', 'fish', 'sports', 'casino', 'lottery', 'cards', 'esports'], 'error.not_found')),
  code: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,20}$/, 'error.not_found'))),
  lang: v.optional(v.picklist(['cn', 'en', 'th'], 'error.not_found')),
});

export const gameListRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services;
  app.get('/games/list', { schema: { querystring: gameListQuery } }, async (request) => {
    const q = request.query as v.InferOutput<typeof gameListQuery>;
    const lang = q.lang ?? (request.locale === 'en' ? 'en' : 'cn');
    const rows = await db.select().from(games)
      .where(and(eq(games.status, 1), q.group ? eq(games.group, q.group) : undefined, q.code ? eq(games.gpCode, q.code) : undefined))
      .orderBy(asc(games.sort), asc(games.id)).limit(500);
    return ok(rows.map((g) => ({
      id: g.id, code: g.gpCode, game_code: g.gameCode, group: g.group,
      name: request.locale === 'en' ? g.nameEn : g.name,
      thumbnail: g.thumbnails[lang] ?? g.thumbnails.en ?? '',
      has_demo: g.hasDemo,
    })));
  });
};
