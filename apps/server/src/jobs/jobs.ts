import { regulationNoticesJob } from '../features/decks/regulation-notice-delivery';
import { housekeepingJob } from './housekeeping';
import { checkSchedule, type JobDefinition } from './scheduler';

/** Every job of the server. A later issue adds its job here (docs/decisions/007-jobs-and-events.md). */
export const ALL_JOBS: readonly JobDefinition[] = [housekeepingJob, regulationNoticesJob()];

const OFF = new Set(['off', 'none', 'false', '0']);
const ON = new Set(['on', 'all', 'true', '1']);

/** JOB_<NAME>_SCHEDULE: the variable that replaces a job's schedule (price-ingest → JOB_PRICE_INGEST_SCHEDULE). */
export const scheduleVariable = (name: string) => `JOB_${name.toUpperCase().replaceAll('-', '_')}_SCHEDULE`;

/**
 * The jobs this process schedules, from the environment: JOBS = `on` (default, every job), `off` (none: a replica
 * that only serves requests), or a comma-separated list of job names; JOB_<NAME>_SCHEDULE replaces a job's cron
 * pattern. A wrong name or pattern stops the start with a message.
 */
export function jobsFromEnv(env: Record<string, string | undefined>, all: readonly JobDefinition[] = ALL_JOBS): JobDefinition[] {
  const setting = (env.JOBS ?? '').trim().toLowerCase();
  let chosen: readonly JobDefinition[];
  if (!setting || ON.has(setting)) chosen = all;
  else if (OFF.has(setting)) chosen = [];
  else {
    const names = setting.split(',').map((n) => n.trim()).filter(Boolean);
    const unknown = names.filter((n) => !all.some((job) => job.name === n));
    if (unknown.length) {
      throw new Error(`JOBS names unknown jobs: ${unknown.join(', ')}. Use on, off or some of: ${all.map((j) => j.name).join(', ')}`);
    }
    chosen = all.filter((job) => names.includes(job.name));
  }
  return chosen.map((job) => {
    const schedule = env[scheduleVariable(job.name)]?.trim();
    if (!schedule) return job;
    checkSchedule(job.name, schedule);
    return { ...job, schedule };
  });
}
