// The back office's API client: the staff bearer token, the page's language, and one place that ends
// the session when the server says it is over.
import { ofetch, FetchError } from 'ofetch';
import type { ErrorBody, SuccessBody } from '../../shared/errors.ts';
import type { Locale } from '../../shared/constants.ts';
import {
  $boLoadError, $boReady, $boStaff, $boToken, BO_TOKEN_KEY, clearBoSession, setBoStaff, type BoStaff,
} from '../../stores/backoffice.ts';

export class BoFailure extends Error {
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

const config = { locale: 'zh-TW' as Locale, networkText: 'Network error' };

export function configureBo(locale: Locale, networkText: string): void {
  config.locale = locale;
  config.networkText = networkText;
}

/** The back office's paths in the page's language. */
export function boPath(locale: Locale, sub = ''): string {
  return `${locale === 'en' ? '/en' : ''}/backoffice${sub ? `/${sub}` : ''}`;
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Extra request headers, such as the Idempotency-Key of a money command. */
  headers?: Record<string, string>;
}

export async function boApi<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const token = $boToken.get();
  const query = opts.query
    ? Object.fromEntries(Object.entries(opts.query).filter(([, v]) => v !== undefined && v !== ''))
    : undefined;
  try {
    const res = await ofetch<SuccessBody<T>>(`/api/backoffice${path}`, {
      method: opts.method ?? 'GET',
      body: opts.body as Record<string, unknown> | undefined,
      query,
      headers: { ...opts.headers, 'x-locale': config.locale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      retry: 0,
      timeout: 15_000,
    });
    return res.data;
  } catch (err) {
    if (!(err instanceof FetchError) || !err.response) throw new BoFailure(0, undefined, config.networkText);
    const body = (err.data && typeof err.data === 'object' ? err.data : undefined) as ErrorBody | undefined;
    // The session ended (expired, signed out elsewhere, account disabled): the shell sends the page to sign-in.
    if (err.response.status === 401 && token) clearBoSession();
    throw new BoFailure(err.response.status, body, body?.message ?? config.networkText);
  }
}

let loading: Promise<void> | null = null;

/** Loads the signed-in staff member once per page; every island may call it. */
export function startBackoffice(): Promise<void> {
  if (loading) return loading;
  if ($boReady.get() && $boStaff.get()) return Promise.resolve();
  loading = (async () => {
    if (!$boToken.get()) {
      setBoStaff(null);
      return;
    }
    try {
      setBoStaff(await boApi<BoStaff>('/auth/me'));
    } catch (err) {
      if (err instanceof BoFailure && err.status === 401) clearBoSession();
      else {
        $boLoadError.set(err instanceof Error ? err.message : config.networkText);
        $boReady.set(true);
      }
    }
  })();
  if (typeof window !== 'undefined') {
    // Another tab signed in or out: this page's idea of who is signed in is stale.
    window.addEventListener('storage', (e) => {
      if (e.key === BO_TOKEN_KEY && e.oldValue !== e.newValue) window.location.reload();
    });
  }
  return loading;
}
