// The lobby's back office: game platforms (shown or hidden, switched on or off, maintenance now or in a
// window, order), games (status, order, names, thumbnails chosen among the files the site serves) and a
// player's bet records. A change writes its audit row in the same transaction; after commit every lobby
// hears 'change-gamePlatform' and reloads its lists in place.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { givenFields } from '../../../lib/patch.ts';
import type { Publisher } from '../../../realtime/publisher.ts';
import type { BetsService } from '../../bets/service.ts';
import type { AuthService } from '../../auth/service.ts';
import type { MessagesService } from '../../messages/service.ts';
import { MAINTAIN_STATUS } from '../../../../shared/statuses.ts';
import { changedFields, recordAudit } from '../../staff/audit.ts';
import * as repo from './repository.ts';
import { THUMBNAIL_LANGS, type ThumbnailLang, type gameUpdateBody, type platformUpdateBody } from '../../../../shared/schemas/backoffice/catalogue-requests.ts';
import type { Operator, PageOf } from '../../staff/service.ts';
import type { InferOutput as Input } from 'valibot';
import type { Paging } from '../../../../shared/schemas/paging.ts';
import type { StaffBetsView } from '../../../../shared/schemas/backoffice/catalogue.ts';

/** A folder of thumbnails holds a few dozen pictures; the list stops here whatever is put there. */
const THUMBNAILS_MAX_PER_LANG = 300;
/** The folders change only with a deployment; a short cache spares the disk on every page open. */
const THUMBNAIL_CACHE_MS = 30_000;
const PICTURE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}\.(svg|png|jpe?g|webp|gif|avif)$/i;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
/** What the running site serves (the build's copy of public/) first, then public/ itself (tests, development). */
const PICTURE_ROOTS = [path.join(ROOT, 'dist', 'client', 'games'), path.join(ROOT, 'public', 'games')];

export type Thumbnails = Record<ThumbnailLang, string[]>;

function platformView(p: repo.PlatformRow) {
  return {
    id: p.id,
    code: p.gpCode,
    group: p.group,
    name: p.name,
    name_en: p.nameEn,
    front_show: p.frontShow,
    status: p.status,
    maintain_status: p.maintainStatus,
    maintain_start: iso(p.maintainStart),
    maintain_end: iso(p.maintainEnd),
    sort: p.sort,
  };
}

function gameView(g: repo.GameRow) {
  return {
    id: g.id,
    code: g.gpCode,
    game_code: g.gameCode,
    group: g.group,
    name: g.name,
    name_en: g.nameEn,
    thumbnails: { cn: g.thumbnails.cn ?? '', en: g.thumbnails.en ?? '', th: g.thumbnails.th ?? '' },
    has_demo: g.hasDemo,
    status: g.status,
    sort: g.sort,
  };
}

export class BackofficeCatalogueService {
  private readonly db: Db;
  private readonly publish: Publisher;
  private readonly bets: BetsService;
  private readonly auth: AuthService;
  private readonly messages: MessagesService;
  private thumbnailCache: { at: number; value: Promise<Thumbnails> } | undefined;

  constructor(deps: { db: Db; publish: Publisher; bets: BetsService; auth: AuthService; messages: MessagesService }) {
    this.db = deps.db;
    this.publish = deps.publish;
    this.bets = deps.bets;
    this.auth = deps.auth;
    this.messages = deps.messages;
  }

  // Platforms.

  async platforms() {
    return (await repo.allPlatforms(this.db)).map(platformView);
  }

