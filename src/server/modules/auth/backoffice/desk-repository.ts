// SQL of the labels (tags) and notes staff keep on players, and of the bulk actions' reads of the selection, over
// auth's own tables (players, player_tags, player_tag_links, player_notes).
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { levels, playerNotes, playerTagLinks, playerTags, players } from '../../../db/schema.ts';
import { staffNameOf } from '../../staff/staff-facts.ts';

/** Every tag with how many players carry it, by name. */
export async function listTags(db: DbOrTx, limit: number) {
  return db
    .select({
      id: playerTags.id,
      name: playerTags.name,
      players: sql<number>`(select count(*)::int from ${playerTagLinks} l where l.tag_id = ${playerTags.id})`,
    })
    .from(playerTags)
    .orderBy(asc(playerTags.name))
    .limit(limit);
}

export async function tagCount(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: count() }).from(playerTags);
  return rows[0]?.n ?? 0;
}

/** Creates a tag; undefined when one of that name (whatever its letter case) exists. */
export async function insertTag(db: DbOrTx, name: string, staffId: number) {
  const rows = await db.insert(playerTags).values({ name, createdBy: staffId }).onConflictDoNothing().returning();
  return rows[0];
}

export async function tagById(db: DbOrTx, id: number) {
  const rows = await db.select().from(playerTags).where(eq(playerTags.id, id)).limit(1);
  return rows[0];
}

/** The tags of some players, by player id. */
export async function tagsOfPlayers(db: DbOrTx, playerIds: number[]): Promise<Map<number, Array<{ id: number; name: string }>>> {
  const out = new Map<number, Array<{ id: number; name: string }>>();
  if (!playerIds.length) return out;
  const rows = await db
    .select({ playerId: playerTagLinks.playerId, id: playerTags.id, name: playerTags.name })
    .from(playerTagLinks)
    .innerJoin(playerTags, eq(playerTags.id, playerTagLinks.tagId))
    .where(inArray(playerTagLinks.playerId, playerIds))
    .orderBy(asc(playerTags.name));
  for (const r of rows) out.set(r.playerId, [...(out.get(r.playerId) ?? []), { id: r.id, name: r.name }]);
  return out;
}

/** Puts the tag on those players not carrying it yet, answering who got it. */
export async function addTag(db: DbOrTx, tagId: number, playerIds: number[], staffId: number): Promise<number[]> {
  if (!playerIds.length) return [];
  const rows = await db
    .insert(playerTagLinks)
    .values(playerIds.map((playerId) => ({ playerId, tagId, createdBy: staffId })))
    .onConflictDoNothing()
    .returning({ playerId: playerTagLinks.playerId });
  return rows.map((r) => r.playerId);
}

/** Takes the tag off those players carrying it, answering who lost it. */
export async function removeTag(db: DbOrTx, tagId: number, playerIds: number[]): Promise<number[]> {
  if (!playerIds.length) return [];
  const rows = await db
    .delete(playerTagLinks)
    .where(and(eq(playerTagLinks.tagId, tagId), inArray(playerTagLinks.playerId, playerIds)))
    .returning({ playerId: playerTagLinks.playerId });
  return rows.map((r) => r.playerId);
}

/** The selected players that exist, in id order (the order row locks are taken in). */
export async function selectedPlayers(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: players.id, account: players.account, status: players.status, levelId: players.levelId })
    .from(players)
    .where(inArray(players.id, ids))
    .orderBy(asc(players.id));
}

export async function notesOf(db: DbOrTx, playerId: number, limit: number) {
  const where = eq(playerNotes.playerId, playerId);
  const [rows, total] = await Promise.all([
    db
      .select({ note: playerNotes, staffName: staffNameOf(playerNotes.staffId) })
      .from(playerNotes)
      .where(where)
      .orderBy(desc(playerNotes.id))
      .limit(limit),
    db.select({ n: count() }).from(playerNotes).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function insertNote(db: DbOrTx, playerId: number, staffId: number, body: string) {
  const [row] = await db.insert(playerNotes).values({ playerId, staffId, body }).returning();
  return row!;
}

export async function levelExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: levels.id }).from(levels).where(eq(levels.id, id)).limit(1)).length > 0;
}
