// The one paging contract of every list: the query's page and pageSize, checked and bounded, and the offset a
// repository reads from. Back-office lists and the player's record lists differ only in their page sizes (a phone
// renders every row of a record page), so both build their query entries here.
import * as v from 'valibot';
import { idText } from './ids.ts';
import { RECORD_PAGE_SIZE, RECORD_PAGE_SIZE_MAX } from '../constants.ts';

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
/** Far beyond any real list; stops offsets that would make the database walk millions of rows. */
const PAGE_MAX = 10_000;

/** A page number or size sent as query text; its messages are the shared catalogue's, for players and staff alike. */
const pageText = (max: number) =>
  v.pipe(
    v.string('v.type.string'),
    v.regex(/^\d{1,9}$/, 'v.page.integer'),
    v.transform(Number),
    v.minValue(1, 'v.page.out_of_range'),
    v.maxValue(max, 'v.page.out_of_range'),
  );

/** The paging entries of a list query with its own default and largest page size, spread into the query schema. */
export function pagingQuery(sizeDefault: number, sizeMax: number) {
  return {
    page: v.optional(pageText(PAGE_MAX), '1'),
    pageSize: v.optional(pageText(sizeMax), String(sizeDefault)),
  };
}

/** The paging of back-office lists. */
export const pageQuery = pagingQuery(PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);

/** The paging of the player's record lists (money, transfers, deposits, withdrawals, bets, turnover requirements). */
export const recordPageQuery = pagingQuery(RECORD_PAGE_SIZE, RECORD_PAGE_SIZE_MAX);

/** A page of a player's records as the API answers it: the rows and how many there are in all. */
export interface RecordPage<T> {
  data: T[];
  total: number;
}
export interface Paging {
  page: number;
  pageSize: number;
}

/** The rows a page skips. */
export const offsetOf = (p: Paging): number => (p.page - 1) * p.pageSize;

/** A path's `:id`, unknown ids answering not found. */
export const idParams = v.object({ id: idText('error.not_found') });
