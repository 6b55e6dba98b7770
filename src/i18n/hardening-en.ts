// Messages of the hardening work (issue 9): id bounds and the like.
export const hardeningEn = {
  'v.id.invalid': 'Not a valid id',
} as const;
