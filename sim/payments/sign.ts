// Signing for the PayBridge gateway stand-in. Merchant requests are signed like the provider API
// (same string to sign, `x-merchant` instead of `x-operator`); callbacks to the merchant are signed
// over `${timestamp}\n${rawBody}`. The product keeps its own copy; this one serves the sim and its tests.
import { createHmac } from 'node:crypto';
import { sign, signatureMatches } from '../sign.ts';

export { sign as signMerchantRequest, signatureMatches };

// A type alias (not an interface) so it passes straight to fetch as HeadersInit.
export type MerchantHeaders = {
  'x-merchant': string;
  'x-timestamp': string;
  'x-signature': string;
  'content-type'?: string;
};

/** Headers for one signed merchant call; pass the exact body string you send ('' or undefined for GET). */
export function merchantHeaders(opts: {
  secret: string;
  method: string;
  pathWithQuery: string;
  body?: string;
  merchantId?: string;
  timestamp?: number;
}): MerchantHeaders {
  const timestamp = String(opts.timestamp ?? Date.now());
  const body = opts.body ?? '';
  const headers: MerchantHeaders = {
    'x-merchant': opts.merchantId ?? 'site',
    'x-timestamp': timestamp,
    'x-signature': sign(opts.secret, opts.method, opts.pathWithQuery, timestamp, body),
  };
  if (body !== '') headers['content-type'] = 'application/json';
  return headers;
}

/** Lowercase hex HMAC-SHA256(secret, `${timestamp}\n${rawBody}`): the `x-gateway-signature` of a callback. */
export function signCallback(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${rawBody}`).digest('hex');
}

/** What a merchant does with a callback: constant-time check of `x-gateway-signature`. */
export function callbackSignatureMatches(secret: string, timestamp: string, rawBody: string, given: string): boolean {
  return signatureMatches(signCallback(secret, timestamp, rawBody), given);
}
