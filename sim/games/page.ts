// The play page a launch or demo link opens: one HTML page per game, in zh-TW or en, with inline CSS,
// the game's static markup and a boot JSON; /play-assets/client.js makes it live through /play-api.
// Stable data-testid selectors are listed in sim/README.md ("Play pages").
import type { PlatformDef } from '../platforms.ts';
import { DEMO_START_MINOR, formatMinor } from './book.ts';
import { resolveGame } from './catalog.ts';
import { FISH } from './ocean-hunt.ts';
import { PAYS, SYMBOLS, gridFor } from './lucky7.ts';
import { TEAMS as FOOTBALL_TEAMS } from './football.ts';
import { TEAMS as MOBA_TEAMS } from './moba-cup.ts';
import type { Game, Lang } from './types.ts';

export interface GamePage {
  platform: PlatformDef;
  /** The game id in the link (what the session is bound to); may be 'lobby' or unknown. */
  requested: string;
  lang: string;
  /** Null in demo mode. */
  player: string | null;
  balanceMinor: bigint | null;
}

/** zh-TW unless the link asks for English (or another language: English is the fallback). */
export function pageLang(lang: string): Lang {
  return lang === '' || /^zh/i.test(lang) ? 'zh-TW' : 'en';
}

const STRINGS = {
  'zh-TW': {
    wallet: '遊戲錢包',
    playMoney: '試玩點數',
    player: '玩家',
    demo: '試玩模式（Demo）：使用虛擬點數，不會動用真實錢包，也不計入注單。',
    stake: '押注金額',
    min: '最低',
    max: '最高',
    half: '½',
    double: '×2',
    rtp: '返還率（RTP）',
    rules: '玩法說明',
    myBets: '我的注單',
    noBets: '尚無注單',
    spin: '旋轉',
    shoot: '開砲',
    target: '目標',
    paytable: '賠率表',
    line: '條連線',
    lines: '條連線',
    perLine: '倍數（每線押注）',
    threeOf: '3 個相同',
    win: '贏得',
    noWin: '未中獎',
    caught: '捕獲',
    missed: '未捕獲',
    open: '待開獎',
    settled: '已結算',
    void: '已取消',
    round: '局號',
    draw: '期號',
    closesIn: '停止下注倒數',
    dealing: '開牌中…',
    drawing: '開獎中…',
    nextIn: '下一局倒數',
    nextDraw: '下一期倒數',
    kickoffIn: '開賽倒數',
    startsIn: '開打倒數',
    live: '比賽進行中，結果倒數',
    finished: '完場',
    placed: '下注成功，等待結果',
    pickHint: '選 1–3 個號碼，全部開出即中獎',
    betPick: '投注選號',
    clear: '清除',
    lastDraw: '最新開獎',
    sum: '總和',
    odds: '賠率',
    payout: '派彩',
    loading: '載入中…',
    resetDemo: '重設試玩點數',
    wins: '勝',
    lastHand: '上一局',
    road: '路單',
    history: '近期開獎',
    vs: '對',
    upcoming: '即將開賽',
    yourBets: '您的下注',
    dragonCard: '龍',
    tigerCard: '虎',
    matches: '賽事',
    total: '點',
    betLimit: '限額',
    seconds: '秒',
    stakeOn: '押注',
    errors: {
      INSUFFICIENT_FUNDS: '遊戲錢包餘額不足，請先從網站轉入額度。',
      INVALID_STAKE: '押注金額不符合限額。',
      BETTING_CLOSED: '本局／本場已停止下注。',
      SESSION_EXPIRED: '遊戲連線已失效，請從網站重新開啟遊戲。',
      MAINTENANCE: '遊戲平台維護中，請稍後再試。',
      INVALID_OPTION: '無效的投注選項。',
      UNKNOWN_EVENT: '找不到這一局或這場賽事。',
      NETWORK: '連線失敗，請稍後再試。',
      BAD_STAKE_FORMAT: '請輸入金額，最多兩位小數。',
      STAKE_STEP: '押注金額須為 {step} 的倍數。',
    },
  },
  en: {
    wallet: 'Game wallet',
    playMoney: 'Play money',
    player: 'Player',
    demo: 'Demo (free play): play money only. Your real wallet is not touched and nothing is recorded as a bet.',
    stake: 'Stake',
    min: 'Min',
    max: 'Max',
    half: '½',
    double: '×2',
    rtp: 'Return to player (RTP)',
    rules: 'How to play',
    myBets: 'My bets',
    noBets: 'No bets yet',
    spin: 'Spin',
    shoot: 'Fire',
    target: 'Target',
    paytable: 'Paytable',
    line: 'line',
    lines: 'lines',
    perLine: '× line bet',
    threeOf: 'Three of a kind',
    win: 'Win',
    noWin: 'No win',
    caught: 'Caught',
    missed: 'Missed',
    open: 'Open',
    settled: 'Settled',
    void: 'Void',
    round: 'Round',
    draw: 'Draw',
    closesIn: 'Betting closes in',
    dealing: 'Dealing…',
    drawing: 'Drawing…',
    nextIn: 'Next round in',
    nextDraw: 'Next draw in',
    kickoffIn: 'Kick-off in',
    startsIn: 'Starts in',
    live: 'In play · result in',
    finished: 'Full time',
    placed: 'Bet placed, waiting for the result',
    pickHint: 'Pick 1–3 numbers; all must be drawn',
    betPick: 'Bet on my numbers',
    clear: 'Clear',
    lastDraw: 'Latest draw',
    sum: 'Sum',
    odds: 'Odds',
    payout: 'Payout',
    loading: 'Loading…',
    resetDemo: 'Reset play money',
    wins: 'wins',
    lastHand: 'Last hand',
    road: 'Results',
    history: 'Recent draws',
    vs: 'vs',
    upcoming: 'Upcoming',
    yourBets: 'Your bets',
    dragonCard: 'Dragon',
    tigerCard: 'Tiger',
    matches: 'Matches',
    total: 'pts',
    betLimit: 'Limits',
    seconds: 's',
    stakeOn: 'Stake on',
    errors: {
      INSUFFICIENT_FUNDS: 'Insufficient balance in this game wallet. Transfer funds into the game from the site first.',
      INVALID_STAKE: 'The stake is outside this game’s limits.',
      BETTING_CLOSED: 'Betting on this round or match is closed.',
      SESSION_EXPIRED: 'This game session has expired. Please launch the game again from the site.',
      MAINTENANCE: 'This game platform is under maintenance. Please try again later.',
      INVALID_OPTION: 'That bet is not available.',
      UNKNOWN_EVENT: 'No such round or match.',
      NETWORK: 'Connection failed. Please try again.',
      BAD_STAKE_FORMAT: 'Enter an amount with at most two decimals.',
      STAKE_STEP: 'The stake must be a multiple of {step}.',
    },
  },
} as const;

