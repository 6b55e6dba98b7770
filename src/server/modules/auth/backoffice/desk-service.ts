// The operator's desk on the player list: tags (operator-defined labels) and notes on a player, and bulk actions on
// a selection of at most BULK_SELECTION_MAX players: a message, a level with its lock, a tag added or removed, and
// disabling with a reason. Every change writes an audit row per player with the values before and after, in the
// transaction of that change. Messages and levels belong to other domains that themselves read auth, so the
// composition root hands their actions in (deps) instead of this module importing them.
import type { Db, Tx } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { Operator } from '../../staff/service.ts';
import { PLAYER_STATUS } from '../../../../shared/statuses.ts';
import { TAGS_MAX, type BulkResult } from '../../../../shared/schemas/backoffice/desk.ts';
import * as repo from './desk-repository.ts';

/** Notes shown on a player's page, newest first; older ones stay in the table. */
const NOTES_SHOWN = 100;

export interface PlayerDeskDeps {
  db: Db;
  /** Sends one personal message to these accounts (the messages domain); answers the message id. */
  sendMessage(op: Operator, accounts: string[], m: { title: string; body: string }): Promise<{ id: number }>;
  /** Sets a player's level and lock inside the caller's transaction (the VIP domain); answers the level before. */
  setLevel(tx: Tx, op: Operator, playerId: number, level: { levelId: number; locked: boolean; reason: string }): Promise<{ from: number }>;
  /** Disables one player with a reason, ending their sessions (the profile service, audited there with before and after). */
  disable(op: Operator, playerId: number, reason: string): Promise<unknown>;
}

type Selected = Awaited<ReturnType<typeof repo.selectedPlayers>>[number];

const failureOf = (id: number, err: unknown) => ({ id, message: err instanceof ApiError ? err.code : 'internal' });

export class PlayerDeskService {
  private readonly db: Db;
  private readonly deps: PlayerDeskDeps;

  constructor(deps: PlayerDeskDeps) {
    this.db = deps.db;
    this.deps = deps;
  }

  // ---- tags ----

  async tags() {
    return repo.listTags(this.db, TAGS_MAX);
  }

  async createTag(op: Operator, name: string) {
    const tag = await this.db.transaction(async (tx) => {
      if ((await repo.tagCount(tx)) >= TAGS_MAX) throw new ApiError('validation_failed', { name: ['bo.desk.v.tags_full'] });
      const made = await repo.insertTag(tx, name, op.staffId);
      if (!made) throw new ApiError('validation_failed', { name: ['bo.desk.v.tag_exists'] });
      await recordAudit(tx, { staffId: op.staffId, action: 'player.tag.create', target: `tag:${made.id}`, ip: op.ip, before: null, after: { name } });
      return made;
    });
    return { id: tag.id, name: tag.name, players: 0 };
  }

  async playerTags(playerId: number) {
    return (await repo.tagsOfPlayers(this.db, [playerId])).get(playerId) ?? [];
  }

  // ---- notes ----

  async notes(playerId: number) {
    if (!(await repo.selectedPlayers(this.db, [playerId])).length) throw new ApiError('not_found');
    const { rows, total } = await repo.notesOf(this.db, playerId, NOTES_SHOWN);
    return {
      data: rows.map((r) => ({
        id: r.note.id,
        body: r.note.body,
        staff_id: r.note.staffId,
        staff_name: r.staffName ?? '',
        created_at: r.note.createdAt.toISOString(),
      })),
      total,
    };
  }

