// The strings the promotion desk's islands use: the common back-office keys and the desk's own catalogue.
import { COMMON_KEYS, type IslandProps } from '../kit/common.tsx';
import { promoUiBoEn } from '../../../i18n/backoffice-promotions-en.ts';

export const PROMO_DESK_KEYS = [
  ...COMMON_KEYS,
  ...(Object.keys(promoUiBoEn) as Array<keyof typeof promoUiBoEn>),
] as const;
export type DeskKey = (typeof PROMO_DESK_KEYS)[number];
export type DeskT = IslandProps<DeskKey>['t'];
