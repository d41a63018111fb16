import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './lib/logger';

/**
 * Every core on PostgreSQL (issue 20): the primary process forks `workers` copies of the server, which share the
 * listening port (node:cluster hands each new connection to the next worker). The workers are the same stateless app
 * servers that run behind a load balancer: each keeps its own caches, and the database's events (LISTEN/NOTIFY) keep
 * them in step; scheduled jobs take the same advisory locks as replicas do.
 *
 * A worker that dies is replaced (after a second, and at most 5 times a minute: a server that cannot start stops the
 * primary instead of forking forever). SIGTERM or SIGINT is passed to every worker; the primary exits when they have
 * (with 1 if any stopped badly).
 */
export function runPrimary({ workers, log }: { workers: number; log: Logger }) {
  let stopping = false;
  let failed = false;
  const recentDeaths: number[] = [];
  const fork = () => cluster.fork();
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a server worker stopped');
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length && recentDeaths[0]! < now - 60_000) recentDeaths.shift();
    if (recentDeaths.length > 5) {
      log.fatal('server workers keep stopping: giving up');
      stop('worker failures', 1);
      return;
    }
    setTimeout(fork, 1_000).unref();
  });
  const stop = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    if (exitCode) failed = true;
    log.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, 'stopping the server workers');
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (!alive.length) process.exit(exitCode);
    for (const worker of alive) worker.process.kill('SIGTERM');
    // Each worker stops within its own 10 s; this only guards against one that hangs.
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  log.info({ workers }, `starting ${workers} server workers (WEB_CONCURRENCY)`);
  for (let i = 0; i < workers; i++) fork();
}

/** How many server processes to run: WEB_CONCURRENCY, or one per core, on PostgreSQL; always one on the embedded database (single writer). */
export function workerCount({ postgres, webConcurrency, cores }: { postgres: boolean; webConcurrency: number | undefined; cores: number }): number {
  if (!postgres) return 1;
  return Math.max(1, webConcurrency ?? cores);
}
