// SQL of the partners domain's own tables. Nothing else reads them; other domains ask the service.
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  partnerApplications,
  partnerBindings,
  partnerClicks,
  partnerCpa,
  partnerDomains,
  partnerLinks,
  partnerMaterials,
  partnerPayouts,
  partnerPlans,
  partnerPlayerReviews,
  partnerSessions,
  partnerStatements,
  partners,
} from '../../db/schema.ts';
import type { BindingSource, OwnPlayerReviewStatus, StatementStatus } from '../../../shared/schemas/partners/common.ts';

export type PartnerRow = typeof partners.$inferSelect;
export type PlanRow = typeof partnerPlans.$inferSelect;
export type StatementRow = typeof partnerStatements.$inferSelect;
export type PayoutRow = typeof partnerPayouts.$inferSelect;
export type BindingRow = typeof partnerBindings.$inferSelect;
export type ApplicationRow = typeof partnerApplications.$inferSelect;
export type LinkRow = typeof partnerLinks.$inferSelect;

// ---- partners ----------------------------------------------------------------------------------------------------

export async function partnerById(db: DbOrTx, id: number, forUpdate = false): Promise<PartnerRow | undefined> {
  const q = db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return (await (forUpdate ? q.for('update') : q))[0];
}

export async function partnerByAccount(db: DbOrTx, account: string): Promise<PartnerRow | undefined> {
  return (
    await db
      .select()
      .from(partners)
      .where(sql`lower(${partners.account}) = lower(${account})`)
      .limit(1)
  )[0];
}

export async function partnerByCode(db: DbOrTx, code: string): Promise<PartnerRow | undefined> {
  return (
    await db
      .select()
      .from(partners)
      .where(sql`lower(${partners.code}) = lower(${code})`)
      .limit(1)
  )[0];
}

export async function insertPartner(db: DbOrTx, values: typeof partners.$inferInsert): Promise<PartnerRow> {
  return (await db.insert(partners).values(values).returning())[0]!;
}

export async function updatePartner(db: DbOrTx, id: number, patch: Partial<typeof partners.$inferInsert>): Promise<void> {
  await db
    .update(partners)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(partners.id, id));
}

export async function allPartners(db: DbOrTx): Promise<PartnerRow[]> {
  return db.select().from(partners).orderBy(asc(partners.id));
}

export async function childrenOf(db: DbOrTx, parentId: number): Promise<PartnerRow[]> {
  return db.select().from(partners).where(eq(partners.parentId, parentId)).orderBy(asc(partners.id));
}

/** The partner and everyone under it (at most three levels), ids only. */
export async function treeIds(db: DbOrTx, rootId: number): Promise<number[]> {
  const res = await db.execute<{ id: string }>(sql`
    select id::text as id from partners where id = ${rootId}
    union all select c.id::text from partners c where c.parent_id = ${rootId}
    union all select g.id::text from partners g join partners c on g.parent_id = c.id where c.parent_id = ${rootId}`);
  return res.rows.map((r) => Number(r.id));
}

export interface PartnerListFilter {
  q?: string;
  status?: string;
  parentId?: number;
  limit: number;
  offset: number;
}

