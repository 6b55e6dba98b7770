// Consultations: a player opens a thread with a title, information and up to three images; staff
// reply, assign and end it on the consultation desk; the player replies while it is consulting. Counters are
// computed from the rows (the watch count of unseen staff replies), and update-consultation reaches the player
// after the transaction committed.
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import {
  CONSULTATION_THREAD_MAX,
  type ConsultationDetailView,
  type ConsultationImageView,
  type ConsultationItemView,
  type ConsultationSource,
  type ConsultationState,
  type DeskDetailView,
  type DeskListView,
} from '../../../shared/schemas/consultations.ts';
import type { Locale } from '../../../shared/constants.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { offsetOf, type Paging } from '../../../shared/schemas/paging.ts';
import { centralBalanceOf } from '../../ledger/read.ts';
import { playerWithLevel } from '../auth/player-facts.ts';
import { recordAudit, type AuditState } from '../staff/audit.ts';
import { activeStaffOfRoles, isActiveStaffOfRoles } from '../staff/staff-facts.ts';
import type { Operator } from '../staff/service.ts';
import * as repo from './repository.ts';
import { claimStaffUploads, claimUploads, fileUrl } from '../uploads/service.ts';

interface CreateConsultationInput {
  playerId: number;
  title: string;
  information: string;
  /** Ids from POST /api/uploads/images by this player, unused, at most three. */
  imageIds: number[];
  source: ConsultationSource;
}

/**
 * Opens a consultation in one transaction: the row, then the images claimed for it (the uploads module refuses
 * ids of another player, used ones and more than three, which rolls everything back). Exported for the live
 * chat, whose message left while no agent is online becomes a consultation. Callers publish afterwards.
 */
export async function createConsultation(db: Db, input: CreateConsultationInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => createInTx(tx, input));
}

async function createInTx(tx: Tx, input: CreateConsultationInput): Promise<{ id: number }> {
  const row = await repo.insertConsultation(tx, { playerId: input.playerId, title: input.title, information: input.information, source: input.source });
  if (input.imageIds.length) {
    await claimUploads(tx, { playerId: input.playerId, ids: input.imageIds, purpose: input.source === 'chat' ? 'chat' : 'feedback' });
    await repo.insertImages(tx, row.id, null, input.imageIds);
  }
  return { id: row.id };
}

/** Staff who may be given a consultation: active admin and customer-service accounts. */
const DESK_ROLES = ['admin', 'service'] as const;

const iso = (d: Date) => d.toISOString();

/** The audit row of a desk action on a consultation, written inside its transaction; the target is the thread's player. */
function audited(op: Operator, action: string, c: repo.ConsultationRow, change: { before: AuditState; after: AuditState }, detail: Record<string, unknown>) {
  return (tx: Tx) => recordAudit(tx, { staffId: op.staffId, action, target: `player:${c.playerId}`, ...change, detail, ip: op.ip });
}

function itemView(c: repo.ConsultationRow, images: number): ConsultationItemView {
  return {
    id: c.id,
    title: c.title,
    state: c.state as ConsultationState,
    source: c.source as ConsultationSource,
    watch_count: c.watchCount,
    image_count: images,
    created_at: iso(c.createdAt),
    last_message_at: iso(c.lastMessageAt),
    ended_at: c.endedAt ? iso(c.endedAt) : null,
  };
}

export class ConsultationService {
  private readonly db: Db;
  private readonly publish: Publisher;
  constructor(deps: { db: Db; publish: Publisher }) {
    this.db = deps.db;
    this.publish = deps.publish;
  }

  async create(input: CreateConsultationInput): Promise<{ id: number }> {
    const created = await createConsultation(this.db, input);
    this.publish.toPlayer(input.playerId, 'update-consultation', { id: created.id });
    return created;
  }

  count(playerId: number): Promise<number> {
    return repo.watchTotal(this.db, playerId);
  }

