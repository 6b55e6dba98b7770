// What every game module declares. A game is either instant (a bet is decided and settled on the
// spot: slots, fish, dragon-tiger) or timed (bets ride on a scheduled event, a round, draw or match,
// that is decided when it settles: baccarat, lottery, football, esports). Outcomes use node:crypto
// randomInt through a RandInt; tests may pass their own to enumerate or replay.
import { randomInt } from 'node:crypto';

export type GameType = 'slots' | 'fish' | 'casino' | 'sports' | 'lottery' | 'cards' | 'esports';
export type Lang = 'zh-TW' | 'en';
export type Text = Record<Lang, string>;

/** Uniform integer in [0, maxExclusive). */
export type RandInt = (maxExclusive: number) => number;
export const cryptoInt: RandInt = (n) => randomInt(n);

/** A bet option as the UI offers it (timed games may add per-event odds in the event info). */
export interface OptionDef {
  id: string;
  label: Text;
  /** e.g. '1:1', '0.95:1', '×3.84' */
  pays: string;
}

export interface GameBase {
  id: string;
  code: string;
  type: GameType;
  name: Text;
  /** The declared return to player of the main bet, 0..1, shown in the UI. */
  rtp: number;
  /** Declared RTP per option where options differ (shown in the UI); tests hold the maths to it. */
  rtpByOption: Record<string, number>;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  /** Stakes must be a multiple of this (slots: the line count, so line bets are exact). */
  stakeStepMinor: bigint;
  defaultStakeMinor: bigint;
  options: OptionDef[];
  rules: Text;
}

export interface Settlement {
  payoutMinor: bigint;
  /** Merged into the bet's detail: what happened (outcome), small JSON. */
  detail: Record<string, unknown>;
}

export interface InstantGame extends GameBase {
  kind: 'instant';
  /** The normalised option, or null if it is not one of this game's. */
  parseOption(raw: string): string | null;
  play(stakeMinor: bigint, option: string, rng: RandInt): Settlement;
}

/** A round, draw or match. Times are ms since epoch. */
export interface GameEvent {
  id: string;
  opensAt: number;
  /** Betting closes here. */
  closesAt: number;
  /** The outcome is decided (drawn) and bets settle here. */
  settlesAt: number;
  /** Shown in the UI and copied into bet details (teams, odds, draw number). */
  info: Record<string, unknown>;
}

export interface TimedGame extends GameBase {
  kind: 'timed';
  /** The event with this id (deterministic from the id), or null if this game never schedules it. */
  event(id: string): GameEvent | null;
  /** The events a player sees at `now`: open for betting, running, and a few recent ones. */
  eventsAt(now: number): GameEvent[];
  parseOption(raw: string, ev: GameEvent): string | null;
  /** What the bet's detail records at placement besides option and event (e.g. odds). */
  betDetail(option: string, ev: GameEvent): Record<string, unknown>;
  /** Decides the event's outcome (small JSON, journaled). */
  draw(ev: GameEvent, rng: RandInt): Record<string, unknown>;
  settle(stakeMinor: bigint, option: string, ev: GameEvent, outcome: Record<string, unknown>): Settlement;
}

export type Game = InstantGame | TimedGame;

/** floor(stake × numerator / denominator), for payouts expressed as exact fractions. */
export function mulDiv(stakeMinor: bigint, numerator: bigint, denominator: bigint): bigint {
  return (stakeMinor * numerator) / denominator;
}

/** Odds in hundredths ('1.95' → 195n), as decimal text. */
export function oddsText(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}
