// 第 20 號議題玩家端修正的文字：暫停遊戲在網站自己的對話框中確認，以及暫停或自我排除後以讀者語言回覆的訊息。
import type { siteWordsEn } from './site-words-en.ts';

export const siteWordsZhTW: Record<keyof typeof siteWordsEn, string> = {
  'protection.timeout_confirm': '確定要暫停遊戲 {duration}嗎？暫停結束前無法遊戲或存款。',
  'protection.timeout_started': '已開始暫停遊戲',
  'protection.exclusion_started': '已開始自我排除',
};
