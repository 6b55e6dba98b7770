// PostgreSQL array literals for statements that take many values in one parameter (a batch's items). A literal is
// plain text, which node-postgres and PGlite send alike; the statement casts it (::text[], ::bigint[]).

/** A text[] literal: every element quoted, with its backslashes and double quotes escaped; null is NULL. */
export function textArray(values: ReadonlyArray<string | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

/** A bigint[] (or int[]) literal of whole numbers. */
export function numberArray(values: ReadonlyArray<number | bigint>): string {
  return `{${values.map((v) => v.toString()).join(',')}}`;
}
