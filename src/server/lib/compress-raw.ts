// Compresses a response that another library writes straight to Node's ServerResponse (Astro's SSR
// handler bypasses Fastify's reply, so Fastify's compression hooks never see it).
import zlib from 'node:zlib';
import type { ServerResponse, OutgoingHttpHeaders } from 'node:http';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml))/;

export function compressRawResponse(res: ServerResponse, acceptEncoding: string | undefined): void {
  const accepts = String(acceptEncoding ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
  if (!encoding) return;
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  let stream: zlib.Gzip | zlib.BrotliCompress | undefined;

  res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
    const h: OutgoingHttpHeaders = { ...(headers ?? {}) };
    const type = String(h['content-type'] ?? res.getHeader('content-type') ?? '');
    if (status !== 204 && status !== 304 && COMPRESSIBLE.test(type) && !h['content-encoding']) {
      // Brotli at a low quality keeps the per-request cost close to gzip's while still smaller.
      stream = encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : zlib.createGzip({ level: 6 });
      stream.on('data', (chunk: Buffer) => write(chunk));
      stream.on('end', () => end());
      delete h['content-length'];
      h['content-encoding'] = encoding;
      h.vary = 'accept-encoding';
    }
    return writeHead(status, h);
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown) => (stream ? stream.write(chunk as Buffer) : write(chunk))) as ServerResponse['write'];
  res.end = ((chunk?: unknown) => {
    if (!stream) return end(chunk);
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') stream.write(chunk as Buffer);
    stream.end();
    return res;
  }) as ServerResponse['end'];
}