export type Strings = (typeof STRINGS)[Lang];

const SYMBOL_GLYPH: Record<string, string> = { seven: '7', bar: 'BAR', star: '★', diamond: '◆', clover: '♣', coin: '●' };

export function renderGamePage(p: GamePage): string | null {
  const game = resolveGame(p.platform.code, p.requested);
  if (!game) return null;
  const lang = pageLang(p.lang);
  const t = STRINGS[lang];
  const demo = p.player === null;
  const balance = p.balanceMinor ?? DEMO_START_MINOR;
  const teams = game.id === 'football' ? FOOTBALL_TEAMS : game.id === 'moba-cup' ? MOBA_TEAMS : [];
  const boot = {
    code: p.platform.code,
    game: p.requested,
    gameId: game.id,
    kind: game.kind,
    type: game.type,
    lang,
    mode: demo ? 'demo' : 'real',
    player: p.player,
    balanceMinor: balance.toString(),
    limits: {
      min: game.minStakeMinor.toString(),
      max: game.maxStakeMinor.toString(),
      step: game.stakeStepMinor.toString(),
      def: game.defaultStakeMinor.toString(),
    },
    options: Object.fromEntries(game.options.map((o) => [o.id, o.label[lang]])),
    fish: game.id === 'ocean-hunt' ? Object.fromEntries(FISH.map((f) => [f.id, { name: f.name[lang], multiplier: f.multiplier }])) : undefined,
    glyphs: game.id === 'lucky-7' ? SYMBOL_GLYPH : undefined,
    teams: Object.fromEntries(teams.map((tm) => [tm.id, tm.name[lang]])),
    t,
  };
  const title = `${game.name[lang]} · ${p.platform.name}`;
  const rtpOf = (v: number) => `${(v * 100).toFixed(2)}%`;
  const values = Object.values(game.rtpByOption);
  const rtpText = values.every((v) => v === values[0])
    ? rtpOf(values[0]!)
    : game.options.map((o) => `${o.label[lang]} ${rtpOf(game.rtpByOption[o.id]!)}`).join(' · ');

  const body = `
<header class="top">
  <div class="brand"><span class="plat">${esc(p.platform.name)}</span><h1>${esc(game.name[lang])}</h1></div>
  <div class="wallet"><span class="lbl">${demo ? t.playMoney : t.wallet}</span>
    <b data-testid="balance" data-balance-minor="${balance}">${formatMoney(balance)}</b></div>
</header>
<div class="mode ${demo ? 'is-demo' : ''}" data-testid="mode" data-mode="${demo ? 'demo' : 'real'}" data-game="${esc(p.requested)}">${
    demo
      ? `<span class="badge">Demo</span> ${esc(t.demo)} <button type="button" class="link" data-testid="demo-reset">${t.resetDemo}</button>`
      : `${t.player} <b>${esc(p.player!)}</b>`
  }</div>
<main class="layout">
  <div class="col-main">
    <section class="stage" id="stage">${stage(game, lang, t)}</section>
    <section class="controls">
      <label class="stake"><span>${t.stake}</span>
        <input data-testid="stake" id="stake" inputmode="decimal" autocomplete="off" value="${formatMoney(game.defaultStakeMinor)}"></label>
      <div class="chips">
        <button type="button" data-chip="min">${t.min}</button><button type="button" data-chip="half">${t.half}</button>
        <button type="button" data-chip="double">${t.double}</button><button type="button" data-chip="max">${t.max}</button>
      </div>
      <p class="limits">${t.betLimit}: ${formatMoney(game.minStakeMinor)} – ${formatMoney(game.maxStakeMinor)}</p>
      ${actions(game, lang, t)}
    </section>
    <div class="msg" data-testid="message" role="alert" aria-live="assertive"></div>
    <div class="result" data-testid="result" aria-live="polite"></div>
  </div>
  <aside class="col-side">
    <section class="panel"><h2>${t.myBets}</h2><ol class="bets" data-testid="my-bets"><li class="empty">${t.noBets}</li></ol></section>
    <section class="panel info">
      <p class="rtp" data-testid="rtp"><span>${t.rtp}</span> <b>${esc(rtpText)}</b></p>
      <h2>${t.rules}</h2><p>${esc(game.rules[lang])}</p>${paytable(game, lang, t)}
    </section>
  </aside>
</main>
<script type="application/json" id="boot">${JSON.stringify(boot).replace(/</g, '\\u003c')}</script>
<script src="/play-assets/client.js" defer></script>`;
  return document(title, lang, body, game.id);
}

