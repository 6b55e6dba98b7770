// Names for the numeric statuses the API and the tables carry (SPEC.md keeps them numeric on the wire), so code
// compares against a name instead of a bare number.

/** A game platform switched on or off by operators. */
export const PLATFORM_STATUS = { off: 0, on: 1 } as const;
/** A platform's maintenance switch: 1 running, 0 under maintenance. */
export const MAINTAIN_STATUS = { maintenance: 0, running: 1 } as const;
/** A platform shown in the lobby or hidden. */
export const FRONT_SHOW = { hidden: 0, shown: 1 } as const;
/** A player account: active, or disabled by an operator. */
export const PLAYER_STATUS = { disabled: 0, active: 1 } as const;
/** An activity (bonus) wallet: active, unlocked (paid out to central), or given up. */
export const BONUS_WALLET_STATUS = { active: 1, unlocked: 2, givenUp: 3 } as const;
