import { openConfiguredDatabase, type Database } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { loadEnv } from '../lib/env';

/**
 * Runs a command-line tool (npm run admin, db:seed, and every future one) on the configured database. On the embedded
 * database the command needs the data directory to itself: while a server holds it, the command stops at once with
 * "The server is running on this data directory — stop it first, or use /admin" and exit code 1, touching nothing.
 * On PostgreSQL commands run beside any number of servers. Returns the process exit code.
 */
export async function runCommand(label: string, work: (database: Database) => Promise<number>): Promise<number> {
  const env = loadEnv();
  let database: Database;
  try {
    database = await openConfiguredDatabase(env, { holder: 'command', label });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