  async updatePlatform(op: Operator, id: number, input: Input<typeof platformUpdateBody>) {
    const after = await this.db.transaction(async (tx) => {
      const before = await repo.platformForUpdate(tx, id);
      if (!before) throw new ApiError('not_found');
      const patch = givenFields(input, {
        front_show: 'frontShow',
        status: 'status',
        maintain_status: 'maintainStatus',
        maintain_start: 'maintainStart',
        maintain_end: 'maintainEnd',
        sort: 'sort',
      });
      // A window is judged as it will be stored: a half-window or one that ends before it starts is refused.
      const start = patch.maintainStart !== undefined ? patch.maintainStart : before.maintainStart;
      const end = patch.maintainEnd !== undefined ? patch.maintainEnd : before.maintainEnd;
      if (!start !== !end) throw new ApiError('validation_failed', { [start ? 'maintain_end' : 'maintain_start']: ['bo.v.window_both'] });
      if (start && end && end.getTime() <= start.getTime()) throw new ApiError('validation_failed', { maintain_end: ['bo.v.window_order'] });
      const row = await repo.updatePlatform(tx, id, patch);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'platform.update',
        target: `game_platform:${id}`,
        ip: op.ip,
        ...changedFields(platformView(before), platformView(row)),
        detail: { code: before.gpCode, group: before.group, name: before.name },
      });
      return row;
    });
    this.publish.toSystem('change-gamePlatform', {});
    const view = platformView(after);
    // The maintenance notice is its own message, written after the platform change committed.
    const now = view.maintain_status === MAINTAIN_STATUS.maintenance;
    if (input.notify_players && (now || (view.maintain_start && view.maintain_end))) {
      await this.messages.platformMaintenanceNotice(op, {
        code: view.code,
        name: view.name,
        nameEn: view.name_en,
        start: now ? null : new Date(view.maintain_start!),
        end: now ? null : new Date(view.maintain_end!),
      });
    }
    return view;
  }

  // Games.

  async games(p: Paging & { code?: string; group?: string }): Promise<PageOf<ReturnType<typeof gameView>>> {
    const { rows, total } = await repo.listGames(this.db, p);
    return { data: rows.map(gameView), total, page: p.page, pageSize: p.pageSize };
  }

  /** The pictures a game can use, by folder, as the public paths the lobby loads. */
  thumbnails(): Promise<Thumbnails> {
    const now = Date.now();
    if (!this.thumbnailCache || now - this.thumbnailCache.at > THUMBNAIL_CACHE_MS) {
      const value = listThumbnails();
      // A failed read is not kept: the next call tries again.
      value.catch(() => {
        this.thumbnailCache = undefined;
      });
      this.thumbnailCache = { at: now, value };
    }
    return this.thumbnailCache.value;
  }

  async updateGame(op: Operator, id: number, input: Input<typeof gameUpdateBody>) {
    if (input.thumbnails) {
      const known = new Set(Object.values(await this.thumbnails()).flat());
      for (const lang of THUMBNAIL_LANGS) {
        const pick = input.thumbnails[lang];
        if (pick !== undefined && !known.has(pick)) throw new ApiError('validation_failed', { [`thumbnails.${lang}`]: ['bo.v.thumbnail_missing'] });
      }
    }
    const after = await this.db.transaction(async (tx) => {
      const before = await repo.gameForUpdate(tx, id);
      if (!before) throw new ApiError('not_found');
      const patch = {
        ...givenFields(input, { status: 'status', sort: 'sort', name: 'name', name_en: 'nameEn' }),
        ...(input.thumbnails ? { thumbnails: { ...before.thumbnails, ...input.thumbnails } } : {}),
      };
      const row = await repo.updateGame(tx, id, patch);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'game.update',
        target: `game:${id}`,
        ip: op.ip,
        ...changedFields(gameView(before), gameView(row)),
        detail: { code: before.gpCode, game_code: before.gameCode, name: before.name },
      });
      return row;
    });
    // Lobbies reload their game lists on the same event as their platform lists.
    this.publish.toSystem('change-gamePlatform', {});
    return gameView(after);
  }

  // A player's bet records.

  async playerBets(playerId: number, q: Paging & { code?: string; start?: string; end?: string }): Promise<StaffBetsView> {
    const player = await this.auth.playerAccount(playerId);
    if (!player) throw new ApiError('not_found');
    return { player, ...(await this.bets.staffRecords(playerId, q)) };
  }
}

async function listThumbnails(): Promise<Thumbnails> {
  const out = {} as Thumbnails;
  for (const lang of THUMBNAIL_LANGS) {
    out[lang] = [];
    for (const root of PICTURE_ROOTS) {
      let names: string[];
      try {
        names = await fs.readdir(path.join(root, lang));
      } catch {
        continue; // This root has no such folder (no build yet, or no public/ in a deployment).
      }
      out[lang] = names
        .filter((n) => PICTURE.test(n))
        .sort()
        .slice(0, THUMBNAILS_MAX_PER_LANG)
        .map((n) => `/games/${lang}/${n}`);
      break;
    }
  }
  return out;
}
