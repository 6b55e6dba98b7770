// A per-instance cache of live player sessions, so that GET /api/auth/me (polled by every signed-in player
// every 10 s) and the other player calls do not look the session up in PostgreSQL on every request.
//
// Correctness comes first: a revoked session or a disabled player must stop working at once on every
// instance. The database itself says when: triggers on sessions and players (drizzle/0007_auth_invalidate.sql,
// calling sql/auth_invalidate_notify.sql) send NOTIFY auth_invalidate with 's:<session id>' or 'p:<player id>' whenever a session is
// revoked, shortened or deleted, or a player's status or password changes, whoever's code made the change.
// Each instance LISTENs on its own connection and drops what the message names. While that connection is
// down the cache is off (emptied, every lookup goes to the database) until it is listening again, so a
// missed message can never leave a dead session alive.
//
// It also keeps each player's assembled GET /auth/me answer for a short while. Those are dropped by the same
// 'p:<player id>' messages, which the database sends when the players row changes and the app sends (through
// notifyPlayer) whenever it tells a player something changed.
import pg from 'pg';
import { INVALIDATE_CHANNEL, parseInvalidation } from '../../realtime/invalidation-channel.ts';

/** What a cached session needs to answer without the database. */
export interface CachedSession {
  sessionId: number;
  playerId: number;
  /** When the session ends even if it stays in use (absolute lifetime), epoch ms. */
  hardExpiresAtMs: number;
  /** When the sliding expiry last seen in the database runs out, epoch ms. */
  expiresAtMs: number;
  /** When the database's last_seen_at was last moved forward, epoch ms. */
  lastSeenAtMs: number;
  /** The player must change the password before anything else (status_force_password). */
  forcePassword: boolean;
}

/** Entries kept per instance; the oldest are let go first beyond this. */
const MAX_ENTRIES = 50_000;
/** How long a cached session is believed before it is read again anyway (a second line of defence). */
const ENTRY_TTL_MS = 60_000;
const RECONNECT_MS = 1_000;
/**
 * How long a player's GET /auth/me answer is reused. Every change the answer shows either sends the player an
 * event through the publisher (money moves, deposits, withdrawals, wallets), which drops it on every instance,
 * or changes the players row, whose trigger does the same; this bound only limits what a missed path could cost.
 */
const VIEW_TTL_MS = 30_000;
const MAX_VIEWS = 50_000;
export class SessionCache {
  private readonly entries = new Map<string, CachedSession & { cachedAtMs: number }>();
  /**
   * The keys of `entries` by player, so that a player's change drops their sessions without a walk over every
   * entry: in a rush thousands of players change at once, and a walk each would cost the square of that.
   */
  private readonly keysByPlayer = new Map<number, Set<string>>();
  /** Players' assembled GET /auth/me answers, by player id and then locale. */
  private readonly views = new Map<number, Map<string, { value: unknown; cachedAtMs: number }>>();
  /** Bumped on every invalidation: a lookup that started before one must not store what it read. */
  private generation = 0;
  /**
   * The generation of the last invalidation that named no one player: a session, or everything. A lookup that
   * started before it stores nothing.
   */
  private sweptAt = 0;
  /**
   * The generation at which each player was last named, so a lookup is refused only for a player who changed
   * since it started, not for every player while a rush changes thousands of others. Bounded: when it is full it
   * is emptied and counted as a sweep, which refuses more, never less.
   */
  private readonly playerChangedAt = new Map<number, number>();
  private listening = false;
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private waiters: Array<{ payload: string; resolve: () => void }> = [];

  private readonly databaseUrl: string | undefined;
  private readonly log: (msg: string) => void;

  constructor(databaseUrl: string | undefined, log: (msg: string) => void = () => {}) {
    this.databaseUrl = databaseUrl;
    this.log = log;
  }

