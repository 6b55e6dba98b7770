// What the player's and the back office's API clients share: one call over ofetch with the bearer token and the
// page's language, the success envelope of SPEC.md section 8 unwrapped, and every failure as an ApiFailure carrying
// the error body. Each client keeps only its own reactions (which session to end, where to send the page).
import { ofetch, FetchError } from 'ofetch';
import type { ErrorBody, SuccessBody } from '../shared/errors.ts';
import type { Locale } from '../shared/constants.ts';

/** A call that has not answered by then fails as a network error. */
const API_TIMEOUT_MS = 15_000;

export class ApiFailure extends Error {
  /** The HTTP status, or 0 when no answer arrived (network, timeout, cancelled). */
  readonly status: number;
  readonly body: ErrorBody | undefined;
  constructor(status: number, body: ErrorBody | undefined, message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
  /** Per-field messages, already in the page's language. */
  field(name: string): string | undefined {
    return this.body?.error?.[name]?.join(' ');
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Extra request headers, such as the Idempotency-Key of a money command. */
  headers?: Record<string, string>;
  /** Cancels the call, e.g. when a newer query of the same list replaces it. */
  signal?: AbortSignal;
}

export interface RequestContext {
  token: string | null | undefined;
  locale: Locale;
  /** The failure's message when no answer arrived, in the page's language. */
  networkText: string;
  /** Receives the success envelope's message (the server's own text for the user). */
  onMessage?: (message: string) => void;
}

export async function request<T>(url: string, opts: RequestOptions, ctx: RequestContext): Promise<T> {
  try {
    const res = await ofetch<SuccessBody<T> | T>(url, {
      method: opts.method ?? 'GET',
      body: opts.body as Record<string, unknown> | undefined,
      query: opts.query,
      headers: { ...opts.headers, 'x-locale': ctx.locale, ...(ctx.token ? { authorization: `Bearer ${ctx.token}` } : {}) },
      retry: 0,
      timeout: API_TIMEOUT_MS,
      signal: opts.signal,
    });
    if (res && typeof res === 'object' && 'status' in res && (res as SuccessBody<T>).status === 'success') {
      ctx.onMessage?.((res as SuccessBody<T>).message);
      return (res as SuccessBody<T>).data;
    }
    return res as T;
  } catch (err) {
    if (!(err instanceof FetchError) || !err.response) throw new ApiFailure(0, undefined, ctx.networkText);
    const body = (err.data && typeof err.data === 'object' ? err.data : undefined) as ErrorBody | undefined;
    throw new ApiFailure(err.response.status, body, body?.message ?? ctx.networkText);
  }
}
