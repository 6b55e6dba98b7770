// SQL of the red-packet rain. Packets are drawn and stored when a round is scheduled; a claim takes one free
// packet with FOR UPDATE SKIP LOCKED (in red_packet_claim), so concurrent claims never wait on each other's
// packet, and the unique index on (round, player) keeps one packet per player per round whatever the races.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { redPacketRounds, redPackets } from '../../db/schema.ts';
import { accountNameOf } from '../auth/player-facts.ts';

export type RoundRow = typeof redPacketRounds.$inferSelect;
export type RoundValues = Omit<typeof redPacketRounds.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'openedAt' | 'closedAt' | 'status'>;
type PacketRow = typeof redPackets.$inferSelect;

/** Rows per insert statement when storing a round's packets. */
const INSERT_BATCH = 1000;

export async function insertRound(tx: DbOrTx, values: RoundValues, amounts: bigint[]): Promise<RoundRow> {
  const [round] = await tx.insert(redPacketRounds).values(values).returning();
  await insertPackets(tx, round!.id, amounts);
  return round!;
}

async function insertPackets(tx: DbOrTx, roundId: number, amounts: bigint[]): Promise<void> {
  for (let i = 0; i < amounts.length; i += INSERT_BATCH) {
    await tx.insert(redPackets).values(amounts.slice(i, i + INSERT_BATCH).map((amountMinor) => ({ roundId, amountMinor })));
  }
}

/** Replaces a round that has not started and has no claims, with freshly drawn packets. False when it may no longer change. */
export async function replaceRound(tx: DbOrTx, id: number, values: RoundValues, amounts: bigint[]): Promise<boolean> {
  const updated = await tx
    .update(redPacketRounds)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(redPacketRounds.id, id),
        eq(redPacketRounds.status, 'scheduled'),
        sql`${redPacketRounds.startsAt} > now()`,
        sql`${redPacketRounds.openedAt} is null`,
        sql`not exists (select 1 from red_packets p where p.round_id = ${id} and p.player_id is not null)`,
      ),
    )
    .returning({ id: redPacketRounds.id });
  if (!updated.length) return false;
  await tx.delete(redPackets).where(eq(redPackets.roundId, id));
  await insertPackets(tx, id, amounts);
  return true;
}

export async function cancelRound(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx
    .update(redPacketRounds)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(redPacketRounds.id, id), eq(redPacketRounds.status, 'scheduled')))
    .returning({ id: redPacketRounds.id });
  return rows.length > 0;
}

export async function roundById(db: DbOrTx, id: number): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(redPacketRounds).where(eq(redPacketRounds.id, id));
  return row;
}

/** The round on now with packets left, ending first when several overlap. */
export async function liveRound(db: DbOrTx): Promise<(RoundRow & { remaining: number }) | undefined> {
  const res = await db.execute<{ id: string | number; remaining: string | number }>(sql`
    select r.id, (select count(*) from red_packets p where p.round_id = r.id and p.player_id is null) as remaining
    from red_packet_rounds r
    where r.status = 'scheduled' and r.starts_at <= now() and r.ends_at > now()
      and exists (select 1 from red_packets p where p.round_id = r.id and p.player_id is null)
    order by r.ends_at, r.id limit 1`);
  const hit = res.rows[0];
  if (!hit) return undefined;
  const round = await roundById(db, Number(hit.id));
  return round && { ...round, remaining: Number(hit.remaining) };
}

export async function claimOf(db: DbOrTx, roundId: number, playerId: number): Promise<PacketRow | undefined> {
  const [row] = await db
    .select()
    .from(redPackets)
    .where(and(eq(redPackets.roundId, roundId), eq(redPackets.playerId, playerId)));
  return row;
}

export type ClaimOutcome =
  | { outcome: 'paid' | 'pending'; packetId: number; amountMinor: bigint; walletId: number | null; journalId: number | null }
  | { outcome: 'not_found' | 'ended' | 'not_started' | 'claimed' | 'gate' | 'ineligible' | 'empty' };

const CLAIM_OUTCOMES = new Set(['paid', 'pending', 'not_found', 'ended', 'not_started', 'claimed', 'gate', 'ineligible', 'empty']);

/**
 * A whole claim in one statement through red_packet_claim (sql/red_packet_claim.sql): the round and
 * its window, one packet per player, the gate's fast path, the eligibility (red_packet_refusal), the packet taken
 * with SKIP LOCKED and, below the approval ceiling, the activity wallet and the journal (red_packet_pay). Run
 * outside any transaction: the statement is its own, so a refusal thrown inside it leaves nothing behind.
 */
