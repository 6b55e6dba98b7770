// socket.io on the app's HTTP server: a private room per player and per session, and a system room.
// With Redis the adapter carries every emit to the sockets held by other app instances.
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Command, type Redis } from 'ioredis';
import { SYSTEM_ROOM, playerRoom, sessionRoom, type PrivateEvent } from '../../shared/events.ts';
import type { Publisher } from './publisher.ts';

/** Gives the notice a moment to reach the browser before its socket is closed. */
const DISCONNECT_GRACE_MS = 500;

export interface Realtime {
  io: Server;
  publisher: Publisher;
  /**
   * Drops every socket's connection without socket.io's disconnect packet, so each client reconnects by itself
   * (through the balancer, to an instance still in service). The first step of a graceful shutdown.
   */
  handOff(): void;
  /**
   * Drops the disconnects still waiting out their grace period and closes the socket engine, leaving the HTTP
   * server to its owner (Fastify closes it). Called before the Redis connections are quit: a disconnect that fired
   * afterwards would publish on a closed connection and reject where nothing can catch it.
   */
  stop(): void;
}

/** Who a socket belongs to: the player and the session it signed in with (the auth domain's Auth has both). */
export interface SocketAuth {
  sessionId: number;
  playerId: number;
}

export function createRealtime(opts: {
  httpServer: HttpServer;
  authenticate: (token: string) => Promise<SocketAuth | undefined>;
  redis?: { pub: Redis; sub: Redis; keyPrefix?: string };
}): Realtime {
  const io = new Server(opts.httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Small frames only: the site sends notices, never bulk data, over the socket.
    maxHttpBufferSize: 16 * 1024,
    // Frames go out uncompressed (engine.io's default, stated here because it matters): a broadcast's WebSocket frame
    // is then built once and the same bytes written to every socket, and no socket holds a zlib context. Compressed,
    // each socket would deflate the event again and keep tens of kilobytes of compression state.
    perMessageDeflate: false,
    cors: { origin: false },
  });
  io.engine.on('connection', (conn: EngineConnection) => {
    fastBroadcastWrites(conn);
  });
  if (opts.redis) io.adapter(createAdapter(quietPublisher(opts.redis.pub), opts.redis.sub, { key: `${opts.redis.keyPrefix ?? ''}socket.io` }));

  // socket.io ignores what a middleware returns, so the check answers through next() on both paths of the promise.
  io.use((socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    if (!token) {
      socket.data.auth = undefined;
      return next();
    }
    opts.authenticate(token).then(
      (auth) => {
        if (!auth) return next(new Error('unauthorized'));
        socket.data.auth = auth;
        next();
      },
      () => next(new Error('unavailable')),
    );
  });

  io.on('connection', (socket) => {
    void socket.join(SYSTEM_ROOM);
    // Set by the middleware above for every socket that reached this point.
    const auth: SocketAuth | undefined = socket.data.auth;
    if (auth) void socket.join([playerRoom(auth.playerId), sessionRoom(auth.sessionId)]);
  });

  const { publisher, sendGathered, pending } = socketPublisher(io);

  return {
    io,
    publisher,
    // The engine closes every client's transport (no socket.io packet), and takes no new ones: the instance is leaving.
    handOff: () => {
      sendGathered();
      io.engine.close();
    },
    stop: () => {
      sendGathered();
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      io.engine.close();
    },
  };
}

/**
 * The publisher over the socket server's rooms, with what stop() needs of it: the gathered player events to send now
 * and the disconnects waiting out their grace period.
 */
function socketPublisher(io: Server): { publisher: Publisher; sendGathered: () => void; pending: Set<NodeJS.Timeout> } {
  // Disconnects waiting out their grace period; cleared by stop(), because one that fires after the Redis connection
  // is gone rejects where nothing can catch it.
  const pending = new Set<NodeJS.Timeout>();
  // Player events without a payload (such as 'update-user', "read your account again") are gathered until the end of
  // the tick and sent as one emit to the rooms of every player who got one: with the Redis adapter that is one
  // PUBLISH for all of them instead of one each. A seamless provider's stream of bets and wins tells a player's header
  // on every call, and a PUBLISH per call was a tenth of the wallet API's CPU. A player told twice in one tick hears it
  // once, which is all such an event means. Anything else sent meanwhile goes out after the gathered events, so each
  // player's events keep their order.
  let gathered: Map<PrivateEvent, Set<number>> | undefined;
  const sendGathered = () => {
    const batch = gathered;
    gathered = undefined;
    if (!batch) return;
    for (const [event, players] of batch) io.to([...players].map(playerRoom)).emit(event, {});
  };
  const publisher: Publisher = {
    toPlayer: (playerId, event, payload) => {
      if (payload === undefined) {
        if (!gathered) {
          gathered = new Map();
          setImmediate(sendGathered);
        }
        const players = gathered.get(event) ?? new Set<number>();
        gathered.set(event, players.add(playerId));
        return;
      }
      sendGathered();
      io.to(playerRoom(playerId)).emit(event, payload);
    },
    toSessions: (ids, event, payload) => {
      sendGathered();
      if (ids.length) io.to(ids.map(sessionRoom)).emit(event, payload ?? {});
    },
    toSystem: (event, payload) => {
      sendGathered();
      io.to(SYSTEM_ROOM).emit(event, payload ?? {});
    },
    disconnectSessions: (ids) => {
      sendGathered();
      if (!ids.length) return;
      const timer = setTimeout(() => {
        pending.delete(timer);
        io.in(ids.map(sessionRoom)).disconnectSockets(true);
      }, DISCONNECT_GRACE_MS).unref();
      pending.add(timer);
    },
  };

  return { publisher, sendGathered, pending };
}

