// The page's one realtime socket (socket.io, SPEC.md section 4). Every socket joins the system room on the
// server; a socket that carries the player's token also joins the player's private rooms. The session asks
// for an authenticated socket while a player is signed in; lobby islands ask for one for visitors too, so
// 'change-gamePlatform' reaches them. Pages that ask for neither never download socket.io-client.
import type { Socket } from 'socket.io-client';

type Handler = (payload: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
/** The token the session wants the socket to carry; null for none. */
let token: string | null = null;
/** Set by lobby islands: keep a socket (without a token) for visitors as well. */
let anonymousWanted = false;
/** Set when the server ended the session: this page stays offline. */
let closed = false;
let socket: Socket | null = null;
/** The token the current socket connected with ('' for none). */
let socketToken = '';
let loading: Promise<void> | null = null;

/** Listens to a realtime event for the page's lifetime (or until the returned function is called). */
export function onRealtime(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

function dispatch(event: string, payload: unknown): void {
  for (const handler of handlers.get(event) ?? []) {
    try {
      handler(payload);
    } catch (err) {
      // One listener's bug must not keep the others from hearing the event.
      console.error(err);
    }
  }
}

/** Lobby islands: a socket for visitors too (the system room's events). */
export function wantRealtime(): void {
  anonymousWanted = true;
  sync();
}

/** The session: the signed-in player's token, or null when signed out. */
export function setRealtimeToken(next: string | null): void {
  token = next;
  sync();
}

/** The session ended (double login, kick): disconnect and stay disconnected on this page. */
export function closeRealtime(): void {
  closed = true;
  sync();
}

function sync(): void {
  if (typeof window === 'undefined') return;
  const want = closed ? null : (token ?? (anonymousWanted ? '' : null));
  if (want === null) {
    socket?.disconnect();
    socket = null;
    socketToken = '';
    return;
  }
  if (socket) {
    if (socketToken === want) return;
    // Same socket, new credentials: the server decides the rooms at connection time, so reconnect.
    socketToken = want;
    socket.auth = want ? { token: want } : {};
    socket.disconnect().connect();
    return;
  }
  if (loading) return;
  loading = import('socket.io-client').then(
    ({ io }) => {
      loading = null;
      // What is wanted may have changed while the client loaded.
      const now = closed ? null : (token ?? (anonymousWanted ? '' : null));
      if (now === null || socket) return sync();
      socketToken = now;
      const s = io({ path: '/socket.io', auth: now ? { token: now } : {}, transports: ['websocket', 'polling'] });
      s.onAny((event: string, payload: unknown) => dispatch(event, payload));
      socket = s;
    },
    () => {
      // A failed chunk load leaves the page without live updates; the next request tries again.
      loading = null;
    },
  );
}
