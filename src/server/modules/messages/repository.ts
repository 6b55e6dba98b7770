// SQL of messages, their recipients and read state, and popups. A player sees the published broadcasts
// (system and platform) from BROADCAST_LOOKBACK_DAYS before registering onwards, and the published personal
// messages addressed to them; unread counts are computed from message_reads.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messageRecipients, messages, popups } from '../../db/schema.ts';
import { staffNameOf } from '../staff/staff-facts.ts';
import { signedUpAtOf } from '../auth/player-facts.ts';
import type { MessageKind } from '../../../shared/schemas/messages.ts';
import { MESSAGE_STATUS, POPUP_STATUS } from '../../../shared/statuses.ts';

export type MessageRow = typeof messages.$inferSelect;
export type PopupRow = typeof popups.$inferSelect;

/** A new player also sees the broadcasts of the month before registering (the current news), not years of them. */
const BROADCAST_LOOKBACK_DAYS = 30;

/** The messages a player may see, as a SQL condition on `m` (messages) for player `playerId`. */
function visibleTo(playerId: number, kind?: MessageKind): SQL {
  const broadcast = sql`(m.kind in ('system', 'platform') and m.created_at >= ${signedUpAtOf(playerId)} - make_interval(days => ${BROADCAST_LOOKBACK_DAYS}))`;
  const personal = sql`(m.kind = 'personal' and exists (select 1 from message_recipients mr where mr.message_id = m.id and mr.player_id = ${playerId}))`;
  const who = kind === 'personal' ? personal : kind ? sql`${broadcast} and m.kind = ${kind}` : sql`(${broadcast} or ${personal})`;
  return sql`m.status = ${MESSAGE_STATUS.published} and ${who}`;
}

export interface Unread {
  system: number;
  personal: number;
  platform: number;
}

export async function unreadCounts(db: DbOrTx, playerId: number): Promise<Unread> {
  const res = await db.execute<{ kind: string; n: string | number }>(sql`
    select m.kind, count(*) as n from messages m
    where ${visibleTo(playerId)}
      and not exists (select 1 from message_reads r where r.player_id = ${playerId} and r.message_id = m.id)
    group by m.kind`);
  const out: Unread = { system: 0, personal: 0, platform: 0 };
  for (const r of res.rows) if (r.kind in out) out[r.kind as MessageKind] = Number(r.n);
  return out;
}

export type ListedMessage = {
  id: number;
  kind: MessageKind;
  title: string;
  title_en: string;
  body: string;
  body_en: string;
  platform_code: string | null;
  created_at: Date | string;
  read: boolean;
};

export async function listFor(
  db: DbOrTx,
  playerId: number,
  kind: MessageKind,
  limit: number,
  offset: number,
): Promise<{ rows: ListedMessage[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.execute<ListedMessage>(sql`
      select m.id::int as id, m.kind, m.title, m.title_en, left(m.body, 2000) as body, left(m.body_en, 2000) as body_en,
        m.platform_code, m.created_at,
        exists (select 1 from message_reads r where r.player_id = ${playerId} and r.message_id = m.id) as read
      from messages m where ${visibleTo(playerId, kind)}
      order by m.id desc limit ${limit} offset ${offset}`),
    db.execute<{ n: string | number }>(sql`select count(*) as n from messages m where ${visibleTo(playerId, kind)}`),
  ]);
  return { rows: rows.rows.map((r) => ({ ...r, id: Number(r.id) })), total: Number(total.rows[0]?.n ?? 0) };
}

