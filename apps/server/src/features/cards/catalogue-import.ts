import { createHash } from 'node:crypto';
import { GAMES } from '@grandline/core/games';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appMeta, cardSets, cards, gameCategories } from '../../db/schema/index';
import type { Logger } from '../../lib/logger';
import { buildCatalogue, IMPORT_RULES_HASH, type CardSource, type Catalogue, type CatalogueSet, type SkippedRecord } from './catalogue-source';
import { clearCardCaches } from './cards.service';
import { emitDomainEvent } from '../../lib/domain-events';
import { mergeManualPrints } from './manual-cards.service';

export interface ImportReport {
  read: number;
  written: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: SkippedRecord[];
  sets: { inserted: number; updated: number; unchanged: number };
  /** Block icons corrected at import (BLOCK_CORRECTIONS). */
  corrected: Catalogue['corrected'];
  /** Numbers added by hand that the package now has: merged into its print (manual-cards.service.ts). */
  mergedManual: string[];
}

const META_KEY = 'catalogue.onepiece.sourceHash';
const BATCH = 500;

const sourceHashOf = (raw: unknown[]) => createHash('sha1').update(JSON.stringify(raw)).digest('hex');

const setFields = (s: CatalogueSet) => ({
  gameCategory: 'onepiece',
  code: s.code,
  name: s.name,
  slug: s.slug,
  kind: s.kind,
  releaseYear: s.releaseYear,
  releaseDate: s.releaseDate,
  size: s.size,
  sortOrder: s.sortOrder,
});

/**
 * Writes the catalogue in one transaction. Idempotent: unchanged rows are left alone (their
 * stored hash matches), so a second run writes nothing. Once it commits, the prints new to the library are announced
 * (`catalogue.prints_added`): not those imported again, nor a package print that takes the place of one added by hand
 * (that card was announced when it was added).
 */
export async function importCatalogue({ db, catalogue }: { db: Db; catalogue: Catalogue }): Promise<ImportReport> {
  const { report, added } = await writeCatalogue(db, catalogue);
  if (added.length) await emitDomainEvent(db, 'catalogue.prints_added', { cardIds: added });
  return report;
}

async function writeCatalogue(db: Db, catalogue: Catalogue): Promise<{ report: ImportReport; added: number[] }> {
  return db.transaction(async (tx) => {
    for (const [i, g] of GAMES.entries()) {
      await tx
        .insert(gameCategories)
        .values({ id: g.id, name: g.name, hidden: g.hidden, sortOrder: i })
        .onConflictDoUpdate({
          target: gameCategories.id,
          set: { name: g.name, hidden: g.hidden, sortOrder: i },
        });
    }

    // Sets. Slugs are updated in two steps so that a rename cannot collide with another row's old slug.
    const existingSets = await tx.select().from(cardSets);
    const setByKey = new Map(existingSets.map((s) => [s.sourceKey, s]));
    const setReport = { inserted: 0, updated: 0, unchanged: 0 };
    const newSets = catalogue.sets.filter((s) => !setByKey.has(s.sourceKey));
    const changedSets = catalogue.sets.filter((s) => {
      const old = setByKey.get(s.sourceKey);
      if (!old) return false;
      const next = setFields(s);
      return (Object.keys(next) as (keyof typeof next)[]).some((k) => old[k] !== next[k]);
    });
    setReport.unchanged = catalogue.sets.length - newSets.length - changedSets.length;
    for (const s of changedSets) {
      await tx.update(cardSets).set({ slug: `~${s.slug}~${setByKey.get(s.sourceKey)!.id}` }).where(eq(cardSets.sourceKey, s.sourceKey));
    }
    for (const s of changedSets) {
      await tx.update(cardSets).set({ ...setFields(s), updatedAt: new Date() }).where(eq(cardSets.sourceKey, s.sourceKey));
      setReport.updated++;
    }
    if (newSets.length) {
      await tx.insert(cardSets).values(newSets.map((s) => ({ sourceKey: s.sourceKey, ...setFields(s) })));
      setReport.inserted = newSets.length;
    }
    const setIds = new Map(
      (await tx.select({ id: cardSets.id, sourceKey: cardSets.sourceKey }).from(cardSets)).map((s) => [s.sourceKey, s.id]),
    );

    // Prints.
    const existing = new Map(
      (await tx.select({ sourceKey: cards.sourceKey, sourceHash: cards.sourceHash, setId: cards.setId }).from(cards)).map(
        (c) => [c.sourceKey, c],
      ),
    );
    const rows = catalogue.prints.map((p) => {
      const { setSourceKey, ...rest } = p;
      return { ...rest, gameCategory: 'onepiece', setId: setSourceKey ? (setIds.get(setSourceKey) ?? null) : null };
    });
    const toInsert = rows.filter((r) => !existing.has(r.sourceKey));
    const toUpdate = rows.filter((r) => {
      const old = existing.get(r.sourceKey);
      return old && (old.sourceHash !== r.sourceHash || old.setId !== r.setId);
    });
    const inserted: number[] = [];
    for (let i = 0; i < toInsert.length; i += BATCH) {
      for (const row of await tx.insert(cards).values(toInsert.slice(i, i + BATCH)).returning({ id: cards.id })) inserted.push(row.id);
    }
    for (const r of toUpdate) {
      await tx
        .update(cards)
        .set({ ...r, updatedAt: new Date() })
        .where(eq(cards.sourceKey, r.sourceKey));
    }
    const merged = await mergeManualPrints(tx);
    const replacing = new Set(merged.map((m) => m.printId));
    const report: ImportReport = {
      read: catalogue.read,
      written: toInsert.length + toUpdate.length,
      inserted: toInsert.length,
      updated: toUpdate.length,
      unchanged: rows.length - toInsert.length - toUpdate.length,
      skipped: catalogue.skipped,
      sets: setReport,
      corrected: catalogue.corrected,
      mergedManual: merged.map((m) => m.cardNumber),
    };
    return { report, added: inserted.filter((id) => !replacing.has(id)) };
  });
}

