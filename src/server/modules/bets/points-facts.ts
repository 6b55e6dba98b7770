// What the VIP domain may know and record of bets for its points, asked through this file rather than by
// reading bet_records: the records whose points are behind their latest version, and marking the points a
// record's version has earned, written in the VIP's transaction with the points' own ledger entry.
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { betRecords } from '../../db/schema.ts';

/** Records whose points lag their version, oldest first, at most `limit`. */
export async function pointsDue(db: DbOrTx, limit: number) {
  return db.select({
    id: betRecords.id, playerId: betRecords.playerId, gameType: betRecords.gameType, validBetMinor: betRecords.validBetMinor,
    status: betRecords.status, version: betRecords.version, pointsNet: betRecords.pointsNet,
  }).from(betRecords).where(sql`${betRecords.pointsVersion} < ${betRecords.version}`).orderBy(asc(betRecords.id)).limit(limit);
}

/** Records that the record's points are now those of `version`, with `pointsNet` earned over all its versions. */
export async function markPoints(tx: DbOrTx, id: number, version: number, pointsNet: bigint): Promise<void> {
  await tx.update(betRecords).set({ pointsVersion: version, pointsNet }).where(eq(betRecords.id, id));
}
