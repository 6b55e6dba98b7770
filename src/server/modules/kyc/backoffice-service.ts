// The back office's identity verification: the queue of players with documents waiting, a player's review page
// (documents beside the personal info and bank cards, the history), approving or rejecting a document with a reason
// the player reads, every view of a document's file audited, and the settings (levels' ceilings, the level a first
// withdrawal needs, the retention period). The player is told by message and realtime event after the commit.
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import { translate } from '../../../i18n/index.ts';
import { decimalToMinor, minorToDecimal } from '../../../shared/money.ts';
import { offsetOf, type Paging } from '../../../shared/schemas/paging.ts';
import { KYC_DOCUMENT_STATUS } from '../../../shared/schemas/kyc/constants.ts';
import { KYC_HISTORY_MAX } from '../../../shared/schemas/kyc/player.ts';
import type { KycQueuePage, KycReviewBody, KycReviewView, KycSettingsBody, KycSettingsView } from '../../../shared/schemas/kyc/backoffice.ts';
import { accountsWithPhone, verificationFacts } from '../auth/verification-facts.ts';
import { notifyPlayer } from '../messages/notify.ts';
import { recordAudit } from '../staff/audit.ts';
import { maskCardNumber } from '../../lib/mask.ts';
import { documentView, levelFrom, termsView, type KycService, type KycSettingsState } from './service.ts';
import * as repo from './repository.ts';
import { DAY_MS } from '../../../shared/time.ts';

export interface Operator {
  staffId: number;
  ip: string;
}
/** A bank card as the review page shows it (the cashier's cardsOnFile). */
export interface CardOnFile {
  bank: string;
  accountName: string;
  cardNumber: string;
  statusDebitCard: number;
}

/** Bank cards the review page shows. */
const CARDS_SHOWN = 5;
/** Purged per run of the retention job, so a run stays short. */
const PURGE_BATCH = 500;

export class KycBackofficeService {
  private readonly db: Db;
  private readonly kyc: KycService;
  private readonly publish: Publisher;
  private readonly cards: (playerId: number, limit: number) => Promise<CardOnFile[]>;
  /** The cashier's smallest single withdrawal: no level's ceiling may be below it. */
  private readonly withdrawMinMinor: () => Promise<bigint>;

  constructor(deps: {
    db: Db;
    kyc: KycService;
    publish: Publisher;
    cards: (playerId: number, limit: number) => Promise<CardOnFile[]>;
    /** Absent where the service only purges files (the retention job): nothing is then checked against a minimum. */
    withdrawMinMinor?: () => Promise<bigint>;
  }) {
    this.db = deps.db;
    this.kyc = deps.kyc;
    this.publish = deps.publish;
    this.cards = deps.cards;
    this.withdrawMinMinor = deps.withdrawMinMinor ?? (() => Promise.resolve(0n));
  }

  async queue(p: Paging): Promise<KycQueuePage> {
    const { rows, total } = await repo.queue(this.db, p.pageSize, offsetOf(p));
    const names = await accountsWithPhone(
      this.db,
      rows.map((r) => r.playerId),
    );
    const levels = await Promise.all(rows.map((r) => this.kyc.levelOf(r.playerId)));
    return {
      page: p.page,
      pageSize: p.pageSize,
      data: rows.map((r, i) => ({
        player_id: r.playerId,
        account: names.get(r.playerId)?.account ?? '',
        level: levels[i]!,
        pending: r.pending,
        oldest_at: r.oldestAt.toISOString(),
      })),
      total,
    };
  }

  async review(playerId: number): Promise<KycReviewView> {
    const [facts, docs, approved, history, cards] = await Promise.all([
      verificationFacts(this.db, playerId),
      repo.documentsNamed(this.db, playerId, KYC_HISTORY_MAX),
      repo.approvedDocuments(this.db, playerId),
      repo.historyOf(this.db, playerId, KYC_HISTORY_MAX),
      this.cards(playerId, CARDS_SHOWN),
    ]);
    if (!facts) throw new ApiError('not_found');
    return {
      player: {
        id: playerId,
        account: facts.account,
        real_name: facts.realName,
        birthday: facts.birthday,
        gender: facts.gender,
        phone_verified: facts.phoneVerified,
        level: levelFrom(facts, approved),
      },
      bank_cards: cards.map((c) => ({ bank: c.bank, account_name: c.accountName, number: maskCardNumber(c.cardNumber), status: c.statusDebitCard })),
      documents: docs.map((d) => ({
        ...documentView(d),
        size_bytes: d.sizeBytes,
        has_file: d.status !== KYC_DOCUMENT_STATUS.expired,
        document_name: d.documentName,
        document_birthday: d.documentBirthday,
        reviewed_by: d.reviewerName,
      })),
      history: history.map((h) => ({
        document_id: h.documentId,
        kind: h.kind,
        status: h.status,
        reason: h.reason,
        staff: h.staff,
        at: h.at.toISOString(),
      })),
    };
  }

