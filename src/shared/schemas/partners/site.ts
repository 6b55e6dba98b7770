// What the public site asks of the partners domain: the live plan for /cooperrative-alliance and the application form.
import * as v from 'valibot';
import { planSummaryView } from './common.ts';

const str = () => v.string('v.type.string');

export const CHANNELS = ['website', 'social', 'streaming', 'community', 'offline', 'other'] as const;
export const CONTACT_KINDS = ['phone', 'email', 'line', 'telegram'] as const;

export const partnerApplicationBody = v.strictObject(
  {
    name: v.pipe(str(), v.trim(), v.nonEmpty('partners.v.name'), v.maxLength(40, 'v.too_long')),
    contact_kind: v.picklist(CONTACT_KINDS, 'partners.v.contact_kind'),
    contact: v.pipe(str(), v.trim(), v.nonEmpty('partners.v.contact'), v.maxLength(80, 'v.too_long')),
    channel: v.picklist(CHANNELS, 'partners.v.channel'),
    /** Players the applicant expects to bring per month. */
    expected_players: v.pipe(
      v.number('partners.v.expected_players'),
      v.integer('partners.v.expected_players'),
      v.minValue(0, 'partners.v.expected_players'),
      v.maxValue(1_000_000, 'partners.v.expected_players'),
    ),
    message: v.optional(v.pipe(str(), v.trim(), v.maxLength(500, 'v.too_long')), ''),
  },
  'v.type.object',
);
export type PartnerApplicationBody = v.InferOutput<typeof partnerApplicationBody>;

export const partnerApplicationView = v.object({ id: v.number(), status: v.literal('pending') });

/** The default plan as the public page explains it (no hard-coded rates), or null when operators set none. */
export const publicPlanView = v.object({ plan: v.nullable(planSummaryView), sub_levels: v.number() });
