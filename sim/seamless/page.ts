// The seamless games' page: a slot spin button or a live-table bet form, played through the provider, which debits and
// credits the operator's wallet for every bet and win. The balance shown is the operator's central balance.
import type { SeamlessPlatformDef } from './provider.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderSeamlessPage(o: { def: SeamlessPlatformDef | undefined; lang: string }): string {
  const en = o.lang.toLowerCase().startsWith('en');
  const t = (zh: string, e: string) => (en ? e : zh);
  if (!o.def) {
    return `<!doctype html><html lang="${en ? 'en' : 'zh-TW'}"><head><meta charset="utf-8"><title>${t('遊戲', 'Game')}</title></head>
<body><p id="message">${t('遊戲連結已失效，請從大廳重新開啟。', 'This game link has expired; open the game again from the lobby.')}</p></body></html>`;
  }
  const slot = o.def.game === 'lucky-7';
  const controls = slot
    ? `<label>${t('押注', 'Stake')} <select id="stake"><option value="100">1.00</option><option value="500">5.00</option><option value="1000">10.00</option></select></label>
<button id="play" type="button">${t('旋轉', 'Spin')}</button>`
    : `<label>${t('閒', 'Player')} <input id="bet-player" inputmode="numeric" value="0"></label>
<label>${t('莊', 'Banker')} <input id="bet-banker" inputmode="numeric" value="1000"></label>
<label>${t('和', 'Tie')} <input id="bet-tie" inputmode="numeric" value="0"></label>
<button id="play" type="button">${t('發牌', 'Deal')}</button>`;
  return `<!doctype html>
<html lang="${en ? 'en' : 'zh-TW'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(o.def.name)}</title>
<style>body{font-family:system-ui,sans-serif;background:#10182b;color:#f4f6fb;margin:0;padding:16px}main{max-width:420px;margin:auto}
button{font-size:1.1rem;padding:.6rem 1.4rem;margin-top:.8rem}label{display:block;margin:.4rem 0}#balance{font-size:1.4rem}</style></head>
<body><main><h1>${escape(o.def.name)}</h1>
<p>${t('餘額', 'Balance')}: <span id="balance">…</span></p>
${controls}
<p id="result" aria-live="polite"></p></main>
<script type="module">
const q = new URLSearchParams(location.search);
const code = ${JSON.stringify(o.def.code)};
const money = (m) => (Number(m) / 100).toFixed(2);
const post = (path, body) => fetch('/seamless/play/' + code + '/' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const balance = document.getElementById('balance');
const result = document.getElementById('result');
const opened = await post('session', { token: q.get('token'), lang: q.get('lang') || '' });
if (opened.status !== 'ok') { result.textContent = ${JSON.stringify(t('無法開始遊戲：', 'Cannot start: '))} + opened.code; }
else {
  balance.textContent = money(opened.balance);
  document.getElementById('play').addEventListener('click', async () => {
    const body = ${slot ? "{ session: opened.session, stake: document.getElementById('stake').value }" : "{ session: opened.session, bets: Object.fromEntries(['player', 'banker', 'tie'].map((k) => [k, document.getElementById('bet-' + k).value.trim()]).filter(([, v]) => v !== '' && v !== '0')) }"};
    const answer = await post('bet', body);
    if (answer.status === 'ok') { balance.textContent = money(answer.balance); result.textContent = ${JSON.stringify(t('派彩 ', 'Won '))} + money(answer.payoutMinor); }
    else { if (answer.balance) balance.textContent = money(answer.balance); result.textContent = ${JSON.stringify(t('下注未成功：', 'Bet refused: '))} + answer.code; }
  });
}
</script></body></html>`;
}
