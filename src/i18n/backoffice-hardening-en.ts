// Back-office messages of the hardening work (issue 9): self-enrolled authenticator sign-in.
export const boHardeningEn = {
  'bo.err.totp_self_only': 'Each staff member sets up their own authenticator; you can only reset someone else\'s',
  'bo.staff.totp_code': 'Code from the app',
  'bo.staff.totp_confirm_code': 'Confirm and turn on',
  'bo.staff.totp_on': 'Authenticator sign-in is on',
} as const;
