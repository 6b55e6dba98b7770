// Messages about ids out of bounds.
export const hardeningEn = {
  'v.id.invalid': 'Not a valid id',
} as const;
