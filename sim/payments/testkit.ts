// Helpers for the PayBridge tests: signed merchant calls, unsigned switches, and a small local HTTP
// receiver standing in for the merchant's notifyUrl.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Sim } from '../server.ts';
import { merchantHeaders } from './sign.ts';

export const GW_SECRET = 'test-gateway-secret';

export interface Res {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  body: Record<string, any>;
}

export async function merchantCall(
  sim: Sim,
  method: string,
  path: string,
  body?: unknown,
  opts: { secret?: string; timestamp?: number; merchantId?: string } = {},
): Promise<Res> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const headers = merchantHeaders({
    secret: opts.secret ?? GW_SECRET,
    method,
    pathWithQuery: path,
    body: raw,
    timestamp: opts.timestamp,
    merchantId: opts.merchantId,
  });
  const res = await fetch(sim.url + path, { method, headers, body: raw || undefined, signal: AbortSignal.timeout(5000) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

export async function simCall(sim: Sim, method: string, path: string, body?: unknown): Promise<Res> {
  const res = await fetch(sim.url + path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

export const uid = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

export function orderBody(receiver: Receiver, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    merchantOrderId: uid('dep'),
    amountMinor: '123450',
    currency: 'TWD',
    method: 'card',
    notifyUrl: receiver.url,
    returnUrl: 'http://localhost:4321/member/deposit?from=gw',
    description: 'Deposit',
    ...over,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
export async function createOrder(sim: Sim, receiver: Receiver, over: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const r = await merchantCall(sim, 'POST', '/gateway/orders', orderBody(receiver, over));
  if (r.status !== 200) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  body: Record<string, any>;
  at: number;
}

/** The merchant's notifyUrl: records every callback and answers with `respond` (default 200 'OK'). */
export interface Receiver {
  url: string;
  received: Received[];
  respond: (r: Received, n: number) => { status: number; body: string } | Promise<{ status: number; body: string }>;
  forOrder(merchantOrderId: string): Received[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = {
    url: '',
    received,
    respond: () => ({ status: 200, body: 'OK' }),
    forOrder: (id) => received.filter((r) => r.body.merchantOrderId === id),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    // The stream's event cannot wait for the test's responder; a responder that throws is answered with a 500.
    req.on('end', () => void answer().catch(() => res.writeHead(500).end()));
    const answer = async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
      let body: Record<string, any> = {};
      try {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
        body = JSON.parse(raw) as Record<string, any>;
      } catch {
        /* recorded as is */
      }
      const r: Received = { headers: req.headers, raw, body, at: Date.now() };
      received.push(r);
      const answer = await receiver.respond(r, received.length);
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/payments/callback`;
  return receiver;
}

export async function waitFor<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 3000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
