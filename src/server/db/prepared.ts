// Statements a repository prepares once per database: on PostgreSQL each is a named prepared statement, so every pool
// connection parses and plans it once instead of on every call. Keyed by the database handle, so test apps over
// other databases get their own, and a closed database's statements go with it.
import type { Db, DbOrTx } from './client.ts';

/**
 * The statements `make` prepares for a database (or a transaction's handle), made on first use and kept as long as
 * the handle: the pool's for good, a transaction's as long as it lasts.
 */
export function preparedPerDb<T, K extends Db | DbOrTx = Db>(make: (db: K) => T): (db: K) => T {
  const made = new WeakMap<K, T>();
  return (db) => {
    let statements = made.get(db);
    if (!statements) {
      statements = make(db);
      made.set(db, statements);
    }
    return statements;
  };
}
