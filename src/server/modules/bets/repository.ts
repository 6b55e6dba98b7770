// SQL for bet records, their history, and the ingestion cursors.
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { betRecordHistory, betRecords, ingestionCursors } from '../../db/schema.ts';

export type BetRow = typeof betRecords.$inferSelect;

export async function cursorOf(db: DbOrTx, code: string): Promise<string> {
  const rows = await db.select({ cursor: ingestionCursors.cursor }).from(ingestionCursors).where(eq(ingestionCursors.gpCode, code));
  return rows[0]?.cursor ?? '';
}

export async function saveCursor(db: DbOrTx, code: string, cursor: string, lastError = ''): Promise<void> {
  await db
    .insert(ingestionCursors)
    .values({ gpCode: code, cursor, lastError })
    .onConflictDoUpdate({ target: ingestionCursors.gpCode, set: { cursor, lastError, updatedAt: sql`now()` } });
}

export async function saveIngestionError(db: DbOrTx, code: string, lastError: string): Promise<void> {
  await db
    .insert(ingestionCursors)
    .values({ gpCode: code, cursor: '', lastError })
    .onConflictDoUpdate({ target: ingestionCursors.gpCode, set: { lastError, updatedAt: sql`now()` } });
}

/** A page's stored records of one provider, locked in id order so two writers cannot deadlock. */
export async function betsForUpdate(db: DbOrTx, code: string, betIds: string[]): Promise<BetRow[]> {
  if (!betIds.length) return [];
  // The ids travel as one JSON parameter rather than one parameter each.
  return db
    .select()
    .from(betRecords)
    .where(and(eq(betRecords.gpCode, code), sql`${betRecords.betId} in (select jsonb_array_elements_text(${JSON.stringify(betIds)}::jsonb))`))
    .orderBy(asc(betRecords.id))
    .for('update');
}

/**
 * New records of a page in one statement, carried as one JSON parameter (amounts as strings, so no bigint
 * passes through a double). A record another writer stored meanwhile fails the page, which is read again.
 */
export async function insertBets(db: DbOrTx, values: Array<typeof betRecords.$inferInsert>): Promise<void> {
  if (!values.length) return;
  const rows = JSON.stringify(
    values.map((v) => ({
      gp_code: v.gpCode,
      bet_id: v.betId,
      player_id: v.playerId,
      game: v.game,
      game_type: v.gameType,
      stake: v.stakeMinor.toString(),
      payout: v.payoutMinor.toString(),
      valid: v.validBetMinor.toString(),
      status: v.status,
      version: v.version,
      bonus_wallet_id: v.bonusWalletId ?? null,
      detail: v.detail ?? {},
      placed_at: v.placedAt.toISOString(),
      settled_at: v.settledAt ? v.settledAt.toISOString() : null,
    })),
  );
  await db.execute(sql`
    insert into bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version,
      bonus_wallet_id, detail, placed_at, settled_at)
    select v.gp_code, v.bet_id, v.player_id, v.game, v.game_type, v.stake, v.payout, v.valid, v.status, v.version,
      v.bonus_wallet_id, v.detail, v.placed_at, v.settled_at
    from jsonb_to_recordset(${rows}::jsonb) as v(gp_code text, bet_id text, player_id bigint, game text, game_type text, stake bigint,
      payout bigint, valid bigint, status text, version int, bonus_wallet_id bigint, detail jsonb, placed_at timestamptz, settled_at timestamptz)`);
}

export type BetChange = Pick<
  typeof betRecords.$inferInsert,
  'game' | 'gameType' | 'stakeMinor' | 'payoutMinor' | 'validBetMinor' | 'status' | 'version' | 'detail' | 'placedAt' | 'settledAt'
>;

const toJson = (value: unknown) => JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as unknown;

/** Corrections of a page: each old row goes to the history, then every row is replaced, two statements in all. */
export async function replaceBets(db: DbOrTx, changes: Array<{ old: BetRow; next: BetChange }>): Promise<void> {
  if (!changes.length) return;
  await db.insert(betRecordHistory).values(
    changes.map(({ old }) => {
      const { id, ...snapshot } = old;
      return { betRecordId: id, version: old.version, snapshot: toJson(snapshot) };
    }),
  );
  // One JSON parameter carries the page: amounts as strings so no bigint passes through a double.
  const rows = JSON.stringify(
    changes.map(({ old, next }) => ({
      id: old.id,
      game: next.game,
      game_type: next.gameType,
      stake: next.stakeMinor.toString(),
      payout: next.payoutMinor.toString(),
      valid: next.validBetMinor.toString(),
      status: next.status,
      version: next.version,
      detail: next.detail ?? {},
      placed_at: next.placedAt.toISOString(),
      settled_at: next.settledAt ? next.settledAt.toISOString() : null,
    })),
  );
  await db.execute(sql`
    update bet_records b set game = v.game, game_type = v.game_type, stake_minor = v.stake, payout_minor = v.payout,
      valid_bet_minor = v.valid, status = v.status, version = v.version, detail = v.detail, placed_at = v.placed_at,
      settled_at = v.settled_at, updated_at = now()
    from jsonb_to_recordset(${rows}::jsonb) as v(id bigint, game text, game_type text, stake bigint, payout bigint, valid bigint,
      status text, version int, detail jsonb, placed_at timestamptz, settled_at timestamptz)
    where b.id = v.id`);
}

/** Records whose money the ledger does not hold yet, oldest first. */
export async function ledgerDue(db: DbOrTx, limit: number): Promise<BetRow[]> {
  return db.select().from(betRecords).where(lt(betRecords.ledgerVersion, betRecords.version)).orderBy(asc(betRecords.id)).limit(limit);
}

