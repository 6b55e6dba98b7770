// Every game's maths against its declared RTP: exactly (by enumerating the outcome space) where that
// is small enough, and by simulating many rounds with the game's own outcome function and crypto
// randomness, within a few standard errors.
import { describe, expect, it } from 'vitest';
import { cryptoInt, type RandInt } from './types.ts';
import { LINES, PAYS, REELS, RTP as SLOTS_RTP, STRIP_LENGTH, evaluate, lucky7 } from './lucky7.ts';
import { FISH, catchPpm, oceanHunt, shoot } from './ocean-hunt.ts';
import { RTP_BY_OPTION as DT_RTP, dragonTiger, payout as dtPayout, winnerOf } from './dragon-tiger.ts';
import { RTP_BY_OPTION as BAC_RTP, bankerDraws, baccarat, dealHand, payout as bacPayout, type Winner } from './baccarat.ts';
import { BIG_FROM, POOL, lucky5, payout as lottoPayout, drawNumbers, parseOption as lottoOption } from './lucky5.ts';
import { football, probabilities as footballProbs, TEAMS as FOOTBALL_TEAMS } from './football.ts';
import { mobaCup, TEAMS as MOBA_TEAMS } from './moba-cup.ts';
import { PPM } from './matches.ts';
import { ALL_GAMES, GAMES_BY_PLATFORM, resolveGame } from './catalog.ts';
import { Shoe, rankOf } from './cards.ts';

/** Mean of `n` samples of f(), in units of the stake. */
function simulate(n: number, f: () => number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += f();
  return sum / n;
}

describe('catalogue', () => {
  it('has one playable game per group, each declaring RTP and stake limits', () => {
    expect(ALL_GAMES.map((g) => g.type).sort()).toEqual(['cards', 'casino', 'esports', 'fish', 'lottery', 'slots', 'sports']);
    for (const [code, games] of Object.entries(GAMES_BY_PLATFORM)) {
      for (const g of games) {
        expect(g.code).toBe(code);
        expect(g.rtp).toBeGreaterThan(0.8);
        expect(g.rtp).toBeLessThan(1);
        for (const v of Object.values(g.rtpByOption)) expect(v).toBeGreaterThan(0.8);
        expect(g.minStakeMinor).toBeGreaterThan(0n);
        expect(g.maxStakeMinor).toBeGreaterThan(g.minStakeMinor);
        expect(g.minStakeMinor % g.stakeStepMinor).toBe(0n);
        expect(g.defaultStakeMinor % g.stakeStepMinor).toBe(0n);
        expect(g.name.en && g.name['zh-TW'] && g.rules.en && g.rules['zh-TW']).toBeTruthy();
      }
    }
    expect(resolveGame('SLX', 'lobby')?.id).toBe('lucky-7');
    expect(resolveGame('ESP', 'moba-cup')?.id).toBe('moba-cup');
    expect(resolveGame('XXX', 'lobby')).toBeUndefined();
  });
});

describe('lucky-7 (slots)', () => {
  it('every reel strip has the declared symbol counts', () => {
    for (const strip of REELS) {
      expect(strip).toHaveLength(STRIP_LENGTH);
      const counts: Record<string, number> = {};
      for (const s of strip) counts[s] = (counts[s] ?? 0) + 1;
      expect(counts).toEqual({ seven: 1, bar: 2, star: 3, diamond: 4, clover: 5, coin: 5 });
    }
  });

  it('returns exactly the declared 96% over all 8000 stop combinations', () => {
    const stake = 500n;
    let paid = 0n;
    for (let a = 0; a < STRIP_LENGTH; a++)
      for (let b = 0; b < STRIP_LENGTH; b++)
        for (let c = 0; c < STRIP_LENGTH; c++) {
          paid += evaluate(stake, [a, b, c]).payoutMinor;
        }
    expect(Number(paid) / (8000 * Number(stake))).toBe(SLOTS_RTP);
    expect(lucky7.rtp).toBe(0.96);
  });

  it('pays three of a kind on a line and reads the grid by rows', () => {
    // Reel A has its only seven at 10; the other strips are A reversed and A rotated by 7.
    const stops = [10, REELS[1]!.indexOf('seven'), REELS[2]!.indexOf('seven')];
    const r = evaluate(500n, stops);
    expect(r.detail.wins).toContainEqual({ line: 0, symbol: 'seven', pays: PAYS.seven });
    expect(r.payoutMinor).toBeGreaterThanOrEqual((500n * BigInt(PAYS.seven)) / BigInt(LINES.length));
  });

  it('simulated spins come out near 96%', () => {
    const n = 100_000;
    const rtp = simulate(n, () => Number(lucky7.play(500n, 'spin', cryptoInt).payoutMinor) / 500);
    // The per-spin standard deviation is 4.45 stakes: SE ≈ 0.014, so this allows > 4 SE (the exact
    // enumeration above is the precise check; this one exercises the random path).
    expect(Math.abs(rtp - SLOTS_RTP)).toBeLessThan(0.06);
  });
});

