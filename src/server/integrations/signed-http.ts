// The signed JSON call both outside systems expect: an HMAC-SHA256 over method, path, timestamp and raw body, sent
// with the caller's identity header, answered with JSON. One implementation, so a fix to signing, time-outs or body
// handling reaches the game providers and the payment gateway alike.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
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

export interface SignedAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Sends the call; network failures, time-outs and answers over MAX_ANSWER_BYTES reject (the caller decides what they
 * mean), and an answer that is not JSON reads as an empty object for the caller's schema to refuse.
 */
export async function signedCall(opts: SignedCallOptions, method: 'GET' | 'POST', path: string, body?: unknown): Promise<SignedAnswer> {
  if (!opts.breaker) return send(opts, method, path, body);
  return opts.breaker.board.call(
    opts.breaker.name,
    () => send(opts, method, path, body),
    (answer) => answer.status >= SERVER_ERROR,
  );
}

/** Answers from this status up say the other system is in trouble, not that our request was wrong. */
const SERVER_ERROR = 500;

/**
 * Connections to the outside systems are kept open and reused (keep-alive), one pool per protocol for the process: a
 * transfer into play makes one call, and a new TCP (and TLS) connection per call would cost more than the call. Node's
 * own http client rather than fetch: fetch's stream and body machinery cost several times this small JSON exchange
 * (measured with the stand-in provider on loopback, tests/perf/ledger-bench.mjs).
 */
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
} as const;

/**
 * The largest answer read, in bytes. Every answer of either outside system is a small JSON object (a bet log page
 * is the largest, tens of kilobytes); one past this is a fault or an attack, and reading it whole would hold its
 * memory, and parse it, on the thread that serves everyone.
 */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** An answer longer than MAX_ANSWER_BYTES: the call fails as when the connection breaks, and counts as a failure. */
function tooLargeError(): Error {
  return Object.assign(new Error(`the answer was longer than ${MAX_ANSWER_BYTES} bytes`), { name: 'AnswerTooLargeError' });
}

/** A time-out of the whole call (connection, request, answer), named as AbortSignal.timeout names its own. */
function timeoutError(ms: number): Error {
  return Object.assign(new Error(`the call took longer than ${ms} ms`), { name: 'TimeoutError' });
}

async function send(opts: SignedCallOptions, method: 'GET' | 'POST', path: string, body?: unknown): Promise<SignedAnswer> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Date.now());
  const url = new URL(`${opts.baseUrl}${path}`);
  const signedPath = opts.sign === 'url-pathname' ? url.pathname : path;
  const signature = createHmac('sha256', opts.secret).update(`${method}\n${signedPath}\n${timestamp}\n${raw}`).digest('hex');
  const headers: Record<string, string> = { [opts.identity[0]]: opts.identity[1], 'x-timestamp': timestamp, 'x-signature': signature };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(raw));
  }
  const client = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? AGENTS['https:'] : AGENTS['http:'];
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | undefined, answer?: { status: number; text: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(answer!);
    };
    const req = client.request(url, { method, headers, agent }, (res) => {
      // An answer that says beforehand it is too long is not read at all.
      if (Number(res.headers['content-length'] ?? 0) > MAX_ANSWER_BYTES) {
        const err = tooLargeError();
        finish(err);
        req.destroy(err);
        return;
      }
      const chunks: Buffer[] = [];
      let length = 0;
      res.on('data', (chunk: Buffer) => {
        length += chunk.length;
        // Past the cap the rest is not read: the connection is destroyed (never handed back to the pool, where the
        // rest of the answer would be read as the next one) and the call fails.
        if (length > MAX_ANSWER_BYTES) {
          const err = tooLargeError();
          finish(err);
          req.destroy(err);
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => finish(undefined, { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', finish);
      res.on('aborted', () => finish(new Error('the answer was cut off')));
    });
    // The whole call, answer included, within timeoutMs; its connection is destroyed, never handed back to the pool.
    const timer = setTimeout(() => {
      const err = timeoutError(opts.timeoutMs);
      finish(err);
      req.destroy(err);
    }, opts.timeoutMs);
    req.on('error', finish);
    req.end(body === undefined ? undefined : raw);
  });
  let parsed: Record<string, unknown> = {};
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object' && !Array.isArray(json)) parsed = json as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  return { status, body: parsed };
}
