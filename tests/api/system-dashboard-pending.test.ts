// The dashboard's pending work counts every desk's queue, each answered by the domain that owns it: promotion
// applications to review, red-packet claims awaiting review, open consultations, chats waiting for an agent, gift
// orders to ship and adjustments waiting for a second staff member. Rows are put straight into each queue; what is
// not waiting (a bare opt-in, a paid claim, an ended thread, a taken chat, a shipped order) is not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import {
  balanceAdjustments,
  chatConversations,
  consultations,
  exchangeOrders,
  gifts,
  promotionGrants,
  promotions,
  redPacketRounds,
  redPackets,
} from '../../src/server/db/schema.ts';

let t: TestApp;
let admin: { id: number; token: string };
let service: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'dashadmin', 'admin');
  service = await signedInStaff(t, 'dashsvc', 'service');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const pending = async (token = admin.token) => {
  const res = await t.app.inject({ url: '/api/backoffice/overview', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.pending as Record<string, number>;
};

describe('dashboard pending work', () => {
  it('starts at zero for every queue', async () => {
    expect(await pending()).toEqual({
      deposits: 0,
      withdrawals: 0,
      cards: 0,
      findings: 0,
      adjustments: 0,
      applications: 0,
      red_packets: 0,
      consultations: 0,
      chats: 0,
      gift_orders: 0,
      kyc_documents: 0,
    });
  });

  it('counts each queue, and only what waits', async () => {
    const db = t.database.db;
    const [a, b, c] = [await seedPlayer(t), await seedPlayer(t), await seedPlayer(t)];
    const [promo] = await db.insert(promotions).values({ mode: 1, title: '首存', titleEn: 'First deposit', rewardKind: 'fixed' }).returning();
    await db.insert(promotionGrants).values([
      { promotionId: promo!.id, playerId: a.playerId, mode: 1, period: 'deposit:1', status: 'applying', amountMinor: 10_000n },
      { promotionId: promo!.id, playerId: b.playerId, mode: 1, period: 'deposit:2', status: 'applying', amountMinor: 5_000n },
      // A bare opt-in waits for its deposit, not for an operator.
      { promotionId: promo!.id, playerId: c.playerId, mode: 1, period: '', status: 'applying', amountMinor: 0n },
      { promotionId: promo!.id, playerId: c.playerId, mode: 1, period: 'deposit:3', status: 'success', amountMinor: 5_000n },
    ]);
    const now = Date.now();
    const [round] = await db
      .insert(redPacketRounds)
      .values({
        title: '紅包雨',
        titleEn: 'Rain',
        startsAt: new Date(now - 60_000),
        endsAt: new Date(now + 60_000),
        poolMinor: 30_000n,
        packetCount: 3,
        minPacketMinor: 10_000n,
        maxPacketMinor: 10_000n,
        approvalCeilingMinor: 5_000n,
      })
      .returning();
    await db.insert(redPackets).values([
      { roundId: round!.id, amountMinor: 10_000n, playerId: a.playerId, claimedAt: new Date(), status: 'pending' },
      { roundId: round!.id, amountMinor: 10_000n, playerId: b.playerId, claimedAt: new Date(), status: 'approved' },
      { roundId: round!.id, amountMinor: 10_000n },
    ]);
    await db.insert(consultations).values([
      { playerId: a.playerId, title: '存款', information: '未到帳', state: 'consulting' },
      { playerId: b.playerId, title: '提款', information: '已解決', state: 'ended' },
    ]);
    await db.insert(chatConversations).values([
      { playerId: a.playerId, state: 'waiting' },
      { playerId: b.playerId, state: 'waiting' },
      { playerId: c.playerId, state: 'active', agentId: service.id },
    ]);
    const [gift] = await db.insert(gifts).values({ name: '耳機', nameEn: 'Headphones', pointsPrice: 100n, stock: 5, kind: 'physical' }).returning();
    const order = { giftId: gift!.id, giftName: '耳機', giftNameEn: 'Headphones', kind: 'physical', pointsPrice: 100n };
    await db.insert(exchangeOrders).values([
      { ...order, playerId: a.playerId, status: 'not_shipped' },
      { ...order, playerId: b.playerId, status: 'not_shipped' },
      { ...order, playerId: c.playerId, status: 'shipped', trackingNo: 'TW123' },
    ]);
    await db.insert(balanceAdjustments).values([
      { playerId: a.playerId, amountMinor: 2_000_000n, reason: 'VIP', requestedBy: admin.id, clientKey: 'k1' },
      { playerId: b.playerId, amountMinor: 2_000_000n, reason: 'VIP', requestedBy: admin.id, clientKey: 'k2', status: 'rejected', decidedBy: service.id },
    ]);

    expect(await pending()).toMatchObject({ applications: 2, red_packets: 1, consultations: 1, chats: 2, gift_orders: 2, adjustments: 1 });
    // Every role that opens the back office sees the same counts.
    expect(await pending(service.token)).toMatchObject({ applications: 2, chats: 2 });
  });
});
