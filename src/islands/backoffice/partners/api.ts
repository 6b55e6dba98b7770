// The back office's calls to the partners domain (relative to /api/backoffice/partners), with the staff member's token
// and the same session handling as every other back-office call (a 401 ends the session). The answer's type comes
// from the route's schema in src/shared/schemas/partners/backoffice.ts, listed by route key in routes.ts, which is
// imported as a type only, so none of the schemas reaches a browser bundle.
import { useCallback, useEffect, useRef, useState } from 'react';
import type * as v from 'valibot';
import { ApiFailure, request } from '../../../lib/http.ts';
import { resolveRoute, type ParamsOption } from '../../../shared/api/contract.ts';
import { $boToken, clearBoSession } from '../../../stores/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { PartnerRoutes } from './routes.ts';
type Answer<K extends keyof PartnerRoutes> = v.InferOutput<PartnerRoutes[K]>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const config = { locale: 'zh-TW' as Locale, networkText: 'Network error' };
export function configurePartnersBo(locale: Locale, networkText: string): void {
  config.locale = locale;
  config.networkText = networkText;
}

type Options<K extends string> = { body?: unknown; query?: Record<string, string | number | undefined> } & ParamsOption<
  K extends `PATCH ${infer P}` ? `PUT ${P}` : K
>;

/** Calls a partners route of the back office by its key; the answer's type comes from the map above. */
export async function pbApi<K extends keyof PartnerRoutes>(
  route: K,
  ...opts: Options<K> extends { params: object } ? [Options<K>] : [Options<K>?]
): Promise<Answer<K>> {
  const { params, body, query } = (opts[0] ?? {}) as {
    params?: Record<string, string | number>;
    body?: unknown;
    query?: Record<string, string | number | undefined>;
  };
  const [method, path] = (route as string).split(' ') as [Method, string];
  // resolveRoute knows the four methods of the other maps; PATCH resolves its path the same way.
  const target = resolveRoute(`${method === 'PATCH' ? 'PUT' : method} ${path}`, params);
  const token = $boToken.get();
  const cleanQuery = query ? Object.fromEntries(Object.entries(query).filter(([, x]) => x !== undefined && x !== '')) : undefined;
  try {
    return await request<Answer<K>>(
      `/api/backoffice/partners${target.path}`,
      { method: method as 'PUT', body, query: cleanQuery },
      { token, locale: config.locale, networkText: config.networkText },
    );
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 401 && token) clearBoSession();
    throw err;
  }
}

type ReadRoute = Extract<keyof PartnerRoutes, `GET ${string}`>;

/** One GET of the partners back office: its data (kept while a reload runs), error, reload; paged when pageSize is given. */
export function usePbData<K extends ReadRoute>(
  route: K | null,
  opts: { params?: Record<string, string | number>; query?: Record<string, string | number | undefined>; pageSize?: number } = {},
) {
  const [page, setPage] = useState(1);
  const key = `${route} ${JSON.stringify(opts.params ?? {})} ${JSON.stringify(opts.query ?? {})}`;
  const [held, setHeld] = useState<{ key: string; data: Answer<K> } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const seq = useRef(0);
  const load = useCallback(
    async (p: number) => {
      if (route === null) return;
      const mine = ++seq.current;
      setError(null);
      try {
        const query = opts.pageSize ? { ...opts.query, page: p, pageSize: opts.pageSize } : opts.query;
        const data = await (pbApi as (r: string, o: object) => Promise<Answer<K>>)(route, { params: opts.params, query });
        if (mine === seq.current) setHeld({ key, data });
      } catch (err) {
        if (mine === seq.current) setError(err);
      }
    },
    [key],
  );
  const pageRef = useRef(1);
  const go = useCallback(
    (p: number) => {
      pageRef.current = p;
      setPage(p);
      void load(p);
    },
    [load],
  );
  useEffect(() => {
    go(1);
    return () => {
      seq.current++;
    };
  }, [go]);
  // A list whose filters changed keeps its rows until the new answer comes, so the screen does not jump.
  const data = held && (held.key === key || opts.pageSize) ? held.data : null;
  const reload = useCallback(() => load(pageRef.current), [load]);
  const isEmpty = data !== null && (Array.isArray(data) ? data.length === 0 : 'data' in (data as object) && (data as { data: unknown[] }).data.length === 0);
  return {
    data,
    setData: (next: Answer<K>) => setHeld({ key, data: next }),
    error,
    reload,
    page,
    go,
    pageSize: opts.pageSize ?? 0,
    state: { loading: data === null && !error, error, empty: isEmpty, retry: reload },
  };
}
