import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
import { SERVER_ROOT } from '../lib/paths';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Receives the payload of a notification on a channel it listens to. */
type EventHandler = (payload: string) => void | Promise<void>;

/**
 * Events between server processes: PostgreSQL LISTEN/NOTIFY (every replica on the database hears every notification,
 * its sender included), an in-process emitter on the embedded database (one process). Not durable: a notification
 * sent while a listener is disconnected is lost, so payloads name what changed (an id) and listeners read the rows.
 */
export interface DbEvents {
  /** Calls handler for every notification on channel until the returned function is called. */
  listen(channel: string, handler: EventHandler): Promise<() => Promise<void>>;
  /** Sends payload (UTF-8, under NOTIFY_MAX_PAYLOAD_BYTES) to every listener of channel; not part of any transaction. */
  notify(channel: string, payload?: string): Promise<void>;
}

/** A lock result: `acquired: false` when another holder (a replica, or this process) has it. */
type LockResult<T> = { acquired: true; value: T } | { acquired: false };

export interface Database extends DbEvents {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs fn while holding a database-wide lock, so replicas starting together migrate and seed one at a time. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs fn if nobody holds the advisory lock named `name` (a PostgreSQL session lock on one reserved connection,
   * held from before fn starts until after it ends; plus an in-process guard, since one session may take its own lock
   * twice), else returns `{ acquired: false }` at once without running it.
   */
  tryWithLock<T>(name: string, fn: () => Promise<T>): Promise<LockResult<T>>;
  close(): Promise<void>;
}

const STARTUP_LOCK_KEY = 7_270_001;
/** First half of the two-key advisory locks of tryWithLock (the second is a hash of the name); one-key locks such as STARTUP_LOCK_KEY are another key space. */
const NAMED_LOCK_SPACE = 7_270_002;

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (default build). */
export const NOTIFY_MAX_PAYLOAD_BYTES = 7999;

/** The second advisory-lock key of a name: FNV-1a, as a signed 32-bit integer. */
export function lockKeyOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(name, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** Channel names: lowercase identifiers (PostgreSQL's limit is 63 bytes), so LISTEN needs no quoting rules. */
const CHANNEL_NAME = /^[a-z][a-z0-9_]{0,62}$/;

function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) {
    throw new Error(`Invalid event channel "${channel.slice(0, 80)}": use 1–63 lowercase letters, digits and _ , starting with a letter`);
  }
}

function checkPayload(channel: string, payload: string) {
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > NOTIFY_MAX_PAYLOAD_BYTES) {
    throw new Error(
      `Event payload on "${channel}" is ${bytes} bytes; PostgreSQL NOTIFY takes at most ${NOTIFY_MAX_PAYLOAD_BYTES}: send an id and let listeners read the row`,
    );
  }
  if (payload.includes('\0')) throw new Error(`Event payload on "${channel}" contains a NUL character, which PostgreSQL text cannot hold`);
}

/** The handlers of each channel, and their delivery (a throwing handler is reported, the others still run). */
function createDispatcher(onError: (err: unknown, channel: string) => void) {
  const handlers = new Map<string, Set<EventHandler>>();
  const dispatch = (channel: string, payload: string) => {
    for (const handler of [...(handlers.get(channel) ?? [])]) {
      try {
        const result = handler(payload);
        if (result instanceof Promise) result.catch((err: unknown) => onError(err, channel));
      } catch (err) {
        onError(err, channel);
      }
    }
  };
  return { handlers, dispatch };
}

/**
 * The in-process events of the embedded database (and of apps built without a database handle, such as API tests):
 * delivered after notify() returns, in order, to this process's listeners.
 */
export function createLocalEvents(onError: (err: unknown, channel: string) => void = () => undefined): DbEvents & { close(): void } {
  const { handlers, dispatch } = createDispatcher(onError);
  return {
    listen: async (channel, handler) => {
      checkChannel(channel);
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      const own = (payload: string) => handler(payload);
      set.add(own);
      return async () => {
        set.delete(own);
        if (!set.size && handlers.get(channel) === set) handlers.delete(channel);
      };
    },
    notify: async (channel, payload = '') => {
      checkChannel(channel);
      checkPayload(channel, payload);
      queueMicrotask(() => dispatch(channel, payload));
    },
    close: () => handlers.clear(),
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection (outside the pool, opened at the first listen) carries every
 * LISTEN of this process; it is reopened after a loss (1 s, then up to 30 s apart) and listens again to every channel.
 * notify() goes through the pool.
 */
function createPgEvents(url: string, pool: pg.Pool, onError: (err: unknown, channel?: string) => void): DbEvents & { close(): Promise<void> } {
  const { handlers, dispatch } = createDispatcher(onError);
  let connection: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 1_000;

  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => dispatch(msg.channel, msg.payload ?? ''));
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (err) onError(err);
      connection = null;
      if (!closed && handlers.size) void reconnect();
    };
    client.on('error', (err) => onLost(err));
    client.on('end', () => onLost());
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      lost = true;
      await client.end().catch(() => undefined);
      throw err;
    }
    retryMs = 1_000;
    return client;
  };
  const reconnect = async () => {
    while (!closed && !connection && handlers.size) {
      await sleep(retryMs);
      if (closed || connection) return;
      const attempt = open();
      connection = attempt;
      try {
        await attempt;
      } catch (err) {
        if (connection === attempt) connection = null;
        onError(err);
        retryMs = Math.min(retryMs * 2, 30_000);
      }
    }
  };
  const listener = async () => {
    if (!connection) {
      const attempt = open();
      connection = attempt;
      attempt.catch(() => {
        if (connection === attempt) connection = null;
      });
    }
    return connection;
  };

  return {
    listen: async (channel, handler) => {
      checkChannel(channel);
      if (closed) throw new Error('The database is closed');
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      const own = (payload: string) => handler(payload);
      set.add(own);
      try {
        const client = await listener();
        // A connection opened for this call has listened already; LISTEN twice is harmless.
        if (first) await client.query(`LISTEN ${channel}`);
      } catch (err) {
        set.delete(own);
        if (!set.size && handlers.get(channel) === set) handlers.delete(channel);
        throw err;
      }
      return async () => {
        set.delete(own);
        if (set.size || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        const client = await connection?.catch(() => null);
        await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
      };
    },
    notify: async (channel, payload = '') => {
      checkChannel(channel);
      checkPayload(channel, payload);
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      closed = true;
      handlers.clear();
      const client = await connection?.catch(() => null);
      connection = null;
      await client?.end().catch(() => undefined);
    },
  };
}

