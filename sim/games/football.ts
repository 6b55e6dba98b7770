// SPB 'football': a match kicks off every 60 s; each is listed 5 minutes ahead with 1X2 odds
// (home / draw / away), betting closes at kick-off and the result is settled 2½ minutes after it.
// Odds carry a 5% margin on the true probabilities: every option returns 95% (up to rounding the
// odds to 0.01).
import { matchGame, toPpm, type Team } from './matches.ts';
import type { RandInt } from './types.ts';

export const RTP = 0.95;

export const TEAMS: Team[] = [
  { id: 'harbor', name: { 'zh-TW': '港城', en: 'Harbor City' }, rating: 8 },
  { id: 'northgate', name: { 'zh-TW': '北門聯', en: 'Northgate United' }, rating: 7 },
  { id: 'riverside', name: { 'zh-TW': '河畔流浪者', en: 'Riverside Rovers' }, rating: 5 },
  { id: 'eastwood', name: { 'zh-TW': '東林競技', en: 'Eastwood Athletic' }, rating: 6 },
  { id: 'redmountain', name: { 'zh-TW': '紅山', en: 'Red Mountain' }, rating: 4 },
  { id: 'silverbay', name: { 'zh-TW': '銀灣', en: 'Silver Bay' }, rating: 7 },
  { id: 'oldtown', name: { 'zh-TW': '老城漫遊者', en: 'Old Town Wanderers' }, rating: 3 },
  { id: 'kingsport', name: { 'zh-TW': '王港城', en: 'Kingsport City' }, rating: 9 },
  { id: 'lakeside', name: { 'zh-TW': '湖畔遊騎兵', en: 'Lakeside Rangers' }, rating: 5 },
  { id: 'goldenvalley', name: { 'zh-TW': '金谷', en: 'Golden Valley' }, rating: 6 },
  { id: 'westfield', name: { 'zh-TW': '西田', en: 'Westfield Albion' }, rating: 4 },
  { id: 'ironbridge', name: { 'zh-TW': '鐵橋鎮', en: 'Ironbridge Town' }, rating: 3 },
  { id: 'stonehaven', name: { 'zh-TW': '石港', en: 'Stonehaven' }, rating: 5 },
  { id: 'blackpine', name: { 'zh-TW': '黑松競技', en: 'Blackpine Athletic' }, rating: 6 },
  { id: 'seaview', name: { 'zh-TW': '海景', en: 'Seaview' }, rating: 4 },
  { id: 'highland', name: { 'zh-TW': '高地聯', en: 'Highland United' }, rating: 8 },
  { id: 'mapleton', name: { 'zh-TW': '楓頓', en: 'Mapleton' }, rating: 5 },
  { id: 'sunridge', name: { 'zh-TW': '日嶺', en: 'Sunridge' }, rating: 6 },
];

/** Home advantage in rating points. */
const HOME_EDGE = 0.6;

export function probabilities(home: Team, away: Team): Record<string, number> {
  const d = home.rating - away.rating + HOME_EDGE;
  const draw = Math.min(0.3, Math.max(0.18, 0.28 - 0.015 * Math.abs(d)));
  const homeWin = (1 - draw) / (1 + Math.exp(-0.4 * d));
  const [h, dr, a] = toPpm([homeWin, draw, 1 - draw - homeWin]);
  return { home: h!, draw: dr!, away: a! };
}

function score(result: string, rng: RandInt): string {
  if (result === 'draw') {
    const g = rng(4);
    return `${g}-${g}`;
  }
  const loser = rng(3);
  const winner = loser + 1 + rng(3);
  return result === 'home' ? `${winner}-${loser}` : `${loser}-${winner}`;
}

export const football = matchGame({
  id: 'football',
  code: 'SPB',
  type: 'sports',
  name: { 'zh-TW': '足球', en: 'Football' },
  rules: {
    'zh-TW': '每 60 秒開賽一場，開賽前 5 分鐘開放下注，開賽即停止下注，開賽後 2.5 分鐘公布結果並結算。投注主勝、和局或客勝，按下注時的賠率派彩。',
    en: 'A match kicks off every 60 s. Betting opens 5 minutes before and closes at kick-off; the result is settled 2½ minutes after kick-off. Bet home, draw or away at the odds shown when you bet.',
  },
  prefix: 'm',
  teams: TEAMS,
  options: [
    { id: 'home', label: { 'zh-TW': '主勝', en: 'Home' }, pays: '' },
    { id: 'draw', label: { 'zh-TW': '和局', en: 'Draw' }, pays: '' },
    { id: 'away', label: { 'zh-TW': '客勝', en: 'Away' }, pays: '' },
  ],
  slotMs: 60_000,
  openBeforeMs: 5 * 60_000,
  durationMs: 150_000,
  keepFinishedMs: 3 * 60_000,
  rtp: RTP,
  minStakeMinor: 100n,
  maxStakeMinor: 1_000_000n,
  defaultStakeMinor: 1000n,
  probabilities,
  score,
});
