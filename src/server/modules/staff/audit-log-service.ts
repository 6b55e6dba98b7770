// Reading the audit log: filtered by action, staff member, player and Taipei days, a page at a time, each entry
// with the staff member's and the player's account names so the back office can write it as a sentence.
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { DAY_MS, startOfTaipeiDate } from '../../../shared/time.ts';
import type { AuditEntryView, AuditQuery } from '../../../shared/schemas/backoffice/audit.ts';
import * as repo from './audit-repository.ts';

/** The staff filter lists at most this many accounts. */
const STAFF_LISTED_MAX = 500;

/** What the log needs of the players' domain, handed over by the composition root (staff cannot import auth). */
export interface AuditPlayerLookup {
  playersByAccounts: (db: DbOrTx, accounts: string[]) => Promise<Array<{ id: number; account: string }>>;
  accountNames: (db: DbOrTx, playerIds: number[]) => Promise<Map<number, string>>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The stored detail holds before and after beside the context; the view hands them out separately. */
function split(detail: unknown): { before: unknown; after: unknown; detail: Record<string, unknown> } {
  const d: Record<string, unknown> = typeof detail === 'object' && detail !== null ? Object.fromEntries(Object.entries(detail)) : {};
  const { before = null, after = null, ...rest } = d;
  return { before, after, detail: rest };
}

export class AuditLogService {
  private readonly db: DbOrTx;
  private readonly players: AuditPlayerLookup;

  constructor(db: DbOrTx, players: AuditPlayerLookup) {
    this.db = db;
    this.players = players;
  }

  async list(q: AuditQuery): Promise<{ data: AuditEntryView[]; total: number; page: number; pageSize: number }> {
    let playerId: number | undefined;
    if (q.player) {
      const found = await this.players.playersByAccounts(this.db, [q.player]);
      // An unknown account matches no entry rather than every entry.
      if (!found[0]) return { data: [], total: 0, page: q.page, pageSize: q.pageSize };
      playerId = found[0].id;
    }
    const { rows, total } = await repo.listAudit(this.db, {
      page: q.page,
      pageSize: q.pageSize,
      action: q.action || undefined,
      staffId: q.staff_id === '' ? undefined : q.staff_id,
      playerId,
      from: q.from ? startOfTaipeiDate(q.from) : undefined,
      to: q.to ? new Date(startOfTaipeiDate(q.to).getTime() + DAY_MS) : undefined,
    });
    const ids = [...new Set(rows.flatMap((r) => (r.playerId === null ? [] : [r.playerId])))];
    const accounts = ids.length ? await this.players.accountNames(this.db, ids) : new Map<number, string>();
    return {
      data: rows.map((r) => ({
        id: r.id,
        staff_id: r.staffId,
        username: r.username ?? '',
        action: r.action,
        target: r.target,
        player_id: r.playerId,
        account: r.playerId === null ? null : (accounts.get(r.playerId) ?? null),
        ...split(r.detail),
        ip: r.ip ?? '',
        created_at: iso(r.createdAt),
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async staff(): Promise<Array<{ id: number; username: string }>> {
    return repo.staffNames(this.db, STAFF_LISTED_MAX);
  }
}

/** Refuses a lookup that was not wired (a test app without the composition root). */
export const noPlayerLookup: AuditPlayerLookup = {
  playersByAccounts: () => Promise.reject(new ApiError('internal')),
  accountNames: async () => new Map(),
};
