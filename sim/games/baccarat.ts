// LVC 'baccarat': a live-style table dealing a round every 20 s. Bets are taken for 15 s, then the
// hand is dealt (standard Punto Banco drawing rules, fresh 8-deck shoe) and every bet on the round
// settles. Player pays 1:1, Banker 0.95:1 (5% commission), Tie 8:1; Player and Banker bets push on a
// tie. The published 8-deck returns: Banker 98.94%, Player 98.76%, Tie 85.64%.
import { Shoe, rankOf, type Card } from './cards.ts';
import type { GameEvent, RandInt, Settlement, TimedGame } from './types.ts';

export const ROUND_MS = 20_000;
export const BETTING_MS = 15_000;
/** Rounds shown before the current one (the results road). */
const HISTORY = 12;

export const RTP_BY_OPTION = { banker: 0.9894, player: 0.9876, tie: 0.8564 };

export type Winner = 'player' | 'banker' | 'tie';
export interface Hand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: Winner;
}

export function cardValue(card: Card): number {
  const r = rankOf(card);
  return r >= 10 ? 0 : r;
}

const total = (cards: Card[]) => cards.reduce((s, c) => s + cardValue(c), 0) % 10;

/** Deals one hand by the standard tableau. */
export function dealHand(rng: RandInt): Hand {
  const shoe = new Shoe(rng);
  const player = [shoe.draw()];
  const banker = [shoe.draw()];
  player.push(shoe.draw());
  banker.push(shoe.draw());
  let p = total(player);
  let b = total(banker);
  if (p < 8 && b < 8) {
    let playerThird: number | null = null;
    if (p <= 5) {
      const card = shoe.draw();
      player.push(card);
      playerThird = cardValue(card);
      p = total(player);
    }
    if (bankerDraws(b, playerThird)) {
      banker.push(shoe.draw());
      b = total(banker);
    }
  }
  return { player, banker, playerTotal: p, bankerTotal: b, winner: p > b ? 'player' : b > p ? 'banker' : 'tie' };
}

/** Whether the banker draws, given its two-card total and the player's third card (null if none). */
export function bankerDraws(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  switch (banker) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** The pure payout for a decided hand. */
export function payout(stakeMinor: bigint, option: string, winner: Winner): bigint {
  if (option === 'tie') return winner === 'tie' ? stakeMinor * 9n : 0n;
  if (winner === 'tie') return stakeMinor; // push
  if (option !== winner) return 0n;
  return option === 'banker' ? stakeMinor + (stakeMinor * 95n) / 100n : stakeMinor * 2n;
}

function round(k: number): GameEvent {
  const opensAt = k * ROUND_MS;
  return { id: `r${k}`, opensAt, closesAt: opensAt + BETTING_MS, settlesAt: opensAt + BETTING_MS, info: { round: k } };
}

export const baccarat: TimedGame = {
  kind: 'timed',
  id: 'baccarat',
  code: 'LVC',
  type: 'casino',
  name: { 'zh-TW': '百家樂', en: 'Baccarat' },
  rtp: RTP_BY_OPTION.banker,
  rtpByOption: RTP_BY_OPTION,
  minStakeMinor: 100n,
  maxStakeMinor: 500_000n,
  stakeStepMinor: 1n,
  defaultStakeMinor: 1000n,
  options: [
    { id: 'player', label: { 'zh-TW': '閒', en: 'Player' }, pays: '1:1' },
    { id: 'tie', label: { 'zh-TW': '和', en: 'Tie' }, pays: '8:1' },
    { id: 'banker', label: { 'zh-TW': '莊', en: 'Banker' }, pays: '0.95:1' },
  ],
  rules: {
    'zh-TW': '每 20 秒一局：前 15 秒下注，之後發牌並結算（8 副牌、標準補牌規則）。閒賠 1:1，莊賠 0.95:1（抽 5% 佣金），和賠 8:1；開和局時莊、閒注退回。',
    en: 'A round every 20 s: 15 s of betting, then the hand is dealt and settled (8 decks, standard drawing rules). Player pays 1:1, Banker 0.95:1 (5% commission), Tie 8:1; Player and Banker bets are returned on a tie.',
  },
  event(id) {
    const m = /^r(\d{1,12})$/.exec(id);
    return m ? round(Number(m[1])) : null;
  },
  eventsAt(now) {
    const k = Math.floor(now / ROUND_MS);
    const out: GameEvent[] = [];
    for (let i = Math.max(0, k - HISTORY); i <= k; i++) out.push(round(i));
    return out;
  },
  parseOption: (raw) => (raw === 'player' || raw === 'banker' || raw === 'tie' ? raw : null),
  betDetail: () => ({}),
  draw: (_ev, rng) => ({ ...dealHand(rng) }),
  settle(stakeMinor, option, _ev, outcome): Settlement {
    const hand = outcome as unknown as Hand;
    return { payoutMinor: payout(stakeMinor, option, hand.winner), detail: { outcome: hand } };
  },
};
