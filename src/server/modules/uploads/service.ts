// Image uploads (DESIGN.md section 12): pictures in consultations and chat, and operator content. An upload is accepted by its magic bytes (file-type),
// never by its name or declared type, within a size and count limit; it is re-encoded with sharp, so
// what we store and serve is an image we produced (metadata, trailing data and anything hidden in the
// original are gone); it lives in PostgreSQL so every instance can serve it.
//
// Private images (a player's consultation or chat pictures, staff replies in those threads) are served
// only through signed URLs that expire: an <img> tag cannot send the bearer token, so the API that shows
// a thread to its owner or to staff hands out URLs signed with a server key, and nobody else gets one.
// Operator content (banners, popups, red-packet pictures) is public.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/limiter.ts';
import { PLAYER_IMAGES_MAX, PLAYER_IMAGE_MAX_BYTES, PLAYER_IMAGE_MIMES, STAFF_IMAGE_MAX_BYTES, STAFF_IMAGE_MIMES } from '../../../shared/schemas/uploads.ts';
import * as repo from './repository.ts';

/** Longest side of a stored image; larger pictures are scaled down (nobody needs more on a phone or a desk). */
const IMAGE_MAX_SIDE_PX = 2048;
/** Decoding bombs stop here: a 500 KB PNG can claim billions of pixels. */
const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** A signed URL is valid until the end of the next whole hour, so it stays the same (and cacheable) within an hour. */
const URL_LIFETIME_S = 3600;

export type UploadPurpose = 'feedback' | 'chat' | 'message' | 'content';

export interface AcceptedImage {
  mime: string;
  bytes: Buffer;
  width: number;
  height: number;
}

let urlKey: Buffer | undefined;

/** Derives the URL-signing key from the server key (STAFF_TOTP_KEY) once, at start. */
export function configureFileUrls(serverKey: Buffer): void {
  urlKey = Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), 'lucky-harbour file urls', 32));
}

function signature(id: number, exp: number): string {
  if (!urlKey) throw new Error('uploads: configureFileUrls() was not called');
  return createHmac('sha256', urlKey).update(`${id}.${exp}`).digest('base64url').slice(0, 32);
}

/** A URL for a private upload, valid for an hour or so. Hand it only to the owner and to staff. */
export function fileUrl(id: number, now = Date.now()): string {
  const exp = (Math.floor(now / 1000 / URL_LIFETIME_S) + 2) * URL_LIFETIME_S;
  return `/api/files/${id}?exp=${exp}&sig=${signature(id, exp)}`;
}

/** The URL of public operator content. */
export function publicFileUrl(id: number): string {
  return `/api/files/${id}`;
}

/** Whether a signed URL's expiry and signature hold; expired or forged ones read as missing. */
function validSignature(id: number, exp: string | undefined, sig: string | undefined, now = Date.now()): boolean {
  if (!exp || !sig) return false;
  const expS = Number(exp);
  if (!Number.isSafeInteger(expS) || expS * 1000 < now) return false;
  const want = Buffer.from(signature(id, expS));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** Seconds a signed URL has left, for the cache header. */
function secondsLeft(exp: string, now = Date.now()): number {
  return Math.max(0, Math.floor(Number(exp) - now / 1000));
}

/**
 * Checks one file by size and magic bytes and re-encodes it in its own format (GIF and WebP become WebP).
 * `field` names the form field in the error so the form can show it.
 */
async function acceptImage(raw: Buffer, who: 'player' | 'staff', field = 'file'): Promise<AcceptedImage> {
  const maxBytes = who === 'player' ? PLAYER_IMAGE_MAX_BYTES : STAFF_IMAGE_MAX_BYTES;
  const allowed: readonly string[] = who === 'player' ? PLAYER_IMAGE_MIMES : STAFF_IMAGE_MIMES;
  if (raw.length === 0) throw new ApiError('validation_failed', { [field]: ['upload.empty'] });
  if (raw.length > maxBytes) throw new ApiError('payload_too_large', { [field]: [who === 'player' ? 'upload.too_large' : 'upload.too_large_staff'] });
  const type = await fileTypeFromBuffer(raw);
  if (!type || !allowed.includes(type.mime)) {
    throw new ApiError('unsupported_file_type', { [field]: [who === 'player' ? 'upload.type' : 'upload.type_staff'] });
  }
  return reencode(raw, type.mime, field);
}

/**
 * Re-encodes a picture whose magic bytes were checked, in its own format (GIF and WebP become WebP): what is stored is
 * an image we produced, without the original's metadata or anything hidden in it.
 */
async function reencode(raw: Buffer, mime: string, field: string): Promise<AcceptedImage> {
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none unless asked).
    const pipeline = sharp(raw, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE_PX, height: IMAGE_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true });
    const out =
      mime === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : mime === 'image/jpeg'
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    const outMime = mime === 'image/png' ? 'image/png' : mime === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
    return { mime: outMime, bytes: data, width: info.width, height: info.height };
  } catch {
    // The header looked like an image but the body is not one (or it is too large to decode).
    throw new ApiError('unsupported_file_type', { [field]: ['upload.unreadable'] });
  }
}

