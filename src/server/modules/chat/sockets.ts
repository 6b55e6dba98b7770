// The chat's socket.io namespace: players and agents authenticate with their own bearer tokens in the
// handshake (`auth: { token, staff?: true, locale? }`), every frame is checked with its valibot schema, and
// every call answers through its acknowledgement ({ ok, data } or { ok: false, code, message, fields }).
import * as v from 'valibot';
import type { Server, Socket } from 'socket.io';
import { ApiError, ValidationFailed } from '../../lib/errors.ts';
import { issuesToFields } from '../../../shared/schemas/auth.ts';
import { isLocale, translate } from '../../../i18n/index.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { Auth } from '../auth/service.ts';
import { can } from '../staff/roles.ts';
import {
  CHAT_EVENTS,
  CHAT_NAMESPACE,
  agentSendBody,
  conversationBody,
  emptyBody,
  readBody,
  sendBody,
  transferBody,
  typingBody,
  type ChatAck,
} from '../../../shared/schemas/chat.ts';
import { AGENTS_ROOM, agentRoom, playerRoomOf, type ChatService } from './service.ts';

interface StaffIdentity {
  staffId: number;
  username: string;
  role: string;
}

interface ChatSocketData {
  locale: Locale;
  playerId?: number;
  staffId?: number;
  username?: string;
  token: string;
  ip: string;
}

/** How long a checked session is trusted before a socket's next call checks it again. */
const RECHECK_MS = 30_000;

function errorAck(err: unknown, locale: Locale): ChatAck<never> {
  const translateFields = (fields: Record<string, string[]> | undefined) =>
    fields && Object.fromEntries(Object.entries(fields).map(([k, keys]) => [k, keys.map((key) => translate(locale, key))]));
  if (err instanceof ApiError) {
    return { ok: false, code: err.code, message: translate(locale, `error.${err.code}`), fields: translateFields(err.fields) };
  }
  if (err instanceof ValidationFailed) {
    return { ok: false, code: 'validation_failed', message: translate(locale, 'error.validation_failed'), fields: translateFields(err.fields) };
  }
  return { ok: false, code: 'internal', message: translate(locale, 'error.internal') };
}

type ChatSocketDeps = {
  chat: ChatService;
  authenticatePlayer: (token: string) => Promise<Auth | undefined>;
  authenticateStaff: (token: string) => Promise<StaffIdentity | undefined>;
  log: (err: unknown, msg: string) => void;
};

/** Registers a call on a socket: parse the frame, run it, answer through the acknowledgement. */
type OnCall = <S extends v.GenericSchema, T>(event: string, schema: S, run: (input: v.InferOutput<S>) => Promise<T>) => void;

/** The handshake: a player's or an agent's bearer token, checked once here and again every RECHECK_MS on calls. */
async function handshake(socket: Socket, deps: ChatSocketDeps): Promise<ChatSocketData | Error> {
  const auth = (socket.handshake.auth ?? {}) as { token?: unknown; staff?: unknown; locale?: unknown };
  const token = typeof auth.token === 'string' && auth.token.length <= 200 ? auth.token : undefined;
  if (!token) return new Error('unauthorized');
  const data: ChatSocketData = { locale: isLocale(auth.locale) ? auth.locale : 'zh-TW', token, ip: socket.handshake.address };
  try {
    if (auth.staff === true) {
      const found = await deps.authenticateStaff(token);
      if (!found || !can(found.role, 'chat.agent')) return new Error('unauthorized');
      Object.assign(data, { staffId: found.staffId, username: found.username });
    } else {
      const found = await deps.authenticatePlayer(token);
      if (!found || found.forcePassword) return new Error('unauthorized');
      data.playerId = found.playerId;
    }
  } catch {
    return new Error('unavailable');
  }
  return data;
}

