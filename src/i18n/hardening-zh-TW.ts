import type { hardeningEn } from './hardening-en.ts';

export const hardeningZhTW: Record<keyof typeof hardeningEn, string> = {
  'v.id.invalid': '編號無效',
};
