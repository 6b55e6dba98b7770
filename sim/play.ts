// The pages launch and demo links open: the platform's game (sim/games/page.ts) in zh-TW or en, and
// the short messages shown instead when a session is bad, a platform is in maintenance or has no demo.
import type { PlatformDef } from './platforms.ts';
import { esc, pageLang, renderGamePage } from './games/page.ts';

export interface PlayPage {
  platform: PlatformDef;
  /** The game id in the link; 'lobby' or an id the platform lacks opens its default game. */
  game: string;
  lang: string;
  /** Null in demo mode. */
  player: string | null;
  balanceMinor: bigint | null;
}

export function renderPlay(p: PlayPage): string {
  return (
    renderGamePage({ platform: p.platform, requested: p.game, lang: p.lang, player: p.player, balanceMinor: p.balanceMinor }) ??
    renderMessage('expired', p.lang)
  );
}

const MESSAGES = {
  'zh-TW': {
    expired: '遊戲連線無效或已過期，請從網站重新開啟遊戲。',
    maintenance: '此遊戲平台維護中，請稍後再試。',
    'no-demo': '此平台不提供試玩。',
  },
  en: {
    expired: 'This game session is invalid or has expired. Please launch the game again from the site.',
    maintenance: 'This game platform is under maintenance. Please try again later.',
    'no-demo': 'This platform has no demo.',
  },
};

export function renderMessage(status: 'expired' | 'maintenance' | 'no-demo', lang: string): string {
  const l = pageLang(lang);
  return `<!doctype html>
<html lang="${l}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${l === 'en' ? 'Game' : '遊戲'}</title>
<style>body{font-family:system-ui,"Noto Sans TC","Noto Sans CJK TC",sans-serif;background:#0d1420;color:#e8edf5;margin:0;padding:3rem 1.5rem;text-align:center}p{max-width:32rem;margin:0 auto;font-size:1.1rem}</style>
</head><body><p data-message="${status}">${esc(MESSAGES[l][status])}</p></body></html>`;
}
