// Back-office messages of staff sign-in security: first sign-in, self-enrolled authenticators.
export const boHardeningEn = {
  'bo.err.totp_self_only': "Each staff member sets up their own authenticator; you can only reset someone else's",
  'bo.staff.totp_code': 'Code from the app',
  'bo.staff.totp_confirm_code': 'Confirm and turn on',
  'bo.staff.totp_on': 'Authenticator sign-in is on',
  'bo.err.password_same': 'Choose a password other than the one you were given',
  'bo.login.new_password': 'New password',
  'bo.login.new_password_hint': 'This is your first sign-in: choose your own password (at least 8 characters).',
  'bo.login.totp_setup_hint': 'Admin and finance accounts sign in with an authenticator app. Add this key to the app, then enter the code it shows.',
  'bo.login.totp_setup_key': 'Authenticator key',
} as const;
