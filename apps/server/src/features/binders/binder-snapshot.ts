import type { Card } from '@grandline/core/contracts/cards';
import { collectionStats } from '@grandline/core/collection/stats';
import { asc, inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { binderCards } from '../../db/schema/index';
import { catalogueGeneration, type CatalogueIndex } from '../../catalogue/catalogue-index';
import type { BinderRecord, StoredRow } from './binder-access';

export async function rowsOf(db: Db, binderIds: string[]): Promise<StoredRow[]> {
  if (!binderIds.length) return [];
  return db.select().from(binderCards).where(inArray(binderCards.binderId, binderIds)).orderBy(asc(binderCards.id));
}

export const withCards = (rows: { cardId: number; quantity: number }[], index: CatalogueIndex) =>
  rows.flatMap((r) => {
    const card = index.byId.get(r.cardId);
    return card ? [{ card, quantity: r.quantity }] : [];
  });

export const statsOf = (rows: { card: Card; quantity: number }[], index: CatalogueIndex) => collectionStats(rows, (slug) => index.setSizes.get(slug) ?? 0);

export type Entry = { r: StoredRow; card: Card; rank: number };

/**
 * A binder's rows joined with the library, the statistics and the sorted orders, kept per process and keyed on the
 * binder's `updated_at` (every write moves it forward by at least 1 ms) and the library generation: a stale entry is
 * never served, on any replica, because the key is read from the database on every request. The key has a slot for
 * the price generation: once rows carry market values, a new day's prices make every snapshot stale.
 */
export interface BinderSnapshot {
  entries: Entry[];
  /** Statistics and the print with most copies, computed on the first detail read. */
  summary?: { stats: ReturnType<typeof statsOf>; previewCardId: number | null };
  sorted: Map<string, Entry[]>;
}
const snapshots = new LRUCache<string, BinderSnapshot>({ max: 500, maxSize: 400_000, sizeCalculation: (v) => Math.max(1, v.entries.length) });
let priceGeneration = 0;
/** Called when market prices change (the prices issue's ingest): snapshots built before are not served again. */
export const pricesChanged = () => {
  priceGeneration++;
};
/** The key of what a binder's rows and today's prices give: a write to the binder or a new price day changes it. */
export const binderPriceKey = (record: BinderRecord) => `${snapshotKey(record)}\u0000${new Date().toISOString().slice(0, 10)}`;
const snapshotKey = (record: BinderRecord) => `${record.id}\u0000${record.updatedAt.getTime()}\u0000${catalogueGeneration()}\u0000${priceGeneration}`;

export async function snapshotOf(db: Db, record: BinderRecord, index: CatalogueIndex): Promise<BinderSnapshot> {
  const key = snapshotKey(record);
  const hit = snapshots.get(key);
  if (hit) return hit;
  const entries: Entry[] = [];
  for (const r of await rowsOf(db, [record.id])) {
    const card = index.byId.get(r.cardId);
    if (card) entries.push({ r, card, rank: index.rank.get(card.id) ?? 0 });
  }
  const snapshot: BinderSnapshot = { entries, sorted: new Map() };
  snapshots.set(key, snapshot);
  return snapshot;
}

export const mostCopies = (entries: Entry[]) => entries.reduce<Entry | null>((best, e) => (!best || e.r.quantity > best.r.quantity ? e : best), null)?.card.id ?? null;