/**
 * The adapter's view of the commands connection, for PUBLISH only.
 *
 * It is sent at once: the adapter publishes a broadcast to the other instances and then writes it to this instance's
 * own sockets, one by one, in the same tick. With the connection's auto-pipelining (app.ts turns it on for everything
 * else) the PUBLISH would wait for the next tick, that is until every local socket had been written to: with 5,000
 * sockets a loop of a few hundred milliseconds during which the other instances have not yet heard of the event.
 * Redis#sendCommand writes the command to the connection now, or queues it offline while Redis is away.
 *
 * It never rejects: the adapter publishes without awaiting (`pubClient.publish(...)` and forgets the promise), so
 * while Redis is down every emit would be an unhandled rejection, which ends a Node process. A failed PUBLISH answers
 * 0 receivers instead: events to sockets on other instances are lost while Redis is away, which the clients tolerate
 * (they refetch on reconnect); sockets on this instance still get theirs from the local rooms.
 */
function quietPublisher(redis: Redis): Redis {
  return new Proxy(redis, {
    get(target, key, receiver) {
      if (key === 'publish') {
        return (channel: string | Buffer, message: string | Buffer) => {
          const command = new Command('publish', [channel, message]);
          void target.sendCommand(command);
          return command.promise.catch(() => 0);
        };
      }
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The parts of an engine.io connection (and its WebSocket transport) that the broadcast fast path reads. */
interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  transport: { name: string; writable: boolean; perMessageDeflate?: unknown; socket?: { _sender?: { sendFrame?: (list: Buffer[], cb?: () => void) => void } } };
  write(data: unknown, options?: BroadcastOptions, callback?: () => void): unknown;
}

/** What socket.io's adapter hands each socket of one broadcast: the same object for all of them. */
interface BroadcastOptions {
  wsPreEncodedFrame?: Buffer[];
  wholeFrame?: Buffer[];
}

/**
 * Broadcasts written straight to the socket: the adapter encodes a broadcast once, WebSocket frame included, and then
 * hands it to each socket's engine.io connection, which makes a packet of it, buffers it, emits four events, flushes
 * the buffer to the transport, and has ws write the frame's header and payload as two corked writes whose completion
 * re-arms the transport. When nothing is waiting in the connection's buffer and its WebSocket is writable, that path
 * ends in exactly this write, in the same order, so the frame (header and payload joined once per broadcast) is
 * written now. Measured with 4,000 sockets: about 19 instead of 24 us of CPU per socket, the rest being the write
 * system call itself. Anything else (a connection that is upgrading, polling, closing, or has packets queued; a
 * packet with a send callback; compression) takes engine.io's own path, so the order of what one socket receives is
 * unchanged.
 */
function fastBroadcastWrites(conn: EngineConnection): void {
  // The original is only ever called with .call(this) below, on the same connection, so its `this` stays right.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const write = conn.write;
  conn.write = function (data, options, callback) {
    const frame = options?.wsPreEncodedFrame;
    const transport = this.transport;
    const sendFrame = transport.socket?._sender?.sendFrame;
    if (
      frame &&
      options &&
      !callback &&
      this.readyState === 'open' &&
      this.writeBuffer.length === 0 &&
      transport.writable &&
      transport.name === 'websocket' &&
      !transport.perMessageDeflate &&
      typeof sendFrame === 'function'
    ) {
      options.wholeFrame ??= frame.length === 1 ? frame : [Buffer.concat(frame)];
      sendFrame.call(transport.socket!._sender, options.wholeFrame);
      return this;
    }
    return write.call(this, data, options, callback);
  };
}
