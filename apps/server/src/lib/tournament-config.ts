import { trimChar } from '@grandline/core/slug';
import { Cron } from 'croner';
import type { Env } from './env';

/** A tournament source the server can read on a schedule. */
export type TournamentFetchSource = 'limitless';

/** Everything the tournament sources read from the environment (README: "Tournaments", docs/tournament-sources.md). */
export interface TournamentConfig {
  /** Sources that run at start (when today has no successful run) and daily on `cron`. Empty: none configured. */
  sources: TournamentFetchSource[];
  cron: string;
  limitlessBaseUrl: string;
  /** Sent as X-Access-Key when set. */
  limitlessApiKey?: string;
  timeoutMs: number;
  /** Tournaments per listing page (`limit`). */
  pageSize: number;
  /** Most tournaments read (details and standings) in one run. */
  maxPerRun: number;
  /** Pause between two requests, in milliseconds (0 in tests). */
  pauseMs: number;
  /** First wait before retrying a request that failed (doubled each time), when the source says no Retry-After. */
  backoffMs: number;
}

export const DEFAULT_TOURNAMENT_CONFIG: TournamentConfig = {
  sources: [],
  cron: '30 4 * * *',
  limitlessBaseUrl: 'https://play.limitlesstcg.com/api',
  timeoutMs: 30_000,
  pageSize: 50,
  maxPerRun: 100,
  pauseMs: 6_000,
  backoffMs: 5_000,
};

/** The tournament configuration of a server or command; a value that cannot run stops the start with what to set. */
export function tournamentConfigFromEnv(env: Env): TournamentConfig {
  try {
    new Cron(env.TOURNAMENT_FETCH_CRON, { paused: true, timezone: 'UTC' }).stop();
  } catch (err) {
    throw new Error(
      `TOURNAMENT_FETCH_CRON "${env.TOURNAMENT_FETCH_CRON}" is not a cron pattern (${err instanceof Error ? err.message : String(err)}): five fields in UTC, e.g. 30 4 * * *`,
      { cause: err },
    );
  }
  return {
    sources: env.TOURNAMENT_SOURCES,
    cron: env.TOURNAMENT_FETCH_CRON,
    limitlessBaseUrl: trimChar(env.LIMITLESS_BASE_URL, '/'),
    limitlessApiKey: env.LIMITLESS_API_KEY,
    timeoutMs: env.TOURNAMENT_FETCH_TIMEOUT_MS,
    pageSize: env.TOURNAMENT_FETCH_PAGE_SIZE,
    maxPerRun: env.TOURNAMENT_FETCH_MAX,
    pauseMs: env.TOURNAMENT_FETCH_PAUSE_MS,
    backoffMs: DEFAULT_TOURNAMENT_CONFIG.backoffMs,
  };
}
