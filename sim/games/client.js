// The play pages' script (served as /play-assets/client.js, no build step). It reads the page's boot
// JSON, talks to /play-api/:code/:game/* with the launch session (or a demo token kept in
// sessionStorage), and draws balances, outcomes, schedules and the player's bets.
(() => {
  'use strict';
  const boot = JSON.parse(document.getElementById('boot').textContent);
  const t = boot.t;
  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
  const params = new URLSearchParams(location.search);
  const demo = boot.mode === 'demo';

  let demoToken = '';
  if (demo) {
    const key = `sim-demo-${boot.code}`;
    try {
      demoToken = sessionStorage.getItem(key) || '';
    } catch {
      demoToken = '';
    }
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(demoToken)) {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      demoToken = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
      try {
        sessionStorage.setItem(key, demoToken);
      } catch {
        /* private mode: one token per page load */
      }
    }
  }
  const auth = demo ? { 'x-demo': demoToken } : { 'x-session': params.get('session') || '' };

  async function api(path, body) {
    try {
      const res = await fetch(`/play-api/${encodeURIComponent(boot.code)}/${encodeURIComponent(boot.game)}/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
      return await res.json();
    } catch {
      return { status: 'error', code: 'NETWORK' };
    }
  }

  // ---- money ----
  function fmt(minor) {
    let v = BigInt(minor);
    const neg = v < 0n;
    if (neg) v = -v;
    const s = v.toString().padStart(3, '0');
    return `${neg ? '-' : ''}${s.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${s.slice(-2)}`;
  }
  function parseMoney(text) {
    const m = /^\s*(\d{1,13})(?:\.(\d{0,2}))?\s*$/.exec(String(text).replace(/,/g, ''));
    if (!m) return null;
    return (BigInt(m[1]) * 100n + BigInt((m[2] || '').padEnd(2, '0'))).toString();
  }

  const balanceEl = $('[data-testid=balance]');
  const stakeEl = $('[data-testid=stake]');
  const msgEl = $('[data-testid=message]');
  const resultEl = $('[data-testid=result]');
  const betsEl = $('[data-testid=my-bets]');

  function setBalance(minor) {
    balanceEl.textContent = fmt(minor);
    balanceEl.dataset.balanceMinor = String(minor);
  }
  function say(text, ok = false, code = '') {
    msgEl.textContent = text || '';
    msgEl.classList.toggle('ok', ok);
    if (code) msgEl.dataset.code = code;
    else delete msgEl.dataset.code;
  }
  function sayError(answer) {
    const code = answer.code || 'NETWORK';
    let text = t.errors[code] || answer.message || code;
    if (code === 'INVALID_STAKE') text = `${text} (${t.min} ${fmt(boot.limits.min)}, ${t.max} ${fmt(boot.limits.max)})`;
    say(text, false, code);
    if (code === 'SESSION_EXPIRED' || code === 'MAINTENANCE') {
      stopped = true;
      $$('button').forEach((b) => {
        b.disabled = true;
      });
    }
  }
  function showResult(text, won, bet) {
    resultEl.textContent = text;
    resultEl.className = `result ${won ? 'won' : 'lost'}`;
    if (bet) {
      resultEl.dataset.betId = bet.betId;
      resultEl.dataset.payoutMinor = bet.payoutMinor;
    }
  }

  /** The stake in minor units, or null (with a message) if it breaks the game's rules. */
  function stake() {
    const minor = parseMoney(stakeEl.value);
    if (minor === null) {
      say(t.errors.BAD_STAKE_FORMAT, false, 'INVALID_STAKE');
      return null;
    }
    const v = BigInt(minor);
    if (v < BigInt(boot.limits.min) || v > BigInt(boot.limits.max)) {
      sayError({ code: 'INVALID_STAKE' });
      return null;
    }
    if (v % BigInt(boot.limits.step) !== 0n) {
      say(t.errors.STAKE_STEP.replace('{step}', fmt(boot.limits.step)), false, 'INVALID_STAKE');
      return null;
    }
    return minor;
  }
  function clampStake(v) {
    let x = BigInt(v);
    const min = BigInt(boot.limits.min),
      max = BigInt(boot.limits.max),
      step = BigInt(boot.limits.step);
    if (x < min) x = min;
    if (x > max) x = max;
    x -= x % step;
    return x;
  }
  $$('[data-chip]').forEach((b) =>
    b.addEventListener('click', () => {
      const cur = BigInt(parseMoney(stakeEl.value) || boot.limits.def);
      const next = { min: boot.limits.min, max: boot.limits.max, half: cur / 2n, double: cur * 2n }[b.dataset.chip];
      stakeEl.value = fmt(clampStake(next));
    }),
  );

  // ---- cards, balls, labels ----
  const SUIT = { S: '♠', H: '♥', D: '♦', C: '♣' };
  function cardHtml(card) {
    const suit = card.slice(-1);
    return `<span class="card ${suit === 'H' || suit === 'D' ? 'red' : ''}">${card.slice(0, -1)}${SUIT[suit]}</span>`;
  }
  const cardText = (card) => card.slice(0, -1) + SUIT[card.slice(-1)];
  const ballHtml = (n, sm) => `<span class="ball${sm ? ' sm' : ''}">${n}</span>`;
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const label = (opt) => boot.options[opt] || opt;
  const team = (id) => boot.teams[id] || id;
  const lines = (n) => `${n} ${n === 1 ? t.line : t.lines}`;

  function optionText(bet) {
    const d = bet.detail || {};
    switch (boot.gameId) {
      case 'lucky-7':
        return t.spin;
      case 'ocean-hunt':
        return `${boot.fish[d.option] ? boot.fish[d.option].name : d.option} ×${d.multiplier}`;
      case 'lucky-5':
        return `${t.draw} ${String(d.eventId).slice(1)} · ${d.option.startsWith('pick:') ? `${label('pick')} ${d.option.slice(5).replace(/,/g, ', ')}` : label(d.option)} ×${d.odds}`;
      case 'baccarat':
        return `${t.round} ${String(d.eventId).slice(1)} · ${label(d.option)}`;
      case 'football':
      case 'moba-cup':
        return `${team(d.home)} ${t.vs} ${team(d.away)} · ${label(d.option)} @${d.odds}`;
      default:
        return label(d.option);
    }
  }
  function outcomeText(bet) {
    const d = bet.detail || {};
    const o = d.outcome || {};
    switch (boot.gameId) {
      case 'lucky-7':
        return d.wins && d.wins.length ? lines(d.wins.length) : t.noWin;
      case 'ocean-hunt':
        return d.caught ? t.caught : t.missed;
      case 'dragon-tiger':
        return o.dragon ? `${t.dragonCard} ${cardText(o.dragon)} · ${t.tigerCard} ${cardText(o.tiger)} → ${label(o.winner)}` : '';
      case 'baccarat':
        return o.winner ? `${label('player')} ${o.playerTotal} : ${label('banker')} ${o.bankerTotal} → ${label(o.winner)}` : '';
      case 'lucky-5':
        return o.numbers ? `${o.numbers.join(' ')} (${t.sum} ${o.sum})` : '';
      case 'football':
      case 'moba-cup':
        return o.score ? `${o.score} → ${label(o.result)}` : '';
      default:
        return '';
    }
  }
  function betSummary(bet) {
    if (bet.status === 'open') return `${optionText(bet)} · ${t.placed}`;
    const payout = BigInt(bet.payoutMinor);
    const out = outcomeText(bet);
    return `${out ? `${out} · ` : ''}${payout > 0n ? `${t.win} ${fmt(payout)}` : t.noWin}`;
  }

  // ---- my bets ----
  let bets = [];
  let known = new Map();
  function mergeBets(list) {
    const byId = new Map(bets.map((b) => [b.betId, b]));
    for (const b of list) {
      const prev = byId.get(b.betId);
      if (!prev || prev.version <= b.version) byId.set(b.betId, b);
    }
    bets = [...byId.values()].sort((a, b) => (a.placedAt < b.placedAt ? 1 : a.placedAt > b.placedAt ? -1 : a.betId < b.betId ? 1 : -1)).slice(0, 20);
    // Announce timed bets that settled since the last look.
    for (const b of bets) {
      const before = known.get(b.betId);
      if (before === 'open' && b.status !== 'open') {
        showResult(`${optionText(b)} · ${betSummary(b)}`, BigInt(b.payoutMinor) > 0n, b);
      }
      known.set(b.betId, b.status);
    }
    renderBets();
  }
  function renderBets() {
    if (!bets.length) {
      betsEl.innerHTML = `<li class="empty">${esc(t.noBets)}</li>`;
      return;
    }
    betsEl.innerHTML = bets
      .map((b) => {
        const payout = BigInt(b.payoutMinor);
        const amt = b.status === 'open' ? t.open : b.status === 'void' ? t.void : payout > 0n ? `+${fmt(payout)}` : '0.00';
        const time = new Date(b.placedAt).toLocaleTimeString(boot.lang, { hour12: false });
        return `<li data-testid="my-bet" data-bet-id="${esc(b.betId)}" data-status="${b.status}" class="st-${b.status}">
        <span class="what">${esc(optionText(b))}</span><span class="amt ${payout > 0n ? 'won' : ''}">${esc(amt)}</span>
        <span class="out">${esc(time)} · ${esc(t.stake)} ${fmt(b.stakeMinor)}${b.status === 'settled' ? ` · ${esc(outcomeText(b))}` : ''}</span></li>`;
      })
      .join('');
  }

  // ---- placing bets ----
  let busy = false;
  let stopped = false;
  async function place(option, eventId, button) {
    if (busy || stopped) return null;
    const stakeMinor = stake();
    if (stakeMinor === null) return null;
    busy = true;
    if (button) button.disabled = true;
    say('');
    const answer = await api('bets', { stakeMinor, option, eventId });
    busy = false;
    if (button) button.disabled = false;
    if (answer.status !== 'ok') {
      sayError(answer);
      if (answer.balanceMinor) setBalance(answer.balanceMinor);
      return null;
    }
    setBalance(answer.balanceMinor);
    known.set(answer.bet.betId, answer.bet.status);
    mergeBets([answer.bet]);
    return answer.bet;
  }

  // ---- clock ----
  let skew = 0; // server time minus local time
  const now = () => Date.now() + skew;
  const secs = (ms) => Math.max(0, Math.ceil(ms / 1000));
  const mmss = (ms) => {
    const s = secs(ms);
    return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : `${s}${t.seconds}`;
  };
  // The page stops offering a bet a little before the server closes it, so a click never races the close.
  const GRACE_MS = 1500;
  const closesAt = (ev) => ev.closesAt - GRACE_MS;
  const phaseOf = (ev) => (ev.result ? 'settled' : now() < ev.opensAt ? 'upcoming' : now() < closesAt(ev) ? 'open' : 'closed');

  // ---- games ----
  const views = {};

  views['lucky-7'] = () => {
    const reels = $('[data-testid=reels]');
    const btn = $('[data-testid=spin]');
    btn.addEventListener('click', async () => {
      reels.classList.add('spinning');
      const bet = await place('spin', undefined, btn);
      reels.classList.remove('spinning');
      if (!bet) return;
      const d = bet.detail;
      $$('.cell', reels).forEach((c) => {
        const s = d.grid[c.dataset.row][c.dataset.reel];
        c.className = `cell sym-${s}`;
        c.textContent = boot.glyphs[s];
      });
      const LINES = [
        [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
        [
          [0, 1],
          [1, 1],
          [2, 1],
        ],
        [
          [0, 2],
          [1, 2],
          [2, 2],
        ],
        [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
        [
          [0, 2],
          [1, 1],
          [2, 0],
        ],
      ];
      for (const w of d.wins) for (const [reel, row] of LINES[w.line]) $(`.cell[data-row="${row}"][data-reel="${reel}"]`, reels).classList.add('hit');
      const payout = BigInt(bet.payoutMinor);
      showResult(payout > 0n ? `${t.win} ${fmt(payout)} (${lines(d.wins.length)})` : t.noWin, payout > 0n, bet);
    });
  };

  views['ocean-hunt'] = () => {
    let target = $('.fish[aria-checked=true]').dataset.fish;
    $$('.fish').forEach((f) =>
      f.addEventListener('click', () => {
        target = f.dataset.fish;
        $$('.fish').forEach((x) => x.setAttribute('aria-checked', String(x === f)));
      }),
    );
    const btn = $('[data-testid=shoot]');
    btn.addEventListener('click', async () => {
      const bet = await place(target, undefined, btn);
      if (!bet) return;
      const fishEl = $(`.fish[data-fish="${target}"]`);
      const name = boot.fish[target].name;
      if (bet.detail.caught) {
        fishEl.classList.add('hit');
        setTimeout(() => fishEl.classList.remove('hit'), 500);
        showResult(`${t.caught} ${name} ×${bet.detail.multiplier}! ${t.win} ${fmt(bet.payoutMinor)}`, true, bet);
      } else {
        showResult(`${t.missed} ${name}`, false, bet);
      }
    });
  };

  views['dragon-tiger'] = () => {
    $$('.betbtn').forEach((btn) =>
      btn.addEventListener('click', async () => {
        const bet = await place(btn.dataset.option, undefined, btn);
        if (!bet) return;
        const o = bet.detail.outcome;
        $('[data-testid=card-dragon]').innerHTML = cardHtml(o.dragon);
        $('[data-testid=card-tiger]').innerHTML = cardHtml(o.tiger);
        const payout = BigInt(bet.payoutMinor);
        showResult(
          `${label(o.winner)}${o.winner === 'tie' ? '' : ` ${t.wins}`} · ${payout > 0n ? `${t.win} ${fmt(payout)}` : t.noWin}`,
          payout > BigInt(bet.stakeMinor),
          bet,
        );
      }),
    );
  };

  let events = [];
  /** The event players bet on now: the newest one, for round-based games. */
  const current = () => events[events.length - 1];

  views.baccarat = () => {
    $$('.betbtn').forEach((btn) =>
      btn.addEventListener('click', async () => {
        const ev = current();
        if (!ev) return;
        const bet = await place(btn.dataset.option, ev.id, btn);
        if (bet) say(t.placed, true);
        tick();
      }),
    );
    return () => {
      const ev = current();
      if (!ev) return;
      $('[data-testid=round]').textContent = ev.id.slice(1);
      const phase = phaseOf(ev);
      const cd = $('[data-testid=countdown]');
      cd.textContent =
        phase === 'open' ? `${t.closesIn} ${mmss(closesAt(ev) - now())}` : phase === 'settled' ? `${t.nextIn} ${mmss(ev.opensAt + 20000 - now())}` : t.dealing;
      $$('.betbtn').forEach((b) => {
        b.disabled = phase !== 'open' || stopped;
      });
      // Stakes of mine on the current round, shown on the buttons.
      const mine = {};
      for (const b of bets) if (b.detail.eventId === ev.id) mine[b.detail.option] = (mine[b.detail.option] || 0n) + BigInt(b.stakeMinor);
      $$('[data-mine]').forEach((m) => {
        m.textContent = mine[m.dataset.mine] ? fmt(mine[m.dataset.mine]) : '';
      });
      const settled = events.filter((e) => e.result);
      const last = settled[settled.length - 1];
      if (last) {
        const h = last.result;
        $('[data-testid=last-round]').textContent = last.id.slice(1);
        $('[data-testid=player-cards]').innerHTML = h.player.map(cardHtml).join('');
        $('[data-testid=banker-cards]').innerHTML = h.banker.map(cardHtml).join('');
        $('[data-testid=player-total]').textContent = h.playerTotal;
        $('[data-testid=banker-total]').textContent = h.bankerTotal;
        $('.hand.player').classList.toggle('win', h.winner === 'player');
        $('.hand.banker').classList.toggle('win', h.winner === 'banker');
      }
      const letter = { player: label('player').slice(0, 1), banker: label('banker').slice(0, 1), tie: label('tie').slice(0, 1) };
      $('[data-testid=road]').innerHTML = settled
        .map((e) => `<span class="dot ${e.result.winner}" title="${esc(e.id)}">${esc(letter[e.result.winner])}</span>`)
        .join('');
    };
  };

  views['lucky-5'] = () => {
    const picks = new Set();
    const pickBtn = $('[data-testid=bet-pick]');
    const syncPicks = () => {
      $$('.num').forEach((n) => n.setAttribute('aria-pressed', String(picks.has(Number(n.dataset.num)))));
      const ev = current();
      pickBtn.disabled = stopped || picks.size < 1 || picks.size > 3 || !ev || phaseOf(ev) !== 'open';
    };
    $$('.num').forEach((n) =>
      n.addEventListener('click', () => {
        const v = Number(n.dataset.num);
        if (picks.has(v)) picks.delete(v);
        else if (picks.size < 3) picks.add(v);
        syncPicks();
      }),
    );
    $('[data-testid=pick-clear]').addEventListener('click', () => {
      picks.clear();
      syncPicks();
    });
    const bet = async (option, btn) => {
      const ev = current();
      if (!ev) return;
      const b = await place(option, ev.id, btn);
      if (b) say(t.placed, true);
      tick();
    };
    $$('[data-option]').forEach((btn) => btn.addEventListener('click', () => bet(btn.dataset.option, btn)));
    pickBtn.addEventListener('click', () => bet(`pick:${[...picks].sort((a, b) => a - b).join(',')}`, pickBtn));
    return () => {
      const ev = current();
      if (!ev) return;
      $('[data-testid=round]').textContent = ev.id.slice(1);
      const phase = phaseOf(ev);
      $('[data-testid=countdown]').textContent =
        phase === 'open'
          ? `${t.closesIn} ${mmss(closesAt(ev) - now())}`
          : phase === 'settled'
            ? `${t.nextDraw} ${mmss(ev.settlesAt - now())}`
            : `${t.drawing} ${mmss(ev.settlesAt - now())}`;
      $$('[data-option]').forEach((b) => {
        b.disabled = phase !== 'open' || stopped;
      });
      syncPicks();
      const settled = events.filter((e) => e.result).reverse();
      if (settled[0]) {
        $('[data-testid=last-draw-id]').textContent = settled[0].id.slice(1);
        $('[data-testid=last-draw]').innerHTML = settled[0].result.numbers.map((n) => ballHtml(n)).join('');
      }
      $('[data-testid=history]').innerHTML = settled
        .slice(1, 6)
        .map(
          (e) =>
            `<li><span>${esc(e.id.slice(1))}</span><span class="balls">${e.result.numbers.map((n) => ballHtml(n, true)).join('')}</span><span>${t.sum} ${e.result.sum}</span></li>`,
        )
        .join('');
    };
  };

  function matchesView() {
    const list = $('[data-testid=matches]');
    const optionIds = Object.keys(boot.options);
    list.addEventListener('click', async (e) => {
      const btn = e.target.closest('button[data-option]');
      if (!btn) return;
      const b = await place(btn.dataset.option, btn.dataset.event, btn);
      if (b) say(t.placed, true);
      draw(true);
    });
    let shown = '';
    const draw = (force) => {
      const order = { open: 0, closed: 1, settled: 2, upcoming: 3 };
      const evs = events
        .map((ev) => ({ ev, phase: phaseOf(ev) }))
        .sort((a, b) => order[a.phase] - order[b.phase] || (a.phase === 'settled' ? b.ev.settlesAt - a.ev.settlesAt : a.ev.closesAt - b.ev.closesAt));
      // Re-render the rows only when the set of matches or their phases change (keeps buttons stable).
      const key = evs.map((x) => `${x.ev.id}:${x.phase}`).join('|') + `|${bets.length}:${bets.filter((b) => b.status === 'open').length}`;
      if (force || key !== shown) {
        shown = key;
        list.innerHTML =
          evs
            .map(({ ev, phase }) => {
              const info = ev.info;
              const mine = {};
              for (const b of bets) if (b.detail.eventId === ev.id) mine[b.detail.option] = (mine[b.detail.option] || 0n) + BigInt(b.stakeMinor);
              const mineText = Object.keys(mine).length
                ? `<div class="mine">${esc(t.yourBets)}: ${Object.entries(mine)
                    .map(([o, v]) => `${esc(label(o))} ${fmt(v)}`)
                    .join(', ')}</div>`
                : '';
              const body =
                phase === 'open'
                  ? `<div class="odds">${optionIds.map((o) => `<button type="button" data-testid="bet-${o}" data-option="${o}" data-event="${esc(ev.id)}"><span>${esc(label(o))}</span><b>${esc(info.odds[o])}</b></button>`).join('')}</div>`
                  : phase === 'settled'
                    ? `<div class="score">${esc(ev.result.score)} · ${esc(label(ev.result.result))}</div>`
                    : '';
              return `<li class="match ${phase === 'closed' ? 'live' : phase}" data-testid="match" data-match-id="${esc(ev.id)}" data-phase="${phase}">
            <div class="teams"><span>${esc(team(info.home.id))}</span><span class="vsx">${esc(t.vs)}</span><span>${esc(team(info.away.id))}</span></div>
            <div class="when" data-when="${esc(ev.id)}"></div>${body}${mineText}</li>`;
            })
            .join('') || `<li class="empty">${esc(t.loading)}</li>`;
      }
      for (const { ev, phase } of evs) {
        const when = $(`[data-when="${ev.id}"]`, list);
        if (!when) continue;
        when.innerHTML =
          phase === 'open'
            ? `${esc(boot.gameId === 'football' ? t.kickoffIn : t.startsIn)} <b>${mmss(ev.closesAt - now())}</b>`
            : phase === 'closed'
              ? `${esc(t.live)} <b>${mmss(ev.settlesAt - now())}</b>`
              : esc(t.finished);
      }
    };
    return draw;
  }
  views.football = matchesView;
  views['moba-cup'] = matchesView;

  // ---- state polling ----
  const render = views[boot.gameId] ? views[boot.gameId]() : undefined;
  let lastState = 0;
  async function refresh() {
    if (stopped) return;
    const s = await api('state');
    if (s.status !== 'ok') {
      if (s.code !== 'NETWORK') sayError(s);
      return;
    }
    lastState = Date.now();
    skew = s.now - Date.now();
    setBalance(s.balanceMinor);
    if (s.events) events = s.events;
    mergeBets(s.bets);
    tick();
  }
  function tick() {
    if (render) render();
  }
  const demoReset = $('[data-testid=demo-reset]');
  if (demoReset)
    demoReset.addEventListener('click', async () => {
      const r = await api('demo-reset', {});
      if (r.status === 'ok') {
        setBalance(r.balanceMinor);
        bets = [];
        known = new Map();
        renderBets();
        say('');
      }
    });

  // Fire and forget: refresh reports its own failures on the page, and the interval below tries again.
  void refresh();
  const timed = boot.kind === 'timed';
  setInterval(
    () => {
      if (!busy && Date.now() - lastState >= (timed ? 1000 : 5000)) void refresh();
    },
    timed ? 1000 : 2500,
  );
  if (timed) setInterval(tick, 250);
})();
