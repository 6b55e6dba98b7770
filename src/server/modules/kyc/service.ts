// Identity verification: a player's level derives from facts (the phone proved at registration, identity
// documents approved whose name and birthday match the personal info, an address or source-of-funds document
// approved); operators set per level how much may be withdrawn per day and in all and which level a first withdrawal
// needs, and the cashier asks checkWithdrawal inside its withdrawal transaction. Documents are checked by their magic
// bytes, pictures re-encoded (the uploads domain's rules), PDFs kept as sent with a picture of their first pages rendered for staff, all in the database until the retention
// period ends. Staff review lives in backoffice-service.ts.
import { fileTypeFromBuffer } from 'file-type';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/limiter.ts';
import type { WithdrawalKycGate } from '../../lib/kyc-gate.ts';
import { startOfTaipeiDay } from '../../../shared/time.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import {
  KYC_ADDRESS_KINDS,
  KYC_DOCUMENT_STATUS,
  KYC_IDENTITY_KINDS,
  KYC_IMAGE_MAX_BYTES,
  KYC_IMAGE_MIMES,
  KYC_LEVEL,
  KYC_LEVEL_MAX,
  KYC_PDF_MAX_BYTES,
  KYC_PDF_MIME,
  KYC_PENDING_MAX,
  KYC_UPLOADS_PER_HOUR,
  kycAcceptsPdf,
  type KycDocumentKind,
  type KycLevel,
} from '../../../shared/schemas/kyc/constants.ts';
import { KYC_HISTORY_MAX, type KycDocumentView, type KycLevelTermsView, type KycStatusView } from '../../../shared/schemas/kyc/player.ts';
import { verificationFacts, type VerificationFacts } from '../auth/verification-facts.ts';
import { withdrawalUsage } from '../cashier/limits-usage.ts';
import { acceptDocumentImage } from '../uploads/service.ts';
import * as repo from './repository.ts';
import { PdfRenderError, renderPdfPreview } from './pdf-preview.ts';

const UPLOAD_WINDOW_MS = 60 * 60 * 1000;
/** The defaults before an operator saves the settings: no level needed and no ceiling, as the site worked before. */
const DEFAULT_SETTINGS = { firstWithdrawalLevel: KYC_LEVEL.registered as KycLevel, retentionDays: 1825 };

export interface LevelTerms {
  level: KycLevel;
  dayMaxMinor: bigint | null;
  totalMaxMinor: bigint | null;
}
export interface KycSettingsState {
  firstWithdrawalLevel: KycLevel;
  retentionDays: number;
  levels: LevelTerms[];
}

