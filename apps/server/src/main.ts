import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { runPrimary, workerCount } from './cluster';
import { buildApp } from './app';
import { registerDomainHandlers } from './domain-handlers';
import { drainSearchNotices } from './features/searches/search-notice-delivery';
import { closeHttpServer, startHttpServer } from './http-server';
import { validateLeanPath } from './features/decks/validate-lean-path';
import { evaluateWatchesOnPriceChanges } from './features/watches/watches.service';
import { parseAdminEmails, setRole } from './features/admin/admin.service';
import { configuredProviders, createAuth, resolveAuthSecret } from './features/auth/auth';
import { createMailer } from './lib/mail';
import { openConfiguredDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { packageCards } from './features/cards/catalogue-source';
import { seedCatalogue } from './features/cards/catalogue-import';
import { loadEnv, resolveFromRoot } from './lib/env';
import { SERVER_ROOT } from './lib/paths';
import { createLogger } from './lib/logger';
import { ALL_JOBS, jobsFromEnv } from './jobs/jobs';
import { billingConfigFromEnv } from './lib/billing-config';
import { priceConfigFromEnv } from './lib/price-config';
import { tournamentConfigFromEnv } from './lib/tournament-config';
import { isTournamentJob, runTournamentJobNow, startTournamentJobs, tournamentJobs } from './features/tournaments/tournament-jobs';
import { failInterruptedTournamentRuns } from './features/tournaments/tournament-runs.service';
import { failInterruptedRuns } from './features/prices/ingest.service';
import { priceJobs, runPriceJobNow, startPriceJobs } from './features/prices/price-jobs';
import { pricesChanged } from './features/binders/binder-snapshot';
import { pricesLanded, warmMarketTables } from './features/prices/prices.service';
import { clearCardCaches, clearSearchCache } from './features/cards/cards.service';
import { createScheduler } from './jobs/scheduler';
import { CATALOGUE_CHANNEL } from './features/cards/manual-cards.service';
import { REGULATIONS_CHANNEL, clearRegulationsCache } from './features/decks/regulations.service';
import { listenForTournamentChanges } from './features/meta/meta-cache';
import { cardImagesFromEnv, imageStoreFromEnv } from './features/images/card-images';
import { pushConfigFromEnv } from './features/push/push.service';

const started = performance.now();
const env = loadEnv();
const log = createLogger(env.LOG_LEVEL);
/** In-flight requests get this long to finish when the server stops; so do running jobs once aborted. */
const SHUTDOWN_GRACE_MS = 5_000;

async function main() {
  // JOBS and JOB_<NAME>_SCHEDULE are checked before anything opens.
  // Price sources, demo prices and the BR estimate are checked before anything opens too.
  const prices = priceConfigFromEnv(env);
  // So are the tournament sources (TOURNAMENT_SOURCES, TOURNAMENT_FETCH_CRON, …).
  const tournaments = tournamentConfigFromEnv(env);
  const jobs = jobsFromEnv(process.env, [...ALL_JOBS, ...priceJobs(prices), ...tournamentJobs(tournaments)]);
  // On the embedded database this server holds the data directory exclusively: a second server or a command on the
  // same directory is refused (db/data-dir-lock.ts).
  const database = await openConfiguredDatabase(env, {
    holder: 'server',
    label: `server on port ${env.PORT}`,
    onIdleError: (err) => log.warn({ err }, 'idle database connection lost'),
    onEventError: (err, channel) => log.error({ err, channel }, channel ? 'event handler failed' : 'event connection lost (listening again in a moment)'),
  });
  log.info({ database: database.kind }, 'database opened');
  // Seeding announces the new prints (a domain event): its handlers are registered first; buildApp registers them
  // again with the server's channels. Notices written before then wait in the outbox (drained once the app is built).
  registerDomainHandlers({ db: database.db, log }, { channels: false });
  await database.withStartupLock(async () => {
    await database.migrate();
    if (env.SEED_ON_START) await seedCatalogue({ db: database.db, log, raw: packageCards() });
    // Runs left `running` by a process that stopped (on the embedded database: all of them; nobody else holds it).
    const interrupted = await failInterruptedRuns(database.db, { all: database.kind === 'pglite' });
    if (interrupted) log.warn({ runs: interrupted }, 'price runs interrupted by a stopped process were marked failed');
    const tournamentRuns = await failInterruptedTournamentRuns(database.db, { all: database.kind === 'pglite' });
    if (tournamentRuns) log.warn({ runs: tournamentRuns }, 'tournament runs interrupted by a stopped process were marked failed');
  });

  const webDistDir = env.WEB_DIST_DIR
    ? resolveFromRoot(env.WEB_DIST_DIR)
    : path.resolve(SERVER_ROOT, '../web/dist');
  const dataDir = resolveFromRoot(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, mailDir: path.join(dataDir, 'mail'), from: env.MAIL_FROM, log });
  const push = pushConfigFromEnv(env, { dataDir, embedded: database.kind === 'pglite', log });
  const adminEmails = parseAdminEmails(env.ADMIN_EMAILS);
  if (adminEmails.length) {
    const granted = await setRole({ db: database.db, emails: adminEmails, role: 'admin' });
    log.info({ granted }, 'ADMIN_EMAILS applied');
  }
  const auth = createAuth({
    db: database.db,
    mailer,
    log,
    config: {
      publicUrl,
      adminEmails,
      sessionCacheTtlMs: env.SESSION_CACHE_TTL_MS,
      secret: await resolveAuthSecret(database.db, env.AUTH_SECRET),
      google: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } : undefined,
      facebook:
        env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET ? { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET } : undefined,
      oidc:
        env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
          ? { issuerUrl: env.OIDC_ISSUER_URL, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, name: env.OIDC_PROVIDER_NAME }
          : undefined,
    },
  });
  log.info({ mail: mailer.kind, publicUrl, providers: configuredProviders(auth) }, 'authentication ready');
  // Aborted when shutdown starts: long-lived responses (server-sent events) end their streams on it.
  const closing = new AbortController();
  // The jobs of this process (JOBS): their timers start once the server listens; an admin may run a price source's job
  // at any time (runJob).
  const scheduler = createScheduler({ database, log, jobs });
  const scheduled = new Set(jobs.map((j) => j.name));
  const app = buildApp({
    db: database.db,
    log,
    webDistDir,
    auth,
    publicUrl,
    trustProxy: env.TRUST_PROXY,
    geoipUrl: env.GEOIP_URL,
    maxJsonBodyBytes: env.MAX_JSON_BODY_BYTES,
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    events: { listen: database.listen, notify: database.notify },
    closing: closing.signal,
    prices,
    tournaments,
    billing: billingConfigFromEnv(env, publicUrl) ?? undefined,
    familyMaxMembers: env.FAMILY_MAX_MEMBERS,
    mailer,
    supportEmail: env.SUPPORT_EMAIL,
    cardImages: cardImagesFromEnv(env, dataDir, log),
    // Avatars go where thumbnails go: the data directory's disk, or the S3-compatible bucket shared by replicas.
    avatars: imageStoreFromEnv(env, dataDir),
    avatarLinks: { timeoutMs: env.IMAGE_FETCH_TIMEOUT_MS },
    cardArt: { timeoutMs: env.IMAGE_FETCH_TIMEOUT_MS, maxBytes: env.MAX_IMAGE_BYTES },
    push,
    runJob: (name) => {
      if (!scheduled.has(name)) throw new Error(`This process has no job ${name} (JOBS)`);
      return isTournamentJob(name) ? runTournamentJobNow(scheduler.runNow, name, 'admin') : runPriceJobNow(scheduler.runNow, name, 'admin');
    },
  });
  // Saved-search notices a seeding or a command left in the outbox (e-mails, pushes) go out now, in the background.
  void drainSearchNotices({ db: database.db, log, events: { listen: database.listen, notify: database.notify }, mail: { mailer, publicUrl }, push });
  // A new price day or new rates, landed by any replica: cached rates and binder values are dropped.
  await database.listen('prices', () => {
    pricesLanded();
    pricesChanged();
    clearSearchCache();
    void warmMarketTables(database.db);
  });
  // New prices or rates: the price alerts are evaluated (by one replica at a time).
  await evaluateWatchesOnPriceChanges({ db: database.db, events: { listen: database.listen, notify: database.notify }, config: prices, log, mail: { mailer, publicUrl }, push });
  // A print added or removed by hand on any replica: the library index and cached searches are read again.
  await database.listen(CATALOGUE_CHANNEL, () => clearCardCaches());
  // The banned, restricted and paired cards changed on any replica: read again at once (not after REGULATIONS_TTL_MS).
  await database.listen(REGULATIONS_CHANNEL, () => clearRegulationsCache());
  // Tournaments stored or corrected on another replica: this one's meta aggregates are dropped.
  await listenForTournamentChanges(database);
  const server = startHttpServer({
    fetch: app.fetch,
    port: env.PORT,
    hostname: env.HOST,
    leanPaths: [validateLeanPath({ db: database.db, maxJsonBodyBytes: env.MAX_JSON_BODY_BYTES, publicUrl, app: app.fetch })],
    limits: {
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      maxConnections: env.MAX_CONNECTIONS,
      maxConnectionsPerIp: env.MAX_CONNECTIONS_PER_IP,
      bodyIdleTimeoutMs: env.BODY_IDLE_TIMEOUT_MS,
    },
    trustProxy: env.TRUST_PROXY,
    onListen: (info) => {
      log.info(
        { port: info.port, database: database.kind, startupMs: Math.round(performance.now() - started), pid: process.pid },
        `Grand Line is listening on http://localhost:${info.port}`,
      );
    },
  });

  if (jobs.length) scheduler.start();
  else log.info('scheduled jobs are off in this process (JOBS)');
  startCatchUp({ prices, tournaments, database, runNow: (name) => (scheduled.has(name) ? scheduler.runNow(name) : Promise.resolve()) });

  stopOnSignals({ closing, server, scheduler, database });
}

