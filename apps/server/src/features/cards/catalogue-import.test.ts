import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { cards, cardSets, gameCategories } from '../../db/schema/index';
import { createTestDatabase, testLog } from '../../testing/test-app';
import { registerDomainHandlers } from '../../domain-handlers';
import { importCatalogue, seedCatalogue } from './catalogue-import';
import { buildCatalogue, loadPackageCards, packageCards } from './catalogue-source';

let database: Database;
const raw = loadPackageCards();

beforeAll(async () => {
  database = await createTestDatabase();
  // An import announces its new prints (a domain event): registered first, as every seeding does (main.ts, db:seed).
  registerDomainHandlers({ db: database.db, log: testLog }, { channels: false });
});
afterAll(async () => {
  await database.close();
});

describe('catalogue import', () => {
  it('writes every print and set on first run', async () => {
    const report = await seedCatalogue({ db: database.db, log: testLog, raw });
    expect(report).toMatchObject({ read: raw.length, written: raw.length, inserted: raw.length, updated: 0, unchanged: 0 });
    expect(report?.sets.inserted).toBe(190);
    const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(cards);
    expect(n).toBe(raw.length);
  });

  it('changes nothing when run again on the same data', async () => {
    const before = await database.db.select({ id: cards.id, updatedAt: cards.updatedAt }).from(cards).orderBy(cards.id);
    expect(await seedCatalogue({ db: database.db, log: testLog, raw })).toBeNull();
    const forced = await seedCatalogue({ db: database.db, log: testLog, raw, force: true });
    expect(forced).toMatchObject({ written: 0, unchanged: raw.length, sets: { inserted: 0, updated: 0, unchanged: 190 } });
    const after = await database.db.select({ id: cards.id, updatedAt: cards.updatedAt }).from(cards).orderBy(cards.id);
    expect(after).toEqual(before);
  });

  it('tells the packaged list is unchanged from its file’s hash, without reading it', async () => {
    const packaged = packageCards();
    expect(packaged.hash).toMatch(/^file:[0-9a-f]{40}$/);
    // Another source hash than the array's: imported once (nothing to write), then known.
    const first = await seedCatalogue({ db: database.db, log: testLog, raw: packaged });
    expect(first).toMatchObject({ written: 0, unchanged: raw.length });
    const load = vi.fn(packaged.load);
    expect(await seedCatalogue({ db: database.db, log: testLog, raw: { hash: packaged.hash, load } })).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('updates only the records that changed, keeping their ids', async () => {
    const changed = raw.map((r, i) => (i === 0 ? { ...(r as object), effects: 'Errata text.' } : r));
    const [first] = buildCatalogue([raw[0]]).prints;
    const [row] = await database.db.select().from(cards).where(eq(cards.sourceKey, first!.sourceKey));
    const report = await importCatalogue({ db: database.db, catalogue: buildCatalogue(changed) });
    expect(report).toMatchObject({ written: 1, updated: 1, inserted: 0 });
    const [updated] = await database.db.select().from(cards).where(eq(cards.sourceKey, first!.sourceKey));
    expect(updated?.id).toBe(row?.id);
    expect(updated?.cardText).toBe('Errata text.');
  });

  it('registers the four game categories with only One Piece visible', async () => {
    const games = await database.db.select().from(gameCategories).orderBy(gameCategories.sortOrder);
    expect(games.map((g) => [g.id, g.hidden])).toEqual([
      ['onepiece', false],
      ['magic', true],
      ['pokemon', true],
      ['yugioh', true],
    ]);
    const [op01] = await database.db.select().from(cardSets).where(eq(cardSets.slug, 'op-01'));
    expect(op01).toMatchObject({ code: 'OP-01', gameCategory: 'onepiece', kind: 'booster', releaseYear: 2022 });
    expect(op01?.size).toBeGreaterThan(100);
  });
});
