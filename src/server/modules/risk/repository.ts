// SQL of the risk domain: signals, scored pairs, linked groups, withdrawal decisions and the settings row. Only this
// domain reads these tables; other domains ask risk's service or link-facts.ts.
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { riskDecisions, riskGroupMembers, riskLinks, riskSettings, riskSignals, type RiskHit } from '../../db/schema.ts';
import type { LinkStatus, RiskDecision, SignalKind, SignalSource } from '../../../shared/schemas/risk/settings.ts';

/** Players one signal value may bring into a pair's scoring at once: a shared carrier address must not fan out without end. */
export const SHARERS_MAX = 200;
/** The largest group the component walk follows; a bigger one is cut there (and shown as that size). */
export const GROUP_MAX = 500;

// ---- signals ---------------------------------------------------------------------------------------

/** Records one signal value of a player; answers whether the player had not shown that value before. */
/**
 * Records a signal value; answers whether its pairs need scoring: the value is new for the player, or this is a
 * redelivery of the outbox event that first recorded it (the first delivery may have died before scoring). Given an
 * event id, a row that event or a newer one already touched is left as it is, so a second delivery changes nothing.
 */
export async function upsertSignal(
  db: DbOrTx,
  s: { playerId: number; kind: SignalKind; valueHash: string; source: SignalSource; eventId?: number },
): Promise<boolean> {
  const eventId = s.eventId ?? null;
  const r = await db
    .insert(riskSignals)
    .values({ playerId: s.playerId, kind: s.kind, valueHash: s.valueHash, source: s.source, firstEventId: eventId, lastEventId: eventId })
    .onConflictDoUpdate({
      target: [riskSignals.playerId, riskSignals.kind, riskSignals.valueHash],
      set: { lastSeenAt: sql`now()`, source: s.source, lastEventId: eventId },
      setWhere: sql`${riskSignals.lastEventId} is null or ${eventId}::bigint is null or ${riskSignals.lastEventId} < ${eventId}::bigint`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  // PostgreSQL's xmax is 0 on a row this statement inserted and set on one it updated.
  if (r[0]?.inserted === true) return true;
  if (eventId === null) return false;
  const own = await db
    .select({ id: riskSignals.id })
    .from(riskSignals)
    .where(
      and(eq(riskSignals.playerId, s.playerId), eq(riskSignals.kind, s.kind), eq(riskSignals.valueHash, s.valueHash), eq(riskSignals.firstEventId, eventId)),
    )
    .limit(1);
  return own.length > 0;
}

/** Other players who showed this value, at most SHARERS_MAX. */
export async function playersSharing(db: DbOrTx, kind: SignalKind, valueHash: string, exceptPlayer: number): Promise<number[]> {
  const rows = await db
    .select({ p: riskSignals.playerId })
    .from(riskSignals)
    .where(and(eq(riskSignals.kind, kind), eq(riskSignals.valueHash, valueHash), ne(riskSignals.playerId, exceptPlayer)))
    .orderBy(desc(riskSignals.lastSeenAt))
    .limit(SHARERS_MAX);
  return rows.map((r) => r.p);
}

/** The kinds of signal two players share (some value of that kind seen by both). */
export async function sharedKinds(db: DbOrTx, a: number, b: number): Promise<SignalKind[]> {
  const res = await db.execute<{ kind: SignalKind }>(sql`
    select distinct s1.kind from risk_signals s1
    join risk_signals s2 on s2.kind = s1.kind and s2.value_hash = s1.value_hash and s2.player_id = ${b}
    where s1.player_id = ${a} order by s1.kind`);
  return res.rows.map((r) => r.kind);
}

/** The player's signals of one kind, newest first. */
export async function signalsOf(db: DbOrTx, playerId: number, kind: SignalKind, limit = 20) {
  return db
    .select()
    .from(riskSignals)
    .where(and(eq(riskSignals.playerId, playerId), eq(riskSignals.kind, kind)))
    .orderBy(desc(riskSignals.firstSeenAt))
    .limit(limit);
}

/** One signal of the player, by value. */
export async function signalOf(db: DbOrTx, playerId: number, kind: SignalKind, valueHash: string) {
  return (
    await db
      .select()
      .from(riskSignals)
      .where(and(eq(riskSignals.playerId, playerId), eq(riskSignals.kind, kind), eq(riskSignals.valueHash, valueHash)))
      .limit(1)
  )[0];
}

// ---- links ----------------------------------------------------------------------------------------

/** Writes a pair's score and shared kinds; an operator's review of the pair stays as it was. */
export async function upsertLink(db: DbOrTx, a: number, b: number, score: number, signals: SignalKind[]): Promise<void> {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  await db
    .insert(riskLinks)
    .values({ playerA: lo, playerB: hi, score, signals })
    .onConflictDoUpdate({
      target: [riskLinks.playerA, riskLinks.playerB],
      set: { score, signals, updatedAt: sql`now()` },
      // Scoring a pair again to the same result (a redelivered signal) leaves the row as it is.
      setWhere: sql`${riskLinks.score} <> excluded.score or ${riskLinks.signals} <> excluded.signals`,
    });
}

export async function linkOf(db: DbOrTx, a: number, b: number, lock = false) {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  const q = db
    .select()
    .from(riskLinks)
    .where(and(eq(riskLinks.playerA, lo), eq(riskLinks.playerB, hi)))
    .limit(1);
  return (lock ? await q.for('update') : await q)[0];
}

export async function reviewLink(db: DbOrTx, a: number, b: number, patch: { status: LinkStatus; reason: string; staffId: number }): Promise<void> {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  await db
    .update(riskLinks)
    .set({ status: patch.status, reviewReason: patch.reason, reviewedBy: patch.staffId, reviewedAt: sql`now()` })
    .where(and(eq(riskLinks.playerA, lo), eq(riskLinks.playerB, hi)));
}

/** The pairs a player is part of, highest score first. */
export async function linksOf(db: DbOrTx, playerId: number, limit: number) {
  return db
    .select()
    .from(riskLinks)
    .where(or(eq(riskLinks.playerA, playerId), eq(riskLinks.playerB, playerId)))
    .orderBy(desc(riskLinks.score), asc(riskLinks.playerA), asc(riskLinks.playerB))
    .limit(limit);
}

// ---- groups ---------------------------------------------------------------------------------------

/**
 * The players connected to `seed` through links that count: confirmed ones, and found ones at or above the
 * threshold (a cleared link never counts). The seed itself is included; at most GROUP_MAX players.
 */
export async function component(db: DbOrTx, seed: number, threshold: number): Promise<number[]> {
  const res = await db.execute<{ p: string }>(sql`
    with recursive edges as (
      select player_a as a, player_b as b from risk_links
      where status = 'confirmed' or (status = 'auto' and score >= ${threshold})
    ), comp(p) as (
      select ${seed}::bigint
      union
      select case when e.a = c.p then e.b else e.a end from edges e join comp c on e.a = c.p or e.b = c.p
    )
    select p from comp limit ${GROUP_MAX}`);
  return res.rows.map((r) => Number(r.p));
}

/** One transaction at a time rewrites groups, so two signals recorded at once cannot leave a group half merged. */
/** A batch of pairs after the pair (a, b), in key order: the rescoring walk's page. */
export async function linksAfter(db: DbOrTx, a: number, b: number, limit: number) {
  return db
    .select({ playerA: riskLinks.playerA, playerB: riskLinks.playerB, score: riskLinks.score, signals: riskLinks.signals })
    .from(riskLinks)
    .where(sql`(${riskLinks.playerA}, ${riskLinks.playerB}) > (${a}, ${b})`)
    .orderBy(asc(riskLinks.playerA), asc(riskLinks.playerB))
    .limit(limit);
}

export async function setLinkScore(db: DbOrTx, a: number, b: number, score: number): Promise<void> {
  await db
    .update(riskLinks)
    .set({ score, updatedAt: sql`now()` })
    .where(and(eq(riskLinks.playerA, a), eq(riskLinks.playerB, b)));
}

/** A batch of the players in any pair or any group after this id, in id order: the regrouping walk's page. */
export async function linkedPlayersAfter(db: DbOrTx, after: number, limit: number): Promise<number[]> {
  const res = await db.execute<{ p: string }>(sql`
    select p from (select player_a as p from risk_links union select player_b from risk_links union select player_id from risk_group_members) x
    where p > ${after} order by p limit ${limit}`);
  return res.rows.map((r) => Number(r.p));
}

export async function lockGroups(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risk-groups'))`);
}

export async function setGroup(db: DbOrTx, members: number[], groupId: number): Promise<void> {
  if (!members.length) return;
  await db
    .insert(riskGroupMembers)
    .values(members.map((playerId) => ({ playerId, groupId })))
    .onConflictDoUpdate({
      target: riskGroupMembers.playerId,
      set: { groupId, updatedAt: sql`now()` },
      setWhere: sql`${riskGroupMembers.groupId} <> excluded.group_id`,
    });
}

export async function leaveGroups(db: DbOrTx, playerIds: number[]): Promise<void> {
  if (playerIds.length) await db.delete(riskGroupMembers).where(inArray(riskGroupMembers.playerId, playerIds));
}

export async function groupOf(db: DbOrTx, playerId: number): Promise<number | undefined> {
  return (await db.select({ g: riskGroupMembers.groupId }).from(riskGroupMembers).where(eq(riskGroupMembers.playerId, playerId)).limit(1))[0]?.g;
}

export async function groupMembers(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ p: riskGroupMembers.playerId })
    .from(riskGroupMembers)
    .where(eq(riskGroupMembers.groupId, groupId))
    .orderBy(asc(riskGroupMembers.playerId))
    .limit(GROUP_MAX);
  return rows.map((r) => r.p);
}