const asLevel = (n: number): KycLevel => Math.max(0, Math.min(KYC_LEVEL_MAX, n)) as KycLevel;
const sameText = (a: string | null, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The level the facts give. Identity is a stronger proof than the phone, so approved identity documents give level 2
 * even where registration did not ask for an SMS code; level 3 needs level 2's documents as well.
 */
export function levelFrom(facts: VerificationFacts, documents: repo.KycDocumentRow[]): KycLevel {
  const approved = documents.filter((d) => d.status === KYC_DOCUMENT_STATUS.approved);
  const has = (kind: KycDocumentKind) => approved.some((d) => d.kind === kind);
  const front = approved.find((d) => d.kind === 'id_front');
  const identity =
    !!facts.realName &&
    !!facts.birthday &&
    !!front &&
    sameText(front.documentName, facts.realName) &&
    front.documentBirthday === facts.birthday &&
    KYC_IDENTITY_KINDS.every(has);
  if (identity && KYC_ADDRESS_KINDS.some(has)) return KYC_LEVEL.address;
  if (identity) return KYC_LEVEL.identity;
  return facts.phoneVerified ? KYC_LEVEL.phone : KYC_LEVEL.registered;
}

export function documentView(d: repo.KycDocumentRow): KycDocumentView {
  return {
    id: d.id,
    kind: d.kind,
    status: d.status,
    reason: d.rejectReason,
    mime: d.mime,
    created_at: d.createdAt.toISOString(),
    reviewed_at: d.reviewedAt?.toISOString() ?? null,
  };
}

export function termsView(t: LevelTerms): KycLevelTermsView {
  return {
    level: t.level,
    day_max: t.dayMaxMinor === null ? null : minorToDecimal(t.dayMaxMinor),
    total_max: t.totalMaxMinor === null ? null : minorToDecimal(t.totalMaxMinor),
  };
}

export class KycService implements WithdrawalKycGate {
  private readonly db: Db;
  private readonly limiter: Limiter;

  constructor(deps: { db: Db; limiter: Limiter }) {
    this.db = deps.db;
    this.limiter = deps.limiter;
  }

  /** The settings and every level's ceilings (a level without a saved row has none). */
  async settings(db: DbOrTx = this.db): Promise<KycSettingsState> {
    const [row, rules] = await Promise.all([repo.settingsRow(db), repo.levelRules(db)]);
    const levels = ([0, 1, 2, 3] as const).map((level) => {
      const r = rules.find((x) => x.level === level);
      return { level, dayMaxMinor: r?.dayMaxMinor ?? null, totalMaxMinor: r?.totalMaxMinor ?? null };
    });
    return {
      firstWithdrawalLevel: row ? asLevel(row.firstWithdrawalLevel) : DEFAULT_SETTINGS.firstWithdrawalLevel,
      retentionDays: row?.retentionDays ?? DEFAULT_SETTINGS.retentionDays,
      levels,
    };
  }

  /** The player's level now, from the facts. */
  async levelOf(playerId: number, db: DbOrTx = this.db): Promise<KycLevel> {
    const [facts, docs] = await Promise.all([verificationFacts(db, playerId), repo.approvedDocuments(db, playerId)]);
    return facts ? levelFrom(facts, docs) : KYC_LEVEL.registered;
  }

  async checkWithdrawal(tx: DbOrTx, playerId: number, amountMinor: bigint): Promise<void> {
    const [level, s, usage] = await Promise.all([this.levelOf(playerId, tx), this.settings(tx), withdrawalUsage(tx, playerId, startOfTaipeiDay())]);
    if (usage.paid === 0 && level < s.firstWithdrawalLevel) {
      throw new ApiError('kyc_level_required', undefined, {}, { level: `kyc.level.${s.firstWithdrawalLevel}` });
    }
    const terms = s.levels[level]!;
    if (terms.dayMaxMinor !== null && usage.todayMinor + amountMinor > terms.dayMaxMinor) {
      throw new ApiError('kyc_day_ceiling', undefined, {}, { left: minorToDecimal(maxZero(terms.dayMaxMinor - usage.todayMinor)) });
    }
    if (terms.totalMaxMinor !== null && usage.totalMinor + amountMinor > terms.totalMaxMinor) {
      throw new ApiError('kyc_total_ceiling', undefined, {}, { left: minorToDecimal(maxZero(terms.totalMaxMinor - usage.totalMinor)) });
    }
  }

  /** GET /api/kyc/status: the level, what it and the next one allow, and every document's state. */
  async status(playerId: number): Promise<KycStatusView> {
    const [facts, docs, approved, s] = await Promise.all([
      verificationFacts(this.db, playerId),
      repo.documentsOf(this.db, playerId, KYC_HISTORY_MAX),
      repo.approvedDocuments(this.db, playerId),
      this.settings(),
    ]);
    if (!facts) throw new ApiError('unauthorized');
    const level = levelFrom(facts, approved);
    const next = level < KYC_LEVEL_MAX ? s.levels[level + 1]! : null;
    return {
      level,
      phone_verified: facts.phoneVerified,
      personal_info: !!facts.realName && !!facts.birthday,
      first_withdrawal_level: s.firstWithdrawalLevel,
      current: termsView(s.levels[level]!),
      next: next && termsView(next),
      documents: docs.map(documentView),
    };
  }

  /**
   * A player's document: refused over the hourly rate or with too many waiting before the file is read, refused
   * when the same kind is already waiting or approved, then checked by its magic bytes (pictures for every kind, PDF
   * for statements) and stored with its history entry in one transaction.
   */
  async upload(playerId: number, kind: KycDocumentKind, read: () => Promise<Buffer>): Promise<KycDocumentView> {
    const rate = await this.limiter.hit(`kyc-upload:${playerId}`, KYC_UPLOADS_PER_HOUR, UPLOAD_WINDOW_MS);
    if (!rate.allowed) throw new ApiError('rate_limited');
    if ((await repo.countPending(this.db, playerId)) >= KYC_PENDING_MAX) throw new ApiError('validation_failed', { file: ['kyc.v.too_many_pending'] });
    const current = (await repo.documentsOf(this.db, playerId, KYC_HISTORY_MAX)).filter((d) => d.kind === kind);
    if (current.some((d) => d.status === KYC_DOCUMENT_STATUS.submitted)) throw new ApiError('validation_failed', { file: ['kyc.v.already_pending'] });
    if (current.some((d) => d.status === KYC_DOCUMENT_STATUS.approved)) throw new ApiError('validation_failed', { file: ['kyc.v.already_approved'] });
    const file = await acceptDocument(kind, await read());
    const row = await this.db.transaction(async (tx) => {
      const doc = await repo.insertDocument(tx, {
        playerId,
        kind,
        status: KYC_DOCUMENT_STATUS.submitted,
        mime: file.mime,
        sizeBytes: file.bytes.length,
        bytes: file.bytes,
        preview: file.preview,
      });
      await repo.insertEvent(tx, { documentId: doc.id, playerId, status: KYC_DOCUMENT_STATUS.submitted });
      return doc;
    });
    return documentView(row);
  }

  /** The player's own document's file; another player's id, or a purged file, reads as missing. */
  async ownFile(playerId: number, id: number): Promise<{ mime: string; bytes: Buffer }> {
    const file = await repo.documentFile(this.db, id);
    if (!file || file.playerId !== playerId) throw new ApiError('not_found');
    return { mime: file.mime, bytes: file.bytes };
  }
}

const maxZero = (n: bigint) => (n > 0n ? n : 0n);

/**
 * Checks a document's bytes: a PNG or JPEG picture re-encoded, or for statements a PDF by its magic bytes and size
 * that must also render to a picture for staff (a PDF that does not is refused: staff could not read it).
 */
async function acceptDocument(kind: KycDocumentKind, raw: Buffer): Promise<{ mime: string; bytes: Buffer; preview: Buffer | null }> {
  if (kycAcceptsPdf(kind) && raw.length > 0) {
    const type = await fileTypeFromBuffer(raw);
    if (type?.mime === KYC_PDF_MIME) {
      if (raw.length > KYC_PDF_MAX_BYTES) throw new ApiError('payload_too_large', { file: ['kyc.v.too_large'] });
      const preview = await renderPdfPreview(raw).catch((err: unknown) => {
        if (err instanceof PdfRenderError) throw new ApiError('validation_failed', { file: ['kyc.v.pdf_unreadable'] });
        throw err;
      });
      return { mime: KYC_PDF_MIME, bytes: raw, preview };
    }
  }
  const image = await acceptDocumentImage(raw, KYC_IMAGE_MIMES, KYC_IMAGE_MAX_BYTES);
  return { mime: image.mime, bytes: image.bytes, preview: null };
}
