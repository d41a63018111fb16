import { setTimeout as sleep } from 'node:timers/promises';
import type { TournamentRunCounts } from '@grandline/core/contracts/tournaments';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tournaments } from '../../db/schema/index';
import { FetchError, fetchJson } from '../../lib/fetch-json';
import type { Logger } from '../../lib/logger';
import type { TournamentConfig } from '../../lib/tournament-config';
import { addCounts, storeTournament, TournamentShapeError } from './ingest.service';
import { LimitlessTournament } from './limitless-shapes';

/*
 * The Limitless TCG API (../shared/data/formats/limitless): the One Piece tournaments, newest first, a page at a time
 * (`/tournaments?game=OP&limit=N&page=P`) until a page comes back short or empty; then each tournament the library
 * lacks, its `details` and `standings`, stored through the one write path. One request at a time, a pause between two
 * (about 50 requests in 5 minutes are allowed), a 429's Retry-After honoured (lib/fetch-json.ts).
 */

/** Largest answer read: a listing page or one tournament's standings (a few thousand players' lists). */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** Listing pages read at most in one run, whatever the source answers (a mirror that never ends a page). */
const MAX_PAGES = 1_000;
/** Failures named in the run's error (all are counted). */
const FAILURES_NAMED = 10;

/** Reads `{base}/{path}`: one request at a time, `pauseMs` apart, with the time-out, retries and access key. */
function politeReader(config: TournamentConfig, signal?: AbortSignal) {
  let last = 0;
  const headers = config.limitlessApiKey ? { 'X-Access-Key': config.limitlessApiKey } : undefined;
  return async (path: string): Promise<unknown> => {
    const wait = last + config.pauseMs - Date.now();
    if (last && wait > 0) await sleep(wait, undefined, { signal });
    try {
      return await fetchJson(`${config.limitlessBaseUrl}/${path}`, { timeoutMs: config.timeoutMs, retries: 3, backoffMs: config.backoffMs, maxBytes: MAX_ANSWER_BYTES, headers, signal });
    } finally {
      last = Date.now();
    }
  };
}

/**
 * A failure of one tournament's documents (the others go on): not a tournament, not JSON, too large, or a 4xx of its
 * own. A time-out, a network error, a 5xx or a rate limit that does not lift is the source failing: the run stops.
 */
function tournamentFailure(err: unknown, signal?: AbortSignal) {
  if (signal?.aborted) return false;
  if (err instanceof TournamentShapeError) return true;
  if (!(err instanceof FetchError) || err.retryable) return false;
  return err.status === undefined || (err.status >= 400 && err.status < 500 && err.status !== 429);
}

/** A promise's outcome as a value: read later, it never goes unhandled meanwhile. */
const settle = <T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** The ids a listing page names, in its order (entries without a readable id are passed over). */
function idsOf(page: unknown[]): string[] {
  const ids: string[] = [];
  for (const entry of page) {
    const id = LimitlessTournament.shape.id.safeParse((entry as { id?: unknown } | null)?.id);
    if (id.success) ids.push(id.data);
  }
  return ids;
}

/** The tournaments to read this run: listed by the source, not yet stored, at most `maxPerRun`, newest first. */
async function listMissing(db: Db, config: TournamentConfig, read: (path: string) => Promise<unknown>, signal?: AbortSignal): Promise<string[]> {
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= MAX_PAGES && missing.length < config.maxPerRun; page++) {
    signal?.throwIfAborted();
    const answer = await read(`tournaments?game=OP&limit=${config.pageSize}&page=${page}`);
    if (!Array.isArray(answer)) throw new Error(`the tournament list (page ${page}) is not a list`);
    const ids = idsOf(answer).filter((id) => !seen.has(id) && seen.add(id));
    // A page with nothing new (a source, or a stand-in, that ignores `page` and answers the same list again) ends the
    // listing like a short page does: asking on would only read it again, up to MAX_PAGES times.
    if (!ids.length) break;
    const stored = new Set((await db.select({ id: tournaments.id }).from(tournaments).where(inArray(tournaments.id, ids))).map((r) => r.id));
    for (const id of ids) if (!stored.has(id) && missing.length < config.maxPerRun) missing.push(id);
    if (answer.length < config.pageSize) break;
  }
  return missing;
}

/**
 * Reads the source and stores what the library lacks, adding to `counts` as it goes (so a run that fails midway still
 * says what it stored). Answers the tournaments that could not be read; throws when the source itself fails.
 */
export async function readLimitless({
  db,
  config,
  counts,
  signal,
  log,
}: {
  db: Db;
  config: TournamentConfig;
  counts: TournamentRunCounts;
  signal?: AbortSignal;
  log: Logger;
}): Promise<{ failures: string[] }> {
  // The next tournament's documents are read while this one is stored (still one request at a time): the source's
  // answers and the database's writes overlap. Stopped when the run ends, whichever way.
  const done = new AbortController();
  const reading = signal ? AbortSignal.any([signal, done.signal]) : done.signal;
  const read = politeReader(config, reading);
  const documents = async (id: string) => {
    const path = `tournaments/${encodeURIComponent(id)}`;
    const details = await read(`${path}/details`);
    return { details, standings: await read(`${path}/standings`) };
  };
  const failures: string[] = [];
  try {
    const missing = await listMissing(db, config, read, signal);
    log.info({ tournaments: missing.length }, 'limitless: tournaments to read');
    let next = missing.length ? settle(documents(missing[0]!)) : null;
    for (const [i, id] of missing.entries()) {
      const current = await next!;
      signal?.throwIfAborted();
      next = i + 1 < missing.length ? settle(documents(missing[i + 1]!)) : null;
      try {
        if (!current.ok) throw current.error;
        addCounts(counts, await storeTournament(db, 'limitless', current.value.details, current.value.standings));
      } catch (err) {
        if (!tournamentFailure(err, signal)) throw err;
        counts.failed++;
        if (failures.length < FAILURES_NAMED) failures.push(`${id}: ${err instanceof Error ? err.message : String(err)}`);
        log.warn({ err, tournament: id }, 'limitless: a tournament could not be read; the others go on');
      }
    }
  } finally {
    done.abort();
  }
  return { failures };
}
