// The paging logic of the player's record lists, kept free of React so it can be tested in node: which page of
// which query is on screen, whether a call is under way, and which answer still belongs to the screen.
import { RECORD_PAGE_SIZE, RECORD_PAGE_SIZE_MAX } from '../../shared/constants.ts';

/** The shape every record call answers: one page of rows and how many rows the whole query has. */
export interface PagedAnswer<Row = unknown> {
  data: Row[];
  total: number;
}

export interface PagingState<A extends PagedAnswer, F> {
  /** The filters of the last search; null until the first one, so nothing is fetched for a visitor. */
  filters: F | null;
  page: number;
  pageSize: number;
  /**
   * Bumped by every change that needs a call. An answer carries the ticket it was asked with, and one for an
   * older ticket is dropped: a slow first page never overwrites the second page the player asked for since.
   */
  ticket: number;
  loading: boolean;
  /** The last answer, kept while the next page loads so the list stays on screen (dimmed) instead of flashing. */
  answer: A | null;
  /** The failure of the last call as text for the screen, or '' when it succeeded or is under way. */
  error: string;
}

type PagingAction<A extends PagedAnswer, F> =
  | { type: 'search'; filters: F }
  | { type: 'page'; page: number }
  | { type: 'reload' }
  | { type: 'loaded'; ticket: number; answer: A }
  | { type: 'failed'; ticket: number; error: string };

/** A page size the server accepts: a whole number from 1 to the shared maximum, the default when it is not a number. */
export function clampPageSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return RECORD_PAGE_SIZE;
  return Math.min(RECORD_PAGE_SIZE_MAX, Math.max(1, Math.floor(size)));
}

/** How many pages `total` rows fill; an empty list still has its one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function initialPaging<A extends PagedAnswer, F>(pageSize?: number): PagingState<A, F> {
  return { filters: null, page: 1, pageSize: clampPageSize(pageSize), ticket: 0, loading: false, answer: null, error: '' };
}

export function pagingReducer<A extends PagedAnswer, F>(state: PagingState<A, F>, action: PagingAction<A, F>): PagingState<A, F> {
  switch (action.type) {
    case 'search':
      // A new query starts again from its first page.
      return { ...state, filters: action.filters, page: 1, ticket: state.ticket + 1, loading: true, error: '' };
    case 'page': {
      if (state.filters === null) return state;
      const pages = state.answer ? pageCount(state.answer.total, state.pageSize) : 1;
      const page = Math.min(pages, Math.max(1, Math.floor(action.page) || 1));
      if (page === state.page && !state.error) return state;
      return { ...state, page, ticket: state.ticket + 1, loading: true, error: '' };
    }
    case 'reload':
      if (state.filters === null) return state;
      return { ...state, ticket: state.ticket + 1, loading: true, error: '' };
    case 'loaded':
      if (action.ticket !== state.ticket) return state;
      return { ...state, answer: action.answer, loading: false, error: '' };
    case 'failed':
      if (action.ticket !== state.ticket) return state;
      return { ...state, loading: false, error: action.error };
  }
}

interface DateRangeCheck {
  start: string;
  end: string;
  /** The oldest day a record query may start on and the newest it may end on, 'YYYY-MM-DD' in Asia/Taipei. */
  min: string;
  max: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A range the record calls accept: two whole days within the searchable window, the start not after the end. */
export function isRangeValid({ start, end, min, max }: DateRangeCheck): boolean {
  return DAY.test(start) && DAY.test(end) && min <= start && start <= end && end <= max;
}
