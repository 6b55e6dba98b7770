// FSH 'ocean-hunt': every shot costs the stake and is aimed at one kind of fish. The shot catches
// it with probability 0.96 / multiplier (in parts per million, exact for every fish here) and then
// pays stake × multiplier, so each target returns 96% of what is fired at it. Immediate settle.
import type { InstantGame, RandInt, Settlement, Text } from './types.ts';

export interface Fish {
  id: string;
  name: Text;
  multiplier: number;
  color: string;
}

export const FISH: Fish[] = [
  { id: 'clownfish', name: { 'zh-TW': '小丑魚', en: 'Clownfish' }, multiplier: 2, color: '#ff8a3d' },
  { id: 'pufferfish', name: { 'zh-TW': '河豚', en: 'Pufferfish' }, multiplier: 5, color: '#f5d142' },
  { id: 'turtle', name: { 'zh-TW': '海龜', en: 'Sea turtle' }, multiplier: 10, color: '#4fc27a' },
  { id: 'octopus', name: { 'zh-TW': '章魚', en: 'Octopus' }, multiplier: 20, color: '#c46ad8' },
  { id: 'shark', name: { 'zh-TW': '鯊魚', en: 'Shark' }, multiplier: 50, color: '#7d94a8' },
  { id: 'whale', name: { 'zh-TW': '鯨魚', en: 'Whale' }, multiplier: 100, color: '#3d7fff' },
  { id: 'dragon', name: { 'zh-TW': '黃金龍王', en: 'Golden dragon' }, multiplier: 300, color: '#ffc400' },
];

export const RTP = 0.96;
const PPM = 1_000_000;

/** Catch chance in parts per million: RTP / multiplier. */
export function catchPpm(fish: Fish): number {
  return Math.round((RTP * PPM) / fish.multiplier);
}

/** The pure outcome: `roll` is uniform in [0, 1e6). */
export function shoot(stakeMinor: bigint, fish: Fish, roll: number): Settlement {
  const caught = roll < catchPpm(fish);
  return {
    payoutMinor: caught ? stakeMinor * BigInt(fish.multiplier) : 0n,
    detail: { option: fish.id, multiplier: fish.multiplier, caught },
  };
}

export const oceanHunt: InstantGame = {
  kind: 'instant',
  id: 'ocean-hunt',
  code: 'FSH',
  type: 'fish',
  name: { 'zh-TW': '海洋狩獵', en: 'Ocean Hunt' },
  rtp: RTP,
  rtpByOption: Object.fromEntries(FISH.map((f) => [f.id, RTP])),
  minStakeMinor: 10n,
  maxStakeMinor: 10_000n,
  stakeStepMinor: 1n,
  defaultStakeMinor: 100n,
  options: FISH.map((f) => ({ id: f.id, label: f.name, pays: `×${f.multiplier}` })),
  rules: {
    'zh-TW': '每發子彈消耗一次押注。選擇目標後開砲；捕獲即贏得押注乘以該魚的倍數。倍數越高越難捕獲，每種魚的返還率皆為 96%。',
    en: 'Each shot costs the stake. Pick a target and fire; a catch pays the stake times that fish’s multiplier. Bigger multipliers are harder to catch; every fish returns 96%.',
  },
  parseOption: (raw) => (FISH.some((f) => f.id === raw) ? raw : null),
  play(stakeMinor: bigint, option: string, rng: RandInt): Settlement {
    return shoot(
      stakeMinor,
      FISH.find((f) => f.id === option)!,
      rng(PPM),
    );
  },
};
