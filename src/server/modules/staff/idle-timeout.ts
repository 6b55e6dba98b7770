// How long an unused back-office session lives; read by the config (STAFF_IDLE_TIMEOUT_MS) and the staff service.
/**
 * A back-office session left unused this long ends: an unattended desk does not stay signed in. The default;
 * STAFF_IDLE_TIMEOUT_MS (config.staffIdleTimeoutMs) sets another within STAFF_IDLE_TIMEOUT_BOUNDS_MS.
 */
export const STAFF_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** Shorter signs staff out between two reads of a long form; longer than a shift defeats the point. */
export const STAFF_IDLE_TIMEOUT_BOUNDS_MS = { min: 5 * 60 * 1000, max: 12 * 60 * 60 * 1000 } as const;
