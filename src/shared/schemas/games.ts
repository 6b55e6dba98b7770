// Schemas of the game catalogue calls (SPEC.md sections 3 and 7): platforms, their status, the lobby's games and
// the launch answer, shared by the routes and the lobby islands.
import * as v from 'valibot';
import { GAME_GROUPS } from '../constants.ts';

const platformCode = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,20}$/, 'error.not_found'));

export const gameListQuery = v.object({
  group: v.optional(v.picklist(GAME_GROUPS, 'error.not_found')),
  code: v.optional(platformCode),
  lang: v.optional(v.picklist(['cn', 'en', 'th'], 'error.not_found')),
});

/** A platform of GET /api/games/platform/all. */
export const platformView = v.object({
  id: v.number(),
  name: v.string(),
  gp_code: v.string(),
  group: v.string(),
  front_show: v.number(),
  /** 1 running, 0 under maintenance. */
  maintain_status: v.number(),
  /** The maintenance window as text, 'start ~ end', or ''. */
  maintain: v.string(),
  status: v.number(),
  start_time: v.nullable(v.string()),
  end_time: v.nullable(v.string()),
  logo: v.string(),
  /**
   * transfer: money moves into the platform's wallet before play (SPEC.md); seamless: the provider debits and credits
   * the central wallet bet by bet, so the lobby opens it without a transfer.
   */
  wallet_model: v.picklist(['transfer', 'seamless']),
});

/** A row of GET /api/platforms/status: overrides status, front_show, start_time and end_time. */
export const platformStatusView = v.object({
  gp_code: v.string(),
  group: v.string(),
  status: v.number(),
  front_show: v.number(),
  start_time: v.nullable(v.string()),
  end_time: v.nullable(v.string()),
});

/** A game of GET /api/games/list. */
export const gameView = v.object({
  id: v.number(),
  code: v.string(),
  game_code: v.string(),
  group: v.string(),
  name: v.string(),
  thumbnail: v.string(),
  has_demo: v.boolean(),
});

export type PlatformView = v.InferOutput<typeof platformView>;
export type PlatformStatusView = v.InferOutput<typeof platformStatusView>;
export type GameView = v.InferOutput<typeof gameView>;