/**
 * At start, in the background: demo prices settled, then every price and tournament source with no successful run today
 * read once, through the scheduler (its lock: with several replicas starting, one runs each).
 */
function startCatchUp({
  prices,
  tournaments,
  database,
  runNow,
}: {
  prices: ReturnType<typeof priceConfigFromEnv>;
  tournaments: ReturnType<typeof tournamentConfigFromEnv>;
  database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  runNow: (name: string) => Promise<unknown>;
}) {
  startPriceJobs({ config: prices, db: database.db, runNow, notify: database.notify })
    .then((due) => {
      if (prices.demo) log.info('demo prices are on (PRICE_DEMO): every price without market data is a flagged demonstration price');
      if (due.length) log.info({ sources: due }, 'price sources with no run today: fetching now');
      // The markets' current prices, read a few seconds after start: the first requests (and readiness checks) do
      // not queue behind them on the embedded database.
      setTimeout(() => void warmMarketTables(database.db), 3_000).unref();
    })
    .catch((err: unknown) => log.error({ err }, 'price start-up failed'));
  startTournamentJobs({ config: tournaments, db: database.db, runNow })
    .then((due) => {
      if (due.length) log.info({ sources: due }, 'tournament sources with no run today: reading now');
    })
    .catch((err: unknown) => log.error({ err }, 'tournament start-up failed'));
}

