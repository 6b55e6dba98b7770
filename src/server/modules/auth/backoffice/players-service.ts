// The back office's player list and the kick of every session of a player. A kick writes its audit row in the same
// transaction as the revocation; the player's open pages hear it only after that transaction committed.
import { shownPhone } from '../../../lib/mask.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Publisher } from '../../../realtime/publisher.ts';
import type { FilteredPlayerRowView, PlayerFilter } from '../../../../shared/schemas/backoffice/desk.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import { DAY_MS, startOfTaipeiDate } from '../../../../shared/time.ts';
import { tagsOfPlayers } from './desk-repository.ts';
import type { Paging } from '../../../../shared/schemas/paging.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { Operator, PageOf } from '../../staff/service.ts';
import * as repo from './players-repository.ts';

/** The session end reason the player's page and the sessions list already know: ended by staff. */
const KICK_REASON = 'kick';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The query's Taipei days as moments (the "to" day included whole) and its other filters as the repository reads them. */
function filterOf(p: Paging & PlayerFilter): Paging & repo.PlayerListFilter {
  const backwards: Record<string, string[]> = {};
  if (p.registered_from && p.registered_to && p.registered_from > p.registered_to) backwards.registered_to = ['bo.desk.v.range'];
  if (p.signed_in_from && p.signed_in_to && p.signed_in_from > p.signed_in_to) backwards.signed_in_to = ['bo.desk.v.range'];
  if (p.balance_min !== undefined && p.balance_max !== undefined && p.balance_min > p.balance_max) backwards.balance_max = ['bo.desk.v.range'];
  if (Object.keys(backwards).length) throw new ApiError('validation_failed', backwards);
  const from = (day?: string) => (day ? startOfTaipeiDate(day) : undefined);
  const before = (day?: string) => (day ? new Date(startOfTaipeiDate(day).getTime() + DAY_MS) : undefined);
  return {
    page: p.page,
    pageSize: p.pageSize,
    q: p.q || undefined,
    status: p.status === undefined ? undefined : Number(p.status),
    level: p.level,
    registeredFrom: from(p.registered_from),
    registeredBefore: before(p.registered_to),
    signedInFrom: from(p.signed_in_from),
    signedInBefore: before(p.signed_in_to),
    balanceMinMinor: p.balance_min,
    balanceMaxMinor: p.balance_max,
    tagIds: p.tags,
    registerIpPrefix: p.register_ip || undefined,
    depositsMin: p.deposits_min,
    partnerId: p.partner,
    riskGroupId: p.risk_group,
  };
}

/** Registered players and those signed in now, for the dashboard. */
export function playerCounts(db: DbOrTx): Promise<{ total: number; online: number }> {
  return repo.playerCounts(db);
}

export class PlayerListService {
  private readonly db: Db;
  /** Where record lists are read: the read replica when it may serve (db/reader.ts), else the primary. */
  private readonly reader: Db;
  private readonly publish: Publisher;
  private readonly facts: repo.PlayerListFacts | undefined;

  constructor(deps: { db: Db; reader?: Db; publish: Publisher; facts?: repo.PlayerListFacts }) {
    this.db = deps.db;
    this.reader = deps.reader ?? deps.db;
    this.publish = deps.publish;
    this.facts = deps.facts;
  }

  /** `wholePhones`: the reader may see phones whole ('personal.unmasked'); otherwise they are masked. */
  async listPlayers(p: Paging & PlayerFilter, wholePhones: boolean): Promise<PageOf<FilteredPlayerRowView>> {
    const { rows, total } = await repo.listPlayers(this.reader, filterOf(p), this.facts);
    const tags = await tagsOfPlayers(
      this.reader,
      rows.map((r) => r.id),
    );
    const data = rows.map((r) => ({
      id: r.id,
      account: r.account,
      phone: shownPhone(r.phone ?? '', wholePhones),
      level_id: r.levelId,
      status: r.status,
      online: !!r.online,
      register_ip: r.registerIp ?? '',
      created_at: iso(r.createdAt),
      last_login_at: iso(r.lastLoginAt),
      balance: minorToDecimal(BigInt(r.balanceMinor)),
      tags: tags.get(r.id) ?? [],
    }));
    return { data, total, page: p.page, pageSize: p.pageSize };
  }

  /** Ends every session of a player; their open pages hear 'kick' and sign out. */
  async kickPlayer(op: Operator, playerId: number): Promise<{ revoked: number }> {
    const revoked = await this.db.transaction(async (tx) => {
      const player = await repo.playerExists(tx, playerId);
      if (!player) throw new ApiError('not_found');
      const ids = await repo.revokePlayerSessions(tx, playerId, KICK_REASON);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'player.kick',
        target: `player:${playerId}`,
        before: { sessions: ids.length },
        after: { sessions: 0 },
        detail: { account: player.account },
        ip: op.ip,
      });
      return ids;
    });
    if (revoked.length) {
      this.publish.toPlayer(playerId, 'kick', { reason: KICK_REASON });
      this.publish.disconnectSessions(revoked);
    }
    return { revoked: revoked.length };
  }
}