function stage(game: Game, lang: Lang, t: Strings): string {
  switch (game.id) {
    case 'lucky-7': {
      const grid = gridFor([3, 9, 14]);
      const cells = grid
        .flatMap((row, r) => row.map((s, c) => `<div class="cell sym-${s}" data-row="${r}" data-reel="${c}">${SYMBOL_GLYPH[s]}</div>`))
        .join('');
      return `<div class="reels" data-testid="reels">${cells}</div>`;
    }
    case 'ocean-hunt':
      return `<div class="ocean" role="radiogroup" aria-label="${t.target}">${FISH.map(
        (f, i) => `
        <button type="button" class="fish" role="radio" aria-checked="${i === 0}" data-testid="target-${f.id}" data-fish="${f.id}" style="--c:${f.color}">
          <span class="body"></span><span class="name">${esc(f.name[lang])}</span><span class="mult">×${f.multiplier}</span></button>`,
      ).join('')}
        </div>`;
    case 'dragon-tiger':
      return `<div class="duel"><div class="side dragon"><h3>${t.dragonCard}</h3><div class="slot" data-testid="card-dragon"><span class="card back"></span></div></div>
        <div class="vs">VS</div><div class="side tiger"><h3>${t.tigerCard}</h3><div class="slot" data-testid="card-tiger"><span class="card back"></span></div></div></div>`;
    case 'baccarat':
      return `<div class="clock"><span>${t.round} <b data-testid="round">—</b></span><span class="countdown" data-testid="countdown">${t.loading}</span></div>
        <p class="caption">${t.lastHand} <b data-testid="last-round"></b></p>
        <div class="hands"><div class="hand player"><h3>${game.options[0]!.label[lang]} <b class="tot" data-testid="player-total"></b></h3><div class="cards" data-testid="player-cards"></div></div>
        <div class="hand banker"><h3>${game.options[2]!.label[lang]} <b class="tot" data-testid="banker-total"></b></h3><div class="cards" data-testid="banker-cards"></div></div></div>
        <div class="road-wrap"><span>${t.road}</span><div class="road" data-testid="road"></div></div>`;
    case 'lucky-5':
      return `<div class="clock"><span>${t.draw} <b data-testid="round">—</b></span><span class="countdown" data-testid="countdown">${t.loading}</span></div>
        <div class="lastdraw"><span>${t.lastDraw} <b data-testid="last-draw-id"></b></span><div class="balls" data-testid="last-draw"></div></div>
        <ol class="history" data-testid="history"></ol>`;
    case 'football':
    case 'moba-cup':
      return `<h2 class="sub">${t.matches}</h2><ul class="matches" data-testid="matches"><li class="empty">${t.loading}</li></ul>`;
    default:
      return '';
  }
}

