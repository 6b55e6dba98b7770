// Messages to players (system, personal, platform) with computed unread counters, and popup announcements.
// Broadcasts are stored once; a personal message stores its recipients. update-message goes out after commit:
// to each recipient of a personal message, to the system room (every socket) for a broadcast.
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { htmlToText, sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import type { OfferCheck } from '../../lib/protection-gate.ts';
import { activePlayerIds, playersByAccounts } from '../auth/player-facts.ts';
import { isPublicUpload } from '../uploads/public-upload-facts.ts';
import { changedFields, recordAudit } from '../staff/audit.ts';
import { DAY_MS, TAIPEI_OFFSET_MS, startOfTaipeiDate } from '../../../shared/time.ts';
import {
  PASTED_ACCOUNTS_MAX,
  POPUP_COOKIE_MINUTES,
  POPUPS_MAX,
  POPUP_DEFAULTS,
  RECIPIENTS_MAX,
  type ComposeInput,
  type MessageDetail,
  type MessageItem,
  type MessageKind,
  type MessageTotals,
  type PopupInput,
  type PopupView,
  type SegmentInput,
  type BoPopup,
} from '../../../shared/schemas/messages.ts';
import type { Locale } from '../../../shared/constants.ts';
import * as repo from './repository.ts';
import { MESSAGE_STATUS, PLAYER_STATUS, POPUP_STATUS, READ_STATUS, type StatusValue } from '../../../shared/statuses.ts';
import { offsetOf } from '../../../shared/schemas/paging.ts';

const SUMMARY_CHARS = 120;

export interface Operator {
  staffId: number;
  ip: string;
}

interface RecipientPreview {
  count: number;
  skipped: number;
  unknown: string[];
  too_many: boolean;
  ids: number[];
}

/** The popup display settings as stored in popups.settings. */
type PopupSettings = BoPopup['settings'];

/** Splits a pasted list on whitespace, commas and semicolons, without duplicates (case-insensitive). */
function parseAccounts(text: string): string[] {
  const seen = new Map<string, string>();
  for (const raw of text.split(/[\s,;，、]+/)) {
    const a = raw.trim();
    if (a && !seen.has(a.toLowerCase())) seen.set(a.toLowerCase(), a);
  }
  return [...seen.values()];
}

export class MessagesService {
  private readonly db: Db;
  private readonly publish: Publisher;
  /** Resolves an operator image id to the address anyone may load (the uploads module's publicFileUrl). */
  imageUrl: (id: number) => string;
  clock: () => Date = () => new Date();
  /** The protection gate's answer to whether a player may receive marketing (protection's mayReceiveOffers). */
  private readonly mayReceiveOffers: OfferCheck;

  constructor(deps: { db: Db; publish: Publisher; imageUrl: (id: number) => string; mayReceiveOffers: OfferCheck }) {
    this.db = deps.db;
    this.publish = deps.publish;
    this.imageUrl = deps.imageUrl;
    this.mayReceiveOffers = deps.mayReceiveOffers;
  }

  // ---- player side ---------------------------------------------------------------------------------

  async totals(playerId: number): Promise<MessageTotals> {
    const u = await repo.unreadCounts(this.db, playerId);
    return { userMessageCount: u.system, personalMessageCount: u.personal, platformMessageCount: u.platform };
  }

  async list(playerId: number, kind: MessageKind, locale: Locale, page: number, pageSize: number) {
    const [{ rows, total }, totals] = await Promise.all([repo.listFor(this.db, playerId, kind, pageSize, offsetOf({ page, pageSize })), this.totals(playerId)]);
    return { totals, data: rows.map((r) => itemView(r, locale)), total, page, pageSize };
  }

  /** One message, marked read on opening. Another player's personal message is simply not found. */
  async detail(playerId: number, id: number, locale: Locale): Promise<MessageDetail> {
    const row = await repo.detailFor(this.db, playerId, id);
    if (!row) throw new ApiError('not_found');
    if (!row.read && (await repo.markRead(this.db, playerId, [id])) > 0) this.publish.toPlayer(playerId, 'update-message', { read: [id] });
    const body = locale === 'en' && row.body_en ? row.body_en : row.body;
    return { ...itemView({ ...row, read: true }, locale), body };
  }

  async markRead(playerId: number, input: { ids?: number[]; kind?: MessageKind }): Promise<{ marked: number; totals: MessageTotals }> {
    const marked = input.ids ? await repo.markRead(this.db, playerId, input.ids) : await repo.markKindRead(this.db, playerId, input.kind!);
    // The player's other tabs and devices update their badge too.
    if (marked > 0) this.publish.toPlayer(playerId, 'update-message', { read: input.ids ?? input.kind });
    return { marked, totals: await this.totals(playerId) };
  }

  // ---- back office: composing ----------------------------------------------------------------------

  /** Who a segment reaches now; marketing messages leave out players under a time-out or self-exclusion. */
  async previewRecipients(segment: SegmentInput, marketing: boolean): Promise<RecipientPreview> {
    let ids: number[];
    let unknown: string[] = [];
    if (segment.type === 'accounts') {
      const accounts = parseAccounts(segment.accounts);
      if (!accounts.length) throw new ApiError('validation_failed', { 'segment.accounts': ['msg.v.accounts_empty'] });
      if (accounts.length > PASTED_ACCOUNTS_MAX) throw new ApiError('validation_failed', { 'segment.accounts': ['msg.v.accounts_too_many'] });
      const found = await playersByAccounts(this.db, accounts);
      const known = new Set(found.map((p) => p.account.toLowerCase()));
      unknown = accounts.filter((a) => !known.has(a.toLowerCase()));
      // A disabled player is not written to; the operator sees them among the unknown.
      ids = found.filter((p) => p.status === PLAYER_STATUS.active).map((p) => p.id);
      unknown.push(...found.filter((p) => p.status !== PLAYER_STATUS.active).map((p) => p.account));
    } else if (segment.type === 'level') {
      ids = await activePlayerIds(this.db, { levels: segment.levels }, RECIPIENTS_MAX + 1);
    } else {
      if (segment.from > segment.to) throw new ApiError('validation_failed', { 'segment.to': ['msg.v.range'] });
      const from = startOfTaipeiDate(segment.from);
      const to = new Date(startOfTaipeiDate(segment.to).getTime() + DAY_MS);
      ids = await activePlayerIds(this.db, { signedUpFrom: from, signedUpBefore: to }, RECIPIENTS_MAX + 1);
    }
    const tooMany = ids.length > RECIPIENTS_MAX;
    if (tooMany) ids = ids.slice(0, RECIPIENTS_MAX);
    let skipped = 0;
    if (marketing && !tooMany) {
      // The protection gate decides, player by player: a time-out or self-exclusion means no marketing.
      const allowed: number[] = [];
      const now = this.clock();
      for (const id of ids) {
        if (await this.mayReceiveOffers(this.db, id, now)) allowed.push(id);
        else skipped += 1;
      }
      ids = allowed;
    }
    return { count: ids.length, skipped, unknown, too_many: tooMany, ids };
  }

  async compose(op: Operator, input: ComposeInput): Promise<{ id: number; recipients: number | null; skipped: number }> {
    const body = sanitizeOperatorHtml(input.body);
    const bodyEn = sanitizeOperatorHtml(input.body_en);
    if (!htmlToText(body) && !/<img\b/i.test(body)) throw new ApiError('validation_failed', { body: ['msg.v.body'] });
    let recipients: RecipientPreview | undefined;
    if (input.kind === 'personal') {
      if (!input.segment) throw new ApiError('validation_failed', { segment: ['msg.v.segment'] });
      recipients = await this.previewRecipients(input.segment, input.marketing);
      if (recipients.too_many) throw new ApiError('validation_failed', { segment: ['msg.v.too_many'] });
      if (recipients.unknown.length) throw new ApiError('validation_failed', { 'segment.accounts': ['msg.v.accounts_unknown'] });
      if (!recipients.count) throw new ApiError('validation_failed', { segment: ['msg.v.no_recipients'] });
    }
    if (input.kind === 'platform' && !input.platform_code) throw new ApiError('validation_failed', { platform_code: ['msg.v.platform'] });
    const id = await this.db.transaction(async (tx) => {
      const id = await repo.insertMessage(tx, {
        kind: input.kind,
        title: input.title,
        titleEn: input.title_en,
        body,
        bodyEn,
        marketing: input.kind === 'personal' && input.marketing,
        platformCode: input.kind === 'platform' ? input.platform_code! : null,
        segment: input.segment ? segmentSummary(input.segment) : {},
        recipientCount: recipients ? recipients.count : null,
        staffId: op.staffId,
      });
      if (recipients) await repo.insertRecipients(tx, id, recipients.ids);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'messages.compose',
        target: `message:${id}`,
        ip: op.ip,
        before: null,
        after: {
          kind: input.kind,
          title: input.title,
          marketing: input.marketing,
          segment: input.segment ? segmentSummary(input.segment) : null,
          recipients: recipients?.count ?? null,
        },
        detail: { title: input.title, skipped: recipients?.skipped ?? 0 },
      });
      return id;
    });
    // After commit: the recipients' badges rise at once, on every instance (the publisher crosses through Redis).
    if (recipients) for (const playerId of recipients.ids) this.publish.toPlayer(playerId, 'update-message', { id });
    else this.publish.toSystem('update-message', { id, broadcast: true });
    return { id, recipients: recipients ? recipients.count : null, skipped: recipients?.skipped ?? 0 };
  }

  /**
   * The platform maintenance editor's "notify players": a platform message about the window (or about
   * maintenance starting now), written from the platform's names; the operator may withdraw it like any other.
   */
  async platformMaintenanceNotice(op: Operator, p: { code: string; name: string; nameEn: string; start: Date | null; end: Date | null }) {
    const name = escapeHtml(p.name);
    const nameEn = escapeHtml(p.nameEn || p.name);
    const when =
      p.start && p.end
        ? { zh: `${taipeiMinute(p.start)} 至 ${taipeiMinute(p.end)}（GMT+8）`, en: `from ${taipeiMinute(p.start)} to ${taipeiMinute(p.end)} (GMT+8)` }
        : null;
    return this.compose(op, {
      kind: 'platform',
      platform_code: p.code,
      marketing: false,
      title: `${p.name} 維護公告`.slice(0, 200),
      title_en: `${p.nameEn || p.name} maintenance`.slice(0, 200),
      body: when
        ? `<p>${name} 將於 ${when.zh} 進行維護，期間暫停遊戲與轉帳，造成不便敬請見諒。</p>`
        : `<p>${name} 目前維護中，暫停遊戲與轉帳，恢復後將另行通知。</p>`,
      body_en: when
        ? `<p>${nameEn} will be under maintenance ${when.en}. Games and transfers pause meanwhile. Sorry for any inconvenience.</p>`
        : `<p>${nameEn} is under maintenance now. Games and transfers are paused until it is back.</p>`,
    });
  }

  async setStatus(op: Operator, id: number, status: StatusValue<typeof MESSAGE_STATUS>): Promise<void> {
    const row = await repo.messageById(this.db, id);
    if (!row) throw new ApiError('not_found');
    await this.db.transaction(async (tx) => {
      await repo.setMessageStatus(tx, id, status);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: status === MESSAGE_STATUS.published ? 'messages.republish' : 'messages.withdraw',
        target: `message:${id}`,
        ip: op.ip,
        before: { status: row.status },
        after: { status },
        detail: { title: row.title },
      });
    });
    if (row.kind === 'personal')
      for (const playerId of await repo.recipientIds(this.db, id, RECIPIENTS_MAX)) this.publish.toPlayer(playerId, 'update-message', { id });
    else this.publish.toSystem('update-message', { id, broadcast: true });
  }

  async listForStaff(kind: MessageKind | undefined, page: number, pageSize: number) {
    const { rows, total } = await repo.listForStaff(this.db, kind, pageSize, offsetOf({ page, pageSize }));
    return {
      total,
      data: rows.map(({ m, staff, reads }) => ({
        id: m.id,
        kind: m.kind as MessageKind,
        status: m.status === MESSAGE_STATUS.published ? MESSAGE_STATUS.published : MESSAGE_STATUS.withdrawn,
        title: m.title,
        title_en: m.titleEn,
        body: m.body,
        body_en: m.bodyEn,
        marketing: m.marketing,
        platform_code: m.platformCode,
        segment: m.segment,
        recipients: m.recipientCount,
        reads: Number(reads),
        staff: staff ?? null,
        created_at: m.createdAt.toISOString(),
      })),
    };
  }

  // ---- popups --------------------------------------------------------------------------------------

  async alertSettings(locale: Locale): Promise<PopupView[]> {
    const rows = await repo.activePopups(this.db, this.clock(), POPUPS_MAX);
    return rows.map((r) => {
      const s = popupSettings(r.settings);
      return {
        id: r.id,
        version: r.updatedAt.getTime().toString(36),
        title: locale === 'en' && r.titleEn ? r.titleEn : r.title,
        ...s,
        image: r.imageId ? this.imageUrl(r.imageId) : null,
        html_code: locale === 'en' && r.htmlCodeEn ? r.htmlCodeEn : r.htmlCode,
        cookie_minutes: POPUP_COOKIE_MINUTES,
      };
    });
  }

  async popupsForStaff(): Promise<BoPopup[]> {
    return (await repo.allPopups(this.db, POPUPS_MAX)).map((r) => this.boPopup(r));
  }

  private boPopup(r: repo.PopupRow): BoPopup {
    return {
      id: r.id,
      status: r.status === POPUP_STATUS.on ? POPUP_STATUS.on : POPUP_STATUS.off,
      sort: r.sort,
      title: r.title,
      title_en: r.titleEn,
      html_code: r.htmlCode,
      html_code_en: r.htmlCodeEn,
      image: r.imageId,
      image_url: r.imageId ? this.imageUrl(r.imageId) : null,
      starts_at: r.startsAt?.toISOString() ?? null,
      ends_at: r.endsAt?.toISOString() ?? null,
      updated_at: r.updatedAt.toISOString(),
      settings: popupSettings(r.settings),
    };
  }

  async savePopup(op: Operator, id: number | null, input: PopupInput): Promise<BoPopup> {
    if (input.starts_at && input.ends_at && input.starts_at >= input.ends_at) throw new ApiError('validation_failed', { ends_at: ['msg.v.range'] });
    if (input.content_type === 1 && !input.image) throw new ApiError('validation_failed', { image: ['msg.v.image'] });
    const htmlCode = sanitizeOperatorHtml(input.html_code);
    const htmlCodeEn = sanitizeOperatorHtml(input.html_code_en);
    if (input.content_type === 2 && input.page_2_frame_type !== 5 && !htmlCode) throw new ApiError('validation_failed', { html_code: ['msg.v.body'] });
    const { title, title_en: titleEn, status, sort, image, starts_at: startsAt, ends_at: endsAt, html_code: _h, html_code_en: _he, ...settings } = input;
    const values = {
      title,
      titleEn,
      status,
      sort,
      imageId: image,
      settings,
      htmlCode,
      htmlCodeEn,
      startsAt: startsAt ? new Date(startsAt) : null,
      endsAt: endsAt ? new Date(endsAt) : null,
    };
    const row = await this.db.transaction(async (tx) => {
      let row: repo.PopupRow | undefined;
      const before = id === null ? undefined : await repo.popupById(tx, id);
      if (id !== null && !before) throw new ApiError('not_found');
      // Visitors load the picture, so it must be public operator content (the back office's upload); public
      // uploads are never purged, so nothing needs attaching. The picture already on the popup stays as it is.
      if (image !== null && image !== before?.imageId && !(await isPublicUpload(tx, image))) {
        throw new ApiError('validation_failed', { image: ['msg.v.image'] });
      }
      if (id === null) {
        if ((await repo.countPopups(tx)) >= POPUPS_MAX) throw new ApiError('validation_failed', { title: ['msg.v.popups_full'] });
        row = await repo.insertPopup(tx, values);
      } else {
        row = await repo.updatePopup(tx, id, values);
        if (!row) throw new ApiError('not_found');
      }
      const { updated_at: _was, ...was } = before ? this.boPopup(before) : { updated_at: '' };
      const { updated_at: _now, ...now } = this.boPopup(row);
      const change = before ? changedFields(was, now) : { before: null, after: now };
      await recordAudit(tx, {
        staffId: op.staffId,
        action: id === null ? 'popups.create' : 'popups.update',
        target: `popup:${row.id}`,
        ip: op.ip,
        ...change,
        detail: { title },
      });
      return row;
    });
    return this.boPopup(row);
  }

  async deletePopup(op: Operator, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const was = await repo.popupById(tx, id);
      if (!was || !(await repo.deletePopup(tx, id))) throw new ApiError('not_found');
      const { updated_at: _at, ...before } = this.boPopup(was);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'popups.delete',
        target: `popup:${id}`,
        ip: op.ip,
        before,
        after: null,
        detail: { title: was.title },
      });
    });
  }
}

function itemView(r: repo.ListedMessage, locale: Locale): MessageItem {
  const en = locale === 'en';
  const body = en && r.body_en ? r.body_en : r.body;
  const text = htmlToText(body);
  return {
    id: r.id,
    kind: r.kind,
    title: en && r.title_en ? r.title_en : r.title,
    summary: text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text,
    platform_code: r.platform_code,
    read: r.read ? READ_STATUS.read : READ_STATUS.unread,
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** Stored settings read back with the defaults filling anything missing (rows written by an older editor). */
function popupSettings(raw: unknown): PopupSettings {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Partial<PopupSettings>;
  return { ...POPUP_DEFAULTS, ...s } as PopupSettings;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** 2026-11-24 04:00 in Taipei time. */
function taipeiMinute(at: Date): string {
  return new Date(at.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

function segmentSummary(segment: SegmentInput): Record<string, unknown> {
  if (segment.type === 'accounts') {
    const accounts = parseAccounts(segment.accounts);
    // The list itself is kept short in the summary: the recipients table holds who was reached.
    return { type: 'accounts', count: accounts.length, sample: accounts.slice(0, 20) };
  }
  return { ...segment };
}