/** A page of groups, largest first, with their members and the highest and confirmed pair scores inside. */
export async function groupsPage(db: DbOrTx, limit: number, offset: number) {
  const totalRow = await db.select({ n: sql<number>`count(distinct ${riskGroupMembers.groupId})::int` }).from(riskGroupMembers);
  const res = await db.execute<{
    group_id: string;
    size: number;
    members: string[];
    max_score: number | null;
    confirmed: number;
    updated_at: Date | string;
  }>(sql`
    with g as (
      select group_id, count(*)::int as size, array_agg(player_id order by player_id) as members, max(updated_at) as updated_at
      from risk_group_members group by group_id
    )
    select g.group_id, g.size, (g.members)[1:20]::text[] as members, g.updated_at,
      (select max(l.score) from risk_links l join risk_group_members m on m.player_id = l.player_a and m.group_id = g.group_id) as max_score,
      (select count(*)::int from risk_links l join risk_group_members m on m.player_id = l.player_a and m.group_id = g.group_id where l.status = 'confirmed') as confirmed
    from g order by g.size desc, g.group_id asc limit ${limit} offset ${offset}`);
  return { rows: res.rows, total: Number(totalRow[0]?.n ?? 0) };
}

// ---- withdrawal decisions -------------------------------------------------------------------------

