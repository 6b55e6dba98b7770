// ESP 'moba-cup': a best-of-one MOBA match every 30 s; each is listed 2 minutes ahead with
// two-way odds (blue side / red side), betting closes when it starts and it is settled 60 s later.
// 5% margin: every option returns 95% up to rounding the odds to 0.01.
import { matchGame, toPpm, type Team } from './matches.ts';
import type { RandInt } from './types.ts';

export const RTP = 0.95;

export const TEAMS: Team[] = [
  { id: 'azure', name: { 'zh-TW': '蒼龍', en: 'Azure Dragons' }, rating: 8 },
  { id: 'crimson', name: { 'zh-TW': '赤狐', en: 'Crimson Foxes' }, rating: 6 },
  { id: 'owls', name: { 'zh-TW': '夜梟', en: 'Night Owls' }, rating: 5 },
  { id: 'wolves', name: { 'zh-TW': '雷狼', en: 'Thunder Wolves' }, rating: 7 },
  { id: 'jade', name: { 'zh-TW': '翡翠虎', en: 'Jade Tigers' }, rating: 9 },
  { id: 'ravens', name: { 'zh-TW': '風暴渡鴉', en: 'Storm Ravens' }, rating: 4 },
  { id: 'phoenix', name: { 'zh-TW': '浴火鳳凰', en: 'Phoenix Rising' }, rating: 6 },
  { id: 'legion', name: { 'zh-TW': '鋼鐵軍團', en: 'Iron Legion' }, rating: 5 },
  { id: 'frost', name: { 'zh-TW': '霜巨人', en: 'Frost Giants' }, rating: 3 },
  { id: 'lotus', name: { 'zh-TW': '影蓮', en: 'Shadow Lotus' }, rating: 7 },
  { id: 'lions', name: { 'zh-TW': '金獅', en: 'Golden Lions' }, rating: 5 },
  { id: 'vipers', name: { 'zh-TW': '霓虹蛇', en: 'Neon Vipers' }, rating: 4 },
  { id: 'titans', name: { 'zh-TW': '泰坦', en: 'Titans' }, rating: 6 },
  { id: 'specters', name: { 'zh-TW': '幽影', en: 'Specters' }, rating: 5 },
];

export function probabilities(blue: Team, red: Team): Record<string, number> {
  const p = Math.min(0.85, Math.max(0.15, 1 / (1 + Math.exp(-0.3 * (blue.rating - red.rating)))));
  const [b, r] = toPpm([p, 1 - p]);
  return { blue: b!, red: r! };
}

function score(result: string, rng: RandInt): string {
  const winner = 15 + rng(20);
  const loser = 3 + rng(winner - 4);
  return result === 'blue' ? `${winner}-${loser}` : `${loser}-${winner}`;
}

export const mobaCup = matchGame({
  id: 'moba-cup',
  code: 'ESP',
  type: 'esports',
  name: { 'zh-TW': 'MOBA 盃', en: 'MOBA Cup' },
  rules: {
    'zh-TW': '每 30 秒開打一場單局賽，開打前 2 分鐘開放下注，開打即停止下注，60 秒後公布結果並結算。投注藍方或紅方獲勝，按下注時的賠率派彩。',
    en: 'A best-of-one match starts every 30 s. Betting opens 2 minutes before and closes at the start; the result is settled 60 s later. Bet on the blue or red side at the odds shown when you bet.',
  },
  prefix: 'e',
  teams: TEAMS,
  options: [
    { id: 'blue', label: { 'zh-TW': '藍方', en: 'Blue' }, pays: '' },
    { id: 'red', label: { 'zh-TW': '紅方', en: 'Red' }, pays: '' },
  ],
  slotMs: 30_000,
  openBeforeMs: 2 * 60_000,
  durationMs: 60_000,
  keepFinishedMs: 90_000,
  rtp: RTP,
  minStakeMinor: 100n,
  maxStakeMinor: 500_000n,
  defaultStakeMinor: 1000n,
  probabilities,
  score,
});
