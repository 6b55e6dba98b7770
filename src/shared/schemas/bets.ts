// The bet-records query (SPEC.md section 7), shared by the route and the records island.
import * as v from 'valibot';

const dateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'v.date.invalid'));

export const betRecordsQuery = v.object({
  code: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{0,20}$/, 'error.not_found'))),
  wallet_id: v.optional(v.pipe(v.string(), v.regex(/^\d{0,12}$/, 'v.type.string'))),
  start: v.optional(dateText),
  end: v.optional(dateText),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
  pageSize: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)), '10'),
});