  async addNote(op: Operator, playerId: number, body: string) {
    await this.db.transaction(async (tx) => {
      const [player] = await repo.selectedPlayers(tx, [playerId]);
      if (!player) throw new ApiError('not_found');
      const note = await repo.insertNote(tx, playerId, op.staffId, body);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'player.note.add',
        target: `player:${playerId}`,
        ip: op.ip,
        detail: { account: player.account, note_id: note.id },
        before: null,
        after: { note: body },
      });
    });
    return this.notes(playerId);
  }

  // ---- bulk actions ----

  /** The selection's players; ids that name no player are reported as failed, not silently dropped. */
  private async selection(ids: number[]): Promise<{ found: Selected[]; result: BulkResult }> {
    const found = await repo.selectedPlayers(this.db, [...new Set(ids)]);
    const known = new Set(found.map((p) => p.id));
    return {
      found,
      result: { changed: 0, unchanged: 0, failed: [...new Set(ids)].filter((id) => !known.has(id)).map((id) => ({ id, message: 'not_found' })) },
    };
  }

  async bulkTag(op: Operator, ids: number[], tagId: number, action: 'add' | 'remove'): Promise<BulkResult> {
    const tag = await repo.tagById(this.db, tagId);
    if (!tag) throw new ApiError('validation_failed', { tag_id: ['bo.desk.v.tags'] });
    const { found, result } = await this.selection(ids);
    await this.db.transaction(async (tx) => {
      const before = await repo.tagsOfPlayers(
        tx,
        found.map((p) => p.id),
      );
      const changed =
        action === 'add'
          ? await repo.addTag(
              tx,
              tagId,
              found.map((p) => p.id),
              op.staffId,
            )
          : await repo.removeTag(
              tx,
              tagId,
              found.map((p) => p.id),
            );
      const accounts = new Map(found.map((p) => [p.id, p.account]));
      for (const playerId of changed.sort((a, b) => a - b)) {
        const had = (before.get(playerId) ?? []).map((t) => t.name);
        const after = action === 'add' ? [...had, tag.name].sort() : had.filter((n) => n !== tag.name);
        await recordAudit(tx, {
          staffId: op.staffId,
          action: `player.tag.${action}`,
          target: `player:${playerId}`,
          ip: op.ip,
          detail: { account: accounts.get(playerId), tag: tag.name, bulk: true },
          before: { tags: had },
          after: { tags: after },
        });
      }
      result.changed = changed.length;
      result.unchanged = found.length - changed.length;
    });
    return result;
  }

  async bulkDisable(op: Operator, ids: number[], reason: string): Promise<BulkResult> {
    const { found, result } = await this.selection(ids);
    for (const p of found) {
      if (p.status !== PLAYER_STATUS.active) {
        result.unchanged++;
        continue;
      }
      try {
        await this.deps.disable(op, p.id, reason);
        result.changed++;
      } catch (err) {
        result.failed.push(failureOf(p.id, err));
      }
    }
    return result;
  }

  async bulkLevel(op: Operator, ids: number[], level: { levelId: number; locked: boolean; reason: string }): Promise<BulkResult> {
    if (!(await repo.levelExists(this.db, level.levelId))) throw new ApiError('validation_failed', { level_id: ['bo.desk.v.level'] });
    const { found, result } = await this.selection(ids);
    for (const p of found) {
      try {
        // Each player in its own transaction with its audit row: one refusal does not undo the others.
        await this.db.transaction(async (tx) => {
          const { from } = await this.deps.setLevel(tx, op, p.id, level);
          await recordAudit(tx, {
            staffId: op.staffId,
            action: 'player.bulk.level',
            target: `player:${p.id}`,
            ip: op.ip,
            detail: { account: p.account, reason: level.reason },
            before: { level_id: from },
            after: { level_id: level.levelId, locked: level.locked },
          });
        });
        result.changed++;
      } catch (err) {
        result.failed.push(failureOf(p.id, err));
      }
    }
    return result;
  }

  /** One personal message to the selection's active players; disabled players are reported, not written to. */
  async bulkMessage(op: Operator, ids: number[], m: { title: string; body: string }): Promise<BulkResult> {
    const { found, result } = await this.selection(ids);
    const active = found.filter((p) => p.status === PLAYER_STATUS.active);
    for (const p of found) if (p.status !== PLAYER_STATUS.active) result.failed.push({ id: p.id, message: 'account_disabled' });
    if (!active.length) return result;
    const { id } = await this.deps.sendMessage(
      op,
      active.map((p) => p.account),
      m,
    );
    await this.db.transaction(async (tx) => {
      for (const p of active) {
        await recordAudit(tx, {
          staffId: op.staffId,
          action: 'player.bulk.message',
          target: `player:${p.id}`,
          ip: op.ip,
          detail: { account: p.account, message_id: id, title: m.title },
          before: null,
          after: { message_id: id, title: m.title },
        });
      }
    });
    result.changed = active.length;
    return result;
  }
}
