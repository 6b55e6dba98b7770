// Live chat rules: a player's conversation waits in the queue, an agent takes it, may transfer it to
// another agent, and either side closes it. Every message is stored before it is sent to anyone, then goes out
// through the socket.io namespace (with the Redis adapter, to sockets on every instance). Rooms:
//   chat-player:<id>  every chat socket of one player (they never join a conversation room);
//   conv:<id>         the agents working on a conversation;
//   agent:<id>        every console tab of one agent;  agents  every online agent (queue changes).
import type { Namespace } from 'socket.io';
import type { Db } from '../../db/client.ts';
import type { Limiter } from '../../lib/limiter.ts';
import { ApiError } from '../../lib/errors.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import {
  CHAT_AGENT_RATE,
  CHAT_EVENTS,
  CHAT_HISTORY_DAYS,
  CHAT_LEAVE_RATE,
  CHAT_PLAYER_RATE,
  type AgentStateView,
  type CannedReplyBody,
  type CannedReplyView,
  type ChatMessageView,
  type ChatPlayerView,
  type ConversationMessagesView,
  type ConversationView,
  type PlayerChatView,
} from '../../../shared/schemas/chat.ts';
import { PERMISSIONS } from '../staff/roles.ts';
import { changedFields, recordAudit } from '../staff/audit.ts';
import { accountsOf } from '../../ledger/read.ts';
import { accountNames, playerWithLevel } from '../auth/player-facts.ts';
import { activeStaffOfRoles, staffMember } from '../staff/staff-facts.ts';
import * as repo from './repository.ts';
import { READ_STATUS, STAFF_STATUS } from '../../../shared/statuses.ts';
import { DAY_MS } from '../../../shared/time.ts';

/** Messages loaded with a conversation or a player's history. */
const HISTORY_LIMIT = 300;
/** Conversations listed in the console's queue and in an agent's own list. */
const LIST_LIMIT = 100;
/** The player card lists at most this many of the player's accounts. */
const PLAYER_CARD_ACCOUNTS = 50;

export const playerRoomOf = (playerId: number) => `chat-player:${playerId}`;
const convRoom = (conversationId: number) => `conv:${conversationId}`;
export const agentRoom = (staffId: number) => `agent:${staffId}`;
export const AGENTS_ROOM = 'agents';

/** Roles that may answer chats, from the chat.agent permission. */
const AGENT_ROLES: readonly string[] = PERMISSIONS['chat.agent'];

/** What a left message becomes: a consultation (the consultations module provides it). */
type LeaveMessageSink = (input: { playerId: number; title: string; content: string; images: number[] }) => Promise<{ id: number }>;
/** Claims a player's uploads for a chat message inside its transaction and gives the signed URL of one. */
interface ChatImages {
  claim(tx: Parameters<Parameters<Db['transaction']>[0]>[0], playerId: number, ids: number[]): Promise<void>;
  /** The same for an agent's own private uploads. */
  claimStaff(tx: Parameters<Parameters<Db['transaction']>[0]>[0], staffId: number, ids: number[]): Promise<void>;
  url(uploadId: number): string | null;
}

