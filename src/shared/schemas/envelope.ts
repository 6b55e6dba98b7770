// The success envelope of SPEC.md around a response's data, for response schemas: a route declares
// `response: { 200: okBody(SomeView) }` and the view schema beside its request schema types the island too.
import * as v from 'valibot';

export function okBody<S extends v.GenericSchema>(data: S) {
  return v.object({ status: v.literal('success'), code: v.literal(100), message: v.string(), data });
}

/** The answer of a command that has nothing to return but its message. */
export const okEmpty = okBody(v.null());

/** One page of a player's records: the rows and how many there are in all. */
export function pageOf<S extends v.GenericSchema>(row: S) {
  return v.object({ data: v.array(row), total: v.number() });
}

/** One page of a back-office list, which also echoes the page it answers. */
export function staffPageOf<S extends v.GenericSchema>(row: S) {
  return v.object({ data: v.array(row), total: v.number(), page: v.number(), pageSize: v.number() });
}

/** The error shape of SPEC.md section 8, for the few routes that answer a refusal themselves instead of throwing. */
export const errorView = v.object({
  status: v.literal('error'),
  code: v.string(),
  message: v.string(),
  error: v.optional(v.record(v.string(), v.array(v.string()))),
});

/** A file's bytes (pictures), for routes that answer the file itself rather than JSON. */
export const bytesView = v.custom<Uint8Array<ArrayBufferLike>>((x) => x instanceof Uint8Array);
