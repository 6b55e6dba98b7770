// Idempotency keys of money commands. Every route that takes one declares the header with the one schema in
// src/shared/schemas/idempotency.ts. Commands whose effect cannot be told apart from a deliberate repeat (a grant, an
// adjustment, bonus money to central) use commandKey: the caller's Idempotency-Key header when it sent one,
// otherwise a key derived from the command itself. A derived key names the caller, the route and what it asked for within a
// window of DERIVED_KEY_WINDOW_MS, so a client that retries the same request (a double click, a timeout and a
// resend) moves the money once. Two identical commands inside the window count as one: a player who really wants
// the same move twice sends it again after the window, or a client that needs that sends its own keys.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { idempotencyHeaders } from '../../shared/schemas/idempotency.ts';
import { ApiError } from './errors.ts';

export const DERIVED_KEY_WINDOW_MS = 60_000;

/** The caller's Idempotency-Key, validated by the one header schema; undefined when none was sent. */
export function clientKey(request: FastifyRequest): string | undefined {
  const parsed = v.safeParse(idempotencyHeaders, request.headers);
  if (!parsed.success) throw new ApiError('bad_request');
  return parsed.output['idempotency-key'];
}

export function commandKey(request: FastifyRequest, command: Record<string, unknown>, now = Date.now()): string {
  const given = clientKey(request);
  if (given) return given;
  const who = request.auth?.playerId ?? (request as { staff?: { staffId: number } }).staff?.staffId ?? request.ip;
  const window = Math.floor(now / DERIVED_KEY_WINDOW_MS);
  const digest = createHash('sha256')
    .update(
      JSON.stringify([request.method, request.routeOptions.url, who, command, window], (_k, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    )
    .digest('base64url')
    .slice(0, 40);
  return `auto-${digest}`;
}
