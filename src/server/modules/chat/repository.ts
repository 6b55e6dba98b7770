// SQL of the live chat: conversations, messages, read state, transfers and canned replies.
import { and, asc, desc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatCannedReplies, chatConversations, chatMessages, chatTransfers } from '../../db/schema.ts';
import type { ChatAuthor } from '../../../shared/schemas/chat.ts';
import { READ_STATUS } from '../../../shared/statuses.ts';
import { accountNameOf } from '../auth/player-facts.ts';
import { staffNameOf } from '../staff/staff-facts.ts';

type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** A conversation with the names the views show and the count of unread messages from the other side. */
export interface ConversationListRow extends ConversationRow {
  account: string;
  agentName: string | null;
  unread: number;
}

const unreadFrom = (side: 'player' | 'agent') => sql<number>`(
  select count(*)::int from chat_messages m
  where m.conversation_id = ${chatConversations.id} and m.read = ${READ_STATUS.unread} and m.author_kind = ${side})`;

function listSelect(db: DbOrTx, unreadSide: 'player' | 'agent') {
  return db
    .select({
      id: chatConversations.id,
      playerId: chatConversations.playerId,
      state: chatConversations.state,
      agentId: chatConversations.agentId,
      transfers: chatConversations.transfers,
      createdAt: chatConversations.createdAt,
      takenAt: chatConversations.takenAt,
      closedAt: chatConversations.closedAt,
      closedBy: chatConversations.closedBy,
      lastMessageAt: chatConversations.lastMessageAt,
      account: accountNameOf(chatConversations.playerId),
      agentName: staffNameOf(chatConversations.agentId),
      unread: unreadFrom(unreadSide),
    })
    .from(chatConversations);
}

export async function conversationById(db: DbOrTx, id: number, unreadSide: 'player' | 'agent' = 'player'): Promise<ConversationListRow | undefined> {
  const rows = await listSelect(db, unreadSide).where(eq(chatConversations.id, id)).limit(1);
  return rows[0];
}

/** The player's conversation that is not closed, if any (the unique index allows one). */
export async function openConversationOf(db: DbOrTx, playerId: number): Promise<ConversationListRow | undefined> {
  const rows = await listSelect(db, 'agent')
    .where(and(eq(chatConversations.playerId, playerId), ne(chatConversations.state, 'closed')))
    .limit(1);
  return rows[0];
}

/**
 * Opens a waiting conversation for the player, or returns the open one: the partial unique index makes two
 * concurrent opens end with one row.
 */
export async function openConversation(db: DbOrTx, playerId: number): Promise<{ row: ConversationRow; created: boolean }> {
  const inserted = await db.insert(chatConversations).values({ playerId, state: 'waiting' }).onConflictDoNothing().returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.playerId, playerId), ne(chatConversations.state, 'closed')))
    .limit(1);
  if (!row) throw new Error('open conversation vanished');
  return { row, created: false };
}

export async function queue(db: DbOrTx, limit: number): Promise<ConversationListRow[]> {
  return listSelect(db, 'player').where(eq(chatConversations.state, 'waiting')).orderBy(asc(chatConversations.createdAt)).limit(limit);
}

export async function heldBy(db: DbOrTx, staffId: number, limit: number): Promise<ConversationListRow[]> {
  return listSelect(db, 'player')
    .where(and(eq(chatConversations.state, 'active'), eq(chatConversations.agentId, staffId)))
    .orderBy(desc(chatConversations.lastMessageAt))
    .limit(limit);
}

/** Takes a waiting conversation; undefined when another agent was faster or it is no longer waiting. */
export async function take(db: DbOrTx, id: number, staffId: number): Promise<ConversationRow | undefined> {
  const rows = await db
    .update(chatConversations)
    .set({ state: 'active', agentId: staffId, takenAt: sql`now()` })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.state, 'waiting')))
    .returning();
  return rows[0];
}

/** Moves an active conversation held by `from` to `to`, with its transfer row; undefined when `from` does not hold it. */
export async function transfer(db: DbOrTx, id: number, from: number, to: number): Promise<ConversationRow | undefined> {
  const rows = await db
    .update(chatConversations)
    .set({ agentId: to, transfers: sql`${chatConversations.transfers} + 1` })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.state, 'active'), eq(chatConversations.agentId, from)))
    .returning();
  if (rows[0]) await db.insert(chatTransfers).values({ conversationId: id, fromStaffId: from, toStaffId: to });
  return rows[0];
}

