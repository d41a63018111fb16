import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DbEvents } from '../../db/client';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { addCounts, storeTournament, TournamentShapeError } from './ingest.service';
import { LimitlessTournament } from './limitless-shapes';
import { announceTournaments, emptyRunCounts, errorText, finishTournamentRun, startTournamentRun, type TournamentRunSummary } from './tournament-runs.service';

/*
 * The file import (npm run tournaments:import -- --dir DIR): a directory laid out like the Limitless API —
 * `tournaments.json` (the list), `tournaments/{id}/details` and `tournaments/{id}/standings` — stored through the one
 * write path as source `import`, recorded as a run. A path never leaves DIR.
 */

/** Largest file read (the standings of the largest events are a few MB). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** A file of the directory that is not there. */
class MissingFile extends Error {}

/** Reads `{dir}/{relative}` as JSON: a path that would leave `dir`, a missing, odd or oversized file, or bad JSON throws. */
function directoryJson(dir: string) {
  const root = path.resolve(dir);
  return async (relative: string): Promise<unknown> => {
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) throw new Error(`${relative}: outside ${dir}`);
    const info = await stat(file).catch(() => null);
    if (!info) throw new MissingFile(`${relative}: no such file`);
    if (!info.isFile()) throw new Error(`${relative}: not a file`);
    if (info.size > MAX_FILE_BYTES) throw new Error(`${relative}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
    try {
      return JSON.parse(await readFile(file, 'utf8')) as unknown;
    } catch (err) {
      throw new Error(`${relative}: not JSON (${errorText(err)})`, { cause: err });
    }
  };
}

export interface ImportResult extends TournamentRunSummary {
  /** One line per tournament that could not be stored: its id (or place in the list) and why. */
  problems: string[];
}

/**
 * Imports every tournament of `tournaments.json`: its `details` (or, when that file is missing, its entry in the
 * list) and its `standings` (missing: reported, and the tournament skipped). A tournament that cannot be read is
 * reported and the others go on; a list that cannot be read fails the run, touching nothing.
 */
export async function importTournamentDirectory({ db, events, log, dir }: { db: Db; events?: DbEvents; log: Logger; dir: string }): Promise<ImportResult> {
  const read = directoryJson(dir);
  const runId = await startTournamentRun(db, 'import', 'import');
  const counts = emptyRunCounts();
  const problems: string[] = [];
  let list: unknown;
  try {
    list = await read('tournaments.json');
    if (!Array.isArray(list)) throw new Error('tournaments.json: not a list of tournaments');
  } catch (err) {
    const error = errorText(err);
    await finishTournamentRun(db, runId, { status: 'failed', counts, error });
    return { runId, status: 'failed', counts, error, problems };
  }
  for (const [i, entry] of (list as unknown[]).entries()) {
    const id = LimitlessTournament.shape.id.safeParse((entry as { id?: unknown } | null)?.id);
    const label = id.success ? id.data : `entry ${i + 1} of tournaments.json`;
    try {
      if (!id.success) throw new TournamentShapeError('no id');
      const folder = `tournaments/${id.data}`;
      const details = await read(`${folder}/details`).catch((err: unknown) => {
        if (err instanceof MissingFile) return entry;
        throw err;
      });
      addCounts(counts, await storeTournament(db, 'import', details, await read(`${folder}/standings`)));
    } catch (err) {
      counts.failed++;
      problems.push(`${label}: ${errorText(err)}`);
      log.debug({ err, tournament: label }, 'tournament not imported');
    }
  }
  const error = problems.length ? errorText(`${problems.length} tournament(s) not imported: ${problems.slice(0, 10).join('; ')}`) : null;
  await finishTournamentRun(db, runId, { status: 'succeeded', counts, error });
  await announceTournaments(events, log, counts);
  return { runId, status: 'succeeded', counts, error, problems };
}
