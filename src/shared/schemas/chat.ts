// Customer-service live chat: the socket payloads and the REST views, shared by the server (which
// validates every frame with them) and the islands (which take their types from them).
import * as v from 'valibot';
import { idNumber, idText } from './ids.ts';
import { READ_STATUS, statusValues } from '../statuses.ts';

/** The socket.io namespace of the chat; the site's notice channel stays on the default one. */
export const CHAT_NAMESPACE = '/chat';
/** A message's text, in characters. */
export const CHAT_TEXT_MAX = 1000;
/** Images in one message, as the upload rules (SPEC.md section 5). */
export const CHAT_IMAGES_MAX = 3;
/** History shown to a player and searchable by staff (SPEC.md section 6). */
export const CHAT_HISTORY_DAYS = 30;
/** A player may send this many messages per window; an agent answers several players and gets more. */
export const CHAT_PLAYER_RATE = { limit: 10, windowMs: 10_000 } as const;
export const CHAT_AGENT_RATE = { limit: 40, windowMs: 10_000 } as const;
/** A left message (no agent online) becomes a consultation: at most this many a day per player. */
export const CHAT_LEAVE_RATE = { limit: 5, windowMs: 24 * 60 * 60 * 1000 } as const;

const CHAT_STATES = ['waiting', 'active', 'closed'] as const;
export const CHAT_AUTHORS = ['player', 'agent', 'system'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];

/** Client events (player and agent) and server events, in one place so both ends spell them alike. */
export const CHAT_EVENTS = {
  /** Server → clients of a conversation: a stored message. */
  message: 'chat:message',
  /** Server → clients: a conversation changed state or agent. */
  conversation: 'chat:conversation',
  typing: 'chat:typing',
  read: 'chat:read',
  /** Server → agents: the queue changed; they ask for it again. */
  queue: 'chat:queue',
  /** Player → server. */
  open: 'chat:open',
  send: 'chat:send',
  close: 'chat:close',
  /** Agent → server. */
  agentState: 'agent:state',
  take: 'agent:take',
  transfer: 'agent:transfer',
  agentClose: 'agent:close',
  agentSend: 'agent:send',
  history: 'agent:history',
} as const;

const text = v.pipe(v.string('v.type.string'), v.trim(), v.maxLength(CHAT_TEXT_MAX, 'chat.v.too_long'));
/** The sender's own key for a message, so a retried send is stored once. */
const clientKey = v.pipe(v.string('v.type.string'), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'chat.v.key'));
const conversationId = idNumber('chat.v.conversation');

/** A message from either side: text, images (upload ids), or both; never neither. */
export const sendBody = v.pipe(
  v.strictObject(
    {
      key: clientKey,
      text: v.optional(text, ''),
      images: v.optional(v.pipe(v.array(idNumber('chat.v.image'), 'v.type.array'), v.maxLength(CHAT_IMAGES_MAX, 'chat.v.images')), []),
    },
    'v.type.object',
  ),
  v.check((b) => b.text.length > 0 || b.images.length > 0, 'chat.v.empty'),
);
export const agentSendBody = v.pipe(
  v.strictObject(
    {
      conversationId,
      key: clientKey,
      text: v.optional(text, ''),
      // Pictures the agent uploaded as private back-office uploads (POST /api/backoffice/uploads/images?visibility=private).
      images: v.optional(v.pipe(v.array(idNumber('chat.v.image'), 'v.type.array'), v.maxLength(CHAT_IMAGES_MAX, 'chat.v.images')), []),
    },
    'v.type.object',
  ),
  v.check((b) => b.text.length > 0 || b.images.length > 0, 'chat.v.empty'),
);
export const typingBody = v.strictObject({ conversationId, typing: v.boolean('v.type.boolean') }, 'v.type.object');
export const readBody = v.strictObject({ conversationId, upTo: idNumber('chat.v.message') }, 'v.type.object');
export const conversationBody = v.strictObject({ conversationId }, 'v.type.object');
export const transferBody = v.strictObject({ conversationId, toStaffId: idNumber('chat.v.agent') }, 'v.type.object');
export const emptyBody = v.optional(v.strictObject({}, 'v.type.object'), {});