function actions(game: Game, lang: Lang, t: Strings): string {
  switch (game.id) {
    case 'lucky-7':
      return `<button type="button" class="primary big" data-testid="spin">${t.spin}</button>`;
    case 'ocean-hunt':
      return `<button type="button" class="primary big" data-testid="shoot">${t.shoot}</button>`;
    case 'dragon-tiger':
    case 'baccarat':
      return `<div class="bet-row">${game.options
        .map(
          (o) => `<button type="button" class="betbtn opt-${o.id}" data-testid="bet-${o.id}" data-option="${o.id}"${game.kind === 'timed' ? ' disabled' : ''}>
        <b>${esc(o.label[lang])}</b><small>${esc(o.pays)}</small><em class="mine" data-mine="${o.id}"></em></button>`,
        )
        .join('')}</div>`;
    case 'lucky-5': {
      const label = (id: string) => game.options.find((o) => o.id === id)!.label[lang];
      const nums = Array.from(
        { length: 20 },
        (_, i) => `<button type="button" class="num" data-testid="pick-${i + 1}" data-num="${i + 1}" aria-pressed="false">${i + 1}</button>`,
      ).join('');
      return `<div class="bet-row"><button type="button" class="betbtn opt-big" data-testid="bet-big" data-option="big" disabled><b>${label('big')}</b><small>×1.92 · ${t.sum} ≥ 53</small></button>
        <button type="button" class="betbtn opt-small" data-testid="bet-small" data-option="small" disabled><b>${label('small')}</b><small>×1.92 · ${t.sum} ≤ 52</small></button></div>
        <p class="hint">${t.pickHint}</p><div class="numgrid">${nums}</div>
        <div class="pickrow"><button type="button" class="primary" data-testid="bet-pick" disabled>${t.betPick}</button><button type="button" data-testid="pick-clear">${t.clear}</button></div>`;
    }
    default:
      return '';
  }
}

function paytable(game: Game, lang: Lang, t: Strings): string {
  if (game.id === 'lucky-7') {
    return `<h2>${t.paytable}</h2><table class="pays"><tr><th>${t.threeOf}</th><th>${t.perLine}</th></tr>${SYMBOLS.map(
      (s) => `<tr><td><span class="sym sym-${s}">${SYMBOL_GLYPH[s]} ${SYMBOL_GLYPH[s]} ${SYMBOL_GLYPH[s]}</span></td><td>${PAYS[s]}</td></tr>`,
    ).join('')}</table>`;
  }
  if (game.id === 'ocean-hunt') {
    return `<h2>${t.paytable}</h2><table class="pays">${FISH.map((f) => `<tr><td>${esc(f.name[lang])}</td><td>×${f.multiplier}</td></tr>`).join('')}</table>`;
  }
  if (game.options.some((o) => o.pays)) {
    return `<h2>${t.paytable}</h2><table class="pays">${game.options.map((o) => `<tr><td>${esc(o.label[lang])}</td><td>${esc(o.pays)}</td></tr>`).join('')}</table>`;
  }
  return '';
}

