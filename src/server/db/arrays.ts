// PostgreSQL array literals for statements that take many values in one parameter (a batch's items). A literal is
// plain text, which node-postgres and PGlite send alike; the statement casts it (::text[], ::bigint[]).

/** A text[] literal: every element quoted, with its backslashes and double quotes escaped; null is NULL. */
export function textArray(values: ReadonlyArray<string | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

/** A boolean[] literal. */
export function booleanArray(values: readonly boolean[]): string {
  return `{${values.map((v) => (v ? 't' : 'f')).join(',')}}`;
}

/** A bigint[] (or int[]) literal of whole numbers. */
export function numberArray(values: ReadonlyArray<number | bigint>): string {
  return `{${values.map((v) => v.toString()).join(',')}}`;
}

/**
 * A batch statement's rows in the order of its items: each row names its item's place (o_index, from 1); an item the
 * statement answered no row for is undefined, for the caller to refuse.
 */
export function rowsInItemOrder<R extends { o_index: number | string }>(rows: readonly R[], items: number): Array<R | undefined> {
  const ordered: Array<R | undefined> = new Array(items).fill(undefined);
  for (const row of rows) {
    const i = Number(row.o_index) - 1;
    if (i >= 0 && i < items) ordered[i] = row;
  }
  return ordered;
}
