import { sql } from 'drizzle-orm';
import type { Db, DbTx } from './client';

/**
 * Refreshes the planner's statistics (ANALYZE) of the tables that have none yet or whose size moved by more than a
 * tenth since they were last taken, and answers their names.
 *
 * PostgreSQL's autovacuum does this by itself; the embedded database (PGlite) has no autovacuum, and its
 * per-table change counters are never flushed, so its tables had no statistics at all: the planner took a table of
 * 100,000 watches for a few rows and joined it by nested loops (an evaluation of every watch took 3 s instead of
 * 1). The size test (pages on disk against the pages the last ANALYZE saw) costs a catalogue read; on PostgreSQL it is
 * rarely true, autovacuum having been there first.
 */
export async function analyzeStaleTables(db: Db | DbTx, { tables }: { tables?: readonly string[] } = {}): Promise<string[]> {
  const only = tables ? sql`and c.relname in (${sql.join(tables.map((t) => sql`${t}`), sql`, `)})` : sql``;
  const stale = (await db.execute(sql`
    select c.relname as name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    cross join lateral (select pg_relation_size(c.oid) / current_setting('block_size')::integer as pages) s
    where n.nspname = current_schema() and c.relkind = 'r' and s.pages > 0 ${only}
      and (c.reltuples < 0 or abs(s.pages - c.relpages) > greatest(8, c.relpages / 10))
    order by c.relname
  `)) as unknown as { rows: { name: string }[] };
  const names = stale.rows.map((r) => r.name);
  for (const name of names) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return names;
}
