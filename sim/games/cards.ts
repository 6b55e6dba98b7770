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

/**
 * Draws cards one at a time from a fresh shoe of `decks` decks, without replacement. The shoe is
 * 52 × decks positions (card type = position / decks); each draw picks uniformly among the positions
 * not drawn yet, so a hand costs a few random numbers rather than a shuffle.
 */
export class Shoe {
  /** Positions drawn so far, ascending. */
  private readonly drawn: number[] = [];
  private readonly size: number;
  private readonly decks: number;
  private readonly rng: RandInt;

  constructor(rng: RandInt, decks = DECKS) {
    this.rng = rng;
    this.decks = decks;
    this.size = 52 * decks;
  }

  draw(): Card {
    if (this.drawn.length >= this.size) throw new Error('shoe: empty');
    // The pick-th position among those left: step over every drawn position at or below it.
    let pos = this.rng(this.size - this.drawn.length);
    let i = 0;
    for (; i < this.drawn.length && this.drawn[i]! <= pos; i++) pos++;
    this.drawn.splice(i, 0, pos);
    const type = Math.floor(pos / this.decks);
    return RANKS[Math.floor(type / 4)]! + SUITS[type % 4]!;
  }
}
