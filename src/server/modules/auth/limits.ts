// The limits of sign-in and SMS codes, shared by the login, registration, recovery and phone-login paths and shown to
// operators, so every path counts against the same numbers.
/** How long an SMS code is good for. */
export const CODE_TTL_MS = 5 * 60 * 1000;
/** Tries one SMS code allows in all, right or wrong. */
export const CODE_MAX_ATTEMPTS = 5;
/** One SMS to a phone per this gap, at most SMS_PHONE_DAILY a day, and SMS_IP_HOURLY an hour from one address. */
export const SMS_PHONE_GAP_MS = 60_000;
export const SMS_PHONE_DAILY = 10;
export const SMS_IP_HOURLY = 20;
/** Wrong passwords that lock an account for the window (then the identity check by phone takes over). */
export const LOGIN_ACCOUNT_FAILURES = 5;
export const LOGIN_ACCOUNT_WINDOW_MS = 15 * 60 * 1000;
/** Sign-in attempts from one address per window. */
export const LOGIN_IP_LIMIT = 30;
export const LOGIN_IP_WINDOW_MS = 10 * 60 * 1000;
