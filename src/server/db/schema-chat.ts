// Customer-service live chat: conversations that wait in a queue, are taken by an agent, may be
// transferred and are closed; their messages carry the chat message fields of SPEC.md section 3.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { players, staff } from './schema-core.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One conversation between a player and customer service. state: waiting, active or closed. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    state: varchar('state', { length: 10 }).notNull().default('waiting'),
    /** The agent holding the conversation; null while it waits in the queue. */
    agentId: bigint('agent_id', { mode: 'number' }).references(() => staff.id),
    /** How many times it moved from one agent to another. */
    transfers: integer('transfers').notNull().default(0),
    createdAt: tsz('created_at').notNull().defaultNow(),
    takenAt: tsz('taken_at'),
    closedAt: tsz('closed_at'),
    /** player or agent: who ended it. */
    closedBy: varchar('closed_by', { length: 10 }),
    lastMessageAt: tsz('last_message_at').notNull().defaultNow(),
  },
  (t) => [
    // At most one open conversation per player, whatever two instances do at the same moment.
    uniqueIndex('chat_conversations_open_uq')
      .on(t.playerId)
      .where(sql`${t.state} <> 'closed'`),
    index('chat_conversations_state_idx').on(t.state, t.createdAt),
    index('chat_conversations_player_idx').on(t.playerId, t.createdAt),
  ],
);

/** Each hand-over between agents, for the console's history and the audit of who held a conversation. */
export const chatTransfers = pgTable(
  'chat_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    fromStaffId: bigint('from_staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    toStaffId: bigint('to_staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_transfers_conversation_idx').on(t.conversationId)],
);

/**
 * A chat message (SPEC.md section 3). author_kind says who wrote it (player, agent or system); user_type of the
 * view is 'agent' for agents and null otherwise. message_id is the sender's own key, unique per conversation and
 * author, so a message sent twice (a retry after a lost acknowledgement) is stored once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    messageId: varchar('message_id', { length: 64 }).notNull(),
    authorKind: varchar('author_kind', { length: 10 }).notNull(),
    authorId: bigint('author_id', { mode: 'number' }),
    fromId: bigint('from_id', { mode: 'number' }),
    toId: bigint('to_id', { mode: 'number' }),
    /** message or file. */
    messageType: varchar('message_type', { length: 10 }).notNull().default('message'),
    userName: varchar('user_name', { length: 32 }).notNull().default(''),
    context: text('context').notNull().default(''),
    /** The upload shown for a file message; its URL is signed when the message is read. */
    uploadId: bigint('upload_id', { mode: 'number' }),
    remark: text('remark').notNull().default(''),
    remarkTime: tsz('remark_time'),
    /** 1 once the other side has read it. */
    read: smallint('read').notNull().default(0),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_sender_key_uq').on(t.conversationId, t.authorKind, t.messageId),
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
  ],
);

/** Canned replies agents insert with one click; operators edit them (audited). */
export const chatCannedReplies = pgTable('chat_canned_replies', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: varchar('title', { length: 40 }).notNull(),
  body: text('body').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => staff.id),
  updatedAt: tsz('updated_at').notNull().defaultNow(),
});