interface ChatDeps {
  db: Db;
  limiter: Limiter;
  clock?: () => Date;
  leaveMessage?: LeaveMessageSink;
  images?: ChatImages;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export class ChatService {
  private readonly db: Db;
  private readonly limiter: Limiter;
  readonly clock: () => Date;
  /** Set once the socket server is up (attachChatSockets). */
  nsp: Namespace | undefined;
  leaveMessageSink: LeaveMessageSink | undefined;
  images: ChatImages | undefined;

  constructor(deps: ChatDeps) {
    this.db = deps.db;
    this.limiter = deps.limiter;
    this.clock = deps.clock ?? (() => new Date());
    this.leaveMessageSink = deps.leaveMessage;
    this.images = deps.images;
  }

  // Views.

  messageView(m: repo.MessageRow, dialogAt: Date): ChatMessageView {
    return {
      id: m.id,
      chat_id: m.conversationId,
      thread_id: m.conversationId,
      message_id: m.messageId,
      author_id: m.authorId,
      from_id: m.fromId,
      to_id: m.toId,
      message_type: m.messageType === 'file' ? 'file' : 'message',
      user_type: m.authorKind === 'agent' ? 'agent' : null,
      user_name: m.userName,
      email: '',
      recipients: '',
      context: m.context,
      form_field: null,
      image_url: m.uploadId ? (this.images?.url(m.uploadId) ?? null) : null,
      remark: m.remark,
      remark_time: iso(m.remarkTime),
      dialog_datetime: dialogAt.toISOString(),
      create_datetime: m.createdAt.toISOString(),
      read: m.read === READ_STATUS.read ? READ_STATUS.read : READ_STATUS.unread,
    };
  }

  conversationView(c: repo.ConversationListRow): ConversationView {
    const state = c.state === 'active' || c.state === 'closed' ? c.state : 'waiting';
    return {
      id: c.id,
      player_id: c.playerId,
      account: c.account,
      state,
      agent_id: c.agentId,
      agent_name: c.agentName,
      transfers: c.transfers,
      created_at: c.createdAt.toISOString(),
      last_message_at: c.lastMessageAt.toISOString(),
      unread: c.unread,
    };
  }

  // Presence.

  /** Whether any agent has a console open on any instance (the adapter asks the others). */
  async agentsOnline(): Promise<Set<number>> {
    if (!this.nsp) return new Set();
    try {
      const sockets = await this.nsp.in(AGENTS_ROOM).fetchSockets();
      return new Set(sockets.map((s) => (s.data as { staffId?: number }).staffId).filter((id): id is number => typeof id === 'number'));
    } catch {
      // An instance that does not answer in time: better to let the player write than to turn them away.
      return new Set([0]);
    }
  }

  // Player side.

  async playerState(playerId: number): Promise<PlayerChatView> {
    const since = new Date(this.clock().getTime() - CHAT_HISTORY_DAYS * DAY_MS);
    const [open, history, online] = await Promise.all([
      repo.openConversationOf(this.db, playerId),
      repo.playerHistory(this.db, playerId, since, HISTORY_LIMIT),
      this.agentsOnline(),
    ]);
    return {
      conversation: open ? this.conversationView(open) : null,
      messages: history.map((m) => this.messageView(m, m.dialogAt)),
      agents_online: online.size > 0,
    };
  }

  async playerSend(playerId: number, input: { key: string; text: string; images: number[] }): Promise<ChatMessageView> {
    const hit = await this.limiter.hit(`chat:p:${playerId}`, CHAT_PLAYER_RATE.limit, CHAT_PLAYER_RATE.windowMs);
    if (!hit.allowed) throw new ApiError('rate_limited');
    const open = await repo.openConversationOf(this.db, playerId);
    // A new conversation needs someone to answer it; otherwise the player leaves a message instead.
    if (!open && (await this.agentsOnline()).size === 0) throw new ApiError('bad_request', { chat: ['chat.offline'] });
    if (input.images.length && !this.images) throw new ApiError('bad_request', { images: ['chat.v.images_off'] });
    const account = (await accountNames(this.db, [playerId])).get(playerId) ?? '';
    const { conversation, message, created, opened } = await this.db.transaction(async (tx) => {
      const { row: conv, created: newConversation } = await repo.openConversation(tx, playerId);
      const images = input.images;
      // One message per image (message_type file), the text last; the sender's key keeps a retry from doubling.
      const keys = [...images.map((_, i) => `${input.key}-${i}`.slice(0, 64)), ...(input.text ? [input.key] : [])];
      const stored = await repo.messagesByKeys(tx, conv.id, 'player', keys);
      // A retry of a send that was stored (its acknowledgement lost): answer with what is there, claim nothing again.
      if (stored.length) return { conversation: conv, message: stored, created: false, opened: false };
      const rows: repo.MessageRow[] = [];
      let fresh = false;
      if (images.length) await this.images!.claim(tx, playerId, images);
      for (const [i, uploadId] of images.entries()) {
        const r = await repo.insertMessage(tx, {
          conversationId: conv.id,
          messageId: `${input.key}-${i}`.slice(0, 64),
          authorKind: 'player',
          authorId: playerId,
          fromId: playerId,
          toId: conv.agentId,
          messageType: 'file',
          userName: account,
          context: '',
          uploadId,
        });
        rows.push(r.row);
        fresh ||= r.created;
      }
      if (input.text) {
        const r = await repo.insertMessage(tx, {
          conversationId: conv.id,
          messageId: input.key,
          authorKind: 'player',
          authorId: playerId,
          fromId: playerId,
          toId: conv.agentId,
          messageType: 'message',
          userName: account,
          context: input.text,
          uploadId: null,
        });
        rows.push(r.row);
        fresh ||= r.created;
      }
      return { conversation: conv, message: rows, created: fresh, opened: newConversation };
    });
    const views = message.map((m) => this.messageView(m, conversation.createdAt));
    // After the commit: the stored messages go to the player's other tabs and to the agents of the conversation.
    if (created) for (const view of views) this.emitMessage(playerId, conversation.id, view);
    if (opened) this.nsp?.to(AGENTS_ROOM).emit(CHAT_EVENTS.queue, { conversationId: conversation.id });
    else if (conversation.state === 'waiting' && created) this.nsp?.to(AGENTS_ROOM).emit(CHAT_EVENTS.queue, { conversationId: conversation.id });
    return views[views.length - 1]!;
  }

  async playerConversation(playerId: number, conversationId: number): Promise<repo.ConversationListRow> {
    const c = await repo.conversationById(this.db, conversationId, 'agent');
    // Another player's conversation is answered exactly like one that does not exist.
    if (!c || c.playerId !== playerId) throw new ApiError('not_found');
    return c;
  }

  async playerRead(playerId: number, conversationId: number, upTo: number): Promise<number> {
    await this.playerConversation(playerId, conversationId);
    const n = await repo.markRead(this.db, conversationId, 'agent', upTo);
    if (n) this.nsp?.to(convRoom(conversationId)).emit(CHAT_EVENTS.read, { conversationId, reader: 'player', upTo });
    return n;
  }

  async playerClose(playerId: number, conversationId: number): Promise<ConversationView> {
    await this.playerConversation(playerId, conversationId);
    const closed = await repo.close(this.db, conversationId, { kind: 'player', playerId });
    if (!closed) throw new ApiError('not_found');
    return this.announce(conversationId);
  }

  /** No agent online: the message becomes a consultation the service desk answers later. */
  async leaveMessage(playerId: number, input: { title: string; content: string; images: number[] }): Promise<{ consultation_id: number }> {
    if (!this.leaveMessageSink) throw new ApiError('upstream_unavailable');
    const hit = await this.limiter.hit(`chat:leave:${playerId}`, CHAT_LEAVE_RATE.limit, CHAT_LEAVE_RATE.windowMs);
    if (!hit.allowed) throw new ApiError('rate_limited');
    const { id } = await this.leaveMessageSink({ playerId, ...input });
    return { consultation_id: id };
  }

  // Agent side.

  async agentState(staffId: number): Promise<AgentStateView> {
    const [queue, mine, staffRows, online] = await Promise.all([
      repo.queue(this.db, LIST_LIMIT),
      repo.heldBy(this.db, staffId, LIST_LIMIT),
      activeStaffOfRoles(this.db, AGENT_ROLES),
      this.agentsOnline(),
    ]);
    return {
      me: staffId,
      queue: queue.map((c) => this.conversationView(c)),
      mine: mine.map((c) => this.conversationView(c)),
      agents: staffRows.map((s) => ({ id: s.id, username: s.username, online: online.has(s.id) })),
    };
  }

  async conversationMessages(conversationId: number): Promise<ConversationMessagesView> {
    const c = await repo.conversationById(this.db, conversationId, 'player');
    if (!c) throw new ApiError('not_found');
    const messages = await repo.messagesOf(this.db, conversationId, HISTORY_LIMIT);
    return { conversation: this.conversationView(c), messages: messages.map((m) => this.messageView(m, c.createdAt)) };
  }

  async take(staffId: number, conversationId: number, ip: string): Promise<ConversationView> {
    const taken = await repo.take(this.db, conversationId, staffId);
    if (!taken) throw new ApiError('bad_request', { conversation: ['chat.taken'] });
    await recordAudit(this.db, {
      staffId,
      action: 'chat.take',
      target: `chat:${conversationId}`,
      before: { state: 'waiting', agent_id: null },
      after: { state: taken.state, agent_id: staffId },
      detail: { player_id: taken.playerId },
      ip,
    });
    this.nsp?.in(agentRoom(staffId)).socketsJoin(convRoom(conversationId));
    this.nsp?.to(AGENTS_ROOM).emit(CHAT_EVENTS.queue, { conversationId });
    return this.announce(conversationId);
  }

  async transfer(staffId: number, conversationId: number, toStaffId: number, ip: string): Promise<ConversationView> {
    if (toStaffId === staffId) throw new ApiError('validation_failed', { toStaffId: ['chat.v.agent'] });
    const target = await staffMember(this.db, toStaffId);
    if (!target || target.status !== STAFF_STATUS.active || !AGENT_ROLES.includes(target.role))
      throw new ApiError('validation_failed', { toStaffId: ['chat.v.agent'] });
    const moved = await this.db.transaction(async (tx) => {
      const row = await repo.transfer(tx, conversationId, staffId, toStaffId);
      if (row)
        await recordAudit(tx, {
          staffId,
          action: 'chat.transfer',
          target: `chat:${conversationId}`,
          before: { agent_id: staffId },
          after: { agent_id: toStaffId },
          detail: { player_id: row.playerId },
          ip,
        });
      return row;
    });
    if (!moved) throw new ApiError('forbidden');
    this.nsp?.in(agentRoom(staffId)).socketsLeave(convRoom(conversationId));
    this.nsp?.in(agentRoom(toStaffId)).socketsJoin(convRoom(conversationId));
    const view = await this.announce(conversationId);
    this.nsp?.to(agentRoom(toStaffId)).emit(CHAT_EVENTS.conversation, view);
    return view;
  }

  async agentClose(staffId: number, conversationId: number, ip: string): Promise<ConversationView> {
    const closed = await repo.close(this.db, conversationId, { kind: 'agent', staffId });
    if (!closed) throw new ApiError('forbidden');
    await recordAudit(this.db, {
      staffId,
      action: 'chat.close',
      target: `chat:${conversationId}`,
      before: { state: 'active' },
      after: { state: closed.state },
      detail: { player_id: closed.playerId },
      ip,
    });
    this.nsp?.to(AGENTS_ROOM).emit(CHAT_EVENTS.queue, { conversationId });
    return this.announce(conversationId);
  }

  /** The conversation an agent works on: active and held by them. */
  private async held(staffId: number, conversationId: number): Promise<repo.ConversationListRow> {
    const c = await repo.conversationById(this.db, conversationId, 'player');
    if (!c) throw new ApiError('not_found');
    if (c.state !== 'active' || c.agentId !== staffId) throw new ApiError('forbidden');
    return c;
  }

  async agentSend(staffId: number, username: string, input: { conversationId: number; key: string; text: string; images: number[] }): Promise<ChatMessageView> {
    const hit = await this.limiter.hit(`chat:s:${staffId}`, CHAT_AGENT_RATE.limit, CHAT_AGENT_RATE.windowMs);
    if (!hit.allowed) throw new ApiError('rate_limited');
    const c = await this.held(staffId, input.conversationId);
    if (input.images.length && !this.images) throw new ApiError('bad_request', { images: ['chat.v.images_off'] });
    const { rows, created } = await this.db.transaction(async (tx) => {
      // Like a player's send: one message per picture (message_type file), the text last, the key keeping a retry single.
      const keys = [...input.images.map((_, i) => `${input.key}-${i}`.slice(0, 64)), ...(input.text ? [input.key] : [])];
      const stored = await repo.messagesByKeys(tx, c.id, 'agent', keys);
      if (stored.length) return { rows: stored, created: false };
      if (input.images.length) await this.images!.claimStaff(tx, staffId, input.images);
      const out: repo.MessageRow[] = [];
      let fresh = false;
      const common = { conversationId: c.id, authorKind: 'agent' as const, authorId: staffId, fromId: staffId, toId: c.playerId, userName: username };
      for (const [i, uploadId] of input.images.entries()) {
        const r = await repo.insertMessage(tx, { ...common, messageId: `${input.key}-${i}`.slice(0, 64), messageType: 'file', context: '', uploadId });
        out.push(r.row);
        fresh ||= r.created;
      }
      if (input.text) {
        const r = await repo.insertMessage(tx, { ...common, messageId: input.key, messageType: 'message', context: input.text, uploadId: null });
        out.push(r.row);
        fresh ||= r.created;
      }
      return { rows: out, created: fresh };
    });
    const views = rows.map((m) => this.messageView(m, c.createdAt));
    if (created) for (const view of views) this.emitMessage(c.playerId, c.id, view);
    return views[views.length - 1]!;
  }

  async agentRead(staffId: number, conversationId: number, upTo: number): Promise<number> {
    const c = await this.held(staffId, conversationId);
    const n = await repo.markRead(this.db, conversationId, 'player', upTo);
    if (n) this.nsp?.to([playerRoomOf(c.playerId), convRoom(conversationId)]).emit(CHAT_EVENTS.read, { conversationId, reader: 'agent', upTo });
    return n;
  }

  /** Typing goes to the other side only; the caller checked the sender belongs to the conversation. */
  async typing(
    from: { kind: 'player'; playerId: number } | { kind: 'agent'; staffId: number },
    conversationId: number,
    typing: boolean,
    except: string,
  ): Promise<void> {
    if (from.kind === 'player') {
      await this.playerConversation(from.playerId, conversationId);
      this.nsp?.to(convRoom(conversationId)).emit(CHAT_EVENTS.typing, { conversationId, side: 'player', typing });
    } else {
      const c = await this.held(from.staffId, conversationId);
      this.nsp
        ?.to([playerRoomOf(c.playerId), convRoom(conversationId)])
        .except(except)
        .emit(CHAT_EVENTS.typing, { conversationId, side: 'agent', typing });
    }
  }

  private emitMessage(playerId: number, conversationId: number, view: ChatMessageView): void {
    this.nsp?.to([playerRoomOf(playerId), convRoom(conversationId)]).emit(CHAT_EVENTS.message, view);
  }

  /** Tells the player and the conversation's agents the conversation's new state. */
  private async announce(conversationId: number): Promise<ConversationView> {
    const c = await repo.conversationById(this.db, conversationId, 'player');
    if (!c) throw new ApiError('not_found');
    const view = this.conversationView(c);
    this.nsp?.to([playerRoomOf(c.playerId), convRoom(conversationId)]).emit(CHAT_EVENTS.conversation, view);
    return view;
  }

  /** Joins an agent's socket to the rooms of the conversations they hold (on connect and on state). */
  async rejoin(staffId: number, join: (rooms: string[]) => void): Promise<void> {
    const mine = await repo.heldBy(this.db, staffId, LIST_LIMIT);
    if (mine.length) join(mine.map((c) => convRoom(c.id)));
  }

  // The player beside the conversation, and canned replies.

  async playerCard(playerId: number): Promise<ChatPlayerView> {
    const p = await playerWithLevel(this.db, playerId);
    if (!p) throw new ApiError('not_found');
    const wallets = await accountsOf(this.db, playerId, PLAYER_CARD_ACCOUNTS);
    return {
      id: p.id,
      account: p.account,
      status: p.status,
      level: p.levelName ?? '',
      created_at: p.createdAt.toISOString(),
      last_login_at: iso(p.lastLoginAt),
      wallets: wallets.map((w) => ({
        kind: w.kind,
        ref: w.ref,
        balance: w.asset === 'money' ? minorToDecimal(w.balanceMinor) : w.balanceMinor.toString(),
      })),
    };
  }

  private cannedView(r: typeof import('../../db/schema.ts').chatCannedReplies.$inferSelect): CannedReplyView {
    return { id: r.id, title: r.title, body: r.body, sort: r.sort, updated_at: r.updatedAt.toISOString() };
  }

  /** What an audit row keeps of a canned reply. */
  private cannedAudit(r: typeof import('../../db/schema.ts').chatCannedReplies.$inferSelect): Record<string, unknown> {
    return { title: r.title, body: r.body, sort: r.sort };
  }

  async canned(): Promise<CannedReplyView[]> {
    return (await repo.cannedReplies(this.db)).map((r) => this.cannedView(r));
  }

  async createCanned(staffId: number, body: CannedReplyBody, ip: string): Promise<CannedReplyView> {
    // The list is read whole by every console: keep it short.
    if ((await repo.countCanned(this.db)) >= 200) throw new ApiError('validation_failed', { title: ['chat.v.canned_full'] });
    const row = await this.db.transaction(async (tx) => {
      const created = await repo.insertCanned(tx, { ...body, updatedBy: staffId });
      await recordAudit(tx, {
        staffId,
        action: 'chat.canned_create',
        target: `canned:${created.id}`,
        before: null,
        after: this.cannedAudit(created),
        detail: { title: body.title },
        ip,
      });
      return created;
    });
    return this.cannedView(row);
  }

  async updateCanned(staffId: number, id: number, body: CannedReplyBody, ip: string): Promise<CannedReplyView> {
    const row = await this.db.transaction(async (tx) => {
      const was = (await repo.cannedReplies(tx)).find((r) => r.id === id);
      const updated = await repo.updateCanned(tx, id, { ...body, updatedBy: staffId });
      if (updated && was) {
        const change = changedFields(this.cannedAudit(was), this.cannedAudit(updated));
        await recordAudit(tx, { staffId, action: 'chat.canned_update', target: `canned:${id}`, ...change, detail: { title: body.title }, ip });
      }
      return updated;
    });
    if (!row) throw new ApiError('not_found');
    return this.cannedView(row);
  }

  async deleteCanned(staffId: number, id: number, ip: string): Promise<void> {
    const done = await this.db.transaction(async (tx) => {
      const deleted = await repo.deleteCanned(tx, id);
      if (deleted)
        await recordAudit(tx, {
          staffId,
          action: 'chat.canned_delete',
          target: `canned:${id}`,
          before: this.cannedAudit(deleted),
          after: null,
          detail: { title: deleted.title },
          ip,
        });
      return deleted;
    });
    if (!done) throw new ApiError('not_found');
  }
}