/** The same among one page's records, inside the page's transaction. */
export async function ledgerDueAmong(db: DbOrTx, code: string, betIds: string[]): Promise<BetRow[]> {
  if (!betIds.length) return [];
  return db
    .select()
    .from(betRecords)
    .where(
      and(
        eq(betRecords.gpCode, code),
        sql`${betRecords.betId} in (select jsonb_array_elements_text(${JSON.stringify(betIds)}::jsonb))`,
        lt(betRecords.ledgerVersion, betRecords.version),
      ),
    )
    .orderBy(asc(betRecords.id));
}

/** Records the versions whose journals are written, in one statement. */
export async function markPostedMany(db: DbOrTx, posted: Array<{ id: number; version: number; netMinor: bigint }>): Promise<void> {
  if (!posted.length) return;
  const rows = JSON.stringify(posted.map((p) => ({ id: p.id, version: p.version, net: p.netMinor.toString() })));
  await db.execute(sql`
    update bet_records b set ledger_version = v.version, ledger_net_minor = v.net
    from jsonb_to_recordset(${rows}::jsonb) as v(id bigint, version int, net bigint)
    where b.id = v.id`);
}

export interface BetQuery {
  playerId: number;
  code?: string;
  walletId?: number;
  from: Date;
  to: Date;
  limit: number;
  offset: number;
}

export async function betsOf(db: DbOrTx, q: BetQuery) {
  const where = and(
    eq(betRecords.playerId, q.playerId),
    gte(betRecords.placedAt, q.from),
    lte(betRecords.placedAt, q.to),
    q.code ? eq(betRecords.gpCode, q.code) : undefined,
    q.walletId !== undefined ? (q.walletId === 0 ? sql`${betRecords.bonusWalletId} is null` : eq(betRecords.bonusWalletId, q.walletId)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db.select().from(betRecords).where(where).orderBy(desc(betRecords.placedAt), desc(betRecords.id)).limit(q.limit).offset(q.offset),
    db
      .select({
        n: sql<number>`count(*)::int`,
        stake: sql<string>`coalesce(sum(${betRecords.stakeMinor}), 0)::text`,
        payout: sql<string>`coalesce(sum(case when ${betRecords.status} = 'settled' then ${betRecords.payoutMinor} else 0 end), 0)::text`,
        valid: sql<string>`coalesce(sum(${betRecords.validBetMinor}), 0)::text`,
      })
      .from(betRecords)
      .where(where),
  ]);
  return { rows, totals: totals[0]! };
}

/** A player's settled bets since a moment: how many, and their stakes, payouts and valid bet. */
export async function settledSince(db: DbOrTx, playerId: number, since: Date) {
  const rows = await db
    .select({
      n: sql<number>`count(*)::int`,
      stake: sql<string>`coalesce(sum(${betRecords.stakeMinor}), 0)::text`,
      payout: sql<string>`coalesce(sum(${betRecords.payoutMinor}), 0)::text`,
      valid: sql<string>`coalesce(sum(${betRecords.validBetMinor}), 0)::text`,
    })
    .from(betRecords)
    .where(and(eq(betRecords.playerId, playerId), eq(betRecords.status, 'settled'), gte(betRecords.settledAt, since)));
  const r = rows[0];
  return { bets: r?.n ?? 0, stakeMinor: BigInt(r?.stake ?? '0'), payoutMinor: BigInt(r?.payout ?? '0'), validMinor: BigInt(r?.valid ?? '0') };
}

/** Valid bet of a player since a moment: the turnover that withdrawal requirements count. */
export async function validBetSince(db: DbOrTx, playerId: number, since: Date): Promise<bigint> {
  const rows = await db
    .select({ v: sql<string>`coalesce(sum(${betRecords.validBetMinor}), 0)::text` })
    .from(betRecords)
    .where(and(eq(betRecords.playerId, playerId), gte(betRecords.settledAt, since)));
  return BigInt(rows[0]?.v ?? '0');
}

/**
 * Valid bet per Asia/Taipei day and game group in a range, newest day first, a page of groups at a time, with the
 * count of groups and the range's sum. Days are days of settlement, the moment a bet's valid bet starts to count
 * toward turnover (as in validBetSince); open bets have no settlement and count nothing yet.
 */
export async function validBetByDay(db: DbOrTx, q: { playerId: number; from: Date; to: Date; limit: number; offset: number }) {
  const where = and(eq(betRecords.playerId, q.playerId), gte(betRecords.settledAt, q.from), lte(betRecords.settledAt, q.to));
  // Asia/Taipei is UTC+8 all year, so the day is the UTC date eight hours later.
  const day = sql<string>`to_char((${betRecords.settledAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  const [rows, totals] = await Promise.all([
    db
      .select({ day, gameType: betRecords.gameType, bets: sql<number>`count(*)::int`, valid: sql<string>`coalesce(sum(${betRecords.validBetMinor}), 0)::text` })
      .from(betRecords)
      .where(where)
      .groupBy(sql`1`, betRecords.gameType)
      .orderBy(sql`1 desc`, asc(betRecords.gameType))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({
        groups: sql<number>`count(distinct (${day}, ${betRecords.gameType}))::int`,
        valid: sql<string>`coalesce(sum(${betRecords.validBetMinor}), 0)::text`,
      })
      .from(betRecords)
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({ day: r.day, gameType: r.gameType, bets: r.bets, validMinor: BigInt(r.valid) })),
    groups: totals[0]?.groups ?? 0,
    validMinor: BigInt(totals[0]?.valid ?? '0'),
  };
}
