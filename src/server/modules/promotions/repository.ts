// SQL of the promotions engine. Budgets, per-player limits and anti-abuse keys change only through
// conditional statements (never read-then-write), so they hold however many claims run at once.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { APPLICATION_STATUS } from '../../../shared/schemas/promotions.ts';
import {
  promotionCategories,
  promotionDepositChecks,
  promotionGrants,
  promotionJobRuns,
  promotionLimitCounts,
  promotionModeEntries,
  promotions,
  promotionUniqueKeys,
} from '../../db/schema.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type PromotionValues = Omit<typeof promotions.$inferInsert, 'id' | 'spentMinor' | 'createdAt' | 'updatedAt'>;
export type GrantRow = typeof promotionGrants.$inferSelect;
export type CategoryRow = typeof promotionCategories.$inferSelect;

// ---- promotions and categories ------------------------------------------------------------------

export async function promotionById(db: DbOrTx, id: number): Promise<PromotionRow | undefined> {
  return (await db.select().from(promotions).where(eq(promotions.id, id)).limit(1))[0];
}

export async function insertPromotion(db: DbOrTx, values: PromotionValues): Promise<PromotionRow> {
  return (await db.insert(promotions).values(values).returning())[0]!;
}

export async function updatePromotion(db: DbOrTx, id: number, values: PromotionValues): Promise<PromotionRow | undefined> {
  return (
    await db
      .update(promotions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(promotions.id, id))
      .returning()
  )[0];
}

