// What services use to reach browsers. Services call it only after their transaction committed.
import type { PrivateEvent, SystemEvent } from '../../shared/events.ts';

export interface Publisher {
  toPlayer(playerId: number, event: PrivateEvent, payload?: unknown): void;
  toSessions(sessionIds: number[], event: PrivateEvent, payload?: unknown): void;
  toSystem(event: SystemEvent, payload?: unknown): void;
  /** Closes the sockets of revoked sessions on every instance. */
  disconnectSessions(sessionIds: number[]): void;
}
