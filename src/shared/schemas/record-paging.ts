// The paging of the player's record lists (money, transfers, deposits, withdrawals, bets, turnover requirements):
// the page and page size as query text, at most 100 rows a page because a phone renders every row. The back office
// pages through src/shared/schemas/paging.ts, whose offsetOf both use.
import * as v from 'valibot';
import { RECORD_PAGE_SIZE, RECORD_PAGE_SIZE_MAX } from '../constants.ts';

/** The paging entries of a record query, spread into its schema. */
export const recordPageQuery = {
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
  pageSize: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(RECORD_PAGE_SIZE_MAX)), String(RECORD_PAGE_SIZE)),
};

/** A page of a player's records as the API answers it: the rows and how many there are in all. */
export interface RecordPage<T> { data: T[]; total: number }