  /** Starts listening; without a PostgreSQL URL (embedded PGlite, one process) the cache stays off. */
  async start(): Promise<void> {
    if (!this.databaseUrl || this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    this.client = client;
    const down = (why: string) => {
      if (this.client !== client) return;
      this.goDark();
      this.client = undefined;
      client.end().catch(() => {});
      if (!this.closed) {
        this.log(`session cache off until the database connection is back (${why})`);
        this.reconnectTimer = setTimeout(() => {
          void this.start().catch(() => {});
        }, RECONNECT_MS);
      }
    };
    client.on('error', (err) => down(err.message));
    client.on('end', () => down('connection ended'));
    client.on('notification', (msg) => {
      if (msg.channel === INVALIDATE_CHANNEL) this.invalidate(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${INVALIDATE_CHANNEL}`);
      // Anything cached before this point may have missed a message: start empty.
      this.goDark();
      this.listening = true;
    } catch (err) {
      down((err as Error).message);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.goDark();
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => {});
  }

  get enabled(): boolean {
    return this.listening;
  }

  /** The generation to hand back to put(), taken before the database is read. */
  mark(): number {
    return this.generation;
  }

  get(key: string, nowMs = Date.now()): CachedSession | undefined {
    if (!this.listening) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (nowMs - e.cachedAtMs > ENTRY_TTL_MS || nowMs >= e.expiresAtMs || nowMs >= e.hardExpiresAtMs) {
      this.drop(key);
      return undefined;
    }
    return e;
  }

  /** Stores a session read from the database, unless an invalidation arrived since `mark`. */
  put(key: string, session: CachedSession, mark: number, nowMs = Date.now()): void {
    if (!this.listening || this.changedSince(session.playerId, mark)) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.drop(key);
    this.entries.set(key, { ...session, cachedAtMs: nowMs });
    let keys = this.keysByPlayer.get(session.playerId);
    if (!keys) this.keysByPlayer.set(session.playerId, (keys = new Set()));
    keys.add(key);
  }

  getView<T>(playerId: number, locale: string, nowMs = Date.now()): T | undefined {
    if (!this.listening) return undefined;
    const e = this.views.get(playerId)?.get(locale);
    if (!e) return undefined;
    if (nowMs - e.cachedAtMs > VIEW_TTL_MS) {
      this.views.get(playerId)?.delete(locale);
      return undefined;
    }
    return e.value as T;
  }

  /** Stores an answer assembled from the database, unless an invalidation arrived since `mark`. */
  putView(playerId: number, locale: string, value: unknown, mark: number, nowMs = Date.now()): void {
    if (!this.listening || this.changedSince(playerId, mark)) return;
    let byLocale = this.views.get(playerId);
    if (!byLocale) {
      if (this.views.size >= MAX_VIEWS) {
        const oldest = this.views.keys().next().value;
        if (oldest !== undefined) this.views.delete(oldest);
      }
      this.views.set(playerId, (byLocale = new Map()));
    }
    byLocale.set(locale, { value, cachedAtMs: nowMs });
  }

  /** Whether something read since `mark` about this player may be stale. */
  private changedSince(playerId: number, mark: number): boolean {
    return this.sweptAt > mark || (this.playerChangedAt.get(playerId) ?? 0) > mark;
  }

  drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    const keys = this.keysByPlayer.get(e.playerId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByPlayer.delete(e.playerId);
  }

  /**
   * Resolves when this instance has applied an invalidation that covers the given one ('s:<id>', 'p:<id>' or 'v:<id>'),
   * alone or within a message naming several players, or one that emptied the cache (tests on several instances wait on it).
   */
  applied(payload: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ payload, resolve });
    });
  }

  /**
   * Applies one NOTIFY payload (see parseInvalidation; the app names several players at once, see
   * session-invalidation.ts); anything else empties the cache.
   */
  invalidate(payload: string): void {
    this.generation += 1;
    const named = parseInvalidation(payload);
    if (this.waiters.length) this.release(named);
    if (named && named.field !== 'sessionId' && this.playerChangedAt.size + named.ids.length <= MAX_ENTRIES) {
      for (const id of named.ids) this.playerChangedAt.set(id, this.generation);
    } else {
      this.playerChangedAt.clear();
      this.sweptAt = this.generation;
    }
    if (!named) {
      this.entries.clear();
      this.keysByPlayer.clear();
      this.views.clear();
      return;
    }
    if (named.field === 'view') {
      for (const id of named.ids) this.views.delete(id);
      return;
    }
    if (named.field === 'playerId') {
      for (const id of named.ids) {
        for (const key of [...(this.keysByPlayer.get(id) ?? [])]) this.drop(key);
        this.views.delete(id);
      }
      return;
    }
    const sessionIds = new Set(named.ids);
    for (const [key, e] of this.entries) if (sessionIds.has(e.sessionId)) this.drop(key);
  }

  /** Resolves, after the entries are gone, the waiters this invalidation covers. */
  private release(named: ReturnType<typeof parseInvalidation>): void {
    const covers = (waited: string) => {
      if (!named) return true;
      const w = parseInvalidation(waited);
      return !!w && w.field === named.field && w.ids.every((id) => named.ids.includes(id));
    };
    const done = this.waiters.filter((w) => covers(w.payload));
    this.waiters = this.waiters.filter((w) => !covers(w.payload));
    queueMicrotask(() => {
      for (const w of done) w.resolve();
    });
  }

  private goDark(): void {
    this.listening = false;
    this.generation += 1;
    this.sweptAt = this.generation;
    this.playerChangedAt.clear();
    this.entries.clear();
    this.keysByPlayer.clear();
    this.views.clear();
  }
}