export async function insertDecision(
  db: DbOrTx,
  d: {
    withdrawalId: string;
    playerId: number;
    amountMinor: bigint;
    cardHash: string;
    score: number;
    decision: RiskDecision;
    hits: RiskHit[];
    inputs: Record<string, string>;
  },
): Promise<void> {
  await db.insert(riskDecisions).values(d).onConflictDoNothing();
}

export async function decisionOf(db: DbOrTx, withdrawalId: string) {
  return (await db.select().from(riskDecisions).where(eq(riskDecisions.withdrawalId, withdrawalId)).limit(1))[0];
}

/** The player's earlier withdrawals as risk saw them, newest first. */
export async function earlierDecisions(db: DbOrTx, playerId: number, limit: number) {
  return db
    .select({ amountMinor: riskDecisions.amountMinor, cardHash: riskDecisions.cardHash })
    .from(riskDecisions)
    .where(eq(riskDecisions.playerId, playerId))
    .orderBy(desc(riskDecisions.createdAt))
    .limit(limit);
}

/** Other players who bound this card (a card signal) or withdrew to it, at most `limit`. */
export async function otherCardHolders(db: DbOrTx, cardHash: string, playerId: number, limit: number): Promise<number[]> {
  const res = await db.execute<{ p: string }>(sql`
    select player_id as p from risk_signals where kind = 'card' and value_hash = ${cardHash} and player_id <> ${playerId}
    union
    select player_id from risk_decisions where card_hash = ${cardHash} and player_id <> ${playerId}
    limit ${limit}`);
  return res.rows.map((r) => Number(r.p));
}

/** Decisions and rule hits per Taipei day in [from, to) (both instants). */
export async function hitsPerDay(db: DbOrTx, from: Date, to: Date) {
  const decisions = await db
    .select({
      day: sql<string>`to_char(${riskDecisions.createdAt} at time zone 'Asia/Taipei', 'YYYY-MM-DD')`,
      n: count(),
      hold: sql<number>`count(*) filter (where ${riskDecisions.decision} = 'hold')::int`,
      auto: sql<number>`count(*) filter (where ${riskDecisions.decision} = 'auto_approve')::int`,
    })
    .from(riskDecisions)
    .where(and(gte(riskDecisions.createdAt, from), lt(riskDecisions.createdAt, to)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const hits = await db.execute<{ day: string; rule: string; n: number }>(sql`
    select to_char(d.created_at at time zone 'Asia/Taipei', 'YYYY-MM-DD') as day, h->>'rule' as rule, count(*)::int as n
    from risk_decisions d cross join lateral jsonb_array_elements(d.hits) h
    where d.created_at >= ${from.toISOString()} and d.created_at < ${to.toISOString()}
    group by 1, 2 order by 1, 2`);
  return { decisions, hits: hits.rows };
}

// ---- settings -------------------------------------------------------------------------------------

export async function settingsRow(db: DbOrTx) {
  return (await db.select().from(riskSettings).where(eq(riskSettings.id, 1)).limit(1))[0];
}

export async function saveSettings(db: DbOrTx, config: unknown, staffId: number): Promise<void> {
  await db
    .insert(riskSettings)
    .values({ id: 1, config, updatedBy: staffId })
    .onConflictDoUpdate({
      target: riskSettings.id,
      set: { config, updatedBy: staffId, updatedAt: sql`now()` },
    });
}
