// What the player accounts announce, after the transaction that did it has committed.
export type AuthEvents = {
  /** A new player account exists (with its central wallet). */
  'player.registered': { playerId: number };
};
