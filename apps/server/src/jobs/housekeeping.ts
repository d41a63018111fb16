import { lt, sql } from 'drizzle-orm';
import { jobRuns, notificationStreams, rateLimits, sessions, verifications } from '../db/schema/index';
import { analyzeStaleTables } from '../db/table-statistics';
import { failInterruptedRuns } from '../features/prices/ingest.service';
import type { JobDefinition } from './scheduler';

/** Rate-limit rows untouched for this long are past every window (the longest is one hour: features/auth/auth.ts). */
export const RATE_LIMIT_STALE_MS = 24 * 60 * 60 * 1000;
/** job_runs rows are kept this many days. */
const JOB_RUNS_KEPT_DAYS = 30;

/**
 * Deletes what nobody can use any more: expired sessions, expired one-time tokens (e-mail confirmation, password
 * reset), rate-limit counters past every window, job_runs rows older than 30 days, and the rows of notification
 * streams whose process stopped refreshing them an hour ago (they stopped counting after a few heartbeats); marks price
 * runs left `running` for over an hour failed (ingest.service failInterruptedRuns); then refreshes the planner's
 * statistics of the tables that changed much (db/table-statistics.ts). Hourly by default.
 */
export const housekeepingJob: JobDefinition = {
  name: 'housekeeping',
  schedule: '17 * * * *',
  timeoutMs: 10 * 60 * 1000,
  async run({ db, signal }) {
    const deleted = async (query: PromiseLike<{ id: unknown }[]>) => {
      signal.throwIfAborted();
      return (await query).length;
    };
    const counts = {
      sessions: await deleted(db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ id: sessions.id })),
      verifications: await deleted(db.delete(verifications).where(lt(verifications.expiresAt, sql`now()`)).returning({ id: verifications.id })),
      rateLimits: await deleted(db.delete(rateLimits).where(lt(rateLimits.lastRequest, Date.now() - RATE_LIMIT_STALE_MS)).returning({ id: rateLimits.id })),
      notificationStreams: await deleted(
        db.delete(notificationStreams).where(lt(notificationStreams.seenAt, sql`now() - interval '1 hour'`)).returning({ id: notificationStreams.id }),
      ),
      interruptedPriceRuns: (signal.throwIfAborted(), await failInterruptedRuns(db, { all: false })),
      jobRuns: await deleted(
        db
          .delete(jobRuns)
          .where(lt(jobRuns.startedAt, sql`now() - make_interval(days => ${JOB_RUNS_KEPT_DAYS})`))
          .returning({ id: jobRuns.id }),
      ),
    };
    signal.throwIfAborted();
    // The planner's statistics of the tables that changed much (the embedded database has no autovacuum).
    return { ...counts, analyzed: (await analyzeStaleTables(db)).length };
  },
};