export async function detailFor(db: DbOrTx, playerId: number, id: number): Promise<(ListedMessage & { body: string }) | undefined> {
  const res = await db.execute<ListedMessage>(sql`
    select m.id::int as id, m.kind, m.title, m.title_en, m.body, m.body_en, m.platform_code, m.created_at,
      exists (select 1 from message_reads r where r.player_id = ${playerId} and r.message_id = m.id) as read
    from messages m where m.id = ${id} and ${visibleTo(playerId)}`);
  const row = res.rows[0];
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** Marks the named messages read, those the player may see only; answers how many were newly marked. */
export async function markRead(db: DbOrTx, playerId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const res = await db.execute(sql`
    insert into message_reads (message_id, player_id)
    select m.id, ${playerId} from messages m
    where m.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${visibleTo(playerId)}
    on conflict do nothing`);
  return Number(res.rowCount ?? 0);
}

/** Marks every visible message of a kind read. */
export async function markKindRead(db: DbOrTx, playerId: number, kind: MessageKind): Promise<number> {
  const res = await db.execute(sql`
    insert into message_reads (message_id, player_id)
    select m.id, ${playerId} from messages m where ${visibleTo(playerId, kind)}
    on conflict do nothing`);
  return Number(res.rowCount ?? 0);
}

// ---- back office -----------------------------------------------------------------------------------

export async function insertMessage(tx: DbOrTx, values: typeof messages.$inferInsert): Promise<number> {
  const [row] = await tx.insert(messages).values(values).returning({ id: messages.id });
  return row!.id;
}

/** Adds recipients in batches (one statement per batch keeps the parameter count bounded). */
export async function insertRecipients(tx: DbOrTx, messageId: number, playerIds: number[]): Promise<void> {
  const BATCH = 1000;
  for (let i = 0; i < playerIds.length; i += BATCH) {
    const slice = playerIds.slice(i, i + BATCH);
    await tx
      .insert(messageRecipients)
      .values(slice.map((playerId) => ({ messageId, playerId })))
      .onConflictDoNothing();
  }
}

export async function listForStaff(db: DbOrTx, kind: MessageKind | undefined, limit: number, offset: number) {
  const where = kind ? eq(messages.kind, kind) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({
        m: messages,
        staff: staffNameOf(messages.staffId),
        reads: sql<number>`(select count(*) from message_reads r where r.message_id = ${messages.id})::int`,
      })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function messageById(db: DbOrTx, id: number): Promise<MessageRow | undefined> {
  return (await db.select().from(messages).where(eq(messages.id, id)))[0];
}

export async function setMessageStatus(db: DbOrTx, id: number, status: number): Promise<void> {
  await db.update(messages).set({ status }).where(eq(messages.id, id));
}

export async function recipientIds(db: DbOrTx, messageId: number, limit: number): Promise<number[]> {
  const rows = await db.select({ id: messageRecipients.playerId }).from(messageRecipients).where(eq(messageRecipients.messageId, messageId)).limit(limit);
  return rows.map((r) => r.id);
}

// ---- popups ----------------------------------------------------------------------------------------

/** Popups on now, in queue order. */
export async function activePopups(db: DbOrTx, now: Date, limit: number): Promise<PopupRow[]> {
  return db
    .select()
    .from(popups)
    .where(
      and(
        eq(popups.status, POPUP_STATUS.on),
        sql`(${popups.startsAt} is null or ${popups.startsAt} <= ${now.toISOString()})`,
        sql`(${popups.endsAt} is null or ${popups.endsAt} > ${now.toISOString()})`,
      ),
    )
    .orderBy(asc(popups.sort), asc(popups.id))
    .limit(limit);
}

export async function allPopups(db: DbOrTx, limit: number): Promise<PopupRow[]> {
  return db.select().from(popups).orderBy(asc(popups.sort), asc(popups.id)).limit(limit);
}

export async function countPopups(db: DbOrTx): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)::int` }).from(popups))[0]?.n ?? 0;
}

export async function insertPopup(db: DbOrTx, values: typeof popups.$inferInsert): Promise<PopupRow> {
  return (await db.insert(popups).values(values).returning())[0]!;
}

export async function popupById(db: DbOrTx, id: number): Promise<PopupRow | undefined> {
  return (await db.select().from(popups).where(eq(popups.id, id)).for('update'))[0];
}

export async function updatePopup(db: DbOrTx, id: number, values: Partial<typeof popups.$inferInsert>): Promise<PopupRow | undefined> {
  return (
    await db
      .update(popups)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(popups.id, id))
      .returning()
  )[0];
}

export async function deletePopup(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(popups).where(eq(popups.id, id)).returning({ id: popups.id })).length > 0;
}
