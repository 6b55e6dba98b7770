// CRD 'dragon-tiger': one card to Dragon, one to Tiger, off a fresh 8-deck shoe; the higher rank
// wins (ace low, king high). Dragon and Tiger pay 1:1 and lose half on a tie; Tie pays 11:1. With
// 8 decks P(tie) = 31/415, so Dragon/Tiger return 399.5/415 ≈ 96.27% and Tie 372/415 ≈ 89.64%.
// Each bet is dealt its own hand and settles immediately.
import { Shoe, rankOf, type Card } from './cards.ts';
import type { InstantGame, RandInt, Settlement } from './types.ts';

export const P_TIE = 31 / 415;
export const RTP_BY_OPTION = { dragon: 399.5 / 415, tiger: 399.5 / 415, tie: 372 / 415 };

export function winnerOf(dragon: Card, tiger: Card): 'dragon' | 'tiger' | 'tie' {
  const d = rankOf(dragon);
  const t = rankOf(tiger);
  return d > t ? 'dragon' : t > d ? 'tiger' : 'tie';
}

/** The pure payout for a decided hand. */
export function payout(stakeMinor: bigint, option: string, winner: 'dragon' | 'tiger' | 'tie'): bigint {
  if (option === 'tie') return winner === 'tie' ? stakeMinor * 12n : 0n;
  if (winner === 'tie') return stakeMinor / 2n;
  return option === winner ? stakeMinor * 2n : 0n;
}

export function deal(rng: RandInt): { dragon: Card; tiger: Card; winner: 'dragon' | 'tiger' | 'tie' } {
  const shoe = new Shoe(rng);
  const dragon = shoe.draw();
  const tiger = shoe.draw();
  return { dragon, tiger, winner: winnerOf(dragon, tiger) };
}

export const dragonTiger: InstantGame = {
  kind: 'instant',
  id: 'dragon-tiger',
  code: 'CRD',
  type: 'cards',
  name: { 'zh-TW': '龍虎鬥', en: 'Dragon Tiger' },
  rtp: RTP_BY_OPTION.dragon,
  rtpByOption: RTP_BY_OPTION,
  minStakeMinor: 100n,
  maxStakeMinor: 500_000n,
  stakeStepMinor: 1n,
  defaultStakeMinor: 1000n,
  options: [
    { id: 'dragon', label: { 'zh-TW': '龍', en: 'Dragon' }, pays: '1:1' },
    { id: 'tie', label: { 'zh-TW': '和', en: 'Tie' }, pays: '11:1' },
    { id: 'tiger', label: { 'zh-TW': '虎', en: 'Tiger' }, pays: '1:1' },
  ],
  rules: {
    'zh-TW': '龍、虎各發一張牌（8 副牌），點數大者勝（A 最小、K 最大）。龍、虎賠 1:1，開和局時退還一半押注；和局賠 11:1。每注即時開牌結算。',
    en: 'Dragon and Tiger get one card each (8 decks); the higher rank wins (ace low, king high). Dragon and Tiger pay 1:1 and return half the stake on a tie; Tie pays 11:1. Every bet is dealt and settled at once.',
  },
  parseOption: (raw) => (raw === 'dragon' || raw === 'tiger' || raw === 'tie' ? raw : null),
  play(stakeMinor: bigint, option: string, rng: RandInt): Settlement {
    const hand = deal(rng);
    return { payoutMinor: payout(stakeMinor, option, hand.winner), detail: { option, outcome: hand } };
  },
};