/** Closes an open conversation; by an agent only the one holding it (or any agent while it waits). */
export async function close(
  db: DbOrTx,
  id: number,
  by: { kind: 'player'; playerId: number } | { kind: 'agent'; staffId: number },
): Promise<ConversationRow | undefined> {
  const who =
    by.kind === 'player' ? eq(chatConversations.playerId, by.playerId) : or(eq(chatConversations.agentId, by.staffId), eq(chatConversations.state, 'waiting'));
  const rows = await db
    .update(chatConversations)
    .set({ state: 'closed', closedAt: sql`now()`, closedBy: by.kind })
    .where(and(eq(chatConversations.id, id), ne(chatConversations.state, 'closed'), who))
    .returning();
  return rows[0];
}

interface NewMessage {
  conversationId: number;
  messageId: string;
  authorKind: ChatAuthor;
  authorId: number | null;
  fromId: number | null;
  toId: number | null;
  messageType: 'message' | 'file';
  userName: string;
  context: string;
  uploadId: number | null;
}

/** Stores a message once per sender key; a repeat returns the stored row and `created: false`. */
export async function insertMessage(db: DbOrTx, m: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
  const inserted = await db.insert(chatMessages).values(m).onConflictDoNothing().returning();
  if (inserted[0]) {
    await db
      .update(chatConversations)
      .set({ lastMessageAt: sql`now()` })
      .where(eq(chatConversations.id, m.conversationId));
    return { row: inserted[0], created: true };
  }
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, m.conversationId), eq(chatMessages.authorKind, m.authorKind), eq(chatMessages.messageId, m.messageId)))
    .limit(1);
  return { row: row!, created: false };
}

/** A sender's stored messages by their keys (a retried send finds what the first attempt stored). */
export async function messagesByKeys(db: DbOrTx, conversationId: number, authorKind: ChatAuthor, keys: string[]): Promise<MessageRow[]> {
  if (!keys.length) return [];
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.authorKind, authorKind), inArray(chatMessages.messageId, keys)))
    .orderBy(asc(chatMessages.id));
}

/** Messages of one conversation, oldest first, at most `limit` of the newest. */
export async function messagesOf(db: DbOrTx, conversationId: number, limit: number): Promise<MessageRow[]> {
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(desc(chatMessages.id)).limit(limit);
  return rows.reverse();
}

/** The player's messages of every conversation since `since`, oldest first, at most `limit` of the newest. */
export async function playerHistory(db: DbOrTx, playerId: number, since: Date, limit: number): Promise<Array<MessageRow & { dialogAt: Date }>> {
  const rows = await db
    .select({ m: chatMessages, dialogAt: chatConversations.createdAt })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatConversations.playerId, playerId), gt(chatMessages.createdAt, since)))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map((r) => ({ ...r.m, dialogAt: r.dialogAt }));
}

/** Marks the other side's messages up to `upTo` as read; returns how many changed. */
export async function markRead(db: DbOrTx, conversationId: number, otherSide: ChatAuthor, upTo: number): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ read: READ_STATUS.read })
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.authorKind, otherSide),
        eq(chatMessages.read, READ_STATUS.unread),
        lte(chatMessages.id, upTo),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length;
}

export function cannedReplies(db: DbOrTx) {
  return db.select().from(chatCannedReplies).orderBy(asc(chatCannedReplies.sort), asc(chatCannedReplies.id)).limit(200);
}

export async function insertCanned(db: DbOrTx, row: { title: string; body: string; sort: number; updatedBy: number | null }) {
  const [created] = await db.insert(chatCannedReplies).values(row).returning();
  return created!;
}

export async function updateCanned(db: DbOrTx, id: number, row: { title: string; body: string; sort: number; updatedBy: number | null }) {
  const [updated] = await db
    .update(chatCannedReplies)
    .set({ ...row, updatedAt: sql`now()` })
    .where(eq(chatCannedReplies.id, id))
    .returning();
  return updated;
}

export async function deleteCanned(db: DbOrTx, id: number) {
  const [deleted] = await db.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id)).returning();
  return deleted;
}

export async function countCanned(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chatCannedReplies);
  return row?.n ?? 0;
}
