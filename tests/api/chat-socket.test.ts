// Live chat over socket.io. With DATABASE_URL and REDIS_URL (CI) the player and the agents are on two
// app instances sharing PostgreSQL and Redis, so every event crosses the Redis adapter; without them one instance
// on the embedded database runs the same scenarios.
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seedReference } from '../../src/server/seed.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';
import { chatConversations, chatMessages, consultations, players, staff } from '../../src/server/db/schema.ts';
import {
  CHAT_EVENTS,
  CHAT_NAMESPACE,
  CHAT_PLAYER_RATE,
  type AgentStateView,
  type CannedReplyView,
  type ChatAck,
  type ChatMessageView,
  type ConversationView,
  type PlayerChatView,
} from '../../src/shared/schemas/chat.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const twoInstances = Boolean(DATABASE_URL && REDIS_URL);
if (!twoInstances)
  console.warn('tests/api/chat-socket.test.ts: one instance on the embedded database; set DATABASE_URL and REDIS_URL for two instances over Redis.');

let database: TestDatabase;
let second: Database | undefined;
let a: FastifyInstance;
let b: FastifyInstance;
const sockets: Socket[] = [];

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const key = () => randomUUID().replace(/-/g, '');

function connect(app: FastifyInstance, auth: Record<string, unknown>): Promise<Socket> {
  const socket = connectSocket(`${urlOf(app)}${CHAT_NAMESPACE}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    auth: { locale: 'en', ...auth },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

async function call<T = unknown>(socket: Socket, event: string, payload?: unknown): Promise<ChatAck<T>> {
  return socket.timeout(8000).emitWithAck(event, payload ?? {}) as Promise<ChatAck<T>>;
}
async function okCall<T = Record<string, unknown>>(socket: Socket, event: string, payload?: unknown): Promise<T> {
  const res = await call<T>(socket, event, payload);
  if (!res.ok) throw new Error(`${event} refused: ${JSON.stringify(res)}`);
  return res.data;
}

function nextEvent<T = Record<string, unknown>>(socket: Socket, event: string, match: (p: T) => boolean = () => true, timeoutMs = 6000): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (p: T) => {
      if (match(p)) {
        clearTimeout(timer);
        socket.off(event, on);
        resolve(p);
      }
    };
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no '${event}' within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, on);
  });
}
function arrives(socket: Socket, event: string, windowMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const on = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      socket.off(event, on);
      resolve(false);
    }, windowMs);
    socket.once(event, on);
  });
}

async function player(app: FastifyInstance) {
  const n = Math.floor(Math.random() * 1e8);
  const account = `ch${n}`.slice(0, 12);
  const [row] = await database.db
    .insert(players)
    .values({
      account,
      passwordHash: await AuthService.hashPassword('abc12345'),
      phone: `09${String(n).padStart(8, '0')}`,
      recommendCode: `C${n}`,
    })
    .returning({ id: players.id });
  await openCentralAccount(database.db, row!.id);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account, password: 'abc12345' } });
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json().data.access_token as string;
  return { playerId: row!.id, account, token, headers: { authorization: `Bearer ${token}` } };
}

async function agent(app: FastifyInstance, role = 'service') {
  const username = `ag${Math.floor(Math.random() * 1e8)}`;
  const [row] = await database.db
    .insert(staff)
    .values({ username, passwordHash: await AuthService.hashPassword('staffpass123'), role })
    .returning({ id: staff.id });
  const res = await app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username, password: 'staffpass123' } });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.access_token as string;
  return { id: row!.id, username, token, headers: { authorization: `Bearer ${token}` } };
}

/** The adapter's cross-instance requests need the other instance subscribed: wait until A sees B's agents. */
async function untilOnline(app: FastifyInstance, expected: boolean) {
  for (let i = 0; i < 50; i++) {
    if ((await app.services.chat.agentsOnline()).size > 0 === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`agents online never became ${expected}`);
}

describe('customer-service live chat', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReference(database.db);
    const env = { ...process.env, REDIS_URL: twoInstances ? REDIS_URL : '', REDIS_KEY_PREFIX: `chat-test-${randomUUID()}:` };
    const config = { ...loadConfig(env), databaseUrl: database.url, redisUrl: twoInstances ? REDIS_URL : undefined };
    a = await buildApp({ config, database, logger: false });
    await a.listen({ port: 0, host: '127.0.0.1' });
    if (twoInstances) {
      second = await openDatabase({ url: database.url });
      b = await buildApp({ config, database: second, logger: false });
      await b.listen({ port: 0, host: '127.0.0.1' });
    } else {
      b = a;
    }
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await a?.close();
    if (b !== a) await b?.close();
    await second?.close();
    await database?.drop();
  });

  it('refuses sockets without a token, with a bad one, and a player token posing as staff', async () => {
    await expect(connect(a, {})).rejects.toThrow('unauthorized');
    await expect(connect(a, { token: 'x'.repeat(43) })).rejects.toThrow('unauthorized');
    const p = await player(a);
    await expect(connect(a, { token: p.token, staff: true })).rejects.toThrow('unauthorized');
    const marketing = await agent(a, 'marketing');
    await expect(connect(a, { token: marketing.token, staff: true })).rejects.toThrow('unauthorized');
  });

  it('with no agent online the player cannot open a chat and leaves a message that becomes a consultation', async () => {
    const p = await player(a);
    const s = await connect(a, { token: p.token });
    await untilOnline(a, false);
    const state = await okCall<PlayerChatView>(s, CHAT_EVENTS.open);
    expect(state).toMatchObject({ conversation: null, agents_online: false });
    const refused = await call(s, CHAT_EVENTS.send, { key: key(), text: 'hello?' });
    expect(refused).toMatchObject({ ok: false, code: 'bad_request', fields: { chat: ['No customer service agent is online; please leave a message'] } });
    const left = await a.inject({
      method: 'POST',
      url: '/api/chat/leave-message',
      headers: p.headers,
      payload: { title: 'Deposit', content: 'My deposit has not arrived' },
    });
    expect(left.statusCode, left.body).toBe(200);
    const id = left.json().data.consultation_id as number;
    const [row] = await database.db.select().from(consultations).where(eq(consultations.id, id));
    expect(row).toMatchObject({ playerId: p.playerId, title: 'Deposit', source: 'chat' });
    const anonymous = await a.inject({ method: 'POST', url: '/api/chat/leave-message', payload: { title: 'x', content: 'y' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('queue, take, messages both ways with typing and read state, transfer, close (player on A, agents on B)', async () => {
    const p = await player(a);
    const one = await agent(b);
    const two = await agent(b);
    const ps = await connect(a, { token: p.token });
    const as1 = await connect(b, { token: one.token, staff: true });
    const as2 = await connect(b, { token: two.token, staff: true });
    await untilOnline(a, true);

    const state = await okCall(ps, CHAT_EVENTS.open);
    expect(state.agents_online).toBe(true);
    const queued = nextEvent(as1, CHAT_EVENTS.queue);
    const first = await okCall(ps, CHAT_EVENTS.send, { key: key(), text: 'I need help with a withdrawal' });
    expect(first).toMatchObject({
      user_type: null,
      user_name: p.account,
      context: 'I need help with a withdrawal',
      message_type: 'message',
      read: 0,
      author_id: p.playerId,
    });
    const conversationId = first.chat_id as number;
    expect((await queued).conversationId).toBe(conversationId);
    const console1 = await okCall<AgentStateView>(as1, CHAT_EVENTS.agentState);
    expect(console1.queue.map((c) => c.id)).toContain(conversationId);
    expect(console1.agents.find((x) => x.id === two.id)?.online).toBe(true);

    // Taking: the player hears the conversation become active; a second take by the other agent is refused.
    const activated = nextEvent<ConversationView>(ps, CHAT_EVENTS.conversation, (c) => c.state === 'active');
    const taken = await okCall(as1, CHAT_EVENTS.take, { conversationId });
    expect(taken).toMatchObject({ state: 'active', agent_id: one.id, agent_name: one.username });
    expect((await activated).agent_id).toBe(one.id);
    expect(await call(as2, CHAT_EVENTS.take, { conversationId })).toMatchObject({ ok: false, code: 'bad_request' });

    // Agent → player, across instances, persisted before it arrives.
    const toPlayer = nextEvent<ChatMessageView>(ps, CHAT_EVENTS.message, (m) => m.user_type === 'agent');
    const reply = await okCall<ChatMessageView>(as1, CHAT_EVENTS.agentSend, { conversationId, key: key(), text: 'Let me check' });
    const heard = await toPlayer;
    expect(heard).toMatchObject({ id: reply.id, user_type: 'agent', user_name: one.username, context: 'Let me check', to_id: p.playerId });
    // Player → agent.
    const toAgent = nextEvent<ChatMessageView>(as1, CHAT_EVENTS.message, (m) => m.context === 'Thanks');
    await okCall(ps, CHAT_EVENTS.send, { key: key(), text: 'Thanks' });
    expect((await toAgent).user_type).toBeNull();
    // The other agent is not in this conversation's room.
    const twoHearsMessage = arrives(as2, CHAT_EVENTS.message, 1200);
    await okCall(ps, CHAT_EVENTS.send, { key: key(), text: 'only for one' });
    expect(await twoHearsMessage).toBe(false);

    // Typing and read state.
    const typing = nextEvent(ps, CHAT_EVENTS.typing);
    await okCall(as1, CHAT_EVENTS.typing, { conversationId, typing: true });
    expect(await typing).toEqual({ conversationId, side: 'agent', typing: true });
    const readByPlayer = nextEvent(as1, CHAT_EVENTS.read);
    expect(await okCall(ps, CHAT_EVENTS.read, { conversationId, upTo: reply.id })).toBe(1);
    expect(await readByPlayer).toEqual({ conversationId, reader: 'player', upTo: reply.id });
    const [stored] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, reply.id));
    expect(stored!.read).toBe(1);

    // Transfer to the second agent: they receive the conversation and may answer; the first may not any more.
    const handed = nextEvent<ConversationView>(as2, CHAT_EVENTS.conversation, (c) => c.agent_id === two.id);
    const moved = await okCall(as1, CHAT_EVENTS.transfer, { conversationId, toStaffId: two.id });
    expect(moved).toMatchObject({ agent_id: two.id, transfers: 1 });
    await handed;
    expect(await call(as1, CHAT_EVENTS.agentSend, { conversationId, key: key(), text: 'still me' })).toMatchObject({ ok: false, code: 'forbidden' });
    const toPlayer2 = nextEvent<ChatMessageView>(ps, CHAT_EVENTS.message, (m) => m.context === 'Hello, I am taking over');
    await okCall(as2, CHAT_EVENTS.agentSend, { conversationId, key: key(), text: 'Hello, I am taking over' });
    await toPlayer2;
    const toTwo = nextEvent<ChatMessageView>(as2, CHAT_EVENTS.message, (m) => m.context === 'ok');
    await okCall(ps, CHAT_EVENTS.send, { key: key(), text: 'ok' });
    await toTwo;

    // A returning player (new socket, other instance) sees the open conversation and its messages.
    const again = await connect(b, { token: p.token });
    const back = await okCall<PlayerChatView>(again, CHAT_EVENTS.open);
    expect(back.conversation).toMatchObject({ id: conversationId, state: 'active', agent_id: two.id });
    expect(back.messages.map((m) => m.context)).toEqual(
      expect.arrayContaining(['I need help with a withdrawal', 'Let me check', 'Hello, I am taking over', 'ok']),
    );

    // The console's REST calls: the conversation, the player beside it.
    const convo = await b.inject({ url: `/api/backoffice/chat/conversations/${conversationId}`, headers: two.headers });
    expect(convo.statusCode, convo.body).toBe(200);
    expect(convo.json().data.messages.length).toBe(6);
    const card = await b.inject({ url: `/api/backoffice/chat/players/${p.playerId}`, headers: two.headers });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data).toMatchObject({ account: p.account, wallets: [{ kind: 'central', balance: '0.00' }] });

    // Closing.
    const closed = nextEvent<ConversationView>(ps, CHAT_EVENTS.conversation, (c) => c.state === 'closed');
    await okCall(as2, CHAT_EVENTS.agentClose, { conversationId });
    await closed;
    expect(await call(as2, CHAT_EVENTS.agentSend, { conversationId, key: key(), text: 'late' })).toMatchObject({ ok: false, code: 'forbidden' });
    const after = await okCall<PlayerChatView>(again, CHAT_EVENTS.open);
    expect(after.conversation).toBeNull();
    // A sent message with the same key is stored once.
    const k = key();
    const m1 = await okCall(ps, CHAT_EVENTS.send, { key: k, text: 'new chat' });
    const m2 = await okCall(ps, CHAT_EVENTS.send, { key: k, text: 'new chat' });
    expect(m2.id).toBe(m1.id);
    expect(m1.chat_id).not.toBe(conversationId);
    const audit = await database.db.execute<{ action: string }>(sql`select action from audit_log where target = ${`chat:${conversationId}`} order by id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['chat.take', 'chat.transfer', 'chat.close']);
  });

  it('a player cannot read, post into, close or hear another conversation', async () => {
    const victim = await player(a);
    const other = await player(a);
    const ag = await agent(b);
    const agentSocket = await connect(b, { token: ag.token, staff: true });
    const vs = await connect(a, { token: victim.token });
    const os = await connect(b, { token: other.token });
    await untilOnline(a, true);
    const first = await okCall(vs, CHAT_EVENTS.send, { key: key(), text: 'private words' });
    const conversationId = first.chat_id as number;
    await okCall(agentSocket, CHAT_EVENTS.take, { conversationId });

    const otherHears = arrives(os, CHAT_EVENTS.message, 1500);
    await okCall(agentSocket, CHAT_EVENTS.agentSend, { conversationId, key: key(), text: 'for the victim only' });
    expect(await otherHears).toBe(false);
    for (const [event, payload] of [
      [CHAT_EVENTS.read, { conversationId, upTo: first.id }],
      [CHAT_EVENTS.close, { conversationId }],
      [CHAT_EVENTS.typing, { conversationId, typing: true }],
    ] as const) {
      expect(await call(os, event, payload)).toMatchObject({ ok: false, code: 'not_found' });
    }
    // Player sockets have no agent calls, and the send frame names no conversation: it always goes to one's own.
    expect(await arrivesAck(os, CHAT_EVENTS.history, { conversationId })).toBe(false);
    const own = await okCall(os, CHAT_EVENTS.send, { key: key(), text: 'mine' });
    expect(own.chat_id).not.toBe(conversationId);
    const history = await a.inject({ url: '/api/chat/history', headers: other.headers });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.messages.map((m: ChatMessageView) => m.context)).toEqual(['mine']);
    // A player token opens nothing in the back office.
    const bo = await a.inject({ url: `/api/backoffice/chat/conversations/${conversationId}`, headers: other.headers });
    expect(bo.statusCode).toBe(401);
    // Unknown fields and long text are refused by the schema.
    expect(await call(os, CHAT_EVENTS.send, { key: key(), text: 'x', conversationId })).toMatchObject({ ok: false, code: 'validation_failed' });
    expect(await call(os, CHAT_EVENTS.send, { key: key(), text: 'x'.repeat(1001) })).toMatchObject({
      ok: false,
      code: 'validation_failed',
      fields: { text: ['At most 1000 characters'] },
    });
    expect(await call(os, CHAT_EVENTS.send, { key: key(), text: '   ' })).toMatchObject({ ok: false, code: 'validation_failed' });
  });

  it("sends pictures both ways: signed URLs for the player and the agent, never someone else's upload", async () => {
    const p = await player(a);
    const other = await player(a);
    const ag = await agent(b);
    const agentSocket = await connect(b, { token: ag.token, staff: true });
    const s = await connect(a, { token: p.token });
    await untilOnline(a, true);
    const upload = async (headers: Record<string, string>) => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      const boundary = `----chat${Math.random().toString(16).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await a.inject({
        method: 'POST',
        url: '/api/uploads/images',
        payload,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.files[0].id as number;
    };
    const mine = await upload(p.headers);
    const theirs = await upload(other.headers);
    expect(await call(s, CHAT_EVENTS.send, { key: key(), images: [theirs] })).toMatchObject({ ok: false });
    const k = key();
    const toAgent = nextEvent(agentSocket, CHAT_EVENTS.queue);
    const sent = await okCall(s, CHAT_EVENTS.send, { key: k, text: 'see the picture', images: [mine] });
    await toAgent;
    const state = await okCall<PlayerChatView>(s, CHAT_EVENTS.open);
    const file = state.messages.find((m) => m.message_type === 'file');
    expect(file).toMatchObject({ message_type: 'file', context: '' });
    const fileUrl = file?.image_url ?? '';
    expect(fileUrl).toMatch(new RegExp(`^/api/files/${mine}\\?exp=\\d+&sig=`));
    const image = await a.inject({ url: fileUrl });
    expect(image.statusCode).toBe(200);
    // A retry with the same key (a lost acknowledgement) is answered from what was stored, not refused for a used upload.
    const again = await okCall(s, CHAT_EVENTS.send, { key: k, text: 'see the picture', images: [mine] });
    expect(again.id).toBe(sent.id);
    const agentView = await b.inject({ url: `/api/backoffice/chat/conversations/${sent.chat_id}`, headers: ag.headers });
    expect(agentView.json().data.messages.map((m: ChatMessageView) => m.message_type)).toEqual(['file', 'message']);

    // The agent answers with a picture of their own: a private back-office upload, another agent's refused.
    await okCall(agentSocket, CHAT_EVENTS.take, { conversationId: sent.chat_id });
    const staffUpload = async (headers: Record<string, string>) => {
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3c3' } })
        .png()
        .toBuffer();
      const boundary = `----agent${Math.random().toString(16).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await b.inject({
        method: 'POST',
        url: '/api/backoffice/uploads/images?visibility=private',
        payload,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.files[0].id as number;
    };
    const colleague = await agent(b);
    const notMine = await staffUpload(colleague.headers);
    expect(await call(agentSocket, CHAT_EVENTS.agentSend, { conversationId: sent.chat_id, key: key(), images: [notMine] })).toMatchObject({ ok: false });
    const agentPicture = await staffUpload(ag.headers);
    const toPlayer = nextEvent<ChatMessageView>(s, CHAT_EVENTS.message, (m) => m.user_type === 'agent');
    const reply = await okCall(agentSocket, CHAT_EVENTS.agentSend, { conversationId: sent.chat_id, key: key(), images: [agentPicture] });
    expect(reply).toMatchObject({ message_type: 'file', user_type: 'agent' });
    const seen = await toPlayer;
    expect(seen.image_url).toMatch(new RegExp(`^/api/files/${agentPicture}\\?exp=\\d+&sig=`));
    expect((await a.inject({ url: seen.image_url ?? '' })).statusCode).toBe(200);
    expect((await a.inject({ url: `/api/files/${agentPicture}` })).statusCode).toBe(404);
  });

  it("limits the rate of a player's messages", async () => {
    const p = await player(a);
    const ag = await agent(b);
    await connect(b, { token: ag.token, staff: true });
    const s = await connect(a, { token: p.token });
    await untilOnline(a, true);
    const results = [];
    for (let i = 0; i < CHAT_PLAYER_RATE.limit + 2; i++) results.push(await call(s, CHAT_EVENTS.send, { key: key(), text: `m${i}` }));
    expect(results.slice(0, CHAT_PLAYER_RATE.limit).every((r) => r.ok)).toBe(true);
    expect(results.slice(CHAT_PLAYER_RATE.limit)).toEqual([
      expect.objectContaining({ ok: false, code: 'rate_limited' }),
      expect.objectContaining({ ok: false, code: 'rate_limited' }),
    ]);
    const [count] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.authorId, p.playerId));
    expect(count!.n).toBe(CHAT_PLAYER_RATE.limit);
  });

  it('shows the player the last 30 days of history', async () => {
    const p = await player(a);
    const day = 24 * 60 * 60 * 1000;
    const old = new Date(Date.now() - 31 * day);
    const recent = new Date(Date.now() - 29 * day);
    for (const at of [old, recent]) {
      const [c] = await database.db
        .insert(chatConversations)
        .values({ playerId: p.playerId, state: 'closed', createdAt: at, closedAt: at, lastMessageAt: at })
        .returning();
      await database.db.insert(chatMessages).values({
        conversationId: c!.id,
        messageId: key(),
        authorKind: 'player',
        authorId: p.playerId,
        fromId: p.playerId,
        userName: p.account,
        context: at === old ? 'thirty-one days ago' : 'twenty-nine days ago',
        createdAt: at,
      });
    }
    const res = await a.inject({ url: '/api/chat/history', headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.messages.map((m: ChatMessageView) => m.context)).toEqual(['twenty-nine days ago']);
    expect(res.json().data.conversation).toBeNull();
  });

  it('canned replies: agents read them, only managers edit them, every edit audited', async () => {
    const service = await agent(a, 'service');
    const admin = await agent(a, 'admin');
    const denied = await a.inject({ method: 'POST', url: '/api/backoffice/chat/canned', headers: service.headers, payload: { title: 'Hi', body: 'Hello' } });
    expect(denied.statusCode).toBe(403);
    const created = await a.inject({
      method: 'POST',
      url: '/api/backoffice/chat/canned',
      headers: admin.headers,
      payload: { title: 'Hi', body: 'Hello there' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const updated = await a.inject({
      method: 'PUT',
      url: `/api/backoffice/chat/canned/${id}`,
      headers: admin.headers,
      payload: { title: 'Hi', body: 'Hello again', sort: 2 },
    });
    expect(updated.json().data).toMatchObject({ body: 'Hello again', sort: 2 });
    const list = await a.inject({ url: '/api/backoffice/chat/canned', headers: service.headers });
    expect(list.json().data.map((r: CannedReplyView) => r.body)).toContain('Hello again');
    const removed = await a.inject({ method: 'DELETE', url: `/api/backoffice/chat/canned/${id}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    const audit = await database.db.execute<{ action: string }>(sql`select action from audit_log where target = ${`canned:${id}`} order by id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['chat.canned_create', 'chat.canned_update', 'chat.canned_delete']);
  });
});

/** Whether an event the socket has no handler for gets any acknowledgement (it must not). */
async function arrivesAck(socket: Socket, event: string, payload: unknown): Promise<boolean> {
  try {
    await socket.timeout(800).emitWithAck(event, payload);
    return true;
  } catch {
    return false;
  }
}
