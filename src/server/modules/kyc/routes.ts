// The player's identity verification: GET /api/kyc/status, POST /api/kyc/documents?kind=... (multipart field `file`)
// and GET /api/kyc/documents/:id/file (the player's own document only; any other id answers 404).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { playerOf } from '../auth/request.ts';
import { bytesView, okBody } from '../../../shared/schemas/envelope.ts';
import { idParams } from '../../../shared/schemas/paging.ts';
import { KYC_IMAGE_MAX_BYTES, KYC_PDF_MAX_BYTES } from '../../../shared/schemas/kyc/constants.ts';
import { kycDocumentView, kycStatusView, kycUploadQuery } from '../../../shared/schemas/kyc/player.ts';
import { KycService } from './service.ts';

/** The multipart parser stops reading past this, so no request holds more than one document in memory. */
const DOCUMENT_MAX_BYTES = Math.max(KYC_IMAGE_MAX_BYTES, KYC_PDF_MAX_BYTES);

/** Reads the one file of the request; the parser's limits refuse a second file or a larger one. */
async function readDocument(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError('unsupported_file_type', { file: ['upload.multipart'] });
  let file: Buffer | undefined;
  try {
    for await (const part of request.files({ limits: { files: 2, fileSize: DOCUMENT_MAX_BYTES, fields: 4, parts: 6 } })) {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (file) throw new ApiError('validation_failed', { file: ['kyc.v.one_file'] });
      file = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('payload_too_large', { file: ['kyc.v.too_large'] });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new ApiError('validation_failed', { file: ['kyc.v.one_file'] });
    throw new ApiError('validation_failed', { file: ['upload.unreadable'] });
  }
  if (!file?.length) throw new ApiError('validation_failed', { file: ['upload.empty'] });
  return file;
}

export const kycRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const kyc: KycService = app.services.kyc;

  app.get('/kyc/status', { onRequest: app.requirePlayer, schema: { response: { 200: okBody(kycStatusView) } } }, async (request) =>
    ok(await kyc.status(playerOf(request).playerId)),
  );

  app.post(
    '/kyc/documents',
    {
      onRequest: app.requirePlayer,
      schema: { querystring: kycUploadQuery, response: { 200: okBody(kycDocumentView) } },
    },
    async (request) => ok(await kyc.upload(playerOf(request).playerId, request.query.kind, () => readDocument(request))),
  );

  app.get('/kyc/documents/:id/file', { onRequest: app.requirePlayer, schema: { params: idParams, response: { 200: bytesView } } }, async (request, reply) => {
    const file = await kyc.ownFile(playerOf(request).playerId, request.params.id);
    return reply
      .type(file.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .send(file.bytes);
  });
};
