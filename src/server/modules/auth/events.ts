// What the player accounts announce, after the transaction that did it has committed.
export type AuthEvents = {
  /** A new player account exists (with its central wallet). */
  'player.registered': { playerId: number; ip?: string; device?: string; phone?: string };
  /** A player signed in with their password (risk records the address and the device). */
  'player.signed_in': { playerId: number; ip: string; device?: string };
  /** An operator changed a player's personal details (risk records a new phone, name or birthday). */
  'player.profile_changed': { playerId: number; phone: string | null; realName: string; birthday: string };
};
