// The partner portal's API client and session: the call itself is src/lib/http.ts (shared with the player side and
// the back office); here are the portal's base path, the signed-in partner shared by the page's islands, and the one
// place that ends the session when the server says it is over. The session itself is the server's cookie, apart from
// a player's token and a staff member's, so one browser can hold all three.
import { atom } from 'nanostores';
import { ApiFailure, request, type RequestOptions } from '../../lib/http.ts';
import type { Locale } from '../../shared/constants.ts';
import { resolveRoute, type AnswerOf, type ParamsOption } from '../../shared/api/contract.ts';
import type { AgentRoutes } from './routes.ts';

/** Where the portal's API lives. */
export const AGENT_API_BASE = '/api/agent';

export { ApiFailure };

/** The signed-in partner (GET /me), null until loaded or when signed out. Islands of one page share it through these stores. */
export const $agentMe = atom<AgentMe | null>(null);
/** True once the first call about the partner answered, either way. */
export const $agentReady = atom(false);
/** A failure to load the partner other than an ended session (network, server), in the page's language. */
export const $agentLoadError = atom<string | null>(null);

export type AgentMe = AnswerOf<AgentRoutes, 'GET /me'>;

/** The session is a cookie the server sets at sign-in (the browser sends it, scripts never read it). */
export function setAgentSession(me: AgentMe): void {
  $agentMe.set(me);
  $agentReady.set(true);
}

export function clearAgentSession(): void {
  $agentMe.set(null);
  $agentReady.set(true);
}

let leaving = false;
// A page restored from the back-forward cache keeps its scripts' state: it may leave again.
if (typeof window !== 'undefined')
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) leaving = false;
  });

/**
 * Leaves the page for another of the portal, once. Signing out cleared the partner, on which the portal's own redirect
 * of a signed-out partner started a second navigation to the same page, and the second cut the first short (the
 * browser reports the first as aborted).
 */
export function leavePortal(url: string, how: 'assign' | 'replace' = 'assign'): void {
  if (leaving) return;
  leaving = true;
  window.location[how](url);
}

const config = { locale: 'zh-TW' as Locale, networkText: 'Network error' };

export function configureAgent(locale: Locale, networkText: string): void {
  config.locale = locale;
  config.networkText = networkText;
}

type Options<K extends string> = Omit<RequestOptions, 'method'> & ParamsOption<K>;

/** Calls a partner route by its key in the partner route map; the answer's type comes from the map. */
export function agentApi<K extends keyof AgentRoutes>(
  route: K,
  ...opts: ParamsOption<K> extends { params: object } ? [Options<K>] : [Options<K>?]
): Promise<AnswerOf<AgentRoutes, K>> {
  return agentCall(route, opts[0]) as Promise<AnswerOf<AgentRoutes, K>>;
}

/** The call behind agentApi for code that holds a route key as a type parameter (the data hook). */
export async function agentCall(
  route: keyof AgentRoutes,
  opts: Omit<RequestOptions, 'method'> & { params?: Record<string, string | number> } = {},
): Promise<unknown> {
  const { params, ...rest } = opts;
  const target = resolveRoute(route, params);
  const query = rest.query ? Object.fromEntries(Object.entries(rest.query).filter(([, v]) => v !== undefined && v !== '')) : undefined;
  try {
    return await request<unknown>(
      `${AGENT_API_BASE}${target.path}`,
      { ...rest, method: target.method, query },
      { token: null, locale: config.locale, networkText: config.networkText },
    );
  } catch (err) {
    // The session ended (expired, signed out elsewhere, account suspended): the guard sends the page to sign-in.
    if (err instanceof ApiFailure && err.status === 401) clearAgentSession();
    throw err;
  }
}

let loading: Promise<void> | null = null;

/** Loads the signed-in partner once per page; every island may call it. */
export function startAgent(): Promise<void> {
  if (loading) return loading;
  loading = (async () => {
    try {
      setAgentSession(await agentApi('GET /me'));
    } catch (err) {
      if (!(err instanceof ApiFailure && err.status === 401)) {
        $agentLoadError.set(err instanceof Error ? err.message : config.networkText);
        $agentReady.set(true);
      }
    }
  })();
  return loading;
}

/** A CSV download, saved under the name the server gives (a plain link would not say what failed). */
export async function agentDownload(route: keyof AgentRoutes, params: Record<string, string | number>, fallbackName: string): Promise<void> {
  const target = resolveRoute(route, params);
  const res = await fetch(`${AGENT_API_BASE}${target.path}`, { credentials: 'same-origin', headers: { 'x-locale': config.locale } });
  if (!res.ok) throw new ApiFailure(res.status, await res.json().catch(() => undefined), config.networkText);
  const header = res.headers.get('content-disposition');
  const star = header && /filename\*=UTF-8''([^;]+)/i.exec(header);
  const plain = header && /filename="([^"]+)"/i.exec(header);
  const name = star ? decodeURIComponent(star[1]!) : plain ? plain[1]! : fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
