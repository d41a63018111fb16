/**
 * Price alerts (issue 15), in this process on an in-memory embedded database seeded with the real library:
 * - one evaluation of 100,000 armed watches (1,000 users × 100) after a price change that makes about a tenth of
 *   them cross: the one statement of evaluateWatches, timed;
 * - 1,000 notification streams open over loopback HTTP (the real stream code: its per-process hub, its database
 *   reads, its Server-Sent Events), then one notification for each of their users and one notice on the channel:
 *   the time until each stream has received its notification.
 * The streams are opened on a route without sign-in (a session per stream would time better-auth, not the stream).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { createLocalEvents, openDatabase } from '../apps/server/src/db/client';
import { closeHttpServer, startHttpServer } from '../apps/server/src/http-server';
import { loadPackageCards } from '../apps/server/src/features/cards/catalogue-source';
import { seedCatalogue } from '../apps/server/src/features/cards/catalogue-import';
import { registerDomainHandlers } from '../apps/server/src/domain-handlers';
import { refreshDemoPrices } from '../apps/server/src/features/prices/demo.service';
import { utcToday } from '../apps/server/src/features/prices/price-runs.service';
import { NOTIFICATIONS_CHANNEL, notificationsPayload } from '../apps/server/src/lib/notification-events';
import { notificationStream } from '../apps/server/src/features/watches/notification-stream';
import { evaluateWatches } from '../apps/server/src/features/watches/watches.service';
import type { AppEnv } from '../apps/server/src/lib/context';
import { createLogger } from '../apps/server/src/lib/logger';
import { DEFAULT_PRICE_CONFIG } from '../apps/server/src/lib/price-config';
import { reportBenchmark, reportFigures, type ReportResult } from './reports';
import { percentile } from './bench-env';

const USERS = 1_000;
const WATCHES_PER_USER = 100;
const STREAMS = 1_000;

const alertsTargets = { evaluationMs: '≤ 2 s (100,000 watches)', streamDeliveryMs: '≤ 1 s (1,000 open streams)' };

export interface AlertsResult {
  watches: number;
  evaluationMs: number;
  fired: number;
  streams: number;
  delivered: number;
  deliveryP50Ms: number;
  deliveryMaxMs: number;
  /** The price comparison report on the same database (bench/reports.ts). */
  report?: ReportResult;
}

export async function alertsBenchmark(log: (msg: string) => void): Promise<AlertsResult> {
  const logger = createLogger('silent');
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const { db } = database;
  registerDomainHandlers({ db: db, log: logger }, { channels: false });
  await seedCatalogue({ db, log: logger, raw: loadPackageCards(), force: true });
  await refreshDemoPrices(db, utcToday());
  // The report first, on the demo prices as written (the alerts part changes a tenth of the US prices below).
  const report = await reportBenchmark(db, log);

  // 1,000 users with 100 watches each: random prints that have a US price, thresholds 10 % under it (armed).
  await db.execute(sql`insert into users (id, name, email, email_verified) select 'bench-' || g, 'bench ' || g, 'bench-' || g || '@example.com', true from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into watches (id, user_id, card_id, market, direction, threshold, currency)
    select gen_random_uuid()::text, 'bench-' || u, p.card_id, 'us', 'below', greatest(1, (p.min * 0.9)::integer), p.currency
    from generate_series(1, ${USERS}) u
    cross join lateral (
      select card_id, min, currency from card_price_latest where market = 1 and min is not null
      order by md5(card_id::text || u::text) limit ${WATCHES_PER_USER}
    ) p`);
  const [{ n: watches }] = ((await db.execute(sql`select count(*)::integer as n from watches`)) as unknown as { rows: [{ n: number }] }).rows;
  log(`alerts: ${watches} watches armed`);
  // A tenth of the prints get 20 % cheaper: the watches on them cross.
  await db.execute(sql`update card_price_latest set min = (min * 0.8)::integer where market = 1 and card_id % 10 = 0 and min is not null`);
  const started = performance.now();
  const fired = await evaluateWatches({ db, config: DEFAULT_PRICE_CONFIG });
  const evaluationMs = Math.round(performance.now() - started);
  log(`alerts: evaluation of ${watches} watches in ${evaluationMs} ms (${fired.length} fired)`);

  // 1,000 streams over loopback, each for its own user.
  const events = createLocalEvents();
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', { db, log: logger, events } as unknown as AppEnv['Variables']['deps']);
    await next();
  });
  app.get('/stream/:user', (c) => notificationStream(c, c.req.param('user'), null));
  const server = startHttpServer({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', limits: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: STREAMS + 100 } });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const received = new Map<string, number>();
  const requests: http.ClientRequest[] = [];
  let ready = 0;
  await new Promise<void>((resolve, reject) => {
    for (let i = 1; i <= STREAMS; i++) {
      const user = `bench-${i}`;
      const req = http.get({ host: '127.0.0.1', port, path: `/stream/${user}`, agent }, (res) => {
        let first = true;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (first) {
            first = false;
            if (++ready === STREAMS) resolve();
          }
          if (chunk.includes('event: notification') && !received.has(user)) received.set(user, performance.now());
        });
      });
      req.on('error', reject);
      requests.push(req);
    }
  });
  log(`alerts: ${STREAMS} streams open`);
  // One new notification per user, then the notice every replica would get.
  await db.execute(sql`
    insert into notifications (user_id, kind, data)
    select 'bench-' || g, 'watch_triggered', '{"watchId":"x","cardId":1,"cardNumber":"OP01-001","cardName":"x","variant":null,"market":"us","direction":"below","threshold":1,"currency":"USD","price":50}'::jsonb
    from generate_series(1, ${STREAMS}) g`);
  const raised = performance.now();
  await events.notify(NOTIFICATIONS_CHANNEL, notificationsPayload(Array.from({ length: STREAMS }, (_, i) => `bench-${i + 1}`)));
  const deadline = Date.now() + 30_000;
  while (received.size < STREAMS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const latencies = [...received.values()].map((t) => t - raised).sort((a, b) => a - b);
  for (const req of requests) req.destroy();
  await closeHttpServer(server, { graceMs: 500 });
  events.close();
  await database.close();
  const result = {
    watches,
    evaluationMs,
    fired: fired.length,
    streams: STREAMS,
    delivered: received.size,
    deliveryP50Ms: latencies.length ? percentile(latencies, 0.5) : -1,
    deliveryMaxMs: latencies.length ? +latencies[latencies.length - 1]!.toFixed(1) : -1,
    report,
  };
  log(`alerts: ${result.delivered}/${STREAMS} streams got their notice, p50 ${result.deliveryP50Ms} ms, slowest ${result.deliveryMaxMs} ms`);
  return result;
}

export function alertsFigures(a: AlertsResult) {
  return [
    {
      figure: `evaluating ${a.watches.toLocaleString('en')} watches after a price change (${a.fired.toLocaleString('en')} fired)`,
      value: `${a.evaluationMs} ms`,
      target: alertsTargets.evaluationMs,
      pass: a.evaluationMs <= 2_000,
    },
    {
      figure: `${a.streams.toLocaleString('en')} open notification streams, one notice each`,
      value: `${a.delivered}/${a.streams} delivered; slowest ${a.deliveryMaxMs} ms (p50 ${a.deliveryP50Ms} ms)`,
      target: alertsTargets.streamDeliveryMs,
      pass: a.delivered === a.streams && a.deliveryMaxMs <= 1_000,
    },
    ...(a.report ? reportFigures(a.report) : []),
  ];
}
