// What the player accounts announce, after the transaction that did it has committed.
import type { DbOrTx } from '../../db/client.ts';

export type AuthEvents = {
  /** A new player account exists (with its central wallet). */
  'player.registered': { playerId: number; ip?: string; device?: string; phone?: string; attribution?: RegistrationAttribution };
  /** A player signed in with their password (risk records the address and the device). */
  'player.signed_in': { playerId: number; ip: string; device?: string };
  /** An operator changed a player's personal details (risk records a new phone, name or birthday). */
  'player.profile_changed': { playerId: number; phone: string | null; realName: string; birthday: string };
};

/**
 * Where a registration came from, for the partners domain's binding: the code typed or carried by the
 * link (`recommended_code`, when it was a partner's code), the tracking cookie `lh_ref` as the browser sent it, the
 * host the form was posted to (a partner's own domain), and the address it came from.
 */
export interface RegistrationAttribution {
  partnerCode: string;
  refCookie: string;
  host: string;
  ip: string;
  /** The browser fingerprint the registration form sent ('' when none): a partner's own device is looked for. */
  device: string;
  registeredAt: Date;
}

/**
 * What registration asks of the partners domain, given at construction by the composition root so auth never
 * reads partners' tables: whether a typed code is a partner's, and the binding itself, written inside registration's
 * own transaction (the `tx` passed), so a player is never left unbound by a crash between the commit and an event.
 */
export interface PartnerAttributionPort {
  isPartnerCode(code: string): Promise<boolean>;
  bindInTransaction(tx: DbOrTx, playerId: number, attribution: RegistrationAttribution): Promise<unknown>;
}