  /**
   * A document's file for staff: every view is written to the audit log before the bytes leave. A PDF is shown as the
   * picture rendered at upload, never as the PDF itself (see pdf-preview.ts).
   */
  async documentFile(op: Operator, id: number): Promise<{ mime: string; bytes: Buffer }> {
    const doc = await repo.documentById(this.db, id);
    const file = doc && (await repo.documentFile(this.db, id));
    if (!doc || !file) throw new ApiError('not_found');
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'kyc.document.view',
      target: `kyc_document:${id}`,
      ip: op.ip,
      playerId: doc.playerId,
      before: null,
      after: { kind: doc.kind, status: doc.status },
      detail: { player_id: doc.playerId },
    });
    return file.preview ? { mime: 'image/png', bytes: file.preview } : { mime: file.mime, bytes: file.bytes };
  }

  /**
   * Approves or rejects a waiting document. Approving an ID front needs the name and birthday read on it, and they
   * must match the personal info (otherwise staff reject it with that reason). The message to the player is written
   * in the same transaction; the realtime events go after the commit.
   */
  async decide(op: Operator, id: number, body: KycReviewBody) {
    const { doc, messageId, level } = await this.db.transaction(async (tx) => {
      const before = await repo.documentById(tx, id, true);
      if (!before) throw new ApiError('not_found');
      if (before.status !== KYC_DOCUMENT_STATUS.submitted) throw new ApiError('validation_failed', { decision: ['bo.kyc.v.not_waiting'] });
      const facts = (await verificationFacts(tx, before.playerId))!;
      const approve = body.decision === 'approve';
      if (approve && before.kind === 'id_front') checkIdentity(body, facts);
      const doc = await repo.setDecision(tx, id, {
        status: approve ? KYC_DOCUMENT_STATUS.approved : KYC_DOCUMENT_STATUS.rejected,
        rejectReason: body.decision === 'reject' ? body.reason : null,
        documentName: approve && before.kind === 'id_front' ? (body.document_name ?? null) : null,
        documentBirthday: approve && before.kind === 'id_front' ? (body.document_birthday ?? null) : null,
        reviewedBy: op.staffId,
      });
      await repo.insertEvent(tx, { documentId: id, playerId: doc.playerId, status: doc.status, reason: doc.rejectReason, staffId: op.staffId });
      await recordAudit(tx, {
        staffId: op.staffId,
        action: approve ? 'kyc.document.approve' : 'kyc.document.reject',
        target: `kyc_document:${id}`,
        ip: op.ip,
        playerId: doc.playerId,
        before: { status: before.status },
        after: { status: doc.status, ...(doc.rejectReason ? { reject_reason: doc.rejectReason } : {}) },
        detail: { kind: doc.kind },
      });
      const level = levelFrom(facts, await repo.approvedDocuments(tx, doc.playerId));
      const messageId = await notifyPlayer(tx, doc.playerId, decisionNotice(doc, level, op.staffId));
      return { doc, messageId, level };
    });
    this.publish.toPlayer(doc.playerId, 'update-message', { id: messageId });
    this.publish.toPlayer(doc.playerId, 'kyc', { id: doc.id, kind: doc.kind, status: doc.status, level });
    return { doc, level };
  }

  async settingsView(s: KycSettingsState): Promise<KycSettingsView> {
    return {
      withdraw_min: minorToDecimal(await this.withdrawMinMinor()),
      first_withdrawal_level: s.firstWithdrawalLevel,
      retention_days: s.retentionDays,
      levels: s.levels.map(termsView),
    };
  }

  /**
   * Saves the settings under the settings row's lock, audited with every changed value in words. A ceiling below the
   * site's smallest withdrawal is refused: no withdrawal of that level could ever pass both.
   */
  async saveSettings(op: Operator, body: KycSettingsBody): Promise<KycSettingsView> {
    const min = await this.withdrawMinMinor();
    const below = (text: string | null) => {
      const ceiling = ceilingMinor(text);
      return ceiling !== null && ceiling < min;
    };
    if (body.levels.some((l) => below(l.day_max) || below(l.total_max))) throw new ApiError('validation_failed', { levels: ['bo.kyc.v.ceiling_below_min'] });
    await this.db.transaction(async (tx) => {
      await repo.settingsForUpdate(tx);
      const before = await this.kyc.settings(tx);
      for (const l of body.levels) await repo.upsertLevelRule(tx, l.level, ceilingMinor(l.day_max), ceilingMinor(l.total_max));
      await repo.updateSettings(tx, { firstWithdrawalLevel: body.first_withdrawal_level, retentionDays: body.retention_days });
      const after = await this.kyc.settings(tx);
      const { was, now } = settingsChanges(before, after);
      await recordAudit(tx, { staffId: op.staffId, action: 'kyc.settings', target: 'kyc_settings', ip: op.ip, before: was, after: now });
    });
    return this.settingsView(await this.kyc.settings());
  }

  /** The retention job: drops the files of documents older than the retention period, in batches; answers how many. */
  async purgeExpired(now = Date.now()): Promise<number> {
    const { retentionDays } = await this.kyc.settings();
    return this.db.transaction(async (tx) => {
      const gone = await repo.purgeBefore(tx, new Date(now - retentionDays * DAY_MS), PURGE_BATCH);
      for (const d of gone) await repo.insertEvent(tx, { documentId: d.id, playerId: d.playerId, status: KYC_DOCUMENT_STATUS.expired });
      return gone.length;
    });
  }
}

