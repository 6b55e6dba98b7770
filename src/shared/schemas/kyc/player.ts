// The player's side of identity verification: the state of each document, the player's level and what
// each level allows, and the upload's query. The files travel as multipart (field `file`).
import * as v from 'valibot';
import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_STATUS, KYC_LEVELS } from './constants.ts';

/** POST /api/kyc/documents?kind=id_front */
export const kycUploadQuery = v.object({ kind: v.picklist(KYC_DOCUMENT_KINDS, 'kyc.v.kind') });

const kycLevelView = v.picklist(KYC_LEVELS);

export const kycDocumentView = v.object({
  id: v.number(),
  kind: v.picklist(KYC_DOCUMENT_KINDS),
  status: v.picklist(Object.values(KYC_DOCUMENT_STATUS)),
  /** The rejection's reason code (translated by the catalogue), or null. */
  reason: v.nullable(v.string()),
  mime: v.string(),
  created_at: v.string(),
  reviewed_at: v.nullable(v.string()),
});
export type KycDocumentView = v.InferOutput<typeof kycDocumentView>;

/** What a level allows: the day's and the lifetime withdrawal ceilings (decimal text), null for none. */
export const kycLevelTermsView = v.object({
  level: kycLevelView,
  day_max: v.nullable(v.string()),
  total_max: v.nullable(v.string()),
});
export type KycLevelTermsView = v.InferOutput<typeof kycLevelTermsView>;

/** GET /api/kyc/status */
export const kycStatusView = v.object({
  level: kycLevelView,
  phone_verified: v.boolean(),
  /** The personal info the identity documents must match is filled in. */
  personal_info: v.boolean(),
  first_withdrawal_level: kycLevelView,
  /** The player's own terms and the next level's, or null at the top level. */
  current: kycLevelTermsView,
  next: v.nullable(kycLevelTermsView),
  /** The newest document of each kind and the older ones, newest first (at most KYC_HISTORY_MAX). */
  documents: v.array(kycDocumentView),
});
export type KycStatusView = v.InferOutput<typeof kycStatusView>;

/** How many of a player's documents the status lists. */
export const KYC_HISTORY_MAX = 50;
