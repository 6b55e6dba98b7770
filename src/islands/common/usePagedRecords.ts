// One paged record list for an island: the island says how to fetch a page for its filters, the hook keeps the
// page, the loading and error states and the last answer, and cancels a call a newer one replaces.
import { useEffect, useReducer, useRef } from 'react';
import { initialPaging, pageCount, pagingReducer, type PagedAnswer } from './paging.ts';

export interface PageRequest<F> {
  filters: F;
  page: number;
  pageSize: number;
  /** Aborted when the call is no longer wanted (a newer search, another page, the island unmounted). */
  signal: AbortSignal;
}

export interface PagedRecords<A extends PagedAnswer, F> {
  /** The whole last answer, for what a call answers beside its rows (totals, progress). */
  answer: A | null;
  /** The rows on screen; null until the first answer. */
  rows: A['data'] | null;
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  loading: boolean;
  /** The last failure as text for the screen, '' when there is none. */
  error: string;
  /** The filters of the search on screen, null before the first. */
  filters: F | null;
  /** Runs a new query from its first page. */
  search: (filters: F) => void;
  setPage: (page: number) => void;
  /** Asks for the same page of the same query again (a retry, or news that the rows changed). */
  reload: () => void;
}

export function usePagedRecords<A extends PagedAnswer, F>(
  fetchPage: (request: PageRequest<F>) => Promise<A>,
  options: { errorText: (err: unknown) => string; pageSize?: number },
): PagedRecords<A, F> {
  const [state, dispatch] = useReducer(pagingReducer<A, F>, options.pageSize, (size) => initialPaging<A, F>(size));
  // The island passes new closures on every render; the call made for a ticket uses the newest ones.
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const errorRef = useRef(options.errorText);
  errorRef.current = options.errorText;

  useEffect(() => {
    if (state.ticket === 0 || state.filters === null) return;
    const ticket = state.ticket;
    const controller = new AbortController();
    fetchRef.current({ filters: state.filters, page: state.page, pageSize: state.pageSize, signal: controller.signal }).then(
      (answer) => dispatch({ type: 'loaded', ticket, answer }),
      (err: unknown) => {
        // A cancelled call failing is expected: the call that replaced it reports instead.
        if (!controller.signal.aborted) dispatch({ type: 'failed', ticket, error: errorRef.current(err) });
      },
    );
    return () => controller.abort();
  }, [state.ticket]);

  const total = state.answer?.total ?? 0;
  const actions = useRef({
    search: (filters: F) => dispatch({ type: 'search', filters }),
    setPage: (page: number) => dispatch({ type: 'page', page }),
    reload: () => dispatch({ type: 'reload' }),
  }).current;
  return {
    answer: state.answer,
    rows: state.answer?.data ?? null,
    total,
    page: state.page,
    pages: pageCount(total, state.pageSize),
    pageSize: state.pageSize,
    loading: state.loading,
    error: state.error,
    filters: state.filters,
    ...actions,
  };
}