/** The calls of a socket, each answering through its acknowledgement; a revoked session closes the socket on its next call. */
function callsOf(socket: Socket, data: ChatSocketData, deps: ChatSocketDeps): OnCall {
  let checkedAt = Date.now();
  // A revoked session (logout, kick, staff sign-out) stops working on its next call, and the socket closes.
  const stillSignedIn = async (): Promise<void> => {
    if (Date.now() - checkedAt < RECHECK_MS) return;
    const alive =
      data.staffId !== undefined
        ? Boolean((await deps.authenticateStaff(data.token))?.staffId === data.staffId)
        : Boolean((await deps.authenticatePlayer(data.token))?.playerId === data.playerId);
    if (!alive) {
      socket.disconnect(true);
      throw new ApiError('unauthorized');
    }
    checkedAt = Date.now();
  };
  return (event, schema, run) => {
    socket.on(event, async (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (a: ChatAck<unknown>) => void) : () => {};
      try {
        const parsed = v.safeParse(schema, payload);
        if (!parsed.success) throw new ValidationFailed(issuesToFields(parsed.issues));
        await stillSignedIn();
        reply({ ok: true, data: await run(parsed.output) });
      } catch (err) {
        if (!(err instanceof ApiError || err instanceof ValidationFailed)) deps.log(err, `chat ${event} failed`);
        reply(errorAck(err, data.locale));
      }
    });
  };
}

function playerCalls(socket: Socket, on: OnCall, chat: ChatService, playerId: number): void {
  void socket.join(playerRoomOf(playerId));
  on(CHAT_EVENTS.open, emptyBody, () => chat.playerState(playerId));
  on(CHAT_EVENTS.send, sendBody, (b) => chat.playerSend(playerId, b));
  on(CHAT_EVENTS.typing, typingBody, async (b) => {
    await chat.typing({ kind: 'player', playerId }, b.conversationId, b.typing, socket.id);
    return null;
  });
  on(CHAT_EVENTS.read, readBody, (b) => chat.playerRead(playerId, b.conversationId, b.upTo));
  on(CHAT_EVENTS.close, conversationBody, (b) => chat.playerClose(playerId, b.conversationId));
}

function agentCalls(socket: Socket, on: OnCall, deps: ChatSocketDeps, data: ChatSocketData): void {
  const { chat } = deps;
  const staffId = data.staffId!;
  const username = data.username!;
  void socket.join([AGENTS_ROOM, agentRoom(staffId)]);
  void chat
    .rejoin(staffId, (rooms) => {
      void socket.join(rooms);
    })
    .catch((err: unknown) => deps.log(err, 'chat rejoin failed'));
  on(CHAT_EVENTS.agentState, emptyBody, async () => {
    await chat.rejoin(staffId, (rooms) => {
      void socket.join(rooms);
    });
    return chat.agentState(staffId);
  });
  on(CHAT_EVENTS.history, conversationBody, (b) => chat.conversationMessages(b.conversationId));
  on(CHAT_EVENTS.take, conversationBody, (b) => chat.take(staffId, b.conversationId, data.ip));
  on(CHAT_EVENTS.transfer, transferBody, (b) => chat.transfer(staffId, b.conversationId, b.toStaffId, data.ip));
  on(CHAT_EVENTS.agentClose, conversationBody, (b) => chat.agentClose(staffId, b.conversationId, data.ip));
  on(CHAT_EVENTS.agentSend, agentSendBody, (b) => chat.agentSend(staffId, username, b));
  on(CHAT_EVENTS.typing, typingBody, async (b) => {
    await chat.typing({ kind: 'agent', staffId }, b.conversationId, b.typing, socket.id);
    return null;
  });
  on(CHAT_EVENTS.read, readBody, (b) => chat.agentRead(staffId, b.conversationId, b.upTo));
}

export function attachChatSockets(io: Server, deps: ChatSocketDeps): void {
  const nsp = io.of(CHAT_NAMESPACE);
  deps.chat.nsp = nsp;

  // socket.io ignores what a middleware returns, so the handshake answers through next() on both paths of the promise.
  nsp.use((socket, next) => {
    handshake(socket, deps).then(
      (data) => {
        if (data instanceof Error) return next(data);
        socket.data = data;
        next();
      },
      (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
    );
  });

  nsp.on('connection', (socket) => {
    const data = socket.data as ChatSocketData;
    const on = callsOf(socket, data, deps);
    if (data.playerId !== undefined) playerCalls(socket, on, deps.chat, data.playerId);
    else agentCalls(socket, on, deps, data);
  });
}
