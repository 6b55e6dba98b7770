// Demo data of the red-packet rain: one round a week ahead, so the back office's rounds list shows how a round
// looks. It is not on now: a live round would rain over every demo page (and over other features' browser tests).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { redPacketRounds } from '../../db/schema.ts';
import { drawPackets } from './service.ts';
import { insertRound } from './repository.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function seedRedPacketDemo(db: Db): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(redPacketRounds);
  if (existing?.n) return;
  const startsAt = new Date(Math.ceil((Date.now() + WEEK_MS) / 3_600_000) * 3_600_000);
  const values = {
    title: '週末紅包雨',
    titleEn: 'Weekend red-packet rain',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    poolMinor: 888_800n,
    packetCount: 200,
    minPacketMinor: 800n,
    maxPacketMinor: 18_800n,
    minLevel: 0,
    lookbackDays: 30,
    minDepositMinor: 10_000n,
    minValidBetMinor: 0n,
    flowMultiple: 1,
    approvalCeilingMinor: 10_000n,
    position: 'right',
    pictureId: null,
    showPageType: 0,
  };
  const amounts = drawPackets(values.poolMinor, values.packetCount, values.minPacketMinor, values.maxPacketMinor);
  await db.transaction((tx) => insertRound(tx, values, amounts));
}