const migrationsFolder = path.join(SERVER_ROOT, 'src/db/migrations');

/** Called with the text of every statement the app sends through Drizzle (tests and the bench count them). */
export type QueryObserver = (sql: string) => void;

export type DatabaseOptions = (
  | {
      kind: 'postgres';
      url: string;
      poolMax?: number;
      /** Errors of idle pooled connections (server restart, admin termination); without a listener they would crash the process. */
      onIdleError?: (err: Error) => void;
      /** Errors of event listeners (a handler that threw) and of the LISTEN connection (lost, reconnecting). */
      onEventError?: (err: unknown, channel?: string) => void;
    }
  | {
      kind: 'pglite';
      /** undefined: in memory. */
      dataDir?: string;
      /** Starts from a snapshot of a data directory (PGlite's dumpDataDir), as the tests' templates do. */
      loadDataDir?: Blob;
      /** Who opens a data directory: it is held exclusively (data-dir-lock.ts) until close(). */
      holder?: LockHolder;
      /** Names the holder in the lock, for the message another process gets. */
      label?: string;
      /** Errors of event listeners (a handler that threw). */
      onEventError?: (err: unknown, channel?: string) => void;
    }
) & { onQuery?: QueryObserver };

const queryLogger = (onQuery: QueryObserver | undefined) => (onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {});

/** tryWithLock's guard within this process: one session may take a PostgreSQL advisory lock it already holds. */
function createLocalLocks() {
  const held = new Set<string>();
  return async <T>(name: string, fn: () => Promise<LockResult<T>>): Promise<LockResult<T>> => {
    if (held.has(name)) return { acquired: false };
    held.add(name);
    try {
      return await fn();
    } finally {
      held.delete(name);
    }
  };
}

/** Opens PGlite (embedded, on disk or in memory) or PostgreSQL; the same schema and migrations serve both. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    // The pool replaces a broken idle connection by itself; the error only needs reporting.
    pool.on('error', (err) => options.onIdleError?.(err));
    // Fail early with a clear message when the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema, ...queryLogger(options.onQuery) });
    const events = createPgEvents(options.url, pool, (err, channel) => options.onEventError?.(err, channel));
    const localLock = createLocalLocks();
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen: events.listen,
      notify: events.notify,
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
      tryWithLock: <T>(name: string, fn: () => Promise<T>) =>
        localLock<T>(name, async () => {
          // Session-level lock: taken, held and released on one reserved connection; fn's queries use the pool.
          const lockClient = await pool.connect();
          const key = lockKeyOf(name);
          // A connection whose lock queries failed is dropped rather than reused: ending its session ends its locks.
          let healthy = true;
          try {
            const locked = await lockClient
              .query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [NAMED_LOCK_SPACE, key])
              .then(({ rows }) => rows[0]?.locked === true)
              .catch((err: unknown) => {
                healthy = false;
                throw err;
              });
            if (!locked) return { acquired: false };
            try {
              return { acquired: true, value: await fn() };
            } finally {
              await lockClient.query('SELECT pg_advisory_unlock($1, $2)', [NAMED_LOCK_SPACE, key]).catch(() => (healthy = false));
            }
          } finally {
            lockClient.release(!healthy);
          }
        }),
      close: async () => {
        await events.close();
        await pool.end();
      },
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const lock = options.dataDir ? acquireDataDirLock(options.dataDir, options.holder ?? 'command', options.label ?? process.argv.slice(1).join(' ')) : null;
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema, ...queryLogger(options.onQuery) });
  const events = createLocalEvents((err, channel) => options.onEventError?.(err, channel));
  const localLock = createLocalLocks();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: events.listen,
    notify: events.notify,
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process owns an embedded database: there is nobody to wait for.
    withStartupLock: (fn) => fn(),
    // One process, one session: the in-process guard is the lock (the database's own would be re-entrant here).
    tryWithLock: <T>(name: string, fn: () => Promise<T>) => localLock<T>(name, async () => ({ acquired: true, value: await fn() })),
    close: async () => {
      events.close();
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
  {
    holder,
    label,
    onIdleError,
    onEventError,
  }: { holder: LockHolder; label: string; onIdleError?: (err: Error) => void; onEventError?: (err: unknown, channel?: string) => void },
): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolMax: env.DB_POOL_MAX, onIdleError, onEventError });
  return openDatabase({ kind: 'pglite', dataDir: path.join(resolveFromRoot(env.DATA_DIR), 'pglite'), holder, label, onEventError });
}
