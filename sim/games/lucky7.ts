// SLX 'lucky-7': a 3-reel, 3-row slot with 5 lines (3 rows, 2 diagonals). The stake is split evenly
// over the lines; three of a kind on a line pays the line bet times the paytable. Every reel strip
// holds 20 stops with the same symbol counts, so each line is three independent uniform stops and
// RTP = Σ pays(s) × (count(s)/20)³ = 7680/8000 = 96% exactly (sim/games/lucky7.test.ts enumerates
// all 8000 stop combinations to prove it). Spins settle immediately.
import type { InstantGame, RandInt, Settlement } from './types.ts';

export const SYMBOLS = ['seven', 'bar', 'star', 'diamond', 'clover', 'coin'] as const;
export type SymbolId = (typeof SYMBOLS)[number];

/** Line-bet multiples for three of a kind. */
export const PAYS: Record<SymbolId, number> = { seven: 500, bar: 200, star: 80, diamond: 30, clover: 8, coin: 4 };

const A: SymbolId[] = [
  'coin',
  'clover',
  'diamond',
  'star',
  'coin',
  'clover',
  'bar',
  'coin',
  'diamond',
  'clover',
  'seven',
  'coin',
  'star',
  'clover',
  'diamond',
  'coin',
  'bar',
  'clover',
  'star',
  'diamond',
];
/** Same counts on every reel (1 seven, 2 bar, 3 star, 4 diamond, 5 clover, 5 coin), different orders. */
export const REELS: SymbolId[][] = [A, [...A].reverse(), [...A.slice(7), ...A.slice(0, 7)]];
export const STRIP_LENGTH = 20;

/** [reel, row] per line: the three rows, then the two diagonals. */
export const LINES: Array<Array<[number, number]>> = [
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

export const RTP = 0.96;

/** The window a set of stops shows: grid[row][reel]. */
export function gridFor(stops: number[]): SymbolId[][] {
  return [0, 1, 2].map((row) => REELS.map((strip, reel) => strip[(stops[reel]! + row) % STRIP_LENGTH]!));
}

/** Evaluates one set of stops; the pure outcome function (spin = random stops + this). */
export function evaluate(stakeMinor: bigint, stops: number[]): Settlement {
  const grid = gridFor(stops);
  const wins: Array<{ line: number; symbol: SymbolId; pays: number }> = [];
  let total = 0;
  LINES.forEach((cells, line) => {
    const [a, b, c] = cells.map(([reel, row]) => grid[row]![reel]!);
    if (a === b && b === c) {
      wins.push({ line, symbol: a!, pays: PAYS[a!] });
      total += PAYS[a!];
    }
  });
  // The stake is a multiple of the line count (stakeStepMinor), so this division is exact.
  const payoutMinor = (stakeMinor * BigInt(total)) / BigInt(LINES.length);
  return { payoutMinor, detail: { option: 'spin', stops, grid, wins, lineMultiple: total } };
}

export const lucky7: InstantGame = {
  kind: 'instant',
  id: 'lucky-7',
  code: 'SLX',
  type: 'slots',
  name: { 'zh-TW': '幸運 7', en: 'Lucky 7' },
  rtp: RTP,
  rtpByOption: { spin: RTP },
  minStakeMinor: 100n,
  maxStakeMinor: 100_000n,
  stakeStepMinor: BigInt(LINES.length),
  defaultStakeMinor: 100n,
  options: [{ id: 'spin', label: { 'zh-TW': '旋轉', en: 'Spin' }, pays: '' }],
  rules: {
    'zh-TW': '3 軸 3 列，5 條連線（3 橫線、2 斜線），押注平均分配到每條線。任一連線出現 3 個相同圖案即贏得該線押注乘以賠率。押注須為 0.05 的倍數。',
    en: '3 reels, 3 rows, 5 lines (3 rows and 2 diagonals); the stake is split evenly over the lines. Three of a kind on a line pays the line bet times the paytable. Stakes are multiples of 0.05.',
  },
  parseOption: (raw) => (raw === '' || raw === 'spin' ? 'spin' : null),
  play(stakeMinor: bigint, _option: string, rng: RandInt): Settlement {
    return evaluate(
      stakeMinor,
      REELS.map(() => rng(STRIP_LENGTH)),
    );
  },
};
