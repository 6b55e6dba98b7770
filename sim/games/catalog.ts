// Which games each platform runs. The first one is the platform's default: what a launch or demo
// link for `lobby` (or a game id the platform does not have) opens.
import { lucky7 } from './lucky7.ts';
import { oceanHunt } from './ocean-hunt.ts';
import { baccarat } from './baccarat.ts';
import { football } from './football.ts';
import { lucky5 } from './lucky5.ts';
import { dragonTiger } from './dragon-tiger.ts';
import { mobaCup } from './moba-cup.ts';
import type { Game } from './types.ts';

export const GAMES_BY_PLATFORM: Readonly<Record<string, readonly Game[]>> = {
  SLX: [lucky7],
  FSH: [oceanHunt],
  LVC: [baccarat],
  SPB: [football],
  LTO: [lucky5],
  CRD: [dragonTiger],
  ESP: [mobaCup],
};

export const ALL_GAMES: readonly Game[] = Object.values(GAMES_BY_PLATFORM).flat();

export function gamesOf(code: string): readonly Game[] {
  return GAMES_BY_PLATFORM[code] ?? [];
}

/** The game a requested id opens on a platform: that game if the platform has it, else its default. */
export function resolveGame(code: string, requested: string): Game | undefined {
  const games = gamesOf(code);
  return games.find((g) => g.id === requested) ?? games[0];
}
