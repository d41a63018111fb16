import { LRUCache } from 'lru-cache';
import type { Db, DbEvents } from '../../db/client';
import { catalogueGeneration } from '../../catalogue/catalogue-index';
import { onTournamentsChanged, TOURNAMENTS_CHANNEL, tournamentsChanged, tournamentsGeneration } from '../tournaments/ingest.service';

/*
 * The meta's aggregates, kept in this process per (database, window, format[, leader]) until the tournaments change:
 * an ingest here (`onTournamentsChanged`) or on another replica (the TOURNAMENTS_CHANNEL notice, `listenForTournamentChanges`)
 * drops them all. Each entry is the promise of its computation, so concurrent requests for the same window compute it
 * once. Bounded: the least recently used of MAX_ENTRIES goes first.
 */

/** Windows × formats × leaders kept: a few hundred small answers (a 90-day window's leaders are tens of KB). */
export const MAX_ENTRIES = 500;

const entries = new LRUCache<string, { value: Promise<unknown> }>({ max: MAX_ENTRIES });
onTournamentsChanged(() => entries.clear());

/** One number per database handle (tests open several in one process): its entries never meet another's. */
const dbIds = new WeakMap<object, number>();
let nextDbId = 0;
const dbIdOf = (db: Db) => {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = ++nextDbId));
  return id;
};

/**
 * `compute()`'s answer for `key`, computed once until the tournaments or the library change. The generations are in
 * the key: a computation that started before a change is never answered after it.
 */
export function metaCached<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const full = `${dbIdOf(db)}|${tournamentsGeneration()}|${catalogueGeneration()}|${key}`;
  const hit = entries.get(full);
  if (hit) return hit.value as Promise<T>;
  const value = compute();
  entries.set(full, { value });
  value.catch(() => entries.delete(full));
  return value;
}

/** How many answers are kept (tests). */
export const metaCacheSize = () => entries.size;

/**
 * Listens, once per process, for another replica's notice that the tournaments changed (its ingest, an admin's
 * correction): this replica's generation moves on and its aggregates are dropped. Answers the function that stops.
 */
export function listenForTournamentChanges(events: DbEvents) {
  return events.listen(TOURNAMENTS_CHANNEL, () => tournamentsChanged());
}
