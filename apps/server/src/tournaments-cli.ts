import { parseArgs } from 'node:util';
import { runCommand } from './db/command';
import { importTournamentDirectory } from './features/tournaments/tournament-import';
import { failInterruptedTournamentRuns } from './features/tournaments/tournament-runs.service';
import { createLogger } from './lib/logger';

/**
 * npm run tournaments:import -- --dir DIR
 *
 * Imports tournaments laid out like the Limitless API (docs/tournament-sources.md): DIR/tournaments.json (a list of
 * tournaments) and, for each, DIR/tournaments/{id}/details and DIR/tournaments/{id}/standings. Stored as the fetcher
 * stores them (nothing twice, no player's name, id or country), recorded as a run. On the embedded database it needs
 * the data directory to itself (stop the server first, or upload one tournament at /admin → Tournaments).
 */
const usage = 'usage:\n  npm run tournaments:import -- --dir DIR';

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

function readArgs() {
  try {
    return parseArgs({ options: { dir: { type: 'string' } }, strict: true }).values;
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
}
const args = readArgs();
// Every argument is checked before the database is opened: a mistake touches nothing.
if (!args.dir) fail('--dir is required (a directory holding tournaments.json and tournaments/{id}/details and standings)');
const dir = args.dir;

const log = createLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'warn');
const code = await runCommand('npm run tournaments:import', async (database) => {
  await database.migrate();
  // Runs a killed command or server left `running`: failed (on the embedded database this command holds it alone).
  await failInterruptedTournamentRuns(database.db, { all: database.kind === 'pglite' });
  const run = await importTournamentDirectory({ db: database.db, events: database, log, dir });
  if (run.status === 'failed') {
    console.error(`import failed, nothing changed: ${run.error}`);
    return 1;
  }
  for (const problem of run.problems) console.error(`not imported: ${problem}`);
  const { tournaments, standings, skipped, unmatched, failed } = run.counts;
  console.log(
    `${dir}: ${tournaments} tournaments and ${standings} standings stored; ${skipped} standings skipped (no published list), ${unmatched} card numbers the library lacks, ${failed} tournaments not imported (run ${run.runId})`,
  );
  if (unmatched) console.log('the card numbers the library lacks are listed at /admin → Tournaments');
  return 0;
});
process.exit(code);
