// What the partners domain announces once its transaction has committed. The risk domain (or anyone who cares)
// subscribes in the composition root; partners never writes another domain's tables.
export type PartnersEvents = {
  /**
   * A player registered with a partner from an address or device that partner signed in to the portal from: possibly
   * the partner's own account. Its CPA waits for an operator's decision in the partners back office.
   */
  'partner.own_player_suspected': { playerId: number; partnerId: number; kinds: Array<'ip' | 'device'> };
};
