// The back office's side of identity verification: the review queue, a player's review page (documents
// beside the personal info and bank cards, the history), the decision and the settings.
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';
import { pageQuery } from '../paging.ts';
import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_STATUS, KYC_LEVELS, KYC_REJECT_REASONS } from './constants.ts';
import { kycDocumentView } from './player.ts';

const levelView = v.picklist(KYC_LEVELS);

export const kycQueueQuery = v.object({ ...pageQuery });
export const kycQueueRow = v.object({
  player_id: v.number(),
  account: v.string(),
  level: levelView,
  pending: v.number(),
  /** When the oldest document waiting was uploaded. */
  oldest_at: v.string(),
});
export const kycQueuePage = staffPageOf(kycQueueRow);
export type KycQueuePage = v.InferOutput<typeof kycQueuePage>;

export const kycHistoryRow = v.object({
  document_id: v.number(),
  kind: v.picklist(KYC_DOCUMENT_KINDS),
  status: v.picklist(Object.values(KYC_DOCUMENT_STATUS)),
  reason: v.nullable(v.string()),
  staff: v.nullable(v.string()),
  at: v.string(),
});

export const kycStaffDocumentView = v.object({
  ...kycDocumentView.entries,
  size_bytes: v.number(),
  /** False once the retention period purged the file. */
  has_file: v.boolean(),
  document_name: v.nullable(v.string()),
  document_birthday: v.nullable(v.string()),
  reviewed_by: v.nullable(v.string()),
});

/** GET /api/backoffice/kyc/players/:id */
export const kycReviewView = v.object({
  player: v.object({
    id: v.number(),
    account: v.string(),
    real_name: v.string(),
    birthday: v.string(),
    gender: v.string(),
    phone_verified: v.boolean(),
    level: levelView,
  }),
  bank_cards: v.array(v.object({ bank: v.string(), account_name: v.string(), number: v.string(), status: v.number() })),
  documents: v.array(kycStaffDocumentView),
  history: v.array(kycHistoryRow),
});
export type KycReviewView = v.InferOutput<typeof kycReviewView>;

/** POST /api/backoffice/kyc/documents/:id/review */
export const kycReviewBody = v.variant(
  'decision',
  [
    v.object({
      decision: v.literal('approve'),
      /** What staff read on an ID front; required for that kind, compared with the personal info. */
      document_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'bo.kyc.v.name'))),
      document_birthday: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'bo.kyc.v.birthday'))),
    }),
    v.object({
      decision: v.literal('reject'),
      reason: v.picklist(KYC_REJECT_REASONS, 'bo.kyc.v.reason'),
    }),
  ],
  'bo.kyc.v.decision',
);
export type KycReviewBody = v.InferOutput<typeof kycReviewBody>;
export const kycReviewResult = v.object({ document: kycStaffDocumentView, level: levelView });

/** An amount of a ceiling as decimal text, or null for none. */
const ceiling = v.nullable(v.pipe(v.string('bo.kyc.v.amount'), v.regex(/^\d{1,12}(\.\d{1,2})?$/, 'bo.kyc.v.amount')));

export const kycSettingsView = v.object({
  /** The site's smallest single withdrawal: a ceiling below it would leave a level unable to withdraw at all. */
  withdraw_min: v.string(),
  first_withdrawal_level: levelView,
  retention_days: v.number(),
  levels: v.array(v.object({ level: levelView, day_max: v.nullable(v.string()), total_max: v.nullable(v.string()) })),
});
export type KycSettingsView = v.InferOutput<typeof kycSettingsView>;
/** The retention period's bounds, in days. */
export const KYC_RETENTION_DAYS_MIN = 30;
export const KYC_RETENTION_DAYS_MAX = 3650;
export const kycSettingsBody = v.object({
  first_withdrawal_level: v.picklist(KYC_LEVELS, 'bo.kyc.v.level'),
  retention_days: v.pipe(
    v.number('bo.kyc.v.retention'),
    v.integer('bo.kyc.v.retention'),
    v.minValue(KYC_RETENTION_DAYS_MIN, 'bo.kyc.v.retention'),
    v.maxValue(KYC_RETENTION_DAYS_MAX, 'bo.kyc.v.retention'),
  ),
  levels: v.pipe(
    v.array(v.object({ level: v.picklist(KYC_LEVELS, 'bo.kyc.v.level'), day_max: ceiling, total_max: ceiling })),
    v.length(KYC_LEVELS.length, 'bo.kyc.v.levels'),
    v.check((rows) => new Set(rows.map((r) => r.level)).size === KYC_LEVELS.length, 'bo.kyc.v.levels'),
  ),
});
export type KycSettingsBody = v.InferOutput<typeof kycSettingsBody>;
