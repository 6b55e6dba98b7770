// SQL of the back office's player list, a player's existence check, the revocation of every session of a player
// (a kick, a disabled account, a password reset) and the dashboard's player counts, over auth's own tables.
import { and, desc, eq, gte, ilike, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { playerTagLinks, players, sessions } from '../../../db/schema.ts';
import { centralBalanceOfColumn } from '../../../ledger/read.ts';
import { offsetOf, type Paging } from '../../../../shared/schemas/paging.ts';

const countOf = (rows: Array<{ n: number }>) => rows[0]?.n ?? 0;

/** Escapes LIKE wildcards so an operator's search text matches literally. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const liveSessionOf = (playerId: SQL | typeof players.id) => sql`
  exists (select 1 from ${sessions} where ${sessions.playerId} = ${playerId}
    and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`;

/**
 * What the player list asks of other domains to filter in its one statement, as SQL fragments they own (handed in by
 * app.ts, since auth sits below them): a player's paid deposit count, and the players a partner brought.
 */
export interface PlayerListFacts {
  paidDepositCountOf: (playerId: SQL) => SQL;
  playersOfPartner: (partnerId: number) => SQL;
  playersOfGroup: (groupId: number) => SQL;
}

/** The player list's filter as the repository reads it: moments are already Taipei day bounds, amounts minor units. */
export interface PlayerListFilter {
  q?: string;
  status?: number;
  level?: number;
  registeredFrom?: Date;
  registeredBefore?: Date;
  signedInFrom?: Date;
  signedInBefore?: Date;
  balanceMinMinor?: bigint;
  balanceMaxMinor?: bigint;
  tagIds?: number[];
  registerIpPrefix?: string;
  depositsMin?: number;
  partnerId?: number;
  riskGroupId?: number;
}

function filterWhere(f: PlayerListFilter, balance: SQL<string>, facts: PlayerListFacts | undefined): SQL | undefined {
  // Without the other domains' facts (a list built alone) those filters match nobody rather than everybody.
  const none = sql`false`;
  return and(
    f.registerIpPrefix ? like(players.registerIp, `${likeText(f.registerIpPrefix)}%`) : undefined,
    f.depositsMin ? (facts ? sql`${facts.paidDepositCountOf(sql`${players.id}`)} >= ${f.depositsMin}` : none) : undefined,
    f.partnerId !== undefined ? (facts ? sql`${players.id} in ${facts.playersOfPartner(f.partnerId)}` : none) : undefined,
    f.riskGroupId !== undefined ? (facts ? sql`${players.id} in ${facts.playersOfGroup(f.riskGroupId)}` : none) : undefined,
    f.q ? or(ilike(players.account, `%${likeText(f.q)}%`), like(players.phone, `${likeText(f.q)}%`)) : undefined,
    f.status !== undefined ? eq(players.status, f.status) : undefined,
    f.level !== undefined ? eq(players.levelId, f.level) : undefined,
    f.registeredFrom ? gte(players.createdAt, f.registeredFrom) : undefined,
    f.registeredBefore ? lt(players.createdAt, f.registeredBefore) : undefined,
    f.signedInFrom ? gte(players.lastLoginAt, f.signedInFrom) : undefined,
    f.signedInBefore ? lt(players.lastLoginAt, f.signedInBefore) : undefined,
    f.balanceMinMinor !== undefined ? sql`${balance} >= ${f.balanceMinMinor.toString()}` : undefined,
    f.balanceMaxMinor !== undefined ? sql`${balance} <= ${f.balanceMaxMinor.toString()}` : undefined,
    // A player matches when it carries every tag asked for.
    f.tagIds?.length
      ? sql`(select count(*) from ${playerTagLinks} l where l.player_id = ${players.id}
      and l.tag_id in (${sql.join(
        f.tagIds.map((id) => sql`${id}`),
        sql`, `,
      )})) = ${f.tagIds.length}`
      : undefined,
  );
}

export async function listPlayers(db: DbOrTx, p: Paging & PlayerListFilter, facts?: PlayerListFacts) {
  // The central balance comes from the ledger's read API, as a sub-select of this one statement.
  const balance = centralBalanceOfColumn(players.id);
  const where = filterWhere(p, balance, facts);
  const [rows, total] = await Promise.all([
    // Columns are listed one by one: the password hash never leaves this module.
    db
      .select({
        id: players.id,
        account: players.account,
        phone: players.phone,
        levelId: players.levelId,
        status: players.status,
        createdAt: players.createdAt,
        lastLoginAt: players.lastLoginAt,
        registerIp: players.registerIp,
        online: sql<boolean>`${liveSessionOf(players.id)}`,
        balanceMinor: sql<string>`${balance}::text`,
      })
      .from(players)
      .where(where)
      .orderBy(desc(players.id))
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(players)
      .where(where),
  ]);
  return { rows, total: countOf(total) };
}

export async function playerExists(db: DbOrTx, id: number): Promise<{ id: number; account: string } | undefined> {
  const rows = await db.select({ id: players.id, account: players.account }).from(players).where(eq(players.id, id)).limit(1);
  return rows[0];
}

/** Revokes every live session of a player, returning the ids it revoked. */
export async function revokePlayerSessions(db: DbOrTx, playerId: number, reason: string): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Registered players, and those with a live session. */
export async function playerCounts(db: DbOrTx): Promise<{ total: number; online: number }> {
  const rows = await db
    .select({
      total: sql<number>`count(*)::int`,
      online: sql<number>`(select count(distinct ${sessions.playerId})::int from ${sessions}
      where ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`,
    })
    .from(players);
  return { total: rows[0]?.total ?? 0, online: rows[0]?.online ?? 0 };
}
