import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per run of a scheduled job (jobs/scheduler.ts): when it started and finished, how it ended and what it did.
 * `skipped` means another replica held the job's advisory lock, so this one did not run it. `instance` names the
 * process (host and pid) that wrote the row.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job').notNull(),
    instance: text('instance'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>(),
    error: text('error'),
  },
  (t) => [
    index('job_runs_job_started_idx').on(t.job, t.startedAt),
    check('job_runs_status', sql`${t.status} in ('running', 'succeeded', 'failed', 'skipped')`),
  ],
);
