import type { JobDefinition } from '../../jobs/scheduler';
import { demoIsCurrent, refreshDemoPrices, removeDemoPrices } from './demo.service';
import type { LiveSource, PriceConfig } from '../../lib/price-config';
import type { RunTrigger } from './ingest.service';
import { ranToday, runLiveSource, utcToday } from './price-runs.service';

/** The job that runs a live source: `prices-tcgcsv`, `prices-cardmarket`, `prices-cardtrader`, `prices-fx`. */
export const priceJobName = (source: LiveSource) => `prices-${source}`;

/**
 * Why the next run of a price job starts, when not its timer: an admin's "Run now" or the start-up catch-up. The
 * scheduler runs jobs by name only, so the reason waits here for the run to read it.
 */
const reasons = new Map<string, RunTrigger>();

/** Runs a price job now through the scheduler (its lock), recording why: `admin` or `start`. */
export async function runPriceJobNow(runNow: (name: string) => Promise<unknown>, name: string, trigger: RunTrigger): Promise<unknown> {
  reasons.set(name, trigger);
  try {
    return await runNow(name);
  } finally {
    reasons.delete(name);
  }
}

/** Exchange rates first: CardTrader's listings are converted at the day's rates. */
const ORDER: LiveSource[] = ['fx', 'tcgcsv', 'cardtrader', 'cardmarket'];

/**
 * The price jobs of this configuration: one per configured live source on PRICE_FETCH_CRON (a failing run throws, so
 * job_runs shows it too), and the demo job when demo prices are on (its current prices move to the new day at 00:05
 * UTC). With demo off, the demo job is not scheduled and `settleDemo` removes what an earlier start wrote.
 */
export function priceJobs(config: PriceConfig): JobDefinition[] {
  const jobs: JobDefinition[] = ORDER.filter((s) => config.sources.includes(s)).map((source) => ({
    name: priceJobName(source),
    schedule: config.cron,
    timeoutMs: 60 * 60_000,
    async run({ db, events, log, signal }) {
      const run = await runLiveSource({ db, events, log, config, source, trigger: reasons.get(priceJobName(source)) ?? 'schedule', signal });
      if (run.status === 'failed') throw new Error(run.error ?? 'failed');
      return { rows: run.rows, matched: run.matched, unmatched: run.unmatched, skipped: run.skipped };
    },
  }));
  if (config.demo) {
    jobs.push({
      name: 'prices-demo',
      schedule: '5 0 * * *',
      async run({ db, events }) {
        const rows = await refreshDemoPrices(db, utcToday());
        await events.notify('prices', utcToday());
        return { rows };
      },
    });
  }
  return jobs;
}

/**
 * At start: demo prices written (or removed) to match the configuration, then every configured source that has no
 * successful run today runs at once, through the scheduler (its lock: with several replicas starting, one runs it).
 */
export async function startPriceJobs({
  config,
  db,
  runNow,
  notify,
}: {
  config: PriceConfig;
  db: Parameters<typeof refreshDemoPrices>[0];
  runNow: (name: string) => Promise<unknown>;
  notify: (channel: string, payload?: string) => Promise<void>;
}): Promise<LiveSource[]> {
  if (config.demo) {
    if (!(await demoIsCurrent(db, utcToday()))) {
      await refreshDemoPrices(db, utcToday());
      await notify('prices', utcToday());
    }
  } else if ((await removeDemoPrices(db)) > 0) await notify('prices', utcToday());
  const due: LiveSource[] = [];
  for (const source of ORDER) if (config.sources.includes(source) && !(await ranToday(db, source))) due.push(source);
  // One after the other, in the background: the server answers meanwhile.
  void (async () => {
    for (const source of due) await runPriceJobNow(runNow, priceJobName(source), 'start').catch(() => undefined);
  })();
  return due;
}
