import pg from 'pg';
import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppEnv } from '../lib/context';
import { createScratchPgDatabase, createTestDatabase, testLog } from '../testing/test-app';
import { createLocalEvents, lockKeyOf, NOTIFY_MAX_PAYLOAD_BYTES, openDatabase, type Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** Collects what a channel receives. */
async function collect(db: Pick<Database, 'listen'>, channel: string) {
  const got: string[] = [];
  const unlisten = await db.listen(channel, (payload) => void got.push(payload));
  return { got, unlisten };
}

describe(`listen / notify (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('delivers payloads in order to every listener of the channel, and only of that channel', async () => {
    const a = await collect(database, 'price_updates');
    const b = await collect(database, 'price_updates');
    const other = await collect(database, 'watch_alerts');
    await database.notify('price_updates', '{"cardId":1}');
    await database.notify('price_updates', 'ação ✓');
    await database.notify('price_updates');
    await expect.poll(() => a.got, { timeout: 10_000 }).toEqual(['{"cardId":1}', 'ação ✓', '']);
    await expect.poll(() => b.got, { timeout: 10_000 }).toEqual(['{"cardId":1}', 'ação ✓', '']);
    expect(other.got).toEqual([]);
    await Promise.all([a.unlisten(), b.unlisten(), other.unlisten()]);
  });

  it('stops delivering after unsubscribe, while other listeners keep theirs', async () => {
    const stays = await collect(database, 'deck_changes');
    const leaves = await collect(database, 'deck_changes');
    await database.notify('deck_changes', 'one');
    await expect.poll(() => leaves.got, { timeout: 10_000 }).toEqual(['one']);
    await leaves.unlisten();
    await database.notify('deck_changes', 'two');
    await expect.poll(() => stays.got, { timeout: 10_000 }).toEqual(['one', 'two']);
    expect(leaves.got).toEqual(['one']);
    await stays.unlisten();
    // Nobody listens any more: a notification goes nowhere, and listening again works.
    await database.notify('deck_changes', 'three');
    const again = await collect(database, 'deck_changes');
    await database.notify('deck_changes', 'four');
    await expect.poll(() => again.got, { timeout: 10_000 }).toEqual(['four']);
    await again.unlisten();
  });

  it('takes payloads up to the NOTIFY limit and refuses larger ones with a clear error', async () => {
    const big = await collect(database, 'big_payloads');
    const largest = 'é'.repeat((NOTIFY_MAX_PAYLOAD_BYTES - 1) / 2) + 'x';
    expect(Buffer.byteLength(largest)).toBe(NOTIFY_MAX_PAYLOAD_BYTES);
    await database.notify('big_payloads', largest);
    await expect.poll(() => big.got.length, { timeout: 10_000 }).toBe(1);
    expect(big.got[0]).toBe(largest);
    await expect(database.notify('big_payloads', `${largest}x`)).rejects.toThrow(
      'Event payload on "big_payloads" is 8000 bytes; PostgreSQL NOTIFY takes at most 7999: send an id and let listeners read the row',
    );
    await expect(database.notify('big_payloads', 'a\0b')).rejects.toThrow(/NUL/);
    await big.unlisten();
  });

  it('refuses channel names that are not plain lowercase identifiers', async () => {
    for (const channel of ['', 'Prices', 'prices; drop table users', '1prices', 'a'.repeat(64), 'prix-é']) {
      await expect(database.notify(channel, 'x')).rejects.toThrow(/Invalid event channel/);
      await expect(database.listen(channel, () => undefined)).rejects.toThrow(/Invalid event channel/);
    }
  });

  it('reports a handler that throws and still delivers to the others', async () => {
    const unlistenBad = await database.listen('flaky', () => {
      throw new Error('handler bug');
    });
    const good = await collect(database, 'flaky');
    await database.notify('flaky', 'still here');
    await expect.poll(() => good.got, { timeout: 10_000 }).toEqual(['still here']);
    await unlistenBad();
    await good.unlisten();
    // The report goes to the handle's onEventError (the embedded database's delivery, as here).
    const errors: [unknown, string | undefined][] = [];
    const local = createLocalEvents((err, channel) => void errors.push([err, channel]));
    await local.listen('flaky', async () => {
      throw new Error('async handler bug');
    });
    await local.notify('flaky', 'x');
    await expect.poll(() => errors, { timeout: 10_000 }).toEqual([[new Error('async handler bug'), 'flaky']]);
  });

  it('is what routes get as c.var.deps.events, with the closing signal', async () => {
    const closing = new AbortController();
    const app = buildApp({ db: database.db, log: testLog, events: { listen: database.listen, notify: database.notify }, closing: closing.signal });
    app.post('/probe', async (c: Context<AppEnv>) => {
      await c.var.deps.events!.notify('probe_channel', 'from a route');
      return c.json({ closing: c.var.deps.closing!.aborted });
    });
    const heard = await collect(database, 'probe_channel');
    expect(await (await app.request('/probe', { method: 'POST' })).json()).toEqual({ closing: false });
    await expect.poll(() => heard.got, { timeout: 10_000 }).toEqual(['from a route']);
    closing.abort();
    expect(await (await app.request('/probe', { method: 'POST' })).json()).toEqual({ closing: true });
    await heard.unlisten();
  });

  it('gives apps built without a database handle in-process events', async () => {
    const app = buildApp({ db: database.db, log: testLog });
    let events: NonNullable<AppEnv['Variables']['deps']['events']> | undefined;
    app.get('/probe', (c: Context<AppEnv>) => {
      events = c.var.deps.events;
      return c.json({ closing: c.var.deps.closing!.aborted });
    });
    expect(await (await app.request('/probe')).json()).toEqual({ closing: false });
    const heard = await collect(events!, 'local_only');
    await events!.notify('local_only', 'hi');
    await expect.poll(() => heard.got, { timeout: 10_000 }).toEqual(['hi']);
  });
});

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL across processes', () => {
  let url: string;
  let drop: () => Promise<void>;
  let other: Database;
  beforeAll(async () => {
    ({ url, drop } = await createScratchPgDatabase(process.env.DATABASE_URL!));
    other = await openDatabase({ kind: 'postgres', url, poolMax: 2 });
  });
  afterAll(async () => {
    await other?.close();
    await drop?.();
  });

  it('carries a notification from one replica to another', async () => {
    const second = await openDatabase({ kind: 'postgres', url, poolMax: 2 });
    const heard = await collect(second, 'cross_replica');
    await other.notify('cross_replica', 'hello from replica 1');
    await expect.poll(() => heard.got, { timeout: 10_000 }).toEqual(['hello from replica 1']);
    await heard.unlisten();
    await second.close();
  });

  it('holds tryWithLock as a PostgreSQL advisory lock that other sessions see', async () => {
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    const tryLock = async () => (await probe.query('SELECT pg_try_advisory_lock(7270002, $1) AS locked', [lockKeyOf('job:probe')])).rows[0].locked as boolean;
    const inside = await other.tryWithLock('job:probe', tryLock);
    expect(inside).toEqual({ acquired: true, value: false });
    // Released after the run: the probe can take it, and then the handle cannot.
    expect(await tryLock()).toBe(true);
    expect(await other.tryWithLock('job:probe', async () => 'ran')).toEqual({ acquired: false });
    await probe.query('SELECT pg_advisory_unlock_all()');
    expect(await other.tryWithLock('job:probe', async () => 'ran')).toEqual({ acquired: true, value: 'ran' });
    await probe.end();
  });

  it('listens again after its connection is lost', async () => {
    const errors: unknown[] = [];
    const listener = await openDatabase({ kind: 'postgres', url, poolMax: 2, onEventError: (err) => void errors.push(err) });
    const heard = await collect(listener, 'survives');
    await other.notify('survives', 'before');
    await expect.poll(() => heard.got, { timeout: 10_000 }).toEqual(['before']);
    // An administrator (or a failover) ends the listening session.
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    const { rows } = await killer.query(`SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN%'`, [new URL(url).pathname.slice(1)]);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    await killer.end();
    // Once it listens again (about a second later), notifications arrive again.
    await expect
      .poll(
        async () => {
          await other.notify('survives', 'after');
          return heard.got.includes('after');
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    await heard.unlisten();
    await listener.close();
  });
});
