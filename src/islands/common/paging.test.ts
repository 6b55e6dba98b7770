// The record lists' paging rules: searches start on page 1, pages stay within the answer, a stale answer never
// replaces the one the player asked for last, and page sizes stay within the shared bounds.
import { describe, expect, it } from 'vitest';
import { RECORD_PAGE_SIZE, RECORD_PAGE_SIZE_MAX } from '../../shared/constants.ts';
import { clampPageSize, initialPaging, isRangeValid, pageCount, pagingReducer, type PagedAnswer, type PagingState } from './paging.ts';

type Answer = PagedAnswer<{ id: number }>;
interface Filters {
  start: string;
  end: string;
}
type State = PagingState<Answer, Filters>;

const week: Filters = { start: '2026-11-18', end: '2026-11-24' };
const answer = (total: number, ids: number[]): Answer => ({ data: ids.map((id) => ({ id })), total });

function loadedAt(page: number, total: number): State {
  let s = pagingReducer(initialPaging<Answer, Filters>(), { type: 'search', filters: week });
  s = pagingReducer(s, { type: 'loaded', ticket: s.ticket, answer: answer(total, [1]) });
  if (page > 1) {
    s = pagingReducer(s, { type: 'page', page });
    s = pagingReducer(s, { type: 'loaded', ticket: s.ticket, answer: answer(total, [page]) });
  }
  return s;
}

describe('pagingReducer', () => {
  it('fetches nothing before the first search and ignores paging until then', () => {
    const s = initialPaging<Answer, Filters>();
    expect(s).toMatchObject({ filters: null, page: 1, pageSize: RECORD_PAGE_SIZE, ticket: 0, loading: false, answer: null, error: '' });
    expect(pagingReducer(s, { type: 'page', page: 2 })).toBe(s);
    expect(pagingReducer(s, { type: 'reload' })).toBe(s);
  });

  it('starts a search from page 1 with a new ticket and clears the last error', () => {
    const failed = pagingReducer(loadedAt(3, 45), { type: 'reload' });
    const s0 = pagingReducer(failed, { type: 'failed', ticket: failed.ticket, error: 'Network error' });
    expect(s0.error).toBe('Network error');
    const s = pagingReducer(s0, { type: 'search', filters: { start: '2026-11-24', end: '2026-11-24' } });
    expect(s).toMatchObject({ page: 1, ticket: s0.ticket + 1, loading: true, error: '' });
    expect(s.filters).toEqual({ start: '2026-11-24', end: '2026-11-24' });
    // The previous rows stay until the new answer arrives, so the list dims instead of flashing.
    expect(s.answer).toBe(s0.answer);
  });

  it('keeps pages within the answer: 45 rows of 10 make pages 1 to 5', () => {
    const s = loadedAt(1, 45);
    expect(pagingReducer(s, { type: 'page', page: 9 }).page).toBe(5);
    expect(pagingReducer(s, { type: 'page', page: 0 }).page).toBe(1);
    expect(pagingReducer(s, { type: 'page', page: 1 })).toBe(s);
    const next = pagingReducer(s, { type: 'page', page: 2 });
    expect(next).toMatchObject({ page: 2, ticket: s.ticket + 1, loading: true });
  });

  it('drops an answer or a failure of an older ticket', () => {
    const first = pagingReducer(initialPaging<Answer, Filters>(), { type: 'search', filters: week });
    const firstTicket = first.ticket;
    const second = pagingReducer(first, { type: 'search', filters: { start: '2026-11-23', end: '2026-11-23' } });
    expect(pagingReducer(second, { type: 'loaded', ticket: firstTicket, answer: answer(99, [7]) })).toBe(second);
    expect(pagingReducer(second, { type: 'failed', ticket: firstTicket, error: 'late' })).toBe(second);
    const done = pagingReducer(second, { type: 'loaded', ticket: second.ticket, answer: answer(1, [8]) });
    expect(done).toMatchObject({ loading: false, error: '', answer: { total: 1, data: [{ id: 8 }] } });
  });

  it('keeps the rows of the last answer when a call fails, and asks the same page again on reload', () => {
    const s = loadedAt(2, 45);
    const again = pagingReducer(s, { type: 'reload' });
    const failed = pagingReducer(again, { type: 'failed', ticket: again.ticket, error: 'Try later' });
    expect(failed).toMatchObject({ page: 2, loading: false, error: 'Try later', answer: s.answer });
    const retried = pagingReducer(failed, { type: 'reload' });
    expect(retried).toMatchObject({ page: 2, ticket: failed.ticket + 1, loading: true, error: '' });
  });
});

describe('page sizes and counts', () => {
  it('bounds a page size by the shared maximum and falls back to the default', () => {
    expect(clampPageSize(undefined)).toBe(RECORD_PAGE_SIZE);
    expect(clampPageSize(Number.NaN)).toBe(RECORD_PAGE_SIZE);
    expect(clampPageSize(0)).toBe(1);
    expect(clampPageSize(20.7)).toBe(20);
    expect(clampPageSize(10_000)).toBe(RECORD_PAGE_SIZE_MAX);
    expect(initialPaging(500).pageSize).toBe(RECORD_PAGE_SIZE_MAX);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('isRangeValid', () => {
  const bounds = { min: '2026-10-26', max: '2026-11-24' };
  it('accepts whole days inside the window with the start not after the end', () => {
    expect(isRangeValid({ ...bounds, start: '2026-10-26', end: '2026-11-24' })).toBe(true);
    expect(isRangeValid({ ...bounds, start: '2026-11-24', end: '2026-11-24' })).toBe(true);
  });
  it('refuses a reversed range, days outside the window and partial dates', () => {
    expect(isRangeValid({ ...bounds, start: '2026-11-24', end: '2026-11-23' })).toBe(false);
    expect(isRangeValid({ ...bounds, start: '2026-10-25', end: '2026-11-01' })).toBe(false);
    expect(isRangeValid({ ...bounds, start: '2026-11-01', end: '2026-11-25' })).toBe(false);
    expect(isRangeValid({ ...bounds, start: '', end: '2026-11-01' })).toBe(false);
  });
});
