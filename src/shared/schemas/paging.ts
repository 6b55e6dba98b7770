// The one paging contract of back-office lists: the query's page and pageSize, checked and bounded, and the offset
// a repository reads from. Player record lists keep their own page-size bound (RECORD_PAGE_SIZE_MAX), which is
// smaller because a phone renders every row.
import * as v from 'valibot';
import { idText } from './ids.ts';

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
/** Far beyond any real list; stops offsets that would make the database walk millions of rows. */
const PAGE_MAX = 10_000;

/** A whole number sent as query text, within bounds; 'bo.*' keys are translated by the back office's error handler. */
const intText = (min: number, max: number) => v.pipe(
  v.string('v.type.string'), v.regex(/^\d{1,9}$/, 'bo.v.integer'), v.transform(Number),
  v.minValue(min, 'bo.v.out_of_range'), v.maxValue(max, 'bo.v.out_of_range'),
);

/** The paging entries of a list query, spread into the route's query schema. */
export const pageQuery = {
  page: v.optional(intText(1, PAGE_MAX), '1'),
  pageSize: v.optional(intText(1, PAGE_SIZE_MAX), String(PAGE_SIZE_DEFAULT)),
};
export interface Paging { page: number; pageSize: number }

/** The rows a page skips. */
export const offsetOf = (p: Paging): number => (p.page - 1) * p.pageSize;

/** A path's `:id`, unknown ids answering not found. */
export const idParams = v.object({ id: idText('error.not_found') });
