import type { Db } from './client';

/**
 * A statement of a hot path built once per database handle (issue 20): Drizzle builds its SQL once instead of on every
 * request, and on PostgreSQL the statement is named, so each pooled connection parses and plans it once and then only
 * binds values. Parameters are `sql.placeholder(name)`, given to `execute({ name: value })`.
 *
 * Only for the top-level handle: a transaction (`tx`) prepares its own statements. Behind a connection pooler, named
 * statements need session pooling or a pooler that tracks them (PgBouncer ≥ 1.21 with max_prepared_statements).
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (statement === undefined) byDb.set(db, (statement = build(db)));
    return statement;
  };
}
