// POST /api/uploads/images (a player's pictures, multipart field `file`), GET /api/files/:id (serving them:
// public operator content to anyone, private uploads through a signed URL), and the back office's
// POST /api/backoffice/uploads/images (mounted by the staff-auth plugin, behind its permission hook).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { staffOf } from '../staff/request.ts';
import { playerOf } from '../auth/request.ts';
import { bytesView, okBody } from '../../../shared/schemas/envelope.ts';
import {
  PLAYER_IMAGES_MAX,
  PLAYER_IMAGE_MAX_BYTES,
  STAFF_IMAGE_MAX_BYTES,
  fileParams,
  fileQuery,
  staffUploadQuery,
  uploadedFilesView,
} from '../../../shared/schemas/uploads.ts';
import { servedFile, uploadPlayerImages, uploadStaffImage } from './service.ts';

/** Reads up to `maxFiles` files of at most `maxBytes` each; the multipart parser stops at the limits. */
async function readFiles(request: FastifyRequest, maxFiles: number, maxBytes: number): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new ApiError('unsupported_file_type', { file: ['upload.multipart'] });
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
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError('payload_too_large', { file: [maxBytes === PLAYER_IMAGE_MAX_BYTES ? 'upload.too_large' : 'upload.too_large_staff'] });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new ApiError('validation_failed', { file: ['upload.too_many'] });
    throw new ApiError('validation_failed', { file: ['upload.unreadable'] });
  }
  if (!files.length) throw new ApiError('validation_failed', { file: ['upload.empty'] });
  return files;
}

export const uploadRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, limiter } = app.services;

  app.post(
    '/uploads/images',
    {
      onRequest: app.requirePlayer,
      schema: { response: { 200: okBody(uploadedFilesView) } },
    },
    async (request) =>
      ok({
        files: await uploadPlayerImages({ db, limiter }, playerOf(request).playerId, () => readFiles(request, PLAYER_IMAGES_MAX, PLAYER_IMAGE_MAX_BYTES)),
      }),
  );

  app.get('/files/:id', { schema: { params: fileParams, querystring: fileQuery, response: { 200: bytesView } } }, async (request, reply) => {
    const file = await servedFile(db, request.params.id, request.query.exp, request.query.sig);
    return reply
      .type(file.mime)
      .header('cache-control', file.cacheControl)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(file.bytes);
  });
};

/** Operator pictures: public content by default, private for replies inside a player's thread. */
export const backofficeUploadRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db } = app.services;
  app.post(
    '/uploads/images',
    {
      schema: { querystring: staffUploadQuery, response: { 200: okBody(uploadedFilesView) } },
      config: { staff: 'uploads' },
    },
    async (request) => {
      const [raw] = await readFiles(request, 1, STAFF_IMAGE_MAX_BYTES);
      return ok({ files: [await uploadStaffImage(db, staffOf(request).staffId, raw!, request.query.visibility === 'public')] });
    },
  );
};
