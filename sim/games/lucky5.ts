// LTO 'lucky-5': a draw every 60 s of 5 distinct numbers from 1 to 20. Betting on a draw closes
// 5 s before it. Bets: Big (sum of the five ≥ 53) or Small (≤ 52), each exactly 1/2 by symmetry
// (n → 21 − n), paying ×1.92; or pick 1 to 3 numbers that must all be drawn: P = 1/4, 1/19, 1/114,
// paying ×3.84, ×18.24, ×109.44. Every option returns exactly 96%.
import type { GameEvent, RandInt, Settlement, TimedGame } from './types.ts';

export const DRAW_MS = 60_000;
export const CLOSE_BEFORE_MS = 5_000;
export const POOL = 20;
export const DRAWN = 5;
/** Sum at or above this is Big. */
export const BIG_FROM = 53;
const HISTORY = 10;

export const RTP = 0.96;
/** Payout multiples in hundredths. */
export const PAYS = { big: 192, small: 192, pick1: 384, pick2: 1824, pick3: 10944 } as const;
/** Exact win probabilities. */
export const P_WIN = { big: 1 / 2, small: 1 / 2, pick1: 1 / 4, pick2: 1 / 19, pick3: 1 / 114 } as const;

/** 'big', 'small' or 'pick:a,b,c' with 1..3 distinct numbers 1..20, normalised ascending. */
export function parseOption(raw: string): string | null {
  if (raw === 'big' || raw === 'small') return raw;
  const m = /^pick:(\d{1,2}(?:,\d{1,2}){0,2})$/.exec(raw);
  if (!m) return null;
  const nums = m[1]!.split(',').map(Number);
  if (nums.some((n) => n < 1 || n > POOL) || new Set(nums).size !== nums.length) return null;
  return `pick:${nums.sort((a, b) => a - b).join(',')}`;
}

export function drawNumbers(rng: RandInt): number[] {
  const pool = Array.from({ length: POOL }, (_, i) => i + 1);
  const out: number[] = [];
  for (let i = 0; i < DRAWN; i++) out.push(pool.splice(rng(pool.length), 1)[0]!);
  return out;
}

/** The pure payout for a draw. */
export function payout(stakeMinor: bigint, option: string, numbers: number[]): bigint {
  const sum = numbers.reduce((a, b) => a + b, 0);
  if (option === 'big') return sum >= BIG_FROM ? (stakeMinor * BigInt(PAYS.big)) / 100n : 0n;
  if (option === 'small') return sum < BIG_FROM ? (stakeMinor * BigInt(PAYS.small)) / 100n : 0n;
  const picks = option.slice(5).split(',').map(Number);
  if (!picks.every((n) => numbers.includes(n))) return 0n;
  const pays = [PAYS.pick1, PAYS.pick2, PAYS.pick3][picks.length - 1]!;
  return (stakeMinor * BigInt(pays)) / 100n;
}

function drawEvent(k: number): GameEvent {
  const settlesAt = (k + 1) * DRAW_MS;
  return { id: `d${k}`, opensAt: k * DRAW_MS, closesAt: settlesAt - CLOSE_BEFORE_MS, settlesAt, info: { draw: k } };
}

export const lucky5: TimedGame = {
  kind: 'timed',
  id: 'lucky-5',
  code: 'LTO',
  type: 'lottery',
  name: { 'zh-TW': '幸運 5', en: 'Lucky 5' },
  rtp: RTP,
  rtpByOption: { big: RTP, small: RTP, pick1: RTP, pick2: RTP, pick3: RTP },
  minStakeMinor: 100n,
  maxStakeMinor: 100_000n,
  stakeStepMinor: 1n,
  defaultStakeMinor: 1000n,
  options: [
    { id: 'big', label: { 'zh-TW': '大', en: 'Big' }, pays: '×1.92' },
    { id: 'small', label: { 'zh-TW': '小', en: 'Small' }, pays: '×1.92' },
    { id: 'pick', label: { 'zh-TW': '選號', en: 'Pick numbers' }, pays: '×3.84 / ×18.24 / ×109.44' },
  ],
  rules: {
    'zh-TW':
      '每 60 秒開獎，從 1–20 中開出 5 個不重複號碼，開獎前 5 秒停止下注。大：5 個號碼總和 ≥ 53；小：≤ 52，各賠 ×1.92。選號：選 1–3 個號碼，全部開出即中獎，分別賠 ×3.84、×18.24、×109.44。',
    en: 'A draw every 60 s: 5 distinct numbers from 1–20; betting closes 5 s before the draw. Big: the five sum to 53 or more; Small: 52 or less; each pays ×1.92. Pick 1–3 numbers that must all be drawn: pays ×3.84, ×18.24, ×109.44.',
  },
  event(id) {
    const m = /^d(\d{1,12})$/.exec(id);
    return m ? drawEvent(Number(m[1])) : null;
  },
  eventsAt(now) {
    const k = Math.floor(now / DRAW_MS);
    const out: GameEvent[] = [];
    for (let i = Math.max(0, k - HISTORY); i <= k; i++) out.push(drawEvent(i));
    return out;
  },
  parseOption: (raw) => parseOption(raw),
  betDetail: (option) => {
    const kind = option.startsWith('pick:') ? `pick${option.split(',').length}` : option;
    return { odds: (PAYS[kind as keyof typeof PAYS] / 100).toFixed(2) };
  },
  draw: (_ev, rng) => {
    const numbers = drawNumbers(rng);
    return { numbers, sum: numbers.reduce((a, b) => a + b, 0) };
  },
  settle(stakeMinor, option, _ev, outcome): Settlement {
    const numbers = outcome.numbers as number[];
    return { payoutMinor: payout(stakeMinor, option, numbers), detail: { outcome } };
  },
};
