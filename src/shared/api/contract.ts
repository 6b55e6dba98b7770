// The client side's one binding of an API path to its answer: each map (player.ts, backoffice.ts) names a route by
// its method and path, as the server registers it, and the valibot schema of what the call resolves to (the data
// inside the success envelope). The API clients take a route key instead of a path and a hand-written type, so an
// island can neither call a path the map does not know nor read an answer in a shape the server does not send;
// tests/api/route-map.test.ts holds every entry to the route the server registers.
import type * as v from 'valibot';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route's key: its method, a space and its path relative to the client's base, with `:name` parameters. */
export type RouteKey = `${HttpMethod} /${string}`;

/** Route keys to the schema of what a successful call resolves to. */
export type RouteMap = { readonly [key: RouteKey]: v.GenericSchema };

/** The names of a path's `:parameters`, e.g. 'id' | 'code' for '/players/:id/wallets/:code'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameter values a route key needs: `{ params: { id } }` when its path names one, nothing otherwise. */
export type ParamsOption<K extends string> = [ParamNames<K>] extends [never] ? { params?: undefined } : { params: { [N in ParamNames<K>]: string | number } };

/** What a call of route K on map M resolves to. */
export type AnswerOf<M, K extends keyof M> = M[K] extends v.GenericSchema ? v.InferOutput<M[K]> : never;

const KEY = /^(GET|POST|PUT|DELETE) (\/\S*)$/;

/** The method and the concrete path of a route key with its parameters filled in, each one URL-encoded. */
export function resolveRoute(key: string, params?: Record<string, string | number>): { method: HttpMethod; path: string } {
  const match = KEY.exec(key);
  if (!match) throw new Error(`not a route key: ${key}`);
  const path = match[2].replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_all, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`route ${key} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return { method: match[1] as HttpMethod, path };
}

/** Whether a first argument is a route key (rather than a bare path of the older calls). */
export function isRouteKey(text: string): boolean {
  return KEY.test(text);
}
