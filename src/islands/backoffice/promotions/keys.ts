// The strings the promotion desk's islands use: the common back-office keys and the desk's own catalogue.
import { COMMON_KEYS, type IslandProps } from '../kit/common.tsx';
import { promoUiBoEn } from '../../../i18n/backoffice-promotions-en.ts';
import { APP_STATUS_KEYS, GROUP_KEYS, PERIOD_KEYS } from '../kit/codes.ts';

export const PROMO_DESK_KEYS = [
  ...COMMON_KEYS,
  ...(Object.keys(promoUiBoEn) as Array<keyof typeof promoUiBoEn>),
  ...APP_STATUS_KEYS,
  ...PERIOD_KEYS,
  ...GROUP_KEYS,
  'bo.promo.warn_percent',
  'bo.promo.warn_save',
] as const;
export type DeskKey = (typeof PROMO_DESK_KEYS)[number];
export type DeskT = IslandProps<DeskKey>['t'];