/**
 * A picture of another domain's private document (identity verification keeps its documents in its own table, so
 * every view of one can be audited): the same magic-byte check and re-encoding as a player's picture, within the
 * caller's size limit. Answers the re-encoded image; storing it is the caller's.
 */
export async function acceptDocumentImage(raw: Buffer, allowed: readonly string[], maxBytes: number, field = 'file'): Promise<AcceptedImage> {
  if (raw.length === 0) throw new ApiError('validation_failed', { [field]: ['upload.empty'] });
  if (raw.length > maxBytes) throw new ApiError('payload_too_large', { [field]: ['kyc.v.too_large'] });
  const type = await fileTypeFromBuffer(raw);
  if (!type || !allowed.includes(type.mime)) throw new ApiError('unsupported_file_type', { [field]: ['kyc.v.type'] });
  return reencode(raw, type.mime, field);
}

export interface StoredUpload {
  id: number;
  url: string;
  width: number;
  height: number;
}

async function storePlayerImages(db: DbOrTx, playerId: number, images: AcceptedImage[]): Promise<StoredUpload[]> {
  if (images.length > PLAYER_IMAGES_MAX) throw new ApiError('validation_failed', { file: ['upload.too_many'] });
  const rows = await repo.insertUploads(
    db,
    images.map((img) => ({
      playerId,
      isPublic: false,
      mime: img.mime,
      sizeBytes: img.bytes.length,
      width: img.width,
      height: img.height,
      bytes: img.bytes,
    })),
  );
  return rows.map((r) => ({ id: r.id, url: fileUrl(r.id), width: r.width, height: r.height }));
}

async function storeStaffImage(db: DbOrTx, staffId: number, image: AcceptedImage, isPublic: boolean): Promise<StoredUpload> {
  const [row] = await repo.insertUploads(db, [
    {
      staffId,
      isPublic,
      mime: image.mime,
      sizeBytes: image.bytes.length,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
    },
  ]);
  return { id: row!.id, url: isPublic ? publicFileUrl(row!.id) : fileUrl(row!.id), width: row!.width, height: row!.height };
}

/**
 * Attaches a player's own unused uploads to what the player sends (a consultation, a chat message), in the
 * caller's transaction. One conditional update: an id of another player, an id already used (also by a
 * concurrent request) or a missing one fails the whole call, so nothing is attached twice.
 */
export async function claimUploads(tx: DbOrTx, input: { playerId: number; ids: number[]; purpose: UploadPurpose }): Promise<number[]> {
  const ids = [...new Set(input.ids)];
  if (!ids.length) return [];
  if (ids.length > PLAYER_IMAGES_MAX) throw new ApiError('validation_failed', { images: ['upload.too_many'] });
  await claimAll(tx, ids, { playerId: input.playerId, staffId: null, purpose: input.purpose });
  return ids;
}