function checkIdentity(body: Extract<KycReviewBody, { decision: 'approve' }>, facts: { realName: string; birthday: string }): void {
  const fields: Record<string, string[]> = {};
  if (!facts.realName || !facts.birthday) fields.decision = ['bo.kyc.v.no_personal_info'];
  if (!body.document_name) fields.document_name = ['bo.kyc.v.name'];
  else if (body.document_name.toLowerCase() !== facts.realName.trim().toLowerCase()) fields.document_name = ['bo.kyc.v.name_mismatch'];
  if (!body.document_birthday) fields.document_birthday = ['bo.kyc.v.birthday'];
  else if (body.document_birthday !== facts.birthday) fields.document_birthday = ['bo.kyc.v.birthday_mismatch'];
  if (Object.keys(fields).length) throw new ApiError('validation_failed', fields);
}

function ceilingMinor(text: string | null): bigint | null {
  if (text === null) return null;
  const minor = decimalToMinor(text);
  if (minor === undefined) throw new ApiError('validation_failed', { levels: ['bo.kyc.v.amount'] });
  return minor;
}

/** The changed settings as words the audit log names: level N's ceilings as amounts, "none" for no ceiling. */
function settingsChanges(before: KycSettingsState, after: KycSettingsState) {
  const flat = (s: KycSettingsState): Record<string, unknown> => ({
    first_withdrawal_level: s.firstWithdrawalLevel,
    retention_days: s.retentionDays,
    ...Object.fromEntries(
      s.levels.flatMap((l) => [
        [`kyc_day_max_${l.level}`, l.dayMaxMinor === null ? null : minorToDecimal(l.dayMaxMinor)],
        [`kyc_total_max_${l.level}`, l.totalMaxMinor === null ? null : minorToDecimal(l.totalMaxMinor)],
      ]),
    ),
  });
  const a = flat(before);
  const b = flat(after);
  const keys = Object.keys(b).filter((k) => a[k] !== b[k]);
  return { was: Object.fromEntries(keys.map((k) => [k, a[k]])), now: Object.fromEntries(keys.map((k) => [k, b[k]])) };
}

/** The player's message about a decision, in both languages. */
function decisionNotice(doc: repo.KycDocumentRow, level: number, staffId: number) {
  const words = (locale: 'zh-TW' | 'en') => {
    const kind = translate(locale, `kyc.kind.${doc.kind}`);
    const levelName = translate(locale, `kyc.level.${level}`);
    return doc.status === KYC_DOCUMENT_STATUS.approved
      ? { title: translate(locale, 'kyc.msg.approved.title'), body: `<p>${escape(translate(locale, 'kyc.msg.approved.body', { kind, level: levelName }))}</p>` }
      : {
          title: translate(locale, 'kyc.msg.rejected.title'),
          body: `<p>${escape(translate(locale, 'kyc.msg.rejected.body', { kind, reason: translate(locale, `kyc.reason.${doc.rejectReason}`) }))}</p>`,
        };
  };
  const zh = words('zh-TW');
  const en = words('en');
  return { title: zh.title, titleEn: en.title, body: zh.body, bodyEn: en.body, staffId, topic: 'kyc' };
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
