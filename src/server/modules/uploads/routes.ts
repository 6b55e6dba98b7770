// POST /api/uploads/images (a player's pictures, multipart field `file`), GET /api/files/:id (serving them:
// public operator content to anyone, private uploads through a signed URL), and the back office's
// POST /api/backoffice/uploads/images (registered from the back-office index, behind its permission hook).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import type { StaffAuth } from '../staff/service.ts';
import { bytesView, okBody } from '../../../shared/schemas/envelope.ts';
import {
  PLAYER_IMAGES_MAX, PLAYER_IMAGE_MAX_BYTES, STAFF_IMAGE_MAX_BYTES, fileParams, fileQuery, staffUploadQuery, uploadedFilesView,
} from '../../../shared/schemas/uploads.ts';
import { acceptImage, secondsLeft, storePlayerImages, storeStaffImage, validSignature, type AcceptedImage } from './service.ts';
import * as repo from './repository.ts';

/** Uploads per player in a window, and unattached pictures one player may hold at once. */
const PLAYER_UPLOADS_PER_WINDOW = 30;
const PLAYER_UPLOAD_WINDOW_MS = 10 * 60_000;
const PLAYER_UNUSED_MAX = 30;

/** Reads up to `maxFiles` files of at most `maxBytes` each; the multipart parser stops at the limits. */
async function readFiles(request: FastifyRequest, maxFiles: number, maxBytes: number): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new ApiError('unsupported_media_type', { file: ['upload.multipart'] });
  const files: Buffer[] = [];
  try {
    // One more than allowed is read so "too many" is told apart from "just right".
    for await (const part of request.files({ limits: { files: maxFiles + 1, fileSize: maxBytes, fields: 4, parts: maxFiles + 5 } })) {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (files.length === maxFiles) throw new ApiError('validation_failed', { file: ['upload.too_many'] });
      files.push(await part.toBuffer());
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('payload_too_large', { file: [maxBytes === PLAYER_IMAGE_MAX_BYTES ? 'upload.too_large' : 'upload.too_large_staff'] });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new ApiError('validation_failed', { file: ['upload.too_many'] });
    throw new ApiError('validation_failed', { file: ['upload.unreadable'] });
  }
  if (!files.length) throw new ApiError('validation_failed', { file: ['upload.empty'] });
  return files;
}

export const uploadRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, limiter } = app.services;

  app.post('/uploads/images', {
    onRequest: app.requirePlayer,
    schema: { response: { 200: okBody(uploadedFilesView) } },
  }, async (request) => {
    const playerId = request.auth!.playerId;
    const rate = await limiter.hit(`upload:${playerId}`, PLAYER_UPLOADS_PER_WINDOW, PLAYER_UPLOAD_WINDOW_MS);
    if (!rate.allowed) throw new ApiError('rate_limited');
    if (await repo.unusedCount(db, playerId) >= PLAYER_UNUSED_MAX) throw new ApiError('rate_limited', { file: ['upload.too_many_unused'] });
    const raw = await readFiles(request, PLAYER_IMAGES_MAX, PLAYER_IMAGE_MAX_BYTES);
    // Every file is checked before any is stored: one bad picture refuses the whole request.
    const images: AcceptedImage[] = [];
    for (const [i, bytes] of raw.entries()) images.push(await acceptImage(bytes, 'player', raw.length > 1 ? `file.${i}` : 'file'));
    return ok({ files: await storePlayerImages(db, playerId, images) });
  });

  app.get('/files/:id', { schema: { params: fileParams, querystring: fileQuery, response: { 200: bytesView } } }, async (request, reply) => {
    const file = await repo.uploadById(db, request.params.id);
    const { exp, sig } = request.query;
    // A private file without a valid signature reads as missing: nobody learns which ids exist.
    if (!file || (!file.isPublic && !validSignature(file.id, exp, sig))) throw new ApiError('not_found');
    const cache = file.isPublic ? 'public, max-age=86400, immutable' : `private, max-age=${secondsLeft(exp!)}`;
    return reply.type(file.mime).header('cache-control', cache).header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline').send(file.bytes);
  });
};

/** Operator pictures: public content by default, private for replies inside a player's thread. */
export const backofficeUploadRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db } = app.services;
  app.post('/uploads/images', {
    schema: { querystring: staffUploadQuery, response: { 200: okBody(uploadedFilesView) } },
    config: { staff: 'uploads' },
  }, async (request) => {
    const staffId = (request.staff as StaffAuth).staffId;
    const [raw] = await readFiles(request, 1, STAFF_IMAGE_MAX_BYTES);
    const image = await acceptImage(raw!, 'staff');
    return ok({ files: [await storeStaffImage(db, staffId, image, request.query.visibility === 'public')] });
  });
};
