// A rolling schedule of matches with fixed odds, shared by sports (football) and esports. A match
// kicks off every `slotMs`; it is listed (and open for bets) `openBeforeMs` ahead of kick-off, betting
// closes at kick-off, and the result is decided and settled `durationMs` later. Teams come from the
// match number (a fixed rotation, so every restart agrees); each outcome's true probability follows the teams'
// ratings, and its decimal odds are margin/probability rounded to 0.01, so every option returns the
// declared RTP up to that rounding. The result is drawn with crypto randomness at settlement.
import { createHash } from 'node:crypto';
import type { GameEvent, GameType, OptionDef, RandInt, Settlement, Text, TimedGame } from './types.ts';

export interface Team {
  id: string;
  name: Text;
  rating: number;
}

export interface MatchConfig {
  id: string;
  code: string;
  type: GameType;
  name: Text;
  rules: Text;
  /** Event id prefix letter. */
  prefix: string;
  teams: Team[];
  /** Option ids in display order, e.g. home/draw/away. */
  options: OptionDef[];
  slotMs: number;
  openBeforeMs: number;
  durationMs: number;
  /** How long a finished match stays listed. */
  keepFinishedMs: number;
  rtp: number;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  defaultStakeMinor: bigint;
  /** Probability of each option in parts per million (summing to 1e6), from the two teams. */
  probabilities(home: Team, away: Team): Record<string, number>;
  /** A score consistent with the result, e.g. '2-1'. */
  score(result: string, rng: RandInt): string;
}

export const PPM = 1_000_000;

export interface MatchInfo {
  match: number;
  kickoffAt: number;
  home: { id: string; name: Text };
  away: { id: string; name: Text };
  /** Decimal odds as text per option, e.g. { home: '2.35', … }. */
  odds: Record<string, string>;
}

/** Odds in hundredths for a probability in ppm: round(rtp / p × 100), at least 1.01. */
export function oddsFor(rtp: number, ppm: number): number {
  return Math.max(101, Math.round((rtp * 100 * PPM) / ppm));
}

export function matchGame(
  cfg: MatchConfig,
): TimedGame & { fixture(k: number): { home: Team; away: Team; ppm: Record<string, number>; odds: Record<string, number> } } {
  // Fixtures: the teams are shuffled once (seeded by the game) into a top and a bottom half of m
  // each. Match k is in cycle c = ⌊k/m⌋ at slot j = k mod m: top[j] meets bottom[(j + c) mod m]
  // (sides swapped every other cycle). A top team plays every m matches and a bottom team at least
  // every m − 1, so with enough teams nobody plays two matches that are listed at the same time.
  const m = Math.floor(cfg.teams.length / 2);
  const base = [...cfg.teams];
  const seed = createHash('sha256').update(`${cfg.code}:${cfg.id}`).digest();
  for (let i = base.length - 1; i > 0; i--) {
    const j = seed.readUInt16LE((i * 2) % 30) % (i + 1);
    [base[i], base[j]] = [base[j]!, base[i]!];
  }
  const fixture = (k: number) => {
    const c = Math.floor(k / m);
    const j = k % m;
    const a = base[j]!;
    const b = base[m + ((j + c) % m)]!;
    const [home, away] = c % 2 === 0 ? [a, b] : [b, a];
    const ppm = cfg.probabilities(home, away);
    const odds = Object.fromEntries(Object.entries(ppm).map(([o, p]) => [o, oddsFor(cfg.rtp, p)]));
    return { home, away, ppm, odds };
  };

  const event = (k: number): GameEvent => {
    const kickoffAt = k * cfg.slotMs;
    const f = fixture(k);
    const info: MatchInfo = {
      match: k,
      kickoffAt,
      home: { id: f.home.id, name: f.home.name },
      away: { id: f.away.id, name: f.away.name },
      odds: Object.fromEntries(Object.entries(f.odds).map(([o, h]) => [o, (h / 100).toFixed(2)])),
    };
    return {
      id: `${cfg.prefix}${k}`,
      opensAt: kickoffAt - cfg.openBeforeMs,
      closesAt: kickoffAt,
      settlesAt: kickoffAt + cfg.durationMs,
      info: info as unknown as Record<string, unknown>,
    };
  };

  const re = new RegExp(`^${cfg.prefix}(\\d{1,12})$`);
  const optionIds = cfg.options.map((o) => o.id);

  return {
    kind: 'timed',
    id: cfg.id,
    code: cfg.code,
    type: cfg.type,
    name: cfg.name,
    rtp: cfg.rtp,
    rtpByOption: Object.fromEntries(optionIds.map((o) => [o, cfg.rtp])),
    minStakeMinor: cfg.minStakeMinor,
    maxStakeMinor: cfg.maxStakeMinor,
    stakeStepMinor: 1n,
    defaultStakeMinor: cfg.defaultStakeMinor,
    options: cfg.options,
    rules: cfg.rules,
    fixture,
    event(id) {
      const m = re.exec(id);
      return m ? event(Number(m[1])) : null;
    },
    eventsAt(now) {
      const first = Math.max(0, Math.floor((now - cfg.durationMs - cfg.keepFinishedMs) / cfg.slotMs));
      const last = Math.floor((now + cfg.openBeforeMs) / cfg.slotMs);
      const out: GameEvent[] = [];
      for (let k = first; k <= last; k++) {
        const ev = event(k);
        if (ev.opensAt <= now && ev.settlesAt + cfg.keepFinishedMs > now) out.push(ev);
      }
      return out;
    },
    parseOption: (raw) => (optionIds.includes(raw) ? raw : null),
    betDetail(option, ev) {
      const info = ev.info as unknown as MatchInfo;
      return { odds: info.odds[option], match: `${info.home.name.en} vs ${info.away.name.en}`, home: info.home.id, away: info.away.id };
    },
    draw(ev, rng) {
      const f = fixture((ev.info as unknown as MatchInfo).match);
      let roll = rng(PPM);
      let result = optionIds[optionIds.length - 1]!;
      for (const o of optionIds) {
        if (roll < f.ppm[o]!) {
          result = o;
          break;
        }
        roll -= f.ppm[o]!;
      }
      return { result, score: cfg.score(result, rng) };
    },
    settle(stakeMinor, option, ev, outcome): Settlement {
      const f = fixture((ev.info as unknown as MatchInfo).match);
      const won = outcome.result === option;
      return { payoutMinor: won ? (stakeMinor * BigInt(f.odds[option]!)) / 100n : 0n, detail: { outcome } };
    },
  };
}

/** Splits 1e6 ppm over the options, the last one taking the rounding remainder. */
export function toPpm(probs: number[]): number[] {
  const out = probs.slice(0, -1).map((p) => Math.round(p * PPM));
  out.push(PPM - out.reduce((a, b) => a + b, 0));
  return out;
}
