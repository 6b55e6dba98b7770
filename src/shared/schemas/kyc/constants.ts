// Identity verification: the levels, the kinds of document, their states and the reasons a rejection
// gives. Shared by the server, the islands and the catalogues, so a code always has its words.

/** Verification levels: each one includes those below it. */
export const KYC_LEVEL = {
  /** Registered. */
  registered: 0,
  /** The phone was verified by an SMS code at registration. */
  phone: 1,
  /** Identity documents (ID front, back, a selfie holding it) approved, name and birthday matching the personal info. */
  identity: 2,
  /** An address or source-of-funds document approved, for large amounts. */
  address: 3,
} as const;
export type KycLevel = (typeof KYC_LEVEL)[keyof typeof KYC_LEVEL];
export const KYC_LEVELS = [KYC_LEVEL.registered, KYC_LEVEL.phone, KYC_LEVEL.identity, KYC_LEVEL.address] as const;
export const KYC_LEVEL_MAX = KYC_LEVEL.address;

/** What a player uploads; the identity level needs all three identity kinds, the address level one of the last two. */
export const KYC_DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie', 'address', 'funds'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
export const KYC_IDENTITY_KINDS = ['id_front', 'id_back', 'selfie'] as const satisfies readonly KycDocumentKind[];
export const KYC_ADDRESS_KINDS = ['address', 'funds'] as const satisfies readonly KycDocumentKind[];

export const KYC_DOCUMENT_STATUS = { submitted: 'submitted', approved: 'approved', rejected: 'rejected', expired: 'expired' } as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUS)[keyof typeof KYC_DOCUMENT_STATUS];

/** The reasons staff choose from when rejecting a document; each is translated for the player. */
export const KYC_REJECT_REASONS = [
  'unreadable',
  'incomplete',
  'wrong_kind',
  'name_mismatch',
  'birthday_mismatch',
  'document_expired',
  'face_not_visible',
  'altered',
  'address_too_old',
  'other',
] as const;
export type KycRejectReason = (typeof KYC_REJECT_REASONS)[number];

/** Files a player may send as a document, by magic bytes: pictures for every kind, PDF only for statements. */
export const KYC_IMAGE_MIMES = ['image/png', 'image/jpeg'] as const;
export const KYC_PDF_MIME = 'application/pdf';
/** Pictures weigh at most this before re-encoding; a phone photo of an ID card fits. */
export const KYC_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A statement as PDF weighs at most this. */
export const KYC_PDF_MAX_BYTES = 5 * 1024 * 1024;
/** Documents a player may upload per hour, and documents waiting for review a player may hold at once. */
export const KYC_UPLOADS_PER_HOUR = 20;
export const KYC_PENDING_MAX = 5;
/** The file picker's accept attribute, by kind. */
export const kycAccept = (kind: KycDocumentKind): string =>
  (KYC_ADDRESS_KINDS as readonly string[]).includes(kind)
    ? '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf'
    : '.png,.jpg,.jpeg,image/png,image/jpeg';
/** Whether a kind accepts a PDF. */
export const kycAcceptsPdf = (kind: KycDocumentKind): boolean => (KYC_ADDRESS_KINDS as readonly string[]).includes(kind);
