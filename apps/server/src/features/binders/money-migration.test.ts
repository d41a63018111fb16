import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../testing/test-app';

let database: Database;

/** Runs one migration file as the migrator does: statement by statement. */
async function runMigration(name: string) {
  const text = fs.readFileSync(new URL(`../../db/migrations/${name}`, import.meta.url), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await database.db.execute(sql.raw(statement));
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  // The table as migration 0006 left it: prices in numeric(12,2).
  await db.execute(sql`alter table binder_cards drop column purchase_price_minor`);
  await db.execute(sql`alter table binder_cards add column purchase_price numeric(12, 2)`);
  await db.execute(sql`insert into game_categories (id, name) values ('onepiece', 'One Piece') on conflict do nothing`);
  await db.execute(sql`insert into users (id, name, email) values ('u1', 'Nami', 'nami@example.com')`);
  await db.execute(sql`insert into binders (id, user_id, name, category) values ('b1', 'u1', 'Old prices', 'personal')`);
  for (let i = 1; i <= 7; i++) {
    await db.execute(sql`
      insert into cards (id, game_category, source_key, source_hash, card_number, name, card_type, rarity, search_text)
      values (${i}, 'onepiece', ${`k${i}`}, 'h', ${`OP01-00${i}`}, ${`Card ${i}`}, 'Character', 'C', '')`);
  }
  const rows: [number, string | null, string | null][] = [
    [1, '12.50', 'BRL'],
    [2, '15000.00', 'CLP'],
    [3, '1500.00', 'JPY'],
    [4, '9999999999.99', 'USD'],
    [5, '0.01', 'EUR'],
    [6, '3.20', null],
    [7, null, null],
  ];
  for (const [cardId, price, currency] of rows) {
    await db.execute(sql`
      insert into binder_cards (binder_id, card_id, quantity, purchase_price, purchase_currency)
      values ('b1', ${cardId}, 1, ${price}::numeric, ${currency})`);
  }
  await runMigration('0007_money_minor_units.sql');
}, 60_000);
afterAll(async () => {
  await database.close();
});

describe('migration 0007: purchase prices to minor units', () => {
  it('carries every stored price over as integer minor units of its currency, and drops the old column', async () => {
    const result = await database.db.execute(sql`select card_id, purchase_price_minor, purchase_currency from binder_cards order by card_id`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => [Number(r.card_id), r.purchase_price_minor === null ? null : Number(r.purchase_price_minor), r.purchase_currency]);
    expect(rows).toEqual([
      [1, 1250, 'BRL'],
      [2, 15000, 'CLP'],
      [3, 1500, 'JPY'],
      [4, 999_999_999_999, 'USD'],
      [5, 1, 'EUR'],
      [6, 320, null],
      [7, null, null],
    ]);
    const columns = await database.db.execute(sql`select column_name from information_schema.columns where table_name = 'binder_cards' and column_name like 'purchase%' order by 1`);
    expect((columns as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name)).toEqual(['purchase_currency', 'purchase_price_minor']);
  });
});
