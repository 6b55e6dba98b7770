// Demo messages so the message centre and the popup editor show something after `npm start`: a system
// notice, a platform notice, a personal welcome for the demo player, and a popup that is switched off (a
// popup shown on the home page by default would sit in front of every first visit and of the performance
// checks; operators switch it on in the back office).
import type { DbOrTx } from '../../db/client.ts';
import { messageRecipients, messages, popups } from '../../db/schema.ts';
import { POPUP_DEFAULTS } from '../../../shared/schemas/messages.ts';
import { POPUP_STATUS } from '../../../shared/statuses.ts';

export async function seedDemoMessages(db: DbOrTx, demoPlayerId: number | undefined): Promise<void> {
  await db.insert(messages).values([
    {
      kind: 'system',
      title: '系統維護公告',
      titleEn: 'Scheduled maintenance',
      body: '<p>本站將於週三 04:00 至 06:00（GMT+8）進行例行維護，造成不便敬請見諒。</p>',
      bodyEn: '<p>The site will be under routine maintenance on Wednesday from 04:00 to 06:00 (GMT+8). Sorry for any inconvenience.</p>',
    },
    {
      kind: 'platform',
      platformCode: 'SLX',
      title: 'SLX 電子新遊戲上線',
      titleEn: 'New SLX slot games',
      body: '<p>SLX 本週推出三款全新電子遊戲，歡迎體驗！</p>',
      bodyEn: '<p>SLX launches three new slot games this week. Enjoy!</p>',
    },
  ]);
  if (demoPlayerId) {
    const [welcome] = await db
      .insert(messages)
      .values({
        kind: 'personal',
        title: '歡迎加入幸運港',
        titleEn: 'Welcome to Lucky Harbour',
        recipientCount: 1,
        segment: { type: 'accounts', count: 1 },
        body: '<p>感謝您的加入！如有任何問題，請隨時聯繫24小時線上客服。</p>',
        bodyEn: '<p>Thank you for joining! Our support team is online 24/7 if you need anything.</p>',
      })
      .returning({ id: messages.id });
    await db.insert(messageRecipients).values({ messageId: welcome!.id, playerId: demoPlayerId });
  }
  await db.insert(popups).values({
    status: POPUP_STATUS.off,
    sort: 1,
    title: '首存優惠',
    titleEn: 'First deposit offer',
    settings: { ...POPUP_DEFAULTS, page_2_frame_type: 2, page_3_redirect: '/member/deposit' },
    htmlCode: '<p>首次存款即享 <strong>100%</strong> 紅利，最高 1,000 元！</p>',
    htmlCodeEn: '<p>Get a <strong>100%</strong> bonus on your first deposit, up to 1,000!</p>',
  });
}
