// Playing cards for the table games: each hand is dealt off the top of a freshly shuffled 8-deck
// shoe (drawing without replacement from what is left), so the published 8-deck odds apply.
import type { RandInt } from './types.ts';

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const DECKS = 8;

/** A card as text: rank then suit, e.g. 'QS', '10H'. */
export type Card = string;

/** Rank 1 (ace) to 13 (king). */
export function rankOf(card: Card): number {
  return RANKS.indexOf(card.slice(0, -1) as (typeof RANKS)[number]) + 1;
}

/** Draws cards one at a time from a fresh shoe of `decks` decks, without replacement. */
export class Shoe {
  /** Remaining count per card index 0..51 (rank-major). */
  private readonly left: number[];
  private total: number;
  private readonly rng: RandInt;

  constructor(rng: RandInt, decks = DECKS) {
    this.rng = rng;
    this.left = Array.from({ length: 52 }, () => decks);
    this.total = 52 * decks;
  }

  draw(): Card {
    let pick = this.rng(this.total);
    for (let i = 0; i < 52; i++) {
      if (pick < this.left[i]!) {
        this.left[i]!--;
        this.total--;
        return RANKS[Math.floor(i / 4)]! + SUITS[i % 4]!;
      }
      pick -= this.left[i]!;
    }
    throw new Error('shoe: empty');
  }
}
