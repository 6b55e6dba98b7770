// Answers of the public calls about the site itself (SPEC.md section 7): settings, notices, website status.
import * as v from 'valibot';
import { DEFAULT_SETTINGS, type SettingKey, type SystemSettings } from '../settings.ts';

type SettingSchema<T> = T extends number
  ? v.NumberSchema<undefined>
  : T extends string
    ? v.StringSchema<undefined>
    : v.ArraySchema<v.StringSchema<undefined>, undefined>;

/** Built from the defaults, so a setting added there is part of the contract without a second list to keep. */
export const settingsView = v.object(
  Object.fromEntries(
    Object.entries(DEFAULT_SETTINGS).map(([key, value]) => [
      key,
      typeof value === 'number' ? v.number() : typeof value === 'string' ? v.string() : v.array(v.string()),
    ]),
  ) as { [K in SettingKey]: SettingSchema<SystemSettings[K]> },
);

export const noticesView = v.object({ 'pc-top': v.array(v.object({ status: v.number(), message: v.string() })) });
export const websiteStatusView = v.object({ status: v.boolean(), msg: v.string() });
export const ipBlockedView = v.object({ status: v.boolean() });
/** The recommended-code switch answers a bare 1 or 0 (SPEC.md section 7), not the envelope. */
export const recommendedCodeView = v.picklist([0, 1]);
/** Liveness and readiness answers for load balancers. */
export const healthView = v.object({ status: v.literal('ok') });

export type NoticesView = v.InferOutput<typeof noticesView>;
