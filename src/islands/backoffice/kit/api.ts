// The back office's API client: the call itself is src/lib/http.ts (shared with the player side); here are the staff
// token, the back office's base path and the one place that ends the session when the server says it is over.
import { ApiFailure, request, type RequestOptions } from '../../../lib/http.ts';
import type { Locale } from '../../../shared/constants.ts';
import { resolveRoute, type AnswerOf, type ParamsOption } from '../../../shared/api/contract.ts';
import type { BackofficeRoutes } from '../../../shared/api/backoffice.ts';
import { $boLoadError, $boReady, $boStaff, $boToken, BO_TOKEN_KEY, clearBoSession, setBoStaff } from '../../../stores/backoffice.ts';

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

/** What a back-office route answers, by its key in src/shared/api/backoffice.ts. */
export type BoAnswer<K extends keyof BackofficeRoutes> = AnswerOf<BackofficeRoutes, K>;

/** Options of a call by route key: the method comes from the key, the path's parameters from `params`. */
export type BoRouteOptions<K extends string> = Omit<RequestOptions, 'method'> & ParamsOption<K>;

/** Calls a back-office route by its key in src/shared/api/backoffice.ts; the answer's type comes from the map. */
export function boApi<K extends keyof BackofficeRoutes>(
  route: K,
  ...opts: ParamsOption<K> extends { params: object } ? [BoRouteOptions<K>] : [BoRouteOptions<K>?]
): Promise<AnswerOf<BackofficeRoutes, K>> {
  return boCall(route, opts[0]) as Promise<AnswerOf<BackofficeRoutes, K>>;
}

/**
 * The call behind boApi for code that holds a route key as a type parameter (the data hook), where the compiler
 * cannot tell which parameters the key needs; islands call boApi.
 */
export async function boCall(
  route: keyof BackofficeRoutes,
  opts: Omit<RequestOptions, 'method'> & { params?: Record<string, string | number> } = {},
): Promise<unknown> {
  const token = $boToken.get();
  const { params, ...rest } = opts;
  const target = resolveRoute(route, params);
  const query = rest.query ? Object.fromEntries(Object.entries(rest.query).filter(([, v]) => v !== undefined && v !== '')) : undefined;
  try {
    return await request<unknown>(
      `/api/backoffice${target.path}`,
      { ...rest, method: target.method, query },
      { token, locale: config.locale, networkText: config.networkText },
    );
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
      setBoStaff(await boApi('GET /auth/me'));
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
