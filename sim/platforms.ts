// The platforms (gp_code) the stand-in aggregator serves, one or more per game group of SPEC.md.
// A later issue adds playable games; each platform's definition is where its game list will live.

export type GameGroup = 'slots' | 'fish' | 'casino' | 'sports' | 'lottery' | 'cards' | 'esports';

export interface PlatformDef {
  code: string;
  name: string;
  /** The group the site files it under; `alsoGroups` lists groups it also offers games in. */
  group: GameGroup;
  alsoGroups: GameGroup[];
  /** Whether /demo answers with a free-play link. */
  demo: boolean;
}

export const PLATFORMS: readonly PlatformDef[] = [
  { code: 'SLX', name: 'SlotX', group: 'slots', alsoGroups: [], demo: true },
  { code: 'FSH', name: 'Fishing Hall', group: 'fish', alsoGroups: ['slots'], demo: true },
  { code: 'LVC', name: 'Live Casino', group: 'casino', alsoGroups: [], demo: true },
  { code: 'SPB', name: 'Sportsbook', group: 'sports', alsoGroups: [], demo: true },
  { code: 'LTO', name: 'Lotto', group: 'lottery', alsoGroups: [], demo: true },
  { code: 'CRD', name: 'Card Room', group: 'cards', alsoGroups: [], demo: false },
  { code: 'ESP', name: 'eSports', group: 'esports', alsoGroups: [], demo: true },
];