/** Promotions on show now (status on, inside the display window), for the hall. */
export async function hallPage(
  db: DbOrTx,
  q: { mode?: number; front?: number; limited?: boolean; now: Date; limit: number; offset: number; hiddenModes: number[] },
) {
  const where = and(
    eq(promotions.status, 'on'),
    or(isNull(promotions.showStart), lte(promotions.showStart, q.now)),
    or(isNull(promotions.showEnd), gte(promotions.showEnd, q.now)),
    q.mode ? eq(promotions.mode, q.mode) : undefined,
    q.front ? eq(promotions.frontId, q.front) : undefined,
    q.limited ? eq(promotions.limitedTime, true) : undefined,
    q.hiddenModes.length
      ? sql`${promotions.mode} not in (${sql.join(
          q.hiddenModes.map((m) => sql`${m}`),
          sql`, `,
        )})`
      : undefined,
  );
  const [rows, total] = await Promise.all([
    db.select().from(promotions).where(where).orderBy(asc(promotions.sort), desc(promotions.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(promotions).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function adminPage(db: DbOrTx, q: { mode?: number; front?: number; status?: string; search?: string; limit: number; offset: number }) {
  const where = and(
    q.mode ? eq(promotions.mode, q.mode) : undefined,
    q.front ? eq(promotions.frontId, q.front) : undefined,
    q.status ? eq(promotions.status, q.status) : undefined,
    q.search ? or(ilike(promotions.title, `%${likeText(q.search)}%`), ilike(promotions.titleEn, `%${likeText(q.search)}%`)) : undefined,
  );
  const [rows, total] = await Promise.all([
    db.select().from(promotions).where(where).orderBy(desc(promotions.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(promotions).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

function likeText(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Promotions of these modes that are on and whose claim window holds `at`. */
export async function claimablePromotions(db: DbOrTx, modes: number[], at: Date): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.status, 'on'),
        inArray(promotions.mode, modes),
        or(isNull(promotions.claimStart), lte(promotions.claimStart, at)),
        or(isNull(promotions.claimEnd), gte(promotions.claimEnd, at)),
      ),
    )
    .orderBy(asc(promotions.id))
    .limit(200);
}

export async function categories(db: DbOrTx, onlyOn: boolean): Promise<CategoryRow[]> {
  return db
    .select()
    .from(promotionCategories)
    .where(onlyOn ? eq(promotionCategories.status, 'on') : undefined)
    .orderBy(asc(promotionCategories.sort), asc(promotionCategories.id))
    .limit(200);
}

export async function insertCategory(db: DbOrTx, values: typeof promotionCategories.$inferInsert): Promise<CategoryRow> {
  return (await db.insert(promotionCategories).values(values).returning())[0]!;
}

export async function updateCategory(db: DbOrTx, id: number, values: Partial<typeof promotionCategories.$inferInsert>): Promise<CategoryRow | undefined> {
  return (await db.update(promotionCategories).set(values).where(eq(promotionCategories.id, id)).returning())[0];
}

export async function modeEntries(db: DbOrTx): Promise<Map<number, string>> {
  const rows = await db.select().from(promotionModeEntries);
  return new Map(rows.map((r) => [r.mode, r.status]));
}

export async function setModeEntry(db: DbOrTx, mode: number, status: string): Promise<void> {
  await db
    .insert(promotionModeEntries)
    .values({ mode, status })
    .onConflictDoUpdate({ target: promotionModeEntries.mode, set: { status, updatedAt: new Date() } });
}

// ---- deposits the deposit modes have been run for ------------------------------------------------

/** Records that a credited deposit's promotions were evaluated; the first path to finish keeps its name. */
export async function markDepositChecked(db: DbOrTx, depositId: string, playerId: number, source: 'hook' | 'sweep'): Promise<void> {
  await db.insert(promotionDepositChecks).values({ depositId, playerId, source }).onConflictDoNothing();
}

/** Whether an evaluation of this deposit (its id given as a column of the caller's query) has been recorded. */
export function depositWasChecked(depositId: SQL): SQL {
  return sql`exists (select 1 from ${promotionDepositChecks} c where c.deposit_id = ${depositId})`;
}

/** Forgets evaluations older than the sweep looks back: their deposits are never swept again. */
export async function pruneDepositChecks(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(promotionDepositChecks).where(lt(promotionDepositChecks.checkedAt, before));
}

// ---- grants ---------------------------------------------------------------------------------------

/** Inserts the grant row unless this promotion, player and event already have one; undefined means they do. */
export async function insertGrant(db: DbOrTx, values: typeof promotionGrants.$inferInsert): Promise<GrantRow | undefined> {
  return (await db.insert(promotionGrants).values(values).onConflictDoNothing().returning())[0];
}

export async function grantForUpdate(db: DbOrTx, id: number): Promise<GrantRow | undefined> {
  return (await db.select().from(promotionGrants).where(eq(promotionGrants.id, id)).for('update').limit(1))[0];
}

export async function grantByEvent(db: DbOrTx, promotionId: number, playerId: number, period: string, lock = false): Promise<GrantRow | undefined> {
  const q = db
    .select()
    .from(promotionGrants)
    .where(and(eq(promotionGrants.promotionId, promotionId), eq(promotionGrants.playerId, playerId), eq(promotionGrants.period, period)))
    .limit(1);
  return (await (lock ? q.for('update') : q))[0];
}

export async function updateGrant(db: DbOrTx, id: number, patch: Partial<typeof promotionGrants.$inferInsert>): Promise<void> {
  await db.update(promotionGrants).set(patch).where(eq(promotionGrants.id, id));
}

/** The latest grants of a player on one promotion, newest first. */
export async function grantsOf(db: DbOrTx, promotionId: number, playerId: number, limit = 20): Promise<GrantRow[]> {
  return db
    .select()
    .from(promotionGrants)
    .where(and(eq(promotionGrants.promotionId, promotionId), eq(promotionGrants.playerId, playerId)))
    .orderBy(desc(promotionGrants.id))
    .limit(limit);
}

export async function sumPaid(db: DbOrTx, promotionId: number, playerId: number, periodPrefix: string): Promise<bigint> {
  const r = await db
    .select({ total: sql<string>`coalesce(sum(${promotionGrants.amountMinor}), 0)` })
    .from(promotionGrants)
    .where(
      and(
        eq(promotionGrants.promotionId, promotionId),
        eq(promotionGrants.playerId, playerId),
        eq(promotionGrants.status, 'success'),
        sql`${promotionGrants.period} like ${`${likeText(periodPrefix)}%`}`,
      ),
    );
  return BigInt(r[0]?.total ?? 0);
}

/** The activity wallets of the player's other grants of this mode, as a sub-select (for not-combinable promotions). */
export function walletsOfOtherGrants(playerId: number, mode: number, exceptGrantId: number): SQL {
  return sql`select ${promotionGrants.walletId} from ${promotionGrants} where ${promotionGrants.playerId} = ${playerId} and ${promotionGrants.mode} = ${mode} and ${promotionGrants.id} <> ${exceptGrantId}`;
}

/** A grant with its promotion's titles. */
function grantSelect(db: DbOrTx) {
  return db
    .select({ grant: promotionGrants, promotion: { title: promotions.title, titleEn: promotions.titleEn } })
    .from(promotionGrants)
    .innerJoin(promotions, eq(promotions.id, promotionGrants.promotionId));
}
export type GrantWithTitles = Awaited<ReturnType<ReturnType<typeof grantSelect>['limit']>>[number];

export async function grantWithTitles(db: DbOrTx, id: number): Promise<GrantWithTitles | undefined> {
  return (await grantSelect(db).where(eq(promotionGrants.id, id)).limit(1))[0];
}

export async function grantsOfPlayer(db: DbOrTx, playerId: number, q: { status?: string; limit: number; offset: number }) {
  const where = and(eq(promotionGrants.playerId, playerId), q.status ? eq(promotionGrants.status, q.status) : undefined);
  const [rows, total] = await Promise.all([
    grantSelect(db).where(where).orderBy(desc(promotionGrants.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(promotionGrants).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** The application queue: grants by promotion, status, mode and players (the players an account name matched). */
export async function applicationQueue(
  db: DbOrTx,
  q: { promotionId?: number; status?: string; mode?: number; playerIds?: number[]; limit: number; offset: number },
) {
  const where = and(
    q.promotionId ? eq(promotionGrants.promotionId, q.promotionId) : undefined,
    q.status ? eq(promotionGrants.status, q.status) : undefined,
    q.mode ? eq(promotionGrants.mode, q.mode) : undefined,
    q.playerIds ? inArray(promotionGrants.playerId, q.playerIds) : undefined,
  );
  const [rows, total] = await Promise.all([
    grantSelect(db).where(where).orderBy(desc(promotionGrants.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(promotionGrants).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** A promotion's grant counts and cost; its wallets' bet flow comes from the wallet domain. */
export async function report(db: DbOrTx, promotionId: number) {
  const r = await db
    .select({
      grants: sql<number>`count(*) filter (where ${promotionGrants.status} = 'success')::int`,
      players: sql<number>`count(distinct ${promotionGrants.playerId}) filter (where ${promotionGrants.status} = 'success')::int`,
      applying: sql<number>`count(*) filter (where ${promotionGrants.status} = 'applying')::int`,
      rejected: sql<number>`count(*) filter (where ${promotionGrants.status} = 'fail')::int`,
      cost: sql<string>`coalesce(sum(${promotionGrants.amountMinor}) filter (where ${promotionGrants.status} = 'success'), 0)`,
    })
    .from(promotionGrants)
    .where(eq(promotionGrants.promotionId, promotionId));
  return r[0]!;
}

/** The activity wallets of a promotion's grants, as a sub-select. */
export function walletsOfPromotion(promotionId: number): SQL {
  return sql`select ${promotionGrants.walletId} from ${promotionGrants} where ${promotionGrants.promotionId} = ${promotionId}`;
}

// ---- budget, limits and anti-abuse keys -----------------------------------------------------------

/** Takes amount from the budget only if it fits; false when the budget would be passed. */
export async function spendBudget(db: DbOrTx, promotionId: number, amountMinor: bigint): Promise<boolean> {
  const r = await db
    .update(promotions)
    .set({ spentMinor: sql`${promotions.spentMinor} + ${amountMinor}` })
    .where(and(eq(promotions.id, promotionId), or(isNull(promotions.budgetMinor), sql`${promotions.spentMinor} + ${amountMinor} <= ${promotions.budgetMinor}`)))
    .returning({ id: promotions.id });
  return r.length > 0;
}

/** Counts one more grant in the period only while the count is below max; false when the limit is reached. */
export async function takeLimit(db: DbOrTx, promotionId: number, playerId: number, scope: string, periodKey: string, max: number): Promise<boolean> {
  const r = await db
    .insert(promotionLimitCounts)
    .values({ promotionId, playerId, scope, periodKey, count: 1 })
    .onConflictDoUpdate({
      target: [promotionLimitCounts.promotionId, promotionLimitCounts.playerId, promotionLimitCounts.scope, promotionLimitCounts.periodKey],
      set: { count: sql`${promotionLimitCounts.count} + 1` },
      where: sql`${promotionLimitCounts.count} < ${max}`,
    })
    .returning({ count: promotionLimitCounts.count });
  return r.length > 0;
}

export async function limitCount(db: DbOrTx, promotionId: number, playerId: number, scope: string, periodKey: string): Promise<number> {
  return (
    (
      await db
        .select({ c: promotionLimitCounts.count })
        .from(promotionLimitCounts)
        .where(
          and(
            eq(promotionLimitCounts.promotionId, promotionId),
            eq(promotionLimitCounts.playerId, playerId),
            eq(promotionLimitCounts.scope, scope),
            eq(promotionLimitCounts.periodKey, periodKey),
          ),
        )
        .limit(1)
    )[0]?.c ?? 0
  );
}

/** Whether any of these players holds a paid grant of the promotion (the linked-group anti-abuse rule). */
export async function grantedToAny(db: DbOrTx, promotionId: number, playerIds: number[]): Promise<boolean> {
  if (!playerIds.length) return false;
  const r = await db
    .select({ id: promotionGrants.id })
    .from(promotionGrants)
    .where(
      and(eq(promotionGrants.promotionId, promotionId), inArray(promotionGrants.playerId, playerIds), eq(promotionGrants.status, APPLICATION_STATUS.success)),
    )
    .limit(1);
  return r.length > 0;
}

/** Claims an address, phone or bank card for this player on this promotion; false when another player holds it. */
export async function claimUniqueKey(db: DbOrTx, promotionId: number, kind: string, value: string, playerId: number): Promise<boolean> {
  const inserted = await db
    .insert(promotionUniqueKeys)
    .values({ promotionId, kind, value, playerId })
    .onConflictDoNothing()
    .returning({ p: promotionUniqueKeys.playerId });
  if (inserted.length) return true;
  const owner = (
    await db
      .select({ p: promotionUniqueKeys.playerId })
      .from(promotionUniqueKeys)
      .where(and(eq(promotionUniqueKeys.promotionId, promotionId), eq(promotionUniqueKeys.kind, kind), eq(promotionUniqueKeys.value, value)))
      .limit(1)
  )[0];
  return owner?.p === playerId;
}

// ---- job runs -------------------------------------------------------------------------------------

/** Opens the run of a job for a promotion and day; answers whether a finished run already exists. */
export async function openJobRun(db: DbOrTx, job: string, promotionId: number, day: string): Promise<'new' | 'resume' | 'done'> {
  const inserted = await db.insert(promotionJobRuns).values({ job, promotionId, day }).onConflictDoNothing().returning({ day: promotionJobRuns.day });
  if (inserted.length) return 'new';
  const row = (
    await db
      .select({ state: promotionJobRuns.state })
      .from(promotionJobRuns)
      .where(and(eq(promotionJobRuns.job, job), eq(promotionJobRuns.promotionId, promotionId), eq(promotionJobRuns.day, day)))
      .limit(1)
  )[0];
  return row?.state === 'done' ? 'done' : 'resume';
}

export async function closeJobRun(db: DbOrTx, job: string, promotionId: number, day: string, granted: number): Promise<void> {
  await db
    .update(promotionJobRuns)
    .set({ state: 'done', granted: sql`${promotionJobRuns.granted} + ${granted}`, finishedAt: new Date() })
    .where(and(eq(promotionJobRuns.job, job), eq(promotionJobRuns.promotionId, promotionId), eq(promotionJobRuns.day, day)));
}