describe('ocean-hunt (fish)', () => {
  it('every fish returns exactly 96%', () => {
    for (const f of FISH) {
      expect((catchPpm(f) * f.multiplier) / 1e6).toBe(0.96);
      expect(shoot(100n, f, catchPpm(f) - 1).payoutMinor).toBe(100n * BigInt(f.multiplier));
      expect(shoot(100n, f, catchPpm(f)).payoutMinor).toBe(0n);
    }
    expect(Object.values(oceanHunt.rtpByOption).every((v) => v === 0.96)).toBe(true);
  });

  it('simulated shots come out near 96%', () => {
    // SEs at 100k shots: 0.003 (clownfish), 0.0093 (turtle).
    for (const [fish, tolerance] of [
      ['clownfish', 0.013],
      ['turtle', 0.04],
    ] as const) {
      const rtp = simulate(100_000, () => Number(oceanHunt.play(100n, fish, cryptoInt).payoutMinor) / 100);
      expect(Math.abs(rtp - 0.96)).toBeLessThan(tolerance);
    }
    expect(oceanHunt.parseOption('kraken')).toBeNull();
  });
});

describe('dragon-tiger (cards)', () => {
  it('returns the declared RTP exactly over every first two cards of an 8-deck shoe', () => {
    const rtp = { dragon: 0, tiger: 0, tie: 0 };
    const ranks = Array.from({ length: 13 }, (_, i) => ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'][i]! + 'S');
    for (const d of ranks)
      for (const t of ranks) {
        // 32 cards of each rank in 416; the second from the 415 left.
        const p = (32 / 416) * ((d === t ? 31 : 32) / 415);
        const w = winnerOf(d, t);
        for (const o of ['dragon', 'tiger', 'tie'] as const) rtp[o] += (p * Number(dtPayout(1000n, o, w))) / 1000;
      }
    for (const o of ['dragon', 'tiger', 'tie'] as const) expect(rtp[o]).toBeCloseTo(DT_RTP[o], 12);
    expect(DT_RTP.dragon).toBeCloseTo(0.9627, 4);
    expect(DT_RTP.tie).toBeCloseTo(0.8964, 4);
  });

  it('simulated hands come out near the declared RTP', () => {
    const n = 60_000;
    const rtp = simulate(n, () => Number(dragonTiger.play(1000n, 'dragon', cryptoInt).payoutMinor) / 1000);
    expect(Math.abs(rtp - DT_RTP.dragon)).toBeLessThan(0.02);
    let ties = 0;
    for (let i = 0; i < n; i++) if (dragonTiger.play(1000n, 'tie', cryptoInt).payoutMinor > 0n) ties++;
    expect(Math.abs(ties / n - 31 / 415)).toBeLessThan(0.005);
  });
});

describe('baccarat (live casino)', () => {
  it('draws by the standard tableau', () => {
    expect(bankerDraws(5, null)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(4, 2)).toBe(true);
    expect(bankerDraws(5, 4)).toBe(true);
    expect(bankerDraws(5, 3)).toBe(false);
    expect(bankerDraws(6, 6)).toBe(true);
    expect(bankerDraws(6, 5)).toBe(false);
    expect(bankerDraws(7, 7)).toBe(false);
  });

  it('the rules give the declared 8-deck RTP exactly (enumerating every 6-card sequence by value)', () => {
    // Value classes: 0 (tens and faces: 128 cards) and 1..9 (32 each), dealt without replacement.
    const left = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
    const p: Record<Winner, number> = { player: 0, banker: 0, tie: 0 };
    const seq: number[] = [];
    const rec = (depth: number, weight: number, total: number) => {
      if (depth === 6) {
        const [p1, b1, p2, b2, p3c, b3c] = seq as [number, number, number, number, number, number];
        let pt = (p1 + p2) % 10;
        let bt = (b1 + b2) % 10;
        let b3 = b3c;
        if (pt < 8 && bt < 8) {
          let third: number | null = null;
          if (pt <= 5) {
            third = p3c;
            pt = (pt + p3c) % 10;
          } else {
            b3 = p3c; // the player stood: the banker's third card is the next one off the shoe
          }
          if (bankerDraws(bt, third)) bt = (bt + b3) % 10;
        }
        p[pt > bt ? 'player' : bt > pt ? 'banker' : 'tie'] += weight;
        return;
      }
      for (let v = 0; v < 10; v++) {
        if (left[v] === 0) continue;
        const w = weight * (left[v]! / total);
        left[v]!--;
        seq.push(v);
        rec(depth + 1, w, total - 1);
        seq.pop();
        left[v]!++;
      }
    };
    rec(0, 1, 416);
    const rtp = {
      banker: p.banker * 1.95 + p.tie,
      player: p.player * 2 + p.tie,
      tie: p.tie * 9,
    };
    for (const o of ['banker', 'player', 'tie'] as const) expect(Math.abs(rtp[o] - BAC_RTP[o])).toBeLessThan(0.00006);
    expect(baccarat.rtpByOption).toEqual(BAC_RTP);
  });

  it('dealt hands come out near the declared RTP, with pushes on a tie', () => {
    const n = 60_000;
    const sums = { player: 0, banker: 0, tie: 0 };
    let badHands = 0;
    for (let i = 0; i < n; i++) {
      const h = dealHand(cryptoInt);
      if (h.player.length + h.banker.length > 6 || h.player.length < 2 || h.banker.length < 2) badHands++;
      for (const o of ['player', 'banker', 'tie'] as const) sums[o] += Number(bacPayout(1000n, o, h.winner)) / 1000;
    }
    expect(badHands).toBe(0);
    // SEs at 60k hands: about 0.0039 for banker and player, 0.011 for tie (the enumeration above is exact).
    expect(Math.abs(sums.banker / n - BAC_RTP.banker)).toBeLessThan(0.017);
    expect(Math.abs(sums.player / n - BAC_RTP.player)).toBeLessThan(0.017);
    expect(Math.abs(sums.tie / n - BAC_RTP.tie)).toBeLessThan(0.048);
    expect(bacPayout(1000n, 'banker', 'banker')).toBe(1950n);
    expect(bacPayout(1000n, 'player', 'tie')).toBe(1000n);
    expect(bacPayout(1000n, 'tie', 'tie')).toBe(9000n);
  });
});

describe('lucky-5 (lottery)', () => {
  it('every bet returns exactly 96% over all C(20,5) draws', () => {
    const draws: number[][] = [];
    const pick = (start: number, acc: number[]) => {
      if (acc.length === 5) return void draws.push([...acc]);
      for (let n = start; n <= POOL; n++) pick(n + 1, [...acc, n]);
    };
    pick(1, []);
    expect(draws).toHaveLength(15504);
    for (const option of ['big', 'small', 'pick:7', 'pick:3,14', 'pick:1,2,20']) {
      let paid = 0n;
      for (const d of draws) paid += lottoPayout(10_000n, option, d);
      expect(Number(paid) / (draws.length * 10_000)).toBeCloseTo(0.96, 10);
    }
    expect(draws.filter((d) => d.reduce((a, b) => a + b, 0) >= BIG_FROM)).toHaveLength(15504 / 2);
  });

  it('draws 5 distinct numbers, each with chance 1/4', () => {
    const n = 10_000;
    const seen = new Array(POOL + 1).fill(0);
    let bad = 0;
    for (let i = 0; i < n; i++) {
      const d = drawNumbers(cryptoInt);
      if (new Set(d).size !== 5 || d.some((x) => x < 1 || x > POOL)) bad++;
      for (const x of d) seen[x]++;
    }
    expect(bad).toBe(0);
    for (let x = 1; x <= POOL; x++) expect(Math.abs(seen[x] / n - 0.25)).toBeLessThan(0.022);
  });

  it('normalises and checks options', () => {
    expect(lottoOption('pick:14,3')).toBe('pick:3,14');
    for (const bad of ['pick:', 'pick:0', 'pick:21', 'pick:1,1', 'pick:1,2,3,4', 'odd']) expect(lottoOption(bad)).toBeNull();
    const ev = lucky5.event('d100')!;
    expect(ev.settlesAt - ev.closesAt).toBe(5_000);
    expect(lucky5.betDetail('pick:1,2', ev)).toEqual({ odds: '18.24' });
  });
});

describe('football and moba-cup (sports, esports)', () => {
  it('odds give every option the declared 95% up to rounding', () => {
    for (const g of [football, mobaCup]) {
      let total = 0;
      let count = 0;
      for (let k = 0; k < 500; k++) {
        const f = g.fixture(50_000 + k);
        expect(Object.values(f.ppm).reduce((a, b) => a + b, 0)).toBe(PPM);
        for (const [o, ppm] of Object.entries(f.ppm)) {
          const rtp = (ppm / PPM) * (f.odds[o]! / 100);
          expect(Math.abs(rtp - 0.95)).toBeLessThan(0.006);
          total += rtp;
          count++;
        }
      }
      expect(Math.abs(total / count - 0.95)).toBeLessThan(0.002);
    }
  });

  it('results follow the fixture probabilities and pay stake × odds', () => {
    const ev = football.event('m123456')!;
    const f = football.fixture(123456);
    const n = 25_000;
    const seen: Record<string, number> = { home: 0, draw: 0, away: 0 };
    let paid = 0;
    for (let i = 0; i < n; i++) {
      const outcome = football.draw(ev, cryptoInt);
      seen[outcome.result as string]!++;
      paid += Number(football.settle(1000n, 'draw', ev, outcome).payoutMinor) / 1000;
    }
    for (const o of ['home', 'draw', 'away']) expect(Math.abs(seen[o]! / n - f.ppm[o]! / PPM)).toBeLessThan(0.014);
    expect(Math.abs(paid / n - 0.95)).toBeLessThan(0.08);
    const win = football.settle(1000n, 'home', ev, { result: 'home', score: '1-0' });
    expect(win.payoutMinor).toBe(BigInt(f.odds.home! * 10));
  });

  it('schedules matches on a rolling clock and never lists a team twice at once', () => {
    for (const [g, teams] of [
      [football, FOOTBALL_TEAMS],
      [mobaCup, MOBA_TEAMS],
    ] as const) {
      const now = 1_800_000_000_000;
      const listed = g.eventsAt(now);
      const active = listed.filter((e) => now < e.settlesAt);
      const ids = active.flatMap((e) => [(e.info.home as { id: string }).id, (e.info.away as { id: string }).id]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(listed.some((e) => now >= e.opensAt && now < e.closesAt)).toBe(true);
      for (const e of listed) expect(g.event(e.id)).toEqual(e);
      expect(teams.length).toBeGreaterThanOrEqual(2 * active.length);
      for (let k = 1000; k < 1400; k++) {
        const f = g.fixture(k);
        expect(f.home.id).not.toBe(f.away.id);
      }
    }
    const kick = football.event('m100')!;
    expect(kick.closesAt - kick.opensAt).toBe(300_000);
    expect(kick.settlesAt - kick.closesAt).toBe(150_000);
    const e = mobaCup.event('e100')!;
    expect(e.settlesAt - e.closesAt).toBe(60_000);
    expect(football.event('e100')).toBeNull();
    expect(footballProbs(FOOTBALL_TEAMS[0]!, FOOTBALL_TEAMS[1]!).home).toBeGreaterThan(0);
  });
});

describe('cards', () => {
  it('a shoe deals without replacement and every card type equally', () => {
    let i = 0;
    const first: RandInt = () => 0;
    const shoe = new Shoe(first, 1);
    const ranks = new Set<number>();
    for (; i < 52; i++) ranks.add(rankOf(shoe.draw()));
    expect(ranks.size).toBe(13);
    expect(() => shoe.draw()).toThrow();
  });
});
