import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock, type LockHolder } from './data-dir-lock';
import * as schema from './schema/index';
import { resolveFromRoot } from '../lib/env';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs fn while holding a database-wide lock, so replicas starting together migrate and seed one at a time. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const STARTUP_LOCK_KEY = 7_270_001;

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolMax?: number;
      /** Errors of idle pooled connections (server restart, admin termination); without a listener they would crash the process. */
      onIdleError?: (err: Error) => void;
    }
  | {
      kind: 'pglite';
      /** undefined: in memory. */
      dataDir?: string;
      /** Who opens a data directory: it is held exclusively (data-dir-lock.ts) until close(). */
      holder?: LockHolder;
      /** Names the holder in the lock, for the message another process gets. */
      label?: string;
    };

/** Opens PGlite (embedded, on disk or in memory) or PostgreSQL; the same schema and migrations serve both. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    // The pool replaces a broken idle connection by itself; the error only needs reporting.
    pool.on('error', (err) => options.onIdleError?.(err));
    // Fail early with a clear message when the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      withStartupLock: async (fn) => {
        const lockClient = await pool.connect();
        try {
          await lockClient.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await lockClient.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
          lockClient.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const lock = options.dataDir ? acquireDataDirLock(options.dataDir, options.holder ?? 'command', options.label ?? process.argv.slice(1).join(' ')) : null;
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      extensions: { pg_trgm },
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process owns an embedded database: there is nobody to wait for.
    withStartupLock: (fn) => fn(),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * The database the configuration names: PostgreSQL with DATABASE_URL (any number of servers and commands at once),
 * else the embedded one under DATA_DIR, held exclusively by this process (a second one gets DataDirLockedError).
 */
export function openConfiguredDatabase(
  env: { DATABASE_URL?: string; DATA_DIR: string; DB_POOL_MAX?: number },
  { holder, label, onIdleError }: { holder: LockHolder; label: string; onIdleError?: (err: Error) => void },
): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolMax: env.DB_POOL_MAX, onIdleError });
  return openDatabase({ kind: 'pglite', dataDir: path.join(resolveFromRoot(env.DATA_DIR), 'pglite'), holder, label });
}
