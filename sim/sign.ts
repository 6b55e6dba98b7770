// Request signing for the provider API. The product keeps its own copy; this one serves the sim and its tests.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lowercase hex HMAC-SHA256(secret, `${method}\n${pathWithQuery}\n${timestamp}\n${rawBody}`). */
export function sign(secret: string, method: string, pathWithQuery: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${rawBody}`).digest('hex');
}

// A type alias (not an interface) so it passes straight to fetch as HeadersInit.
export type SignedHeaders = {
  'x-operator': string;
  'x-timestamp': string;
  'x-signature': string;
  'content-type'?: string;
};

/** Headers for one signed call; pass the exact body string you send ('' or undefined for GET). */
export function signedHeaders(opts: {
  secret: string;
  method: string;
  pathWithQuery: string;
  body?: string;
  operator?: string;
  timestamp?: number;
}): SignedHeaders {
  const timestamp = String(opts.timestamp ?? Date.now());
  const body = opts.body ?? '';
  const headers: SignedHeaders = {
    'x-operator': opts.operator ?? 'site',
    'x-timestamp': timestamp,
    'x-signature': sign(opts.secret, opts.method, opts.pathWithQuery, timestamp, body),
  };
  if (body !== '') headers['content-type'] = 'application/json';
  return headers;
}

/** Constant-time comparison of two lowercase hex signatures. */
export function signatureMatches(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}
