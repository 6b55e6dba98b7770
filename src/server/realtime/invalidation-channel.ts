// The NOTIFY channel on which a change to what a signed-in player may see is told to every instance: the database's
// triggers and the publisher's announcer send on it, every instance's session cache listens. Its wire format lives
// here, below the auth domain, because the realtime layer writes it and must not import a domain to do so.

export const INVALIDATE_CHANNEL = 'auth_invalidate';
/**
 * Player ids one NOTIFY names at most ('p:1,2,3'): PostgreSQL refuses payloads of 8000 bytes or more, and an id
 * takes at most 20 characters.
 */
export const MAX_IDS_PER_MESSAGE = 300;

/**
 * What a NOTIFY payload names: 's:<session id>' (a session ended), 'p:<player id>' (the database's triggers: the
 * player's row changed, so their sessions and answers go) or 'v:<player id>[,<player id>...]' (the app: what the
 * players are shown changed, so only their GET /auth/me answers go); undefined for anything else.
 */
export function parseInvalidation(payload: string): { field: 'sessionId' | 'playerId' | 'view'; ids: number[] } | undefined {
  const m = /^([spv]):(\d+(?:,\d+){0,299})$/.exec(payload);
  if (!m) return undefined;
  return { field: m[1] === 's' ? 'sessionId' : m[1] === 'p' ? 'playerId' : 'view', ids: m[2]!.split(',').map(Number) };
}
