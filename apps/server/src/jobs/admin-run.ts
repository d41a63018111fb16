import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';

/**
 * Starts a job an admin asked for ("Run now") through the scheduler, without waiting for it: its end is logged. A
 * process that does not run the job (JOBS) answers 409 JOB_UNAVAILABLE, naming the jobs (`what`: "price", "tournament").
 */
export function startJobForAdmin({ runJob, name, log, what }: { runJob?: (name: string) => Promise<unknown>; name: string; log: Logger; what: string }) {
  const unavailable = () => new AppError('JOB_UNAVAILABLE', 409, `This server process does not run the ${what} jobs (JOBS): start the run on a server that does`);
  if (!runJob) throw unavailable();
  let run: Promise<unknown>;
  try {
    run = runJob(name);
  } catch (err) {
    log.warn({ err, job: name }, `${what} run asked by an admin: no such job in this process`);
    throw unavailable();
  }
  run.then(
    (result) => log.info({ job: name, result }, `${what} run asked by an admin ended`),
    (err: unknown) => log.error({ err, job: name }, `${what} run asked by an admin failed`),
  );
}
