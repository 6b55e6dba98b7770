// The back office's one data hook: loads what a GET route answers, by its key in src/shared/api/backoffice.ts, one
// page at a time when the list pages, and hands ListState and the table what they need to show it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerOf, ParamsOption } from '../../../shared/api/contract.ts';
import type { BackofficeRoutes } from '../../../shared/api/backoffice.ts';
import { boCall } from './api.ts';

/** The back office's routes that read. */
export type BoReadRoute = Extract<keyof BackofficeRoutes, `GET ${string}`>;

export type BoQuery = Record<string, string | number | undefined>;

export type BoDataOptions<K extends string> = Partial<ParamsOption<K>> & {
  query?: BoQuery;
  /** Rows per page: the hook asks for one page at a time (page and pageSize in the query), page 1 whenever the query changes. */
  pageSize?: number;
};

/** Whether an answer has nothing to list: an empty array, or a page whose rows are empty. */
function isEmpty(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data === 'object' && data !== null && 'data' in data && Array.isArray(data.data)) return data.data.length === 0;
  return false;
}

/**
 * Loads one answer of the back office (`route` null: not yet). `reload` asks again and keeps what is shown meanwhile.
 * Another record (route or params) shows nothing until its own answer arrives, never the previous one's; a paged
 * list keeps its rows on screen while the next page or filter loads, and so does a list whose query changes.
 */
export function useBoData<K extends BoReadRoute>(route: K | null, opts: BoDataOptions<K> = {}) {
  type Answer = AnswerOf<BackofficeRoutes, K>;
  const { query, pageSize } = opts;
  const params = opts.params as Record<string, string | number> | undefined;
  const where = `${route} ${JSON.stringify(params ?? {})}`;
  const queryKey = JSON.stringify(query ?? {});
  const id = pageSize ? where : `${where} ${queryKey}`;
  const [held, setHeld] = useState<{ id: string; data: Answer } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(route !== null);
  const [page, setPage] = useState(1);
  const data = held && held.id === id ? held.data : null;
  const setData = useCallback(
    (next: Answer | null | ((prev: Answer | null) => Answer | null)) => {
      setHeld((h) => {
        const prev = h && h.id === id ? h.data : null;
        const value = typeof next === 'function' ? (next as (prev: Answer | null) => Answer | null)(prev) : next;
        return value === null ? null : { id, data: value };
      });
    },
    [id],
  );
  const seq = useRef(0);
  const pageRef = useRef(1);
  const load = useCallback(
    async (p: number) => {
      if (route === null) return;
      const mine = ++seq.current;
      setLoading(true);
      setError(null);
      try {
        const res = await boCall(route, { params, query: pageSize ? { ...query, page: p, pageSize } : query });
        if (mine === seq.current) setHeld({ id, data: res as Answer });
      } catch (err) {
        if (mine === seq.current) setError(err);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [id, queryKey, pageSize],
  );
  const go = useCallback(
    (p: number) => {
      pageRef.current = p;
      setPage(p);
      void load(p);
    },
    [load],
  );
  const reload = useCallback(() => load(pageRef.current), [load]);
  useEffect(() => {
    go(1);
    // A newer route or query makes any answer still on its way stale.
    return () => {
      seq.current++;
    };
  }, [go]);
  /** What ListState needs, spread as its props: what is already shown stays while the next answer loads. */
  const state = { loading: !data, error, empty: data !== null && isEmpty(data), retry: reload };
  return { data, setData, error, loading, reload, page, go, pageSize: pageSize ?? 0, state };
}

export type BoData<A> = {
  data: A | null;
  error: unknown;
  loading: boolean;
  page: number;
  pageSize: number;
  go: (page: number) => void;
  reload: () => Promise<void>;
  state: { loading: boolean; error: unknown; empty: boolean; retry: () => unknown };
};
