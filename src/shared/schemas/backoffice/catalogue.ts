// Answers of the back office's catalogue calls: game platforms, games and a player's bet records.
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';

export const staffPlatformView = v.object({
  id: v.number(),
  code: v.string(),
  group: v.string(),
  name: v.string(),
  name_en: v.string(),
  front_show: v.number(),
  status: v.number(),
  maintain_status: v.number(),
  maintain_start: v.nullable(v.string()),
  maintain_end: v.nullable(v.string()),
  sort: v.number(),
});

const perLanguage = <S extends v.GenericSchema>(s: S) => v.object({ cn: s, en: s, th: s });
export const staffGameView = v.object({
  id: v.number(),
  code: v.string(),
  game_code: v.string(),
  group: v.string(),
  name: v.string(),
  name_en: v.string(),
  thumbnails: perLanguage(v.string()),
  has_demo: v.boolean(),
  status: v.number(),
  sort: v.number(),
});
export const staffGamesView = staffPageOf(staffGameView);
/** The thumbnail files on disk per language, for the picker. */
export const thumbnailsView = perLanguage(v.array(v.string()));

const staffBetView = v.object({
  id: v.number(),
  gp_code: v.string(),
  bet_id: v.string(),
  game: v.string(),
  game_type: v.string(),
  status: v.string(),
  stake: v.string(),
  payout: v.string(),
  valid_bet: v.string(),
  win_loss: v.nullable(v.string()),
  wallet: v.string(),
  placed_at: v.nullable(v.string()),
  settled_at: v.nullable(v.string()),
});
export const staffBetsView = v.object({
  ...staffPageOf(staffBetView).entries,
  player: v.object({ id: v.number(), account: v.string() }),
  totals: v.object({ count: v.number(), stake: v.string(), payout: v.string(), valid_bet: v.string() }),
});

export type StaffPlatformView = v.InferOutput<typeof staffPlatformView>;
export type StaffGameView = v.InferOutput<typeof staffGameView>;
export type StaffBetView = v.InferOutput<typeof staffBetView>;
export type StaffBetsView = v.InferOutput<typeof staffBetsView>;
export type ThumbnailsView = v.InferOutput<typeof thumbnailsView>;
