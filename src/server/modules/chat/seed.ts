// Demo canned replies so the console of `npm start` has some; operators edit them in the console.
import type { DbOrTx } from '../../db/client.ts';
import { countCanned, insertCanned } from './repository.ts';

export async function seedChatDemo(db: DbOrTx): Promise<void> {
  if ((await countCanned(db)) > 0) return;
  const replies = [
    { title: '問候', body: '您好，很高興為您服務，請問有什麼可以幫您？' },
    { title: '稍候', body: '請稍候，正在為您查詢。' },
    { title: '結束', body: '感謝您的耐心，祝您遊戲愉快！' },
  ];
  for (const [sort, r] of replies.entries()) await insertCanned(db, { ...r, sort, updatedBy: null });
}
