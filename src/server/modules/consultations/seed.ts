// Demo consultations for the demo player, so `npm start` shows a thread on /member/feedback-list and on the
// desk. Their replies count as read: the demo player's header badge starts at zero like any new player's.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultationMessages, consultations, staff } from '../../db/schema.ts';

export async function seedConsultations(db: Db, playerId: number, operatorUsername: string): Promise<void> {
  const [operator] = await db.select({ id: staff.id }).from(staff).where(eq(staff.username, operatorUsername));
  await db.transaction(async (tx) => {
    const [open] = await tx
      .insert(consultations)
      .values({
        playerId,
        title: '存款未到帳',
        information: '昨晚 22:10 以網銀轉帳 1,000 元，至今尚未入帳，麻煩協助查詢，謝謝。',
        staffUnread: 0,
        assigneeStaffId: operator?.id ?? null,
      })
      .returning({ id: consultations.id });
    await tx.insert(consultationMessages).values({
      consultationId: open!.id,
      author: 'staff',
      staffId: operator?.id ?? null,
      body: '您好，已收到您的回饋，財務正在核對轉帳紀錄，確認後會立即為您入帳。',
    });
    const [ended] = await tx
      .insert(consultations)
      .values({
        playerId,
        title: '如何綁定銀行卡？',
        information: '請問提款前要去哪裡綁定銀行卡？',
        state: 'ended',
        staffUnread: 0,
        endedAt: new Date(),
        assigneeStaffId: operator?.id ?? null,
      })
      .returning({ id: consultations.id });
    await tx.insert(consultationMessages).values({
      consultationId: ended!.id,
      author: 'staff',
      staffId: operator?.id ?? null,
      body: '您好，請至會員中心「個人資料」頁面新增銀行卡，審核通過後即可提款。',
    });
  });
}