/**
 * SIGTERM or SIGINT stops the process once: streams end, idle connections close, requests in flight and aborted jobs
 * get SHUTDOWN_GRACE_MS, then the database closes; a stop still running after 10 s is forced.
 */
function stopOnSignals(parts: {
  closing: AbortController;
  server: ReturnType<typeof startHttpServer>;
  scheduler: ReturnType<typeof createScheduler>;
  database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
}) {
  const { closing, server, scheduler, database } = parts;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.warn('forced exit after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      // Streams end now; idle keep-alive connections close now; requests in flight and aborted jobs get the grace time.
      closing.abort(new Error('The server is stopping'));
      const [http] = await Promise.all([closeHttpServer(server, { graceMs: SHUTDOWN_GRACE_MS }), scheduler.stop({ graceMs: SHUTDOWN_GRACE_MS })]);
      if (http.cut) log.warn({ connections: http.cut }, `connections cut after ${SHUTDOWN_GRACE_MS / 1000} s`);
      await database.close();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

// On PostgreSQL one server process per core (WEB_CONCURRENCY) behind the same port; on the embedded database one.
const workers = workerCount({ postgres: Boolean(env.DATABASE_URL), webConcurrency: env.WEB_CONCURRENCY, cores: os.availableParallelism() });
if (!env.DATABASE_URL && (env.WEB_CONCURRENCY ?? 1) > 1) log.warn('WEB_CONCURRENCY is ignored on the embedded database: it has a single writer, so one process serves');
if (workers > 1 && cluster.isPrimary) runPrimary({ workers, log });
else void start();

function start() {
  return main().catch((err: unknown) => {
    if (err instanceof DataDirLockedError) {
      log.fatal(err.info, err.info.holder === 'server' ? `Another server is running on this data directory (pid ${err.info.pid}): stop it first, or set another DATA_DIR` : err.message);
      process.exit(1);
    }
    log.fatal({ err }, 'failed to start');
    process.exit(1);
  });
}