export async function claimPacket(
  db: DbOrTx,
  q: {
    roundId: number;
    playerId: number;
    houseAccountId: number;
    gateChecked: boolean;
    lookbackSince: Date;
    name: string;
    nameEn: string;
  },
): Promise<ClaimOutcome> {
  const res = await db.execute<{
    o_outcome: string;
    o_packet_id: string | number | null;
    o_amount_minor: string | number | null;
    o_wallet_id: string | number | null;
    o_journal_id: string | number | null;
  }>(sql`select o_outcome, o_packet_id, o_amount_minor, o_wallet_id, o_journal_id from red_packet_claim(
    ${q.roundId}::bigint, ${q.playerId}::bigint, ${q.houseAccountId}::bigint, ${q.gateChecked}::boolean, ${q.lookbackSince.toISOString()}::timestamptz,
    ${q.name}::text, ${q.nameEn}::text)`);
  const row = res.rows[0];
  if (!row) throw new Error('red_packet_claim answered nothing');
  return outcomeOf(row);
}

/** Players one red_packet_claim_batch call takes at most: each runs in a subtransaction, and PostgreSQL caches 64 per backend. */
export const CLAIM_BATCH_MAX = 50;

function outcomeOf(row: {
  o_outcome: string;
  o_packet_id: string | number | null;
  o_amount_minor: string | number | null;
  o_wallet_id: string | number | null;
  o_journal_id: string | number | null;
}): ClaimOutcome {
  if (!CLAIM_OUTCOMES.has(row.o_outcome)) throw new Error(`red_packet_claim answered ${row.o_outcome}`);
  if (row.o_outcome === 'paid' || row.o_outcome === 'pending') {
    return {
      outcome: row.o_outcome,
      packetId: Number(row.o_packet_id),
      amountMinor: BigInt(row.o_amount_minor ?? 0),
      walletId: row.o_wallet_id === null ? null : Number(row.o_wallet_id),
      journalId: row.o_journal_id === null ? null : Number(row.o_journal_id),
    };
  }
  return { outcome: row.o_outcome as Exclude<ClaimOutcome['outcome'], 'paid' | 'pending'> };
}

/**
 * The claims of several players for one round in one statement, so one transaction and one commit, through
 * red_packet_claim_batch (sql/red_packet_claim_batch.sql): the same rules as red_packet_claim for each player
 * in the order given (red_packet_refusal and red_packet_pay, which both call), a second packet for the same player
 * answered 'claimed'. The players must be distinct, at most CLAIM_BATCH_MAX, each with the house account that pays
 * them; the answer is by player id. Run outside any transaction: nothing is paid unless the whole statement commits.
 */
export async function claimPackets(
  db: DbOrTx,
  q: {
    roundId: number;
    players: { playerId: number; houseAccountId: number }[];
    lookbackSince: Date;
    name: string;
    nameEn: string;
  },
): Promise<Map<number, ClaimOutcome>> {
  if (q.players.length > CLAIM_BATCH_MAX) throw new Error(`a red-packet batch takes at most ${CLAIM_BATCH_MAX} players`);
  const ids = `{${q.players.map((p) => p.playerId).join(',')}}`;
  const houses = `{${q.players.map((p) => p.houseAccountId).join(',')}}`;
  const res = await db.execute<{
    o_player_id: string | number;
    o_outcome: string;
    o_packet_id: string | number | null;
    o_amount_minor: string | number | null;
    o_wallet_id: string | number | null;
    o_journal_id: string | number | null;
  }>(sql`select o_player_id, o_outcome, o_packet_id, o_amount_minor, o_wallet_id, o_journal_id from red_packet_claim_batch(
    ${q.roundId}::bigint, ${ids}::bigint[], ${houses}::bigint[], ${q.lookbackSince.toISOString()}::timestamptz, ${q.name}::text, ${q.nameEn}::text)`);
  const out = new Map<number, ClaimOutcome>();
  for (const row of res.rows) out.set(Number(row.o_player_id), outcomeOf(row));
  if (out.size !== q.players.length) throw new Error('red_packet_claim_batch did not answer every player');
  return out;
}

export async function packetForUpdate(tx: DbOrTx, id: number): Promise<PacketRow | undefined> {
  const [row] = await tx.select().from(redPackets).where(eq(redPackets.id, id)).for('update');
  return row;
}

export async function packetById(db: DbOrTx, id: number): Promise<PacketRow | undefined> {
  const [row] = await db.select().from(redPackets).where(eq(redPackets.id, id));
  return row;
}

/** Stamps the payment with the transaction's now(), the journal's own time, so reports find both on the same day. */
export async function markApproved(tx: DbOrTx, id: number, paid: { walletId: number | null; journalId: number }, staffId: number | null): Promise<void> {
  await tx
    .update(redPackets)
    .set({ status: 'approved', walletId: paid.walletId, journalId: paid.journalId, reviewedBy: staffId, reviewedAt: sql`now()` })
    .where(eq(redPackets.id, id));
}

export async function markRejected(tx: DbOrTx, id: number, reason: string, staffId: number): Promise<boolean> {
  const rows = await tx
    .update(redPackets)
    .set({ status: 'rejected', reason, reviewedBy: staffId, reviewedAt: new Date() })
    .where(and(eq(redPackets.id, id), eq(redPackets.status, 'pending')))
    .returning({ id: redPackets.id });
  return rows.length > 0;
}

