// What the VIP domain may know and record of bets for its points, asked through this file rather than by
// reading bet_records: the records whose points are behind their latest version, and marking the points a
// record's version has earned, written in the VIP's transaction with the points' own ledger entry.
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { betRecords } from '../../db/schema.ts';

/** Records whose points lag their version, oldest first, at most `limit`. */
export async function pointsDue(db: DbOrTx, limit: number) {
  return db
    .select({
      id: betRecords.id,
      playerId: betRecords.playerId,
      gameType: betRecords.gameType,
      validBetMinor: betRecords.validBetMinor,
      status: betRecords.status,
      version: betRecords.version,
      pointsNet: betRecords.pointsNet,
    })
    .from(betRecords)
    .where(sql`${betRecords.pointsVersion} < ${betRecords.version}`)
    .orderBy(asc(betRecords.id))
    .limit(limit);
}

/** Records that the record's points are now those of `version`, with `pointsNet` earned over all its versions. */
export async function markPoints(tx: DbOrTx, id: number, version: number, pointsNet: bigint): Promise<void> {
  await tx.update(betRecords).set({ pointsVersion: version, pointsNet }).where(eq(betRecords.id, id));
}

/**
 * Records many records' points as those of their versions, unchanged in amount (versions that earned nothing more,
 * such as an open round's): one statement instead of a transaction each. The rows are locked in id order, as every
 * batch takes them, and a mark older than the one stored changes nothing.
 */
export async function markPointsUnchanged(db: DbOrTx, marks: ReadonlyArray<{ id: number; version: number; pointsNet: bigint }>): Promise<void> {
  if (!marks.length) return;
  const ids = `{${marks.map((m) => m.id).join(',')}}`;
  const versions = `{${marks.map((m) => m.version).join(',')}}`;
  const nets = `{${marks.map((m) => m.pointsNet.toString()).join(',')}}`;
  await db.execute(sql`with marks as (select * from unnest(${ids}::bigint[], ${versions}::int[], ${nets}::bigint[]) as m(id, version, net)),
    locked as (select b.id from bet_records b join marks m on m.id = b.id order by b.id for update of b)
    update bet_records b set points_version = m.version, points_net = m.net from marks m, locked l
    where b.id = m.id and l.id = b.id and b.points_version < m.version`);
}
