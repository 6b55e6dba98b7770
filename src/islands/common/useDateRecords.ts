// A record list searched by date range: the range form's state, and the list asked for its first range as soon as
// a player is signed in (the record screens of the wallet, the cashier, the turnover and the points mall).
import { useEffect } from 'react';
import { quickRange, useDateRange, type DayRange } from './DateRangeForm.tsx';
import { usePagedRecords, type PageRequest } from './usePagedRecords.ts';
import type { PagedAnswer } from './paging.ts';
import type { QuickRange } from '../kit/dates.ts';

export function useDateRecords<A extends PagedAnswer>(
  first: QuickRange,
  signedIn: boolean,
  fetchPage: (request: PageRequest<DayRange>) => Promise<A>,
  errorText: (err: unknown) => string,
) {
  const range = useDateRange(first);
  const records = usePagedRecords<A, DayRange>(fetchPage, { errorText });
  useEffect(() => {
    if (signedIn) records.search(quickRange(first));
  }, [signedIn]);
  return { range, records };
}