/**
 * Imports the card library when the source data differs from what was last imported
 * (or always, with force). Logs how many records were read, written and skipped, and why.
 */
export async function seedCatalogue({
  db,
  log,
  raw,
  force = false,
}: {
  db: Db;
  log: Logger;
  /** The cards, or a source that hashes them without reading them (the packaged list). */
  raw: unknown[] | CardSource;
  force?: boolean;
}): Promise<ImportReport | null> {
  const source = Array.isArray(raw) ? { hash: sourceHashOf(raw), load: () => raw } : raw;
  // What the import derives (corrections, rotation fields) is part of what was imported: a change imports it again.
  const hash = `${source.hash}|${IMPORT_RULES_HASH}`;
  if (!force) {
    const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, META_KEY));
    if (meta?.value === hash) {
      log.info({ catalogue: 'onepiece' }, 'card catalogue is up to date; import skipped');
      return null;
    }
  }
  const started = performance.now();
  const report = await importCatalogue({ db, catalogue: buildCatalogue(source.load()) });
  // This process's library index and searches were read from the rows before.
  clearCardCaches();
  await db
    .insert(appMeta)
    .values({ key: META_KEY, value: hash })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updatedAt: sql`now()` } });
  const reasons = report.skipped.reduce<Record<string, number>>((acc, s) => {
    const kind = s.reason.split(':')[0] ?? s.reason;
    acc[kind] = (acc[kind] ?? 0) + 1;
    return acc;
  }, {});
  log.info(
    {
      catalogue: 'onepiece',
      read: report.read,
      written: report.written,
      inserted: report.inserted,
      updated: report.updated,
      unchanged: report.unchanged,
      skipped: report.skipped.length,
      skippedReasons: reasons,
      sets: report.sets,
      ms: Math.round(performance.now() - started),
    },
    `card catalogue imported: ${report.read} read, ${report.written} written, ${report.unchanged} unchanged, ${report.skipped.length} skipped`,
  );
  for (const s of report.skipped.slice(0, 20)) log.warn({ record: s.index }, `skipped: ${s.reason}`);
  if (report.mergedManual.length) log.info({ catalogue: 'onepiece', merged: report.mergedManual }, `prints added by hand now in the package, merged: ${report.mergedManual.join(', ')}`);
  for (const c of report.corrected) log.info({ catalogue: 'onepiece', corrected: c }, `block icons corrected: ${c.rule} (${c.prints} prints, was ${c.from.join('/')})`);
  return report;
}
