// The back office's API client: the call itself is src/lib/http.ts (shared with the player side); here are the staff
// token, the back office's base path and the one place that ends the session when the server says it is over.
import { ApiFailure, request, type RequestOptions } from '../../lib/http.ts';
import type { Locale } from '../../shared/constants.ts';
import {
  $boLoadError, $boReady, $boStaff, $boToken, BO_TOKEN_KEY, clearBoSession, setBoStaff, type BoStaff,
} from '../../stores/backoffice.ts';

/** A failed back-office call; the same class as the player side's, under the name the back office reads. */
export { ApiFailure as BoFailure };

const config = { locale: 'zh-TW' as Locale, networkText: 'Network error' };

export function configureBo(locale: Locale, networkText: string): void {
  config.locale = locale;
  config.networkText = networkText;
}

/** The back office's paths in the page's language. */
export function boPath(locale: Locale, sub = ''): string {
  return `${locale === 'en' ? '/en' : ''}/backoffice${sub ? `/${sub}` : ''}`;
}

export async function boApi<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const token = $boToken.get();
  const query = opts.query
    ? Object.fromEntries(Object.entries(opts.query).filter(([, v]) => v !== undefined && v !== ''))
    : undefined;
  try {
    return await request<T>(`/api/backoffice${path}`, { ...opts, query }, { token, locale: config.locale, networkText: config.networkText });
  } catch (err) {
    // The session ended (expired, signed out elsewhere, account disabled): the shell sends the page to sign-in.
    if (err instanceof ApiFailure && err.status === 401 && token) clearBoSession();
    throw err;
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
      if (err instanceof ApiFailure && err.status === 401) clearBoSession();
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
