import type { hardeningEn } from './ids-en.ts';

export const hardeningZhTW: Record<keyof typeof hardeningEn, string> = {
  'v.id.invalid': '編號無效',
};
