// The one schema for every id a request carries (body, path or query). Ids are bigserial columns read as
// JavaScript numbers, so an id is a whole number from 1 (or 0 where 0 means "none") up to the largest safe
// integer: anything larger would be rounded by JSON.parse or overflow PostgreSQL's bigint and end in a 500.
import * as v from 'valibot';

/** The largest id any request may name: exact as a JavaScript number and inside PostgreSQL's bigint. */
export const ID_MAX = Number.MAX_SAFE_INTEGER;
/** Digits of ID_MAX; longer text is refused before it is turned into a number. */
const ID_DIGITS = String(ID_MAX).length;
const ID_TEXT_RE = new RegExp(`^\\d{1,${ID_DIGITS}}$`);

/**
 * An id sent as a JSON number or as decimal text ('12'), checked and turned into a number.
 * `message` is the i18n key every failure answers with; `min` is 0 where 0 stands for "none".
 */
export function idSchema(message = 'v.id.invalid', min: 0 | 1 = 1) {
  return v.pipe(
    v.union([v.pipe(v.number(message), v.integer(message)), v.pipe(v.string(message), v.regex(ID_TEXT_RE, message), v.transform(Number))], message),
    v.minValue(min, message),
    v.maxValue(ID_MAX, message),
  );
}

/** An id in text only: path parameters and query strings. */
export function idText(message = 'v.id.invalid', min: 0 | 1 = 1) {
  return v.pipe(v.string(message), v.regex(ID_TEXT_RE, message), v.transform(Number), v.minValue(min, message), v.maxValue(ID_MAX, message));
}

/** An id as a JSON number only, where a form sends numbers. */
export function idNumber(message = 'v.id.invalid', min: 0 | 1 = 1) {
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(ID_MAX, message));
}
