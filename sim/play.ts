// The pages launch and demo links open. For now a placeholder naming platform, game and player;
// the games issue replaces the body with playable games.
import type { PlatformDef } from './platforms.ts';

export interface PlayPage {
  platform: PlatformDef;
  game: string;
  lang: string;
  /** Null in demo mode. */
  player: string | null;
  balanceMinor: bigint | null;
}

export function renderPlay(p: PlayPage): string {
  const who = p.player === null ? 'Demo (free play)' : `Player ${esc(p.player)}`;
  const balance = p.balanceMinor === null ? '' : `<p>Provider wallet: <b data-balance-minor="${p.balanceMinor}">${formatMinor(p.balanceMinor)}</b></p>`;
  return page(`${p.platform.name} · ${p.game}`, p.lang, `
<h1>${esc(p.platform.name)} <small>(${esc(p.platform.code)}, ${esc(p.platform.group)})</small></h1>
<p>Game: <b data-game>${esc(p.game)}</b></p>
<p data-mode="${p.player === null ? 'demo' : 'real'}">${who}</p>
${balance}
<p class="note">Stand-in provider: games arrive in a later version.</p>`);
}

export function renderMessage(status: 'expired' | 'maintenance' | 'no-demo', lang: string): string {
  const text = {
    expired: 'This game session is invalid or has expired. Please launch the game again from the site.',
    maintenance: 'This game platform is under maintenance. Please try again later.',
    'no-demo': 'This platform has no demo.',
  }[status];
  return page('Game', lang, `<p data-message="${status}">${esc(text)}</p>`);
}

function page(title: string, lang: string, body: string): string {
  return `<!doctype html>
<html lang="${esc(lang || 'en')}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#111;color:#eee;margin:0;padding:2rem}small{color:#999}.note{color:#888;font-size:.9em}</style>
</head><body>${body}</body></html>`;
}

function formatMinor(v: bigint): string {
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(3, '0');
  const whole = s.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${whole}.${s.slice(-2)}`;
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