export async function listPartners(db: DbOrTx, f: PartnerListFilter): Promise<{ rows: PartnerRow[]; total: number }> {
  const search = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    search ? sql`(${partners.account} ilike ${search} or ${partners.name} ilike ${search} or ${partners.code} ilike ${search})` : undefined,
    f.status ? eq(partners.status, f.status as PartnerRow['status']) : undefined,
    f.parentId ? eq(partners.parentId, f.parentId) : undefined,
  );
  const [rows, count] = await Promise.all([
    db.select().from(partners).where(where).orderBy(desc(partners.id)).limit(f.limit).offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(partners)
      .where(where),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

/** How many players each partner has bound directly, and how many direct children. */
export async function partnerCounts(db: DbOrTx, ids: readonly number[]): Promise<Map<number, { players: number; children: number }>> {
  if (!ids.length) return new Map();
  const list = `{${ids.join(',')}}`;
  const res = await db.execute<{ id: string; players: string; children: string }>(sql`
    select p.id::text as id,
      (select count(*) from partner_bindings b where b.partner_id = p.id)::text as players,
      (select count(*) from partners c where c.parent_id = p.id)::text as children
    from partners p where p.id = any(${list}::bigint[])`);
  return new Map(res.rows.map((r) => [Number(r.id), { players: Number(r.players), children: Number(r.children) }]));
}

// ---- sessions ----------------------------------------------------------------------------------------------------

export async function insertSession(db: DbOrTx, values: typeof partnerSessions.$inferInsert): Promise<void> {
  await db.insert(partnerSessions).values(values);
}

export async function liveSession(db: DbOrTx, tokenHash: string, now: Date, idleMs: number) {
  const rows = await db
    .select({ id: partnerSessions.id, partnerId: partnerSessions.partnerId, lastSeenAt: partnerSessions.lastSeenAt })
    .from(partnerSessions)
    .where(
      and(
        eq(partnerSessions.tokenHash, tokenHash),
        isNull(partnerSessions.revokedAt),
        sql`${partnerSessions.expiresAt} > ${now}`,
        sql`${partnerSessions.lastSeenAt} > ${new Date(now.getTime() - idleMs)}`,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function touchSession(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(partnerSessions).set({ lastSeenAt: now }).where(eq(partnerSessions.id, id));
}

export async function revokeSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db
    .update(partnerSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(partnerSessions.tokenHash, tokenHash), isNull(partnerSessions.revokedAt)));
}

export async function revokeSessionsOf(db: DbOrTx, partnerId: number, exceptHash?: string): Promise<void> {
  await db
    .update(partnerSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(partnerSessions.partnerId, partnerId),
        isNull(partnerSessions.revokedAt),
        exceptHash ? sql`${partnerSessions.tokenHash} <> ${exceptHash}` : undefined,
      ),
    );
}

// ---- plans -------------------------------------------------------------------------------------------------------

export async function allPlans(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(partnerPlans).orderBy(asc(partnerPlans.id));
}

export async function planById(db: DbOrTx, id: number): Promise<PlanRow | undefined> {
  return (await db.select().from(partnerPlans).where(eq(partnerPlans.id, id)).limit(1))[0];
}

export async function defaultPlan(db: DbOrTx): Promise<PlanRow | undefined> {
  return (await db.select().from(partnerPlans).where(eq(partnerPlans.isDefault, true)).limit(1))[0];
}

export async function savePlan(db: DbOrTx, id: number | undefined, values: Omit<typeof partnerPlans.$inferInsert, 'id'>): Promise<PlanRow> {
  if (values.isDefault)
    await db
      .update(partnerPlans)
      .set({ isDefault: false })
      .where(and(eq(partnerPlans.isDefault, true), id ? sql`${partnerPlans.id} <> ${id}` : undefined));
  if (id === undefined) return (await db.insert(partnerPlans).values(values).returning())[0]!;
  return (
    await db
      .update(partnerPlans)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(partnerPlans.id, id))
      .returning()
  )[0]!;
}

export async function planUsage(db: DbOrTx): Promise<Map<number, number>> {
  const res = await db.execute<{ plan_id: string; n: string }>(
    sql`select plan_id::text as plan_id, count(*)::text as n from partners where plan_id is not null group by plan_id`,
  );
  return new Map(res.rows.map((r) => [Number(r.plan_id), Number(r.n)]));
}

// ---- links and clicks --------------------------------------------------------------------------------------------

export async function linksOf(db: DbOrTx, partnerId: number): Promise<LinkRow[]> {
  return db.select().from(partnerLinks).where(eq(partnerLinks.partnerId, partnerId)).orderBy(asc(partnerLinks.id));
}

export async function countLinks(db: DbOrTx, partnerId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(partnerLinks)
    .where(eq(partnerLinks.partnerId, partnerId));
  return Number(rows[0]?.n ?? 0);
}

export async function insertLink(db: DbOrTx, partnerId: number, campaign: string): Promise<LinkRow> {
  const rows = await db.insert(partnerLinks).values({ partnerId, campaign }).onConflictDoNothing().returning();
  return (
    rows[0] ??
    (
      await db
        .select()
        .from(partnerLinks)
        .where(and(eq(partnerLinks.partnerId, partnerId), eq(partnerLinks.campaign, campaign)))
    )[0]!
  );
}

export async function countClick(db: DbOrTx, partnerId: number, campaign: string, day: string): Promise<void> {
  await db
    .insert(partnerClicks)
    .values({ partnerId, campaign, day, clicks: 1 })
    .onConflictDoUpdate({ target: [partnerClicks.partnerId, partnerClicks.campaign, partnerClicks.day], set: { clicks: sql`${partnerClicks.clicks} + 1` } });
}

export async function clicksByCampaign(db: DbOrTx, partnerId: number): Promise<Map<string, number>> {
  const res = await db.execute<{ campaign: string; n: string }>(
    sql`select campaign, sum(clicks)::text as n from partner_clicks where partner_id = ${partnerId} group by campaign`,
  );
  return new Map(res.rows.map((r) => [r.campaign, Number(r.n)]));
}

export async function clicksByDay(db: DbOrTx, partnerId: number, from: string, to: string): Promise<Map<string, number>> {
  const res = await db.execute<{ day: string; n: string }>(sql`
    select day::text as day, sum(clicks)::text as n from partner_clicks where partner_id = ${partnerId} and day between ${from}::date and ${to}::date group by day`);
  return new Map(res.rows.map((r) => [r.day, Number(r.n)]));
}

/** Registrations per campaign of a partner's players (links' registrations). */
export async function registrationsByCampaign(db: DbOrTx, partnerId: number): Promise<Map<string, number[]>> {
  const res = await db.execute<{ campaign: string; ids: string }>(sql`
    select campaign, string_agg(player_id::text, ',') as ids from partner_bindings where partner_id = ${partnerId} and source = 'link' group by campaign`);
  return new Map(res.rows.map((r) => [r.campaign, r.ids.split(',').map(Number)]));
}

/**
 * The players each of a partner's links brought, as a relation like boundPlayers (grp = the link's id) over the days
 * the partner held them: a campaign's figures are its players' activity while they were this partner's.
 */
export function campaignPlayers(partnerId: number): SQL {
  return sql`(select a.player_id, l.id as grp, a.from_day, a.until_day from partner_attributions a
    join partner_bindings b on b.player_id = a.player_id and b.source = 'link'
    join partner_links l on l.partner_id = a.partner_id and l.campaign = b.campaign
    where a.partner_id = ${partnerId})`;
}

// ---- domains -----------------------------------------------------------------------------------------------------

export async function allDomains(db: DbOrTx) {
  return db
    .select({
      id: partnerDomains.id,
      host: partnerDomains.host,
      partnerId: partnerDomains.partnerId,
      createdAt: partnerDomains.createdAt,
      partnerAccount: partners.account,
    })
    .from(partnerDomains)
    .innerJoin(partners, eq(partners.id, partnerDomains.partnerId))
    .orderBy(asc(partnerDomains.host));
}

export async function domainsOf(db: DbOrTx, partnerId: number) {
  return db.select({ id: partnerDomains.id, host: partnerDomains.host }).from(partnerDomains).where(eq(partnerDomains.partnerId, partnerId));
}

export async function insertDomain(db: DbOrTx, host: string, partnerId: number) {
  return (await db.insert(partnerDomains).values({ host, partnerId }).onConflictDoNothing().returning())[0];
}

export async function deleteDomain(db: DbOrTx, id: number) {
  return (await db.delete(partnerDomains).where(eq(partnerDomains.id, id)).returning())[0];
}

// ---- bindings ----------------------------------------------------------------------------------------------------

/** Binds a player unless already bound: the primary key makes the first binding win. Whether this call bound it. */
export async function bindPlayer(db: DbOrTx, values: typeof partnerBindings.$inferInsert): Promise<boolean> {
  const rows = await db.insert(partnerBindings).values(values).onConflictDoNothing().returning({ id: partnerBindings.playerId });
  return rows.length > 0;
}

export async function bindingOf(db: DbOrTx, playerId: number, forUpdate = false): Promise<BindingRow | undefined> {
  const q = db.select().from(partnerBindings).where(eq(partnerBindings.playerId, playerId)).limit(1);
  return (await (forUpdate ? q.for('update') : q))[0];
}

export async function moveBinding(db: DbOrTx, playerId: number, partnerId: number | null): Promise<void> {
  if (partnerId === null) await db.delete(partnerBindings).where(eq(partnerBindings.playerId, playerId));
  else await db.update(partnerBindings).set({ partnerId, source: 'operator', boundAt: new Date() }).where(eq(partnerBindings.playerId, playerId));
}

export async function listBindings(db: DbOrTx, f: { partnerIds?: readonly number[]; playerId?: number; limit: number; offset: number }) {
  const where = and(
    f.partnerIds ? inArray(partnerBindings.partnerId, [...f.partnerIds]) : undefined,
    f.playerId ? eq(partnerBindings.playerId, f.playerId) : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select({ b: partnerBindings, partnerAccount: partners.account })
      .from(partnerBindings)
      .innerJoin(partners, eq(partners.id, partnerBindings.partnerId))
      .where(where)
      .orderBy(desc(partnerBindings.registeredAt), desc(partnerBindings.playerId))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerBindings)
      .where(where),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

/**
 * The attribution spans as a relation (player_id, grp = partner id, from_day, until_day) other domains' read APIs join
 * on: a day of a player's activity counts for the partner who held the player that day, so a move re-attributes
 * nothing before it.
 */
export function boundPlayers(partnerIds?: readonly number[]): SQL {
  const cols = sql`player_id, partner_id as grp, from_day, until_day`;
  return partnerIds
    ? sql`(select ${cols} from partner_attributions where partner_id = any(${`{${partnerIds.join(',')}}`}::bigint[]))`
    : sql`(select ${cols} from partner_attributions)`;
}

/** A player's attribution spans, newest first, with the partners' accounts (the back office's history of a player). */
export async function attributionsOf(db: DbOrTx, playerId: number) {
  const res = await db.execute<{
    partner_id: string;
    account: string;
    from_day: string;
    until_day: string | null;
    source: BindingSource;
    created_at: string;
  }>(sql`
    select a.partner_id::text as partner_id, p.account, a.from_day::text as from_day, a.until_day::text as until_day, a.source,
      a.created_at::text as created_at
    from partner_attributions a join partners p on p.id = a.partner_id where a.player_id = ${playerId} order by a.from_day desc limit 100`);
  return res.rows.map((r) => ({
    partnerId: Number(r.partner_id),
    account: r.account,
    fromDay: r.from_day === '-infinity' ? null : r.from_day,
    untilDay: r.until_day,
    source: r.source,
    createdAt: new Date(r.created_at),
  }));
}

/** Registrations per partner within the instants (of the given partners, or all), per Taipei day with `byDay` (else day null). */
export async function registrationsByPartner(
  db: DbOrTx,
  start: Date,
  end: Date,
  opts: { partnerIds?: readonly number[]; byDay?: boolean } = {},
): Promise<Array<{ partnerId: number; day: string | null; players: number }>> {
  const day = opts.byDay ? sql`(b.registered_at at time zone 'Asia/Taipei')::date::text` : sql`null::text`;
  const only = opts.partnerIds ? sql`and a.partner_id = any(${`{${opts.partnerIds.join(',')}}`}::bigint[])` : sql``;
  // A registration counts for the partner who held the player on the registration day (a later move leaves it there).
  const res = await db.execute<{ partner_id: string; day: string | null; n: string }>(sql`
    select a.partner_id::text as partner_id, ${day} as day, count(*)::text as n
    from partner_bindings b join partner_attributions a on a.player_id = b.player_id
      and (b.registered_at at time zone 'Asia/Taipei')::date >= a.from_day
      and (a.until_day is null or (b.registered_at at time zone 'Asia/Taipei')::date < a.until_day)
    where b.registered_at >= ${start.toISOString()}::timestamptz and b.registered_at < ${end.toISOString()}::timestamptz ${only} group by 1, 2`);
  return res.rows.map((r) => ({ partnerId: Number(r.partner_id), day: r.day, players: Number(r.n) }));
}

/**
 * Bound players who registered from `since` on and whose CPA is not counted already: the CPA candidates, each with the
 * partner who held the player on the period's last day (`lastDay`). A CPA counted in another period, or in this period
 * for a partner whose statement is no longer pending (held or approved: its money is decided), rules the player out,
 * so a player moved after an approved period is not counted again for the new partner. partner_cpa's primary key on
 * the player keeps it once ever in the database as well.
 */
export async function cpaCandidates(db: DbOrTx, since: Date, until: Date, period: string, lastDay: string) {
  const res = await db.execute<{ player_id: string; partner_id: string; reg_day: string }>(sql`
    select b.player_id::text as player_id, a.partner_id::text as partner_id, (b.registered_at at time zone 'Asia/Taipei')::date::text as reg_day
    from partner_bindings b
    join partner_attributions a on a.player_id = b.player_id and a.from_day <= ${lastDay}::date and (a.until_day is null or a.until_day > ${lastDay}::date)
    where b.registered_at >= ${since.toISOString()}::timestamptz and b.registered_at < ${until.toISOString()}::timestamptz
      and not exists (
        select 1 from partner_cpa c where c.player_id = b.player_id and (c.period <> ${period} or exists (
          select 1 from partner_statements s where s.partner_id = c.partner_id and s.period = c.period and s.status <> 'pending')))
      and not exists (select 1 from partner_player_reviews r where r.player_id = b.player_id and r.status <> 'approved')`);
  return res.rows.map((r) => ({ playerId: Number(r.player_id), partnerId: Number(r.partner_id), regDay: r.reg_day }));
}

/** Replaces a period's CPA rows of the partners whose statements are still open, with the given ones. */
export async function replaceCpa(
  db: DbOrTx,
  period: string,
  openPartnerIds: readonly number[],
  rows: Array<{ playerId: number; partnerId: number; amountMinor: bigint }>,
): Promise<void> {
  if (!openPartnerIds.length) return;
  await db.delete(partnerCpa).where(and(eq(partnerCpa.period, period), inArray(partnerCpa.partnerId, [...openPartnerIds])));
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((r) => ({ ...r, period }));
    // No conflict clause: a second CPA for one player fails the whole run (the primary key), rather than leaving a
    // statement that counts a CPA the table refused.
    if (chunk.length) await db.insert(partnerCpa).values(chunk);
  }
}

export async function cpaPlayersOf(db: DbOrTx, partnerId: number, period: string): Promise<number[]> {
  const rows = await db
    .select({ id: partnerCpa.playerId })
    .from(partnerCpa)
    .where(and(eq(partnerCpa.partnerId, partnerId), eq(partnerCpa.period, period)));
  return rows.map((r) => r.id);
}

/** Bound players of the partners, a page, newest registration first. */
export async function playersOfPartners(db: DbOrTx, partnerIds: readonly number[], limit: number, offset: number) {
  return listBindings(db, { partnerIds, limit, offset });
}

/** A partner's players who share a registration address with another of its players or with the partner's sign-in address. */
export async function sharedRegistrationIps(db: DbOrTx, partnerId: number, partnerIp: string) {
  const res = await db.execute<{ ip: string; ids: string }>(sql`
    select registration_ip as ip, string_agg(player_id::text, ',' order by player_id) as ids from partner_bindings
    where partner_id = ${partnerId} and registration_ip <> ''
    group by registration_ip having count(*) > 1 or registration_ip = ${partnerIp} limit 50`);
  return res.rows.map((r) => ({ ip: r.ip, playerIds: r.ids.split(',').map(Number) }));
}

// ---- a partner's own players ------------------------------------------------------------------------------------

/** How far back a partner's sign-ins count: a player registering from an address or device the partner used within it. */
const OWN_SIGNIN_DAYS = 180;

/** Which of the player's registration address and device the partner signed in to the portal from (recently). */
export async function ownSigninKinds(db: DbOrTx, partnerId: number, ip: string, device: string): Promise<Array<'ip' | 'device'>> {
  if (!ip && !device) return [];
  const since = new Date(Date.now() - OWN_SIGNIN_DAYS * 86_400_000).toISOString();
  const res = await db.execute<{ ip: boolean; device: boolean }>(sql`
    select coalesce(bool_or(ip <> '' and ip = ${ip}), false) as ip, coalesce(bool_or(device <> '' and device = ${device}), false) as device
    from partner_sessions where partner_id = ${partnerId} and created_at >= ${since}::timestamptz`);
  const row = res.rows[0];
  return [...(row?.ip ? (['ip'] as const) : []), ...(row?.device ? (['device'] as const) : [])];
}

export type OwnPlayerReviewRow = typeof partnerPlayerReviews.$inferSelect;

export async function insertOwnPlayerReview(db: DbOrTx, values: { playerId: number; partnerId: number; kinds: string }): Promise<void> {
  await db.insert(partnerPlayerReviews).values(values).onConflictDoNothing();
}

export async function ownPlayerReview(db: DbOrTx, playerId: number, forUpdate = false): Promise<OwnPlayerReviewRow | undefined> {
  const q = db.select().from(partnerPlayerReviews).where(eq(partnerPlayerReviews.playerId, playerId)).limit(1);
  return (await (forUpdate ? q.for('update') : q))[0];
}

export async function listOwnPlayerReviews(db: DbOrTx, f: { status?: OwnPlayerReviewStatus; partnerId?: number; limit: number; offset: number }) {
  const where = and(
    f.status ? eq(partnerPlayerReviews.status, f.status) : undefined,
    f.partnerId ? eq(partnerPlayerReviews.partnerId, f.partnerId) : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select({ r: partnerPlayerReviews, partnerAccount: partners.account })
      .from(partnerPlayerReviews)
      .innerJoin(partners, eq(partners.id, partnerPlayerReviews.partnerId))
      .where(where)
      .orderBy(desc(partnerPlayerReviews.createdAt), desc(partnerPlayerReviews.playerId))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerPlayerReviews)
      .where(where),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

/** Decides a pending review (a conditional update: two operators deciding at once, one wins). */
export async function decideOwnPlayerReview(db: DbOrTx, playerId: number, status: 'approved' | 'denied', reason: string, staffId: number) {
  return (
    await db
      .update(partnerPlayerReviews)
      .set({ status, reason, decidedBy: staffId, decidedAt: new Date() })
      .where(and(eq(partnerPlayerReviews.playerId, playerId), eq(partnerPlayerReviews.status, 'pending')))
      .returning()
  )[0];
}

// ---- applications ------------------------------------------------------------------------------------------------

export async function insertApplication(db: DbOrTx, values: typeof partnerApplications.$inferInsert): Promise<ApplicationRow> {
  return (await db.insert(partnerApplications).values(values).returning())[0]!;
}

export async function applicationById(db: DbOrTx, id: number, forUpdate = false): Promise<ApplicationRow | undefined> {
  const q = db.select().from(partnerApplications).where(eq(partnerApplications.id, id)).limit(1);
  return (await (forUpdate ? q.for('update') : q))[0];
}

export async function listApplications(db: DbOrTx, status: string | undefined, limit: number, offset: number) {
  const where = status ? eq(partnerApplications.status, status as ApplicationRow['status']) : undefined;
  const [rows, count] = await Promise.all([
    db.select().from(partnerApplications).where(where).orderBy(desc(partnerApplications.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerApplications)
      .where(where),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function updateApplication(db: DbOrTx, id: number, patch: Partial<typeof partnerApplications.$inferInsert>): Promise<ApplicationRow> {
  return (await db.update(partnerApplications).set(patch).where(eq(partnerApplications.id, id)).returning())[0]!;
}

// ---- statements --------------------------------------------------------------------------------------------------

export async function statementById(db: DbOrTx, id: number, forUpdate = false): Promise<StatementRow | undefined> {
  const q = db.select().from(partnerStatements).where(eq(partnerStatements.id, id)).limit(1);
  return (await (forUpdate ? q.for('update') : q))[0];
}

export async function statementsOfPeriod(db: DbOrTx, period: string): Promise<StatementRow[]> {
  return db.select().from(partnerStatements).where(eq(partnerStatements.period, period));
}

/**
 * Writes a period's statements, many rows a statement: new ones, or the same rows again while still pending. Held and
 * approved ones are left as they are. Answers how many rows were written.
 */
export async function upsertStatements(db: DbOrTx, values: Array<typeof partnerStatements.$inferInsert>): Promise<number> {
  let written = 0;
  for (let i = 0; i < values.length; i += 200) {
    const rows = await db
      .insert(partnerStatements)
      .values(values.slice(i, i + 200))
      .onConflictDoUpdate({
        target: [partnerStatements.partnerId, partnerStatements.period],
        set: {
          figures: sql`excluded.figures`,
          overrideLines: sql`excluded.override_lines`,
          computedMinor: sql`excluded.computed_minor`,
          carryOutMinor: sql`excluded.carry_out_minor`,
          builtAt: sql`excluded.built_at`,
          startsOn: sql`excluded.starts_on`,
          endsOn: sql`excluded.ends_on`,
          periodKind: sql`excluded.period_kind`,
        },
        setWhere: sql`${partnerStatements.status} = 'pending'`,
      })
      .returning({ id: partnerStatements.id });
    written += rows.length;
  }
  return written;
}

export interface StatementFilter {
  partnerIds?: readonly number[];
  period?: string;
  status?: StatementStatus;
  limit: number;
  offset: number;
}

export async function listStatements(db: DbOrTx, f: StatementFilter): Promise<{ rows: Array<{ s: StatementRow; account: string }>; total: number }> {
  const where = and(
    f.partnerIds ? inArray(partnerStatements.partnerId, [...f.partnerIds]) : undefined,
    f.period ? eq(partnerStatements.period, f.period) : undefined,
    f.status ? eq(partnerStatements.status, f.status) : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select({ s: partnerStatements, account: partners.account })
      .from(partnerStatements)
      .innerJoin(partners, eq(partners.id, partnerStatements.partnerId))
      .where(where)
      .orderBy(desc(partnerStatements.period), asc(partnerStatements.partnerId))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerStatements)
      .where(where),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

/** The carry-out of each partner's statement of the period (the next period's carry-in). */
export async function carryOutsOf(db: DbOrTx, period: string): Promise<Map<number, bigint>> {
  const rows = await db
    .select({ id: partnerStatements.partnerId, c: partnerStatements.carryOutMinor })
    .from(partnerStatements)
    .where(eq(partnerStatements.period, period));
  return new Map(rows.map((r) => [r.id, r.c]));
}

export async function updateStatement(db: DbOrTx, id: number, patch: Partial<typeof partnerStatements.$inferInsert>): Promise<StatementRow> {
  return (await db.update(partnerStatements).set(patch).where(eq(partnerStatements.id, id)).returning())[0]!;
}

// ---- payouts -----------------------------------------------------------------------------------------------------

export async function payoutById(db: DbOrTx, id: number, forUpdate = false): Promise<PayoutRow | undefined> {
  const q = db.select().from(partnerPayouts).where(eq(partnerPayouts.id, id)).limit(1);
  return (await (forUpdate ? q.for('update') : q))[0];
}

export async function payoutByKey(db: DbOrTx, partnerId: number, requestKey: string): Promise<PayoutRow | undefined> {
  return (
    await db
      .select()
      .from(partnerPayouts)
      .where(and(eq(partnerPayouts.partnerId, partnerId), eq(partnerPayouts.requestKey, requestKey)))
      .limit(1)
  )[0];
}

export async function insertPayout(db: DbOrTx, values: typeof partnerPayouts.$inferInsert): Promise<PayoutRow> {
  return (await db.insert(partnerPayouts).values(values).returning())[0]!;
}

export async function updatePayout(db: DbOrTx, id: number, patch: Partial<typeof partnerPayouts.$inferInsert>): Promise<PayoutRow> {
  return (await db.update(partnerPayouts).set(patch).where(eq(partnerPayouts.id, id)).returning())[0]!;
}

export async function listPayouts(db: DbOrTx, f: { partnerId?: number; status?: string; limit: number; offset: number }) {
  const where = and(
    f.partnerId ? eq(partnerPayouts.partnerId, f.partnerId) : undefined,
    f.status ? eq(partnerPayouts.status, f.status as PayoutRow['status']) : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select({ p: partnerPayouts, account: partners.account })
      .from(partnerPayouts)
      .innerJoin(partners, eq(partners.id, partnerPayouts.partnerId))
      .where(where)
      .orderBy(desc(partnerPayouts.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerPayouts)
      .where(where),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function pendingPayoutSum(db: DbOrTx, partnerId: number): Promise<bigint> {
  const rows = await db
    .select({ s: sql<string>`coalesce(sum(${partnerPayouts.amountMinor}), 0)::text` })
    .from(partnerPayouts)
    .where(and(eq(partnerPayouts.partnerId, partnerId), eq(partnerPayouts.status, 'applying')));
  return BigInt(rows[0]?.s ?? '0');
}

// ---- materials ---------------------------------------------------------------------------------------------------

export async function liveMaterials(db: DbOrTx) {
  return db.select().from(partnerMaterials).where(isNull(partnerMaterials.deletedAt)).orderBy(desc(partnerMaterials.id)).limit(200);
}

export async function insertMaterial(db: DbOrTx, values: typeof partnerMaterials.$inferInsert) {
  return (await db.insert(partnerMaterials).values(values).returning())[0]!;
}

export async function deleteMaterial(db: DbOrTx, id: number) {
  return (
    await db
      .update(partnerMaterials)
      .set({ deletedAt: new Date() })
      .where(and(eq(partnerMaterials.id, id), isNull(partnerMaterials.deletedAt)))
      .returning()
  )[0];
}
