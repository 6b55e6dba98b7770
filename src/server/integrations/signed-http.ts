// The signed JSON call both outside systems expect: an HMAC-SHA256 over method, path, timestamp and raw body, sent
// with the caller's identity header, answered with JSON. One implementation, so a fix to signing, time-outs or body
// handling reaches the game providers and the payment gateway alike.
import { createHmac } from 'node:crypto';
import type { Breakers } from './breakers.ts';

export interface SignedCallOptions {
  baseUrl: string;
  secret: string;
  /** The caller's identity header, e.g. ['x-operator', 'op1'] or ['x-merchant', 'm1']. */
  identity: readonly [string, string];
  timeoutMs: number;
  /**
   * What the signature covers: the path as given with its query (game providers), or the full URL path without the
   * query, including any prefix of the base URL (the payment gateway).
   */
  sign: 'path-and-query' | 'url-pathname';
  /**
   * The circuit breaker the call goes through (breakers.ts): time-outs, network failures and 5xx answers count
   * against it, and while it is open the call is not sent and rejects with CircuitOpenError.
   */
  breaker?: { board: Breakers; name: string };
}

export interface SignedAnswer { status: number; body: Record<string, unknown> }

/**
 * Sends the call; network failures and time-outs reject (the caller decides what they mean), and an answer that is
 * not JSON reads as an empty object for the caller's schema to refuse.
 */
export async function signedCall(opts: SignedCallOptions, method: 'GET' | 'POST', path: string, body?: unknown): Promise<SignedAnswer> {
  if (!opts.breaker) return send(opts, method, path, body);
  return opts.breaker.board.call(opts.breaker.name, () => send(opts, method, path, body), (answer) => answer.status >= SERVER_ERROR);
}

/** Answers from this status up say the other system is in trouble, not that our request was wrong. */
const SERVER_ERROR = 500;

async function send(opts: SignedCallOptions, method: 'GET' | 'POST', path: string, body?: unknown): Promise<SignedAnswer> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Date.now());
  const url = `${opts.baseUrl}${path}`;
  const signedPath = opts.sign === 'url-pathname' ? new URL(url).pathname : path;
  const signature = createHmac('sha256', opts.secret).update(`${method}\n${signedPath}\n${timestamp}\n${raw}`).digest('hex');
  const res = await fetch(url, {
    method,
    headers: {
      [opts.identity[0]]: opts.identity[1], 'x-timestamp': timestamp, 'x-signature': signature,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : raw,
    signal: AbortSignal.timeout(opts.timeoutMs),
  });
  let parsed: Record<string, unknown> = {};
  try {
    const json: unknown = await res.json();
    if (json && typeof json === 'object' && !Array.isArray(json)) parsed = json as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  return { status: res.status, body: parsed };
}