/** A message left while no agent is online; it becomes a consultation (SPEC.md section 5). */
export const leaveMessageBody = v.strictObject(
  {
    title: v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('chat.v.title'), v.maxLength(50, 'chat.v.too_long')),
    content: v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('chat.v.empty'), v.maxLength(CHAT_TEXT_MAX, 'chat.v.too_long')),
    images: v.optional(v.pipe(v.array(idNumber('chat.v.image'), 'v.type.array'), v.maxLength(CHAT_IMAGES_MAX, 'chat.v.images')), []),
  },
  'v.type.object',
);

export const conversationParams = v.object({ id: idText('chat.v.conversation') });

/** The chat message of SPEC.md section 3. */
const chatMessageView = v.object({
  id: v.number(),
  chat_id: v.number(),
  thread_id: v.number(),
  message_id: v.string(),
  author_id: v.nullable(v.number()),
  from_id: v.nullable(v.number()),
  to_id: v.nullable(v.number()),
  message_type: v.picklist(['message', 'file']),
  user_type: v.nullable(v.literal('agent')),
  user_name: v.string(),
  email: v.string(),
  recipients: v.string(),
  context: v.string(),
  form_field: v.nullable(v.string()),
  image_url: v.nullable(v.string()),
  remark: v.string(),
  remark_time: v.nullable(v.string()),
  dialog_datetime: v.string(),
  create_datetime: v.string(),
  read: v.picklist(statusValues(READ_STATUS)),
});
export type ChatMessageView = v.InferOutput<typeof chatMessageView>;

const conversationView = v.object({
  id: v.number(),
  player_id: v.number(),
  account: v.string(),
  state: v.picklist(CHAT_STATES),
  agent_id: v.nullable(v.number()),
  agent_name: v.nullable(v.string()),
  transfers: v.number(),
  created_at: v.string(),
  last_message_at: v.string(),
  /** Messages from the other side not read yet (for the agent: the player's; for the player: the agents'). */
  unread: v.number(),
});
export type ConversationView = v.InferOutput<typeof conversationView>;

/** What a player sees on opening the widget: the open conversation, the last 30 days, whether anyone answers. */
export const playerChatView = v.object({
  conversation: v.nullable(conversationView),
  messages: v.array(chatMessageView),
  agents_online: v.boolean(),
});
export type PlayerChatView = v.InferOutput<typeof playerChatView>;

const agentView = v.object({ id: v.number(), username: v.string(), online: v.boolean() });

/** The console's state: the queue, the agent's own conversations, the agents to transfer to. */
export const agentStateView = v.object({
  me: v.number(),
  queue: v.array(conversationView),
  mine: v.array(conversationView),
  agents: v.array(agentView),
});
export type AgentStateView = v.InferOutput<typeof agentStateView>;

export const conversationMessagesView = v.object({ conversation: conversationView, messages: v.array(chatMessageView) });
export type ConversationMessagesView = v.InferOutput<typeof conversationMessagesView>;

export const cannedReplyView = v.object({ id: v.number(), title: v.string(), body: v.string(), sort: v.number(), updated_at: v.string() });
export type CannedReplyView = v.InferOutput<typeof cannedReplyView>;
export const cannedReplyBody = v.strictObject(
  {
    title: v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('chat.v.title'), v.maxLength(40, 'chat.v.too_long')),
    body: v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('chat.v.empty'), v.maxLength(CHAT_TEXT_MAX, 'chat.v.too_long')),
    sort: v.optional(v.pipe(v.number('v.type.number'), v.integer('v.type.number'), v.minValue(0, 'v.type.number'), v.maxValue(9999, 'v.type.number')), 0),
  },
  'v.type.object',
);
export type CannedReplyBody = v.InferOutput<typeof cannedReplyBody>;

/** The player beside the conversation: account, level and wallets. */
export const chatPlayerView = v.object({
  id: v.number(),
  account: v.string(),
  status: v.number(),
  level: v.string(),
  created_at: v.string(),
  last_login_at: v.nullable(v.string()),
  wallets: v.array(v.object({ kind: v.string(), ref: v.string(), balance: v.string() })),
});
export type ChatPlayerView = v.InferOutput<typeof chatPlayerView>;

/** Socket acknowledgements: the data, or an error code and its translated message. */
export type ChatAck<T> = { ok: true; data: T } | { ok: false; code: string; message: string; fields?: Record<string, string[]> };
