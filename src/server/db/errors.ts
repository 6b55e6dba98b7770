// What a database error means, read the same way for node-postgres and PGlite.
const UNIQUE_VIOLATION = '23505';

/** Whether an error (or the driver error Drizzle wraps in it) is a unique violation of that index or constraint. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  // Drizzle wraps the driver error; both pg and PGlite expose code and constraint on it or its cause.
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === UNIQUE_VIOLATION && (e.constraint === constraint || String((e as Error).message ?? '').includes(constraint))) return true;
  }
  return false;
}