/** The same for a staff member's private uploads (replies with pictures in a consultation or chat). */
export async function claimStaffUploads(tx: DbOrTx, input: { staffId: number; ids: number[]; purpose: UploadPurpose }): Promise<number[]> {
  const ids = [...new Set(input.ids)];
  if (!ids.length) return [];
  if (ids.length > PLAYER_IMAGES_MAX) throw new ApiError('validation_failed', { images: ['upload.too_many'] });
  await claimAll(tx, ids, { playerId: null, staffId: input.staffId, purpose: input.purpose });
  return ids;
}

/** All or nothing, in a savepoint (or its own transaction), so a refused claim leaves no upload marked used. */
async function claimAll(db: DbOrTx, ids: number[], owner: { playerId: number | null; staffId: number | null; purpose: UploadPurpose }): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await repo.claim(tx, { ids, ...owner });
    if (claimed.length !== ids.length) throw new ApiError('validation_failed', { images: ['upload.not_yours'] });
  });
}

/** Player uploads never attached to anything are removed after this long (the purge job). */
export const UNUSED_UPLOAD_TTL_MS = 24 * 3600_000;
/** Rows the purge removes per run, so one run stays short. */
const PURGE_BATCH = 1_000;

export async function purgeUnusedUploads(db: DbOrTx, now = Date.now()): Promise<number> {
  return repo.deleteUnused(db, new Date(now - UNUSED_UPLOAD_TTL_MS), PURGE_BATCH);
}

/** Uploads per player in a window, and unattached pictures one player may hold at once. */
const PLAYER_UPLOADS_PER_WINDOW = 30;
const PLAYER_UPLOAD_WINDOW_MS = 10 * 60_000;
const PLAYER_UNUSED_MAX = 30;

/**
 * A player's upload: refused over the player's rate or with too many unattached pictures before any byte is read
 * (read() reads the request's files), then every file is checked before any is stored, so one bad picture refuses
 * the whole request.
 */
export async function uploadPlayerImages(deps: { db: DbOrTx; limiter: Limiter }, playerId: number, read: () => Promise<Buffer[]>): Promise<StoredUpload[]> {
  const rate = await deps.limiter.hit(`upload:${playerId}`, PLAYER_UPLOADS_PER_WINDOW, PLAYER_UPLOAD_WINDOW_MS);
  if (!rate.allowed) throw new ApiError('rate_limited');
  if ((await repo.unusedCount(deps.db, playerId)) >= PLAYER_UNUSED_MAX) throw new ApiError('rate_limited', { file: ['upload.too_many_unused'] });
  const raw = await read();
  const images: AcceptedImage[] = [];
  for (const [i, bytes] of raw.entries()) images.push(await acceptImage(bytes, 'player', raw.length > 1 ? `file.${i}` : 'file'));
  return storePlayerImages(deps.db, playerId, images);
}

/** An operator's picture: public content, or private for a reply inside a player's thread. */
export async function uploadStaffImage(db: DbOrTx, staffId: number, raw: Buffer, isPublic: boolean): Promise<StoredUpload> {
  return storeStaffImage(db, staffId, await acceptImage(raw, 'staff'), isPublic);
}

export interface ServedFile {
  mime: string;
  bytes: Buffer;
  cacheControl: string;
}

/** A file to serve: public to anyone, private only with a valid signature; anything else reads as missing. */
export async function servedFile(db: DbOrTx, id: number, exp: string | undefined, sig: string | undefined): Promise<ServedFile> {
  const file = await repo.uploadById(db, id);
  // A private file without a valid signature reads as missing: nobody learns which ids exist.
  if (!file || (!file.isPublic && !validSignature(file.id, exp, sig))) throw new ApiError('not_found');
  const cacheControl = file.isPublic ? 'public, max-age=86400, immutable' : `private, max-age=${secondsLeft(exp!)}`;
  return { mime: file.mime, bytes: file.bytes, cacheControl };
}
