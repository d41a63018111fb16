import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app';
import type { Database } from './client';
import { analyzeStaleTables } from './table-statistics';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const statsOf = async (table: string) =>
  ((await database.db.execute(sql`select reltuples::integer as tuples from pg_class where relname = ${table}`)) as unknown as { rows: [{ tuples: number }] }).rows[0].tuples;

describe('analyzeStaleTables', () => {
  it('takes the statistics of a table that grew past a tenth, then leaves it until it moves again', async () => {
    const { db } = database;
    await db.execute(sql`insert into users (id, name, email) select 'stat-' || g, 'User ' || g, 'stat-' || g || '@example.com' from generate_series(1, 5000) g`);
    const analyzed = await analyzeStaleTables(db, { tables: ['users', 'watches'] });
    // PostgreSQL's autovacuum may have been first; the embedded database has none, so there it is always us.
    if (database.kind === 'pglite') expect(analyzed).toEqual(['users']);
    expect(analyzed).not.toContain('watches'); // empty: nothing to plan with
    expect(await statsOf('users')).toBeGreaterThan(4500);
    expect(await statsOf('users')).toBeLessThan(5500);

    expect(await analyzeStaleTables(db, { tables: ['users'] })).toEqual([]);
    // A few more rows are not worth it; doubling the table is.
    await db.execute(sql`insert into users (id, name, email) select 'more-' || g, 'User ' || g, 'more-' || g || '@example.com' from generate_series(1, 20) g`);
    expect(await analyzeStaleTables(db, { tables: ['users'] })).toEqual([]);
    await db.execute(sql`insert into users (id, name, email) select 'twice-' || g, 'User ' || g, 'twice-' || g || '@example.com' from generate_series(1, 5000) g`);
    if (database.kind === 'pglite') expect(await analyzeStaleTables(db)).toContain('users');
    else await analyzeStaleTables(db);
    expect(await statsOf('users')).toBeGreaterThan(9000);
  });
});