export function formatMoney(v: bigint): string {
  const [whole, frac] = formatMinor(v).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function document(title: string, lang: Lang, body: string, gameId: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head><body class="game-${esc(gameId)}">${body}</body></html>`;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI","Noto Sans TC","Noto Sans CJK TC","PingFang TC","Microsoft JhengHei",sans-serif;background:#0d1420;color:#e8edf5;line-height:1.4}
button{font:inherit;color:inherit;cursor:pointer}
button:disabled{cursor:not-allowed;opacity:.45}
h1,h2,h3{margin:0}
.top{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 1.25rem;background:#131d2d;border-bottom:1px solid #23314a}
.brand .plat{display:block;font-size:.75rem;color:#8da2c0;text-transform:uppercase;letter-spacing:.08em}
.brand h1{font-size:1.3rem}
.wallet{text-align:right}
.wallet .lbl{display:block;font-size:.75rem;color:#8da2c0}
.wallet b{font-size:1.35rem;color:#ffd566;font-variant-numeric:tabular-nums}
.mode{padding:.45rem 1.25rem;font-size:.85rem;color:#a9b8cf;background:#101826}
.mode.is-demo{background:#2a2110;color:#f3d9a4}
.badge{display:inline-block;background:#f0b429;color:#221a00;font-weight:700;border-radius:4px;padding:0 .4rem;margin-right:.25rem}
.link{background:none;border:0;color:#8cc4ff;text-decoration:underline;padding:0;margin-left:.5rem}
.layout{display:grid;grid-template-columns:minmax(0,1fr) 320px;gap:1.25rem;max-width:1100px;margin:0 auto;padding:1.25rem}
@media (max-width:860px){.layout{grid-template-columns:minmax(0,1fr);padding:.75rem;gap:.75rem}.top{padding:.6rem .75rem}.mode{padding:.45rem .75rem}}
.stage,.controls,.panel{background:#152033;border:1px solid #22314b;border-radius:12px;padding:1rem}
.controls{margin-top:1rem}
.panel+.panel{margin-top:1rem}
.panel h2{font-size:1rem;margin-bottom:.5rem}
.info p{color:#b6c3d8;font-size:.9rem;margin:.25rem 0 .75rem}
.rtp b{color:#7ee2a8}
.stake{display:flex;align-items:center;gap:.75rem;font-weight:600}
.stake input{flex:1;min-width:0;font:inherit;font-size:1.2rem;padding:.55rem .7rem;border-radius:8px;border:1px solid #344866;background:#0d1420;color:#fff;font-variant-numeric:tabular-nums}
.chips{display:flex;gap:.5rem;margin:.6rem 0 .25rem}
.chips button{flex:1;padding:.4rem 0;border-radius:8px;border:1px solid #344866;background:#1b2940}
.limits{font-size:.8rem;color:#8da2c0;margin:.25rem 0 .75rem}
.primary{background:linear-gradient(#ffcf4d,#f0a020);color:#2a1800;border:0;border-radius:10px;padding:.6rem 1.2rem;font-weight:800}
.big{display:block;width:100%;font-size:1.35rem;padding:.8rem}
.msg{min-height:1.4em;margin:.75rem 0 0;color:#ff8f8f;font-weight:600}
.msg.ok{color:#9fd3ff}
.result{min-height:1.6em;margin:.25rem 0;font-size:1.1rem;font-weight:700}
.result.won{color:#7ee2a8}.result.lost{color:#c3cad6}
.bets{list-style:none;margin:0;padding:0;max-height:420px;overflow:auto}
.bets li{display:grid;grid-template-columns:1fr auto;gap:.1rem .5rem;padding:.45rem 0;border-bottom:1px solid #22314b;font-size:.85rem}
.bets li.empty{display:block;color:#7d8ca4}
.bets .what{color:#dbe4f3}.bets .amt{text-align:right;font-variant-numeric:tabular-nums}
.bets .out{grid-column:1/3;color:#8da2c0;font-size:.8rem}
.bets .st-open .amt{color:#f3d9a4}.bets .won{color:#7ee2a8}
table.pays{width:100%;border-collapse:collapse;font-size:.85rem}
table.pays td,table.pays th{padding:.25rem .4rem;border-bottom:1px solid #22314b;text-align:left}
table.pays td:last-child,table.pays th:last-child{text-align:right}
.pays .sym-bar{color:#e8edf5!important;font-size:.8rem!important}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem;max-width:420px;margin:0 auto;padding:.75rem;background:#0b111b;border-radius:12px;border:2px solid #ffcf4d33}
.cell{aspect-ratio:1.2;display:flex;align-items:center;justify-content:center;background:linear-gradient(#fdfdfd,#dfe4ec);border-radius:8px;font-size:2.3rem;font-weight:900;color:#333;transition:transform .15s}
.cell.hit{outline:3px solid #7ee2a8;transform:scale(1.04)}
.reels.spinning .cell{transform:translateY(4px);opacity:.7}
.sym-seven{color:#e0262b!important}.sym-bar{font-size:1.3rem!important;color:#222!important;letter-spacing:.05em}.sym-star{color:#e3a500!important}
.sym-diamond{color:#1a9fd6!important}.sym-clover{color:#1f9d4c!important}.sym-coin{color:#d49b00!important}
.sym{font-weight:800}
.ocean{display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));gap:.6rem;padding:.75rem;border-radius:12px;background:radial-gradient(circle at 30% 20%,#1d6fa8,#0b2f55 70%)}
.fish{display:flex;flex-direction:column;align-items:center;gap:.2rem;padding:.6rem .3rem;border-radius:10px;border:2px solid transparent;background:#ffffff14}
.fish[aria-checked=true]{border-color:#ffd566;background:#ffffff2a}
.fish .body{width:54px;height:30px;border-radius:50%;background:var(--c);position:relative;animation:swim 2.4s ease-in-out infinite}
.fish .body::after{content:"";position:absolute;right:-14px;top:5px;border-left:16px solid var(--c);border-top:10px solid transparent;border-bottom:10px solid transparent}
.fish .body::before{content:"";position:absolute;left:10px;top:9px;width:6px;height:6px;border-radius:50%;background:#102}
.fish .name{font-size:.85rem}.fish .mult{font-weight:800;color:#ffd566}
.fish.hit .body{animation:none;transform:scale(1.3);filter:brightness(1.5)}
@keyframes swim{50%{transform:translateX(6px)}}
.duel{display:flex;align-items:center;justify-content:center;gap:1.5rem;padding:1rem}
.side{text-align:center}.side h3{margin-bottom:.5rem}.dragon h3{color:#ff7a6b}.tiger h3{color:#ffc94d}
.vs{font-weight:900;color:#8da2c0}
.card{display:inline-flex;align-items:center;justify-content:center;width:3.2rem;height:4.4rem;border-radius:6px;background:#fff;color:#111;font-weight:800;font-size:1.25rem;margin:0 .15rem;box-shadow:0 2px 4px #0008}
.card.red{color:#d01c1c}
.card.back{background:repeating-linear-gradient(45deg,#2b4a8a,#2b4a8a 6px,#24407a 6px,#24407a 12px)}
.bet-row{display:flex;gap:.6rem}
.betbtn{flex:1;display:flex;flex-direction:column;align-items:center;padding:.8rem .3rem;border-radius:12px;border:2px solid #344866;background:#1b2940;min-height:5rem}
.betbtn b{font-size:1.3rem}.betbtn small{color:#a9b8cf}
.betbtn .mine{font-style:normal;font-size:.8rem;color:#ffd566;min-height:1em}
.opt-player,.opt-tiger,.opt-small{border-color:#3d7fff}.opt-banker,.opt-dragon,.opt-big{border-color:#e0453a}.opt-tie{border-color:#2fb36b}
.clock{display:flex;justify-content:space-between;align-items:center;gap:.5rem;margin-bottom:.75rem;font-size:.95rem}
.countdown{font-weight:700;color:#ffd566;font-variant-numeric:tabular-nums}
.hands{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.hand{background:#0f1826;border-radius:10px;padding:.6rem;text-align:center;min-height:7rem}
.hand h3{font-size:1rem;margin-bottom:.4rem}.player h3{color:#7fb0ff}.banker h3{color:#ff8b80}
.hand .card{width:2.6rem;height:3.6rem;font-size:1.05rem}
.hand.win{outline:2px solid #ffd566}
.road-wrap{display:flex;align-items:center;gap:.5rem;margin-top:.75rem;font-size:.8rem;color:#8da2c0}
.road-wrap>span{white-space:nowrap}
.road{display:flex;gap:.25rem;flex-wrap:wrap}
@media (max-width:520px){.hand .card{width:2.1rem;height:3rem;font-size:.9rem;margin:0 .1rem}.hand{padding:.5rem .3rem}}
.dot{width:1.5rem;height:1.5rem;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;font-size:.7rem;font-weight:800;color:#fff}
.dot.player{background:#3d7fff}.dot.banker{background:#e0453a}.dot.tie{background:#2fb36b}
.lastdraw{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem}
.balls{display:flex;gap:.35rem}
.ball{width:2.3rem;height:2.3rem;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;background:radial-gradient(circle at 35% 30%,#fff,#ffd566 40%,#d68a00);color:#2a1800;font-weight:800}
.ball.sm{width:1.6rem;height:1.6rem;font-size:.75rem}
.history{list-style:none;padding:0;margin:.75rem 0 0;font-size:.8rem;color:#a9b8cf}
.history li{display:flex;align-items:center;gap:.5rem;padding:.2rem 0}
.history li .balls{gap:.2rem}
.hint{font-size:.85rem;color:#a9b8cf;margin:.75rem 0 .4rem}
.numgrid{display:grid;grid-template-columns:repeat(10,1fr);gap:.35rem}
@media (max-width:520px){.numgrid{grid-template-columns:repeat(5,1fr)}}
.num{padding:.45rem 0;border-radius:8px;border:1px solid #344866;background:#1b2940;font-weight:700}
.num[aria-pressed=true]{background:#ffd566;color:#2a1800;border-color:#ffd566}
.pickrow{display:flex;gap:.5rem;margin-top:.6rem}
.pickrow button:last-child{border-radius:10px;border:1px solid #344866;background:#1b2940;padding:.5rem 1rem}
.sub{font-size:1rem;margin-bottom:.5rem}
.matches{list-style:none;margin:0;padding:0}
.match{padding:.7rem 0;border-bottom:1px solid #22314b}
.match .teams{display:grid;grid-template-columns:1fr auto 1fr;gap:.6rem;font-weight:700}
.match .teams span:first-child{text-align:right}.match .vsx{color:#8da2c0;font-weight:400}
.match .when{text-align:center}
.game-football .col-main,.game-moba-cup .col-main{display:flex;flex-direction:column}
.game-football .controls,.game-moba-cup .controls{order:-1;margin:0 0 1rem}
.caption{margin:0 0 .4rem;font-size:.8rem;color:#8da2c0}
.match .when{font-size:.8rem;color:#8da2c0;margin:.15rem 0 .45rem}
.match .when b{color:#ffd566}
.match .odds{display:flex;gap:.45rem}
.match .odds button{flex:1;display:flex;justify-content:space-between;align-items:center;gap:.3rem;padding:.45rem .6rem;border-radius:8px;border:1px solid #344866;background:#1b2940;min-width:0}
.match .odds button b{color:#ffd566}
.match .odds button span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
@media (max-width:520px){.match .odds button{flex-direction:column;gap:0;padding:.35rem .2rem}.match .odds button span{font-size:.8rem;color:#a9b8cf}}
.match .score{font-size:1.1rem;font-weight:800;color:#7ee2a8}
.match .mine{font-size:.8rem;color:#ffd566;margin-top:.3rem}
.match.live .when{color:#ff9f6b}
.empty{color:#7d8ca4}
`;
