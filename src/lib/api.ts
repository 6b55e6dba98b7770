// The browser's API client: bearer token, the page's language, and the error handling of SPEC.md section 8.
import { ofetch, FetchError } from 'ofetch';
import type { ErrorBody, SuccessBody } from '../shared/errors.ts';
import { $token, clearSession } from '../stores/auth-state.ts';
import { showAlert } from '../stores/ui.ts';
import { ERROR_REDIRECT_MS, type Locale } from '../shared/constants.ts';

export class ApiFailure extends Error {
  readonly status: number;
  readonly body: ErrorBody | undefined;
  constructor(status: number, body: ErrorBody | undefined, message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

let pageLocale: Locale = 'zh-TW';
let networkMessage = 'Network error';
export function configureApi(locale: Locale, networkErrorText: string): void {
  pageLocale = locale;
  networkMessage = networkErrorText;
}

function homePath(): string {
  return pageLocale === 'en' ? '/en/' : '/';
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** The caller shows field errors itself; a 403 then is not shown as a dialog either. */
  quiet403?: boolean;
  /** Extra request headers, e.g. an Idempotency-Key on money commands. */
  headers?: Record<string, string>;
  /** Receives the success envelope's message (the server's own text for the player). */
  onMessage?: (message: string) => void;
  /** Cancels the call, e.g. when a newer query of the same list replaces it. */
  signal?: AbortSignal;
}

export async function api<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const token = $token.get();
  try {
    const res = await ofetch<SuccessBody<T> | T>(`/api${path}`, {
      method: opts.method ?? 'GET',
      body: opts.body as Record<string, unknown> | undefined,
      query: opts.query,
      headers: { ...opts.headers, 'x-locale': pageLocale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      retry: 0,
      timeout: 15_000,
      signal: opts.signal,
    });
    if (res && typeof res === 'object' && 'status' in res && (res as SuccessBody<T>).status === 'success') {
      opts.onMessage?.((res as SuccessBody<T>).message);
      return (res as SuccessBody<T>).data;
    }
    return res as T;
  } catch (err) {
    if (!(err instanceof FetchError) || !err.response) throw new ApiFailure(0, undefined, networkMessage);
    const status = err.response.status;
    const body = (err.data && typeof err.data === 'object' ? err.data : undefined) as ErrorBody | undefined;
    const message = body?.message ?? networkMessage;
    // Every failed call made with a token checks whether the session is still alive.
    if (token && status === 401) {
      clearSession();
      setTimeout(() => window.location.assign(homePath()), ERROR_REDIRECT_MS);
    } else if (status === 502) {
      setTimeout(() => window.location.assign(homePath()), ERROR_REDIRECT_MS);
    } else if (status === 403 && body?.code === 'password_change_required') {
      // A forced password change (issue 11): the change form is the one place the player may go.
      if (!/^\/(en\/)?update-password\/?$/.test(window.location.pathname)) window.location.assign(pageLocale === 'en' ? '/en/update-password' : '/update-password');
    } else if (status === 403 && !opts.quiet403 && !body?.forget) {
      showAlert(body?.error?.modal?.join('\n') || message);
    }
    throw new ApiFailure(status, body, message);
  }
}
