import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on its own connection (CREATE/DROP DATABASE cannot run inside a pooled transaction). */
async function runOnce(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the server of `baseUrl`. */
function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on the PostgreSQL server of `baseUrl` (empty, or a copy of `template`): its address, and `drop()` to
 * remove it (connections still open on it are ended). For tests that open several handles on one database, as
 * replicas do, and for the bench.
 */
export async function createScratchPgDatabase(baseUrl: string, { template }: { template?: string } = {}): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `gl_test_${randomBytes(6).toString('hex')}`;
  await runOnce(baseUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return { url: databaseUrl(baseUrl, name), name, drop: () => runOnce(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
