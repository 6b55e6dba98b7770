// The player's API client: the call itself is src/lib/http.ts (shared with the back office); here are the player
// side's reactions to failures (SPEC.md section 8): a dead session is ended, a forced password change is followed.
import { ApiFailure, request, type RequestOptions } from '../lib/http.ts';
import { $token, clearSession } from './auth-state.ts';
import { showAlert } from './ui.ts';
import { ERROR_REDIRECT_MS, type Locale } from '../shared/constants.ts';
import { resolveRoute, type AnswerOf, type ParamsOption } from '../shared/api/contract.ts';
import type { PlayerRoutes } from '../shared/api/player.ts';

export { ApiFailure };

let pageLocale: Locale = 'zh-TW';
let networkMessage = 'Network error';
export function configureApi(locale: Locale, networkErrorText: string): void {
  pageLocale = locale;
  networkMessage = networkErrorText;
}

function homePath(): string {
  return pageLocale === 'en' ? '/en/' : '/';
}

interface CallOptions extends RequestOptions {
  /** The caller shows field errors itself; a 403 then is not shown as a dialog either. */
  quiet403?: boolean;
  /** Receives the success envelope's message (the server's own text for the player). */
  onMessage?: (message: string) => void;
}

/** Options of a call by route key: the method comes from the key, the path's parameters from `params`. */
type RouteCallOptions<K extends string> = Omit<CallOptions, 'method'> & ParamsOption<K>;

/** Calls a player route by its key in src/shared/api/player.ts; the answer's type comes from the map. */
export function api<K extends keyof PlayerRoutes>(
  route: K,
  ...opts: ParamsOption<K> extends { params: object } ? [RouteCallOptions<K>] : [RouteCallOptions<K>?]
): Promise<AnswerOf<PlayerRoutes, K>>;
export async function api(route: keyof PlayerRoutes, opts: Omit<CallOptions, 'method'> & { params?: Record<string, string | number> } = {}): Promise<unknown> {
  const token = $token.get();
  const { params, ...rest } = opts;
  const target = resolveRoute(route, params);
  try {
    return await request<unknown>(
      `/api${target.path}`,
      { ...rest, method: target.method },
      { token, locale: pageLocale, networkText: networkMessage, onMessage: opts.onMessage },
    );
  } catch (err) {
    if (!(err instanceof ApiFailure) || err.status === 0) throw err;
    const { status, body } = err;
    // Every failed call made with a token checks whether the session is still alive.
    if (token && status === 401) {
      clearSession();
      setTimeout(() => window.location.assign(homePath()), ERROR_REDIRECT_MS);
    } else if (status === 502) {
      setTimeout(() => window.location.assign(homePath()), ERROR_REDIRECT_MS);
    } else if (status === 403 && body?.code === 'password_change_required') {
      // A forced password change: the change form is the one place the player may go.
      if (!/^\/(en\/)?update-password\/?$/.test(window.location.pathname))
        window.location.assign(pageLocale === 'en' ? '/en/update-password' : '/update-password');
    } else if (status === 403 && !opts.quiet403 && !body?.forget) {
      showAlert(body?.error?.modal?.join('\n') || err.message);
    }
    throw err;
  }
}
