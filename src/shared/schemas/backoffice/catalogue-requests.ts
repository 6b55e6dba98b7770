// Request schemas of the lobby's back office: game platforms (shown, switched on, maintenance windows,
// order), games (status, order, names, thumbnails) and a player's bet records. Messages are i18n keys.
import * as v from 'valibot';
import { GAME_GROUPS } from '../../constants.ts';
import { pageQuery } from '../paging.ts';
import { boundedDay } from '../days.ts';

export const THUMBNAIL_LANGS = ['cn', 'en', 'th'] as const;
export type ThumbnailLang = (typeof THUMBNAIL_LANGS)[number];
/** Far more than any lobby shows; keeps a typo from sending a platform to the end of a list of billions. */
const SORT_MAX = 100_000;
const NAME_MAX = 60;

const str = () => v.string('v.type.string');
const trimmed = (max: number) => v.pipe(str(), v.maxLength(max, 'v.too_long'), v.trim());
const flag = () => v.picklist([0, 1], 'bo.v.status');
const sort = () => v.pipe(v.number('bo.v.sort'), v.integer('bo.v.sort'), v.minValue(0, 'bo.v.sort'), v.maxValue(SORT_MAX, 'bo.v.sort'));
const code = () => v.pipe(str(), v.regex(/^[A-Za-z0-9_-]{1,20}$/, 'bo.v.platform_code'));

/** An instant with its offset (the page sends Asia/Taipei times as +08:00), or null for none. */
const instant = () =>
  v.nullable(
    v.pipe(
      str(),
      v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'bo.v.datetime'),
      v.transform((text) => new Date(text)),
      v.check((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100, 'bo.v.datetime'),
    ),
  );

export const platformUpdateBody = v.pipe(
  v.strictObject(
    {
      front_show: v.optional(flag()),
      status: v.optional(flag()),
      /** 1 running, 0 under maintenance now (whatever the window says). */
      maintain_status: v.optional(flag()),
      maintain_start: v.optional(instant()),
      maintain_end: v.optional(instant()),
      sort: v.optional(sort()),
      /** Also send players a platform message about the maintenance; not stored on the platform. */
      notify_players: v.optional(v.boolean('v.type.boolean')),
    },
    'v.type.object',
  ),
  v.check((b) => Object.keys(b).length > 0, 'bo.v.nothing_to_change'),
);

/** A thumbnail is one of the files under public/games/{cn,en,th}/, named by its public path. */
const thumbnailPath = () => v.pipe(str(), v.regex(/^\/games\/(cn|en|th)\/[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/, 'bo.v.thumbnail'));

export const gameUpdateBody = v.pipe(
  v.strictObject(
    {
      status: v.optional(flag()),
      sort: v.optional(sort()),
      name: v.optional(v.pipe(trimmed(NAME_MAX), v.nonEmpty('bo.v.game.name_required'))),
      name_en: v.optional(v.pipe(trimmed(NAME_MAX), v.nonEmpty('bo.v.game.name_required'))),
      thumbnails: v.optional(
        v.strictObject(
          {
            cn: v.optional(thumbnailPath()),
            en: v.optional(thumbnailPath()),
            th: v.optional(thumbnailPath()),
          },
          'bo.v.thumbnails',
        ),
      ),
    },
    'v.type.object',
  ),
  v.check((b) => Object.keys(b).length > 0, 'bo.v.nothing_to_change'),
);

export const gamesQuery = v.object({
  ...pageQuery,
  code: v.optional(v.union([v.literal(''), code()], 'bo.v.platform_code')),
  group: v.optional(v.union([v.literal(''), v.picklist(GAME_GROUPS)], 'bo.v.game_group')),
});

/** A day in Asia/Taipei. */
const day = () => boundedDay('bo.v.date');

export const betsQuery = v.pipe(
  v.object({
    ...pageQuery,
    code: v.optional(v.union([v.literal(''), code()], 'bo.v.platform_code')),
    start: v.optional(v.union([v.literal(''), day()], 'bo.v.date')),
    end: v.optional(v.union([v.literal(''), day()], 'bo.v.date')),
  }),
  v.forward(
    v.check((q) => !q.start || !q.end || q.start <= q.end, 'bo.v.date_order'),
    ['end'],
  ),
);