  async list(playerId: number, p: { state?: ConsultationState; page: number; pageSize: number }) {
    const [{ rows, total }, watch] = await Promise.all([
      repo.listOfPlayer(this.db, playerId, { state: p.state, limit: p.pageSize, offset: offsetOf(p) }),
      repo.watchTotal(this.db, playerId),
    ]);
    return { data: rows.map((r) => itemView(r.c, r.images)), total, PlayerConsultationCount: watch };
  }

  /** The player's thread; opening it marks the staff replies seen (and tells the player's other tabs). */
  async playerDetail(playerId: number, id: number): Promise<ConsultationDetailView> {
    const c = await repo.ofPlayer(this.db, id, playerId);
    if (!c) throw new ApiError('not_found');
    const view = await this.detailOf(this.db, c, false);
    if (await repo.markSeenByPlayer(this.db, id, playerId)) this.publish.toPlayer(playerId, 'update-consultation', { id });
    return view;
  }

  async playerReply(playerId: number, id: number, body: string, imageIds: number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const c = await repo.bumpOpen(tx, id, 'player', playerId);
      if (!c) {
        // Tell a closed thread from one that is not the player's without revealing other players' ids.
        const own = await repo.ofPlayer(tx, id, playerId);
        throw new ApiError(own ? 'consultation_ended' : 'not_found');
      }
      const messageId = await repo.insertMessage(tx, { consultationId: id, author: 'player', staffId: null, body });
      if (imageIds.length) {
        await claimUploads(tx, { playerId, ids: imageIds, purpose: 'feedback' });
        await repo.insertImages(tx, id, messageId, imageIds);
      }
    });
    this.publish.toPlayer(playerId, 'update-consultation', { id });
  }

  // The desk.

  /** The desk's queue by state, assignee ('me' is the operator) and account, with the staff a thread may be given to. */
  async deskList(staffId: number, q: Paging & { state?: ConsultationState; assignee?: 'me' | 'none' | number; account?: string }): Promise<DeskListView> {
    const assignee = q.assignee === undefined ? 'any' : q.assignee === 'me' ? staffId : q.assignee;
    const [{ rows, total }, staff] = await Promise.all([
      repo.deskList(this.db, { state: q.state, assignee, account: q.account || undefined, limit: q.pageSize, offset: offsetOf(q) }),
      activeStaffOfRoles(this.db, DESK_ROLES),
    ]);
    return {
      data: rows.map((r) => ({
        id: r.c.id,
        title: r.c.title,
        state: r.c.state as ConsultationState,
        source: r.c.source === 'chat' ? ('chat' as const) : ('feedback' as const),
        watch_count: r.c.watchCount,
        image_count: r.images,
        created_at: iso(r.c.createdAt),
        last_message_at: iso(r.c.lastMessageAt),
        ended_at: r.c.endedAt ? iso(r.c.endedAt) : null,
        player_id: r.c.playerId,
        account: r.account,
        staff_unread: r.c.staffUnread,
        assignee_id: r.c.assigneeStaffId,
        assignee_name: r.assigneeName,
      })),
      total,
      staff,
    };
  }

  /** A thread with the player's account, level and central wallet beside it; marks the staff side seen. */
  async deskDetail(id: number, locale: Locale): Promise<DeskDetailView> {
    const c = await repo.byId(this.db, id);
    if (!c) throw new ApiError('not_found');
    const [view, player, centralMinor] = await Promise.all([
      this.detailOf(this.db, c, true),
      playerWithLevel(this.db, c.playerId),
      centralBalanceOf(this.db, c.playerId),
    ]);
    await repo.markSeenByStaff(this.db, id);
    if (!player) throw new ApiError('not_found');
    return {
      consultation: view,
      assignee_id: c.assigneeStaffId,
      player: {
        id: player.id,
        account: player.account,
        status: player.status,
        level_id: player.levelId,
        level_name: byLocale(locale, player.levelName, player.levelNameEn) ?? '',
        central: minorToDecimal(centralMinor),
        created_at: iso(player.createdAt),
        last_login_at: player.lastLoginAt ? iso(player.lastLoginAt) : null,
      },
    };
  }

  /** A staff reply: counted in the player's watch count, audited, then update-consultation after commit. */
  async staffReply(op: Operator, id: number, body: string, imageIds: number[]): Promise<void> {
    const { staffId } = op;
    const c = await this.db.transaction(async (tx) => {
      const open = await repo.bumpOpen(tx, id, 'staff');
      if (!open) throw new ApiError((await repo.byId(tx, id)) ? 'consultation_ended' : 'not_found');
      const messageId = await repo.insertMessage(tx, { consultationId: id, author: 'staff', staffId, body });
      if (imageIds.length) {
        await claimStaffUploads(tx, { staffId, ids: imageIds, purpose: 'feedback' });
        await repo.insertImages(tx, id, messageId, imageIds);
      }
      // Whoever answers an unassigned thread takes it.
      if (open.assigneeStaffId === null) await repo.setAssignee(tx, id, staffId);
      const was = { state: open.state, assignee_staff_id: open.assigneeStaffId };
      const now = { state: open.state, assignee_staff_id: open.assigneeStaffId ?? staffId, replies: 1 };
      await audited(
        op,
        'consultation.reply',
        open,
        { before: was, after: now },
        { consultation: id, title: open.title, length: body.length, images: imageIds.length },
      )(tx);
      return open;
    });
    this.publish.toPlayer(c.playerId, 'update-consultation', { id });
  }

  async end(op: Operator, id: number): Promise<void> {
    const c = await this.db.transaction(async (tx) => {
      const ended = await repo.endOpen(tx, id);
      if (!ended) throw new ApiError((await repo.byId(tx, id)) ? 'consultation_ended' : 'not_found');
      await audited(
        op,
        'consultation.end',
        ended,
        { before: { state: 'consulting' }, after: { state: ended.state } },
        { consultation: id, title: ended.title },
      )(tx);
      return ended;
    });
    this.publish.toPlayer(c.playerId, 'update-consultation', { id });
  }

  async assign(op: Operator, id: number, staffId: number | null): Promise<void> {
    if (staffId !== null && !(await isActiveStaffOfRoles(this.db, staffId, DESK_ROLES)))
      throw new ApiError('validation_failed', { staff_id: ['consult.v.assignee'] });
    await this.db.transaction(async (tx) => {
      const was = await repo.byId(tx, id);
      const c = await repo.setAssignee(tx, id, staffId);
      if (!c || !was) throw new ApiError('not_found');
      await audited(
        op,
        'consultation.assign',
        c,
        { before: { assignee_staff_id: was.assigneeStaffId }, after: { assignee_staff_id: staffId } },
        { consultation: id, title: c.title },
      )(tx);
    });
  }

  private async detailOf(db: DbOrTx, c: repo.ConsultationRow, forStaff: boolean): Promise<ConsultationDetailView> {
    const [messages, images] = await Promise.all([repo.messagesOf(db, c.id, CONSULTATION_THREAD_MAX), repo.imagesOf(db, c.id)]);
    const byMessage = new Map<number | null, ConsultationImageView[]>();
    for (const img of images) {
      const list = byMessage.get(img.messageId) ?? [];
      // Player images are private: a signed short-lived URL, and this view only ever goes to the owner or staff.
      list.push({ id: img.uploadId, url: fileUrl(img.uploadId) });
      byMessage.set(img.messageId, list);
    }
    return {
      id: c.id,
      title: c.title,
      information: c.information,
      state: c.state as ConsultationState,
      source: c.source as ConsultationSource,
      images: byMessage.get(null) ?? [],
      messages: messages.map(({ m, staffName }) => ({
        id: m.id,
        author: m.author === 'staff' ? 'staff' : 'player',
        staff_name: forStaff ? staffName : null,
        body: m.body,
        images: byMessage.get(m.id) ?? [],
        created_at: iso(m.createdAt),
      })),
      created_at: iso(c.createdAt),
      ended_at: c.endedAt ? iso(c.endedAt) : null,
    };
  }
}