/** Claimed and remaining packets, amount paid and claims waiting, per round. */
export async function roundCounts(
  db: DbOrTx,
  roundIds: number[],
): Promise<Map<number, { claimed: number; remaining: number; paidMinor: bigint; pending: number }>> {
  const out = new Map<number, { claimed: number; remaining: number; paidMinor: bigint; pending: number }>();
  if (!roundIds.length) return out;
  const rows = await db
    .select({
      roundId: redPackets.roundId,
      claimed: sql<string>`count(${redPackets.playerId})`,
      remaining: sql<string>`count(*) filter (where ${redPackets.playerId} is null)`,
      paid: sql<string>`coalesce(sum(${redPackets.amountMinor}) filter (where ${redPackets.status} = 'approved'), 0)`,
      pending: sql<string>`count(*) filter (where ${redPackets.status} = 'pending')`,
    })
    .from(redPackets)
    .where(sql`${redPackets.roundId} in ${roundIds}`)
    .groupBy(redPackets.roundId);
  for (const r of rows)
    out.set(Number(r.roundId), { claimed: Number(r.claimed), remaining: Number(r.remaining), paidMinor: BigInt(r.paid), pending: Number(r.pending) });
  return out;
}

export async function listRounds(db: DbOrTx, limit: number, offset: number): Promise<{ rows: RoundRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(redPacketRounds).orderBy(desc(redPacketRounds.startsAt), desc(redPacketRounds.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(redPacketRounds),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function listClaims(db: DbOrTx, filter: { status?: string; roundId?: number }, limit: number, offset: number) {
  const conds: SQL[] = [sql`${redPackets.playerId} is not null`];
  if (filter.status) conds.push(eq(redPackets.status, filter.status));
  if (filter.roundId) conds.push(eq(redPackets.roundId, filter.roundId));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ packet: redPackets, account: accountNameOf(redPackets.playerId), title: redPacketRounds.title })
      .from(redPackets)
      .innerJoin(redPacketRounds, eq(redPacketRounds.id, redPackets.roundId))
      .where(where)
      .orderBy(filter.status === 'pending' ? asc(redPackets.claimedAt) : desc(redPackets.claimedAt), desc(redPackets.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(redPackets).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Marks rounds that opened since the last tick; each is returned once (the transition is recorded). */
export async function markOpened(db: DbOrTx): Promise<number[]> {
  const res = await db.execute<{ id: string | number }>(sql`
    update red_packet_rounds set opened_at = now()
    where status = 'scheduled' and opened_at is null and closed_at is null and starts_at <= now() and ends_at > now()
    returning id`);
  return res.rows.map((r) => Number(r.id));
}

/** Marks rounds that ended, ran out or were cancelled since they opened; each is returned once. */
export async function markClosed(db: DbOrTx): Promise<number[]> {
  const res = await db.execute<{ id: string | number }>(sql`
    update red_packet_rounds r set closed_at = now()
    where r.closed_at is null and r.opened_at is not null
      and (r.ends_at <= now() or r.status <> 'scheduled'
        or not exists (select 1 from red_packets p where p.round_id = r.id and p.player_id is null))
    returning id`);
  return res.rows.map((r) => Number(r.id));
}

export interface RoundPaid {
  roundId: number;
  title: string;
  titleEn: string;
  startsAt: Date;
  claims: number;
  players: number;
  amountMinor: bigint;
}

/**
 * The claims paid in [start, end) per round, by the time each was paid (reviewed_at: stamped by now() in the
 * transaction that writes the red_packet journal, so it falls on the journal's day), with each round's titles.
 * A player holds at most one packet per round, so claims and players differ only across rounds.
 */
export async function paidByRound(db: DbOrTx, start: Date, end: Date, limit: number): Promise<RoundPaid[]> {
  const res = await db.execute<{ id: string; title: string; title_en: string; starts_at: string | Date; n: number; players: number; amount: string }>(sql`
    select r.id::text as id, r.title, r.title_en, r.starts_at, g.n, g.players, g.amount
    from (select round_id, count(*)::int as n, count(distinct player_id)::int as players, sum(amount_minor)::text as amount
          from red_packets where status = 'approved' and journal_id is not null
            and reviewed_at >= ${start.toISOString()}::timestamptz and reviewed_at < ${end.toISOString()}::timestamptz
          group by round_id) g
    join red_packet_rounds r on r.id = g.round_id
    order by r.id limit ${limit}`);
  return res.rows.map((r) => ({
    roundId: Number(r.id),
    title: r.title,
    titleEn: r.title_en,
    startsAt: new Date(r.starts_at),
    claims: Number(r.n),
    players: Number(r.players),
    amountMinor: BigInt(r.amount),
  }));
}

/** The activity wallets approved packets paid into, as a sub-select (wallet_id, round_id, title, title_en, starts_at). */
export function walletRounds(): SQL {
  return sql`(select pk.wallet_id, pk.round_id, r.title, r.title_en, r.starts_at
    from red_packets pk join red_packet_rounds r on r.id = pk.round_id where pk.wallet_id is not null)`;
}
