import type { AddBinderCardsRequest, BinderCardRow, BinderDetail, ImportResult } from '@grandline/core/contracts/binders';
import type { Card } from '@grandline/core/contracts/cards';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binderCards } from '../../db/schema/index';
import { createAuthTestApp, grantPlan, postJson, signUpVerified } from '../../testing/test-app';
import { catalogueIndex } from '../../catalogue/catalogue-index';

/**
 * Every way a binder row is written stores the same row for the same input: the bulk path (one raw-SQL upsert through
 * `unnest`, behind adds and imports), the lean update (one raw-SQL statement) and the full update (Drizzle, with the
 * merge of twin rows). Rows are compared on every column of the table, so a column one path forgets (left at its
 * default, or not returned) fails here. Only where and when a row was written (id, binder, time added) may differ.
 */

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let cookie: string;
let cards: Card[];

const WHERE_AND_WHEN = ['id', 'binderId', 'addedAt'] as const;
type Stored = typeof binderCards.$inferSelect;

/** What one row should hold, as the API takes it (its print aside); what is left out takes its default. */
type Want = Omit<AddBinderCardsRequest['cards'][number], 'cardId'>;
/**
 * Every column given; a yen price (no minor unit); a print with nothing but its id (every default); a language alone.
 * A new column gets a value here: the test fails while some column holds its default in every row.
 */
const WANTS: Want[] = [
  { quantity: 3, condition: 'NM', language: 'EN', purchasePrice: 12.5, purchaseCurrency: 'BRL', anyPrint: true },
  { quantity: 2, condition: 'SP', language: 'JP', purchasePrice: 1500, purchaseCurrency: 'JPY' },
  {},
  { quantity: 4, language: 'PT' },
];
/** Columns a Liga CSV does not carry: the import path stores their default. */
const NOT_IN_CSV: string[] = ['anyPrint'];
const card = (i: number) => cards[i]!;
/** The print, condition and language of a row: what tells it from the binder's other rows. */
const keyOf = (i: number, w: Want) => ({ cardId: card(i).id, condition: w.condition, language: w.language });
const fullInput = (i: number, w: Want) => ({ cardId: card(i).id, ...w });
/** What a row holds besides its key and copies (the price…). */
const detailsOf = ({ quantity: _q, condition: _c, language: _l, ...details }: Want) => details;

async function call(method: string, path: string, body: unknown) {
  const res = await ctx.app.request(path, { ...postJson(body, { Cookie: cookie }), method });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
}
const newBinder = async () => ((await call('POST', '/api/binders', { name: 'Paths', category: 'personal' })) as BinderDetail).id;
const add = (id: string, rows: object[]) => call('POST', `/api/binders/${id}/cards`, { cards: rows });
const patch = (id: string, rowId: number, change: object) => call('PATCH', `/api/binders/${id}/cards/${rowId}`, change) as Promise<BinderCardRow>;
async function upload(id: string, text: string, currency: string) {
  const res = await ctx.app.request(`/api/binders/${id}/import?currency=${currency}`, { method: 'POST', body: text, headers: { Cookie: cookie, 'Content-Type': 'text/csv', Origin: 'http://localhost' } });
  expect(res.status).toBe(200);
  expect(((await res.json()) as ImportResult).failures).toEqual([]);
}

async function storedRows(id: string): Promise<Stored[]> {
  return ctx.db.select().from(binderCards).where(eq(binderCards.binderId, id)).orderBy(asc(binderCards.cardId), asc(binderCards.condition), asc(binderCards.language));
}
/** A stored row without where and when it was written: every other column of the table, by its name. */
const comparable = (r: Stored, skip: string[] = []) => Object.fromEntries(Object.entries(r).filter(([k]) => ![...WHERE_AND_WHEN, ...skip].includes(k)));
const rowOf = async (id: string, cardId: number) => (await storedRows(id)).find((r) => r.cardId === cardId)!;

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  cookie = await signUpVerified(ctx, 'paths-binders@example.com');
  await grantPlan(ctx, 'paths-binders@example.com', 'hobby');
  const accepted = await ctx.app.request('/api/me/accept-terms', { ...postJson({ username: 'paths_binders', countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, { Cookie: cookie }), method: 'POST' });
  expect(accepted.status).toBeLessThan(300);
  const index = await catalogueIndex(ctx.db);
  cards = [...index.byId.values()].filter((c) => !c.isVariation && c.set?.code && index.bySetNumber.get(`${c.set.code}:${c.cardNumber}`)?.[0] === c).slice(0, WANTS.length);
  expect(cards).toHaveLength(WANTS.length);
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

/** Each path writes WANTS into a new binder and answers it (with the rows the API answered, when it answers rows). */
const PATHS: Record<string, () => Promise<{ id: string; answered?: BinderCardRow[]; skip?: string[] }>> = {
  // The bulk path, through its two callers: an add of the rows, and a Liga CSV import (one file per currency).
  'add (bulk upsert)': async () => {
    const id = await newBinder();
    await add(id, WANTS.map((w, i) => fullInput(i, w)));
    return { id };
  },
  'CSV import (bulk upsert)': async () => {
    const id = await newBinder();
    for (const currency of ['BRL', 'JPY']) {
      const lines = WANTS.flatMap((w, i) =>
        (w.purchaseCurrency ?? 'BRL') !== currency
          ? []
          : [`${w.quantity ?? 1};"${card(i).name}";${card(i).set!.code};${card(i).cardNumber};${w.condition ?? ''};${w.language ?? ''};${w.purchasePrice ?? ''}`],
      );
      await upload(id, ['Quantidade;Nome;Edição;Número;Condição;Idioma;Preço', ...lines].join('\r\n'), currency);
    }
    return { id, skip: NOT_IN_CSV };
  },
  // Copies of one row in one request (merged before the statement), and in two requests (merged by the upsert); the
  // price comes with the copies merged in, so a merge that forgets a column of it loses it.
  'add, copies merged in one request': async () => {
    const id = await newBinder();
    await add(id, WANTS.flatMap((w, i) => ((w.quantity ?? 1) < 2 ? [fullInput(i, w)] : [{ ...keyOf(i, w), quantity: 1 }, { ...fullInput(i, w), quantity: w.quantity! - 1 }])));
    return { id };
  },
  'add, copies merged into the stored row': async () => {
    const id = await newBinder();
    const split = WANTS.map((w, i) => ({ w, i })).filter(({ w }) => (w.quantity ?? 1) >= 2);
    await add(id, WANTS.map((w, i) => ((w.quantity ?? 1) >= 2 ? { ...keyOf(i, w), quantity: 1 } : fullInput(i, w))));
    await add(id, split.map(({ w, i }) => ({ ...fullInput(i, w), quantity: w.quantity! - 1 })));
    return { id };
  },
  // The full update (Drizzle): a row added bare, then every column set (a condition sent never takes the lean path).
  'update, full path': async () => {
    const id = await newBinder();
    await add(id, WANTS.map((_, i) => ({ cardId: card(i).id })));
    const answered: BinderCardRow[] = [];
    for (const [i, w] of WANTS.entries()) {
      const { id: rowId } = await rowOf(id, card(i).id);
      answered.push(await patch(id, rowId, { quantity: 1, condition: null, ...w }));
    }
    return { id, answered };
  },
  // The lean update (one raw statement): copies and the details (a price with its currency), nothing that could merge rows.
  'update, lean path': async () => {
    const id = await newBinder();
    await add(id, WANTS.map((w, i) => keyOf(i, w)));
    const answered: BinderCardRow[] = [];
    for (const [i, w] of WANTS.entries()) {
      const { id: rowId } = await rowOf(id, card(i).id);
      answered.push(await patch(id, rowId, { quantity: w.quantity ?? 1, ...detailsOf(w) }));
    }
    return { id, answered };
  },
  // The full update's merge: a row whose new condition matches another row of the print joins it (twins), bringing the price.
  'update, twin rows merged': async () => {
    const id = await newBinder();
    await add(id, WANTS.map((w, i) => ((w.quantity ?? 1) < 2 ? fullInput(i, w) : { ...keyOf(i, w), quantity: 1 })));
    for (const [i, w] of WANTS.entries()) {
      if ((w.quantity ?? 1) < 2) continue;
      await add(id, [{ ...fullInput(i, w), quantity: w.quantity! - 1, condition: w.condition === 'M' ? 'NM' : 'M' }]);
      const twin = (await storedRows(id)).find((r) => r.cardId === card(i).id && r.condition === (w.condition === 'M' ? 'NM' : 'M'))!;
      await patch(id, twin.id, { condition: w.condition ?? null });
    }
    return { id };
  },
  // The bulk edit (the full update for many rows): rows added with another condition, then all set at once.
  'bulk edit': async () => {
    const id = await newBinder();
    await add(id, WANTS.map((w, i) => ({ ...fullInput(i, w), condition: 'M' })));
    const rows = await storedRows(id);
    for (const [i, w] of WANTS.entries()) await call('POST', `/api/binders/${id}/cards/update`, { rowIds: [rows.find((r) => r.cardId === card(i).id)!.id], condition: w.condition ?? null });
    return { id };
  },
};

describe('one binder row, whatever path writes it', () => {
  it('stores the same row, column by column, through the bulk, lean and full paths', async () => {
    const started = Date.now();
    const reference = await PATHS['add (bulk upsert)']!();
    const expected = await storedRows(reference.id);
    // The reference itself: one row per input, every column of the table present, defaults where nothing was given.
    const columns = Object.keys(getTableColumns(binderCards));
    expect(expected).toHaveLength(WANTS.length);
    for (const row of expected) expect(Object.keys(row).sort()).toEqual([...columns].sort());
    const bare = expected.find((r) => r.cardId === card(2).id)!;
    expect(bare).toMatchObject({ quantity: 1, condition: '', language: '', purchasePriceMinor: null, purchaseCurrency: null });
    expect(expected.find((r) => r.cardId === card(0).id)).toMatchObject({ quantity: 3, condition: 'NM', language: 'EN', purchasePriceMinor: 1250, purchaseCurrency: 'BRL' });
    expect(expected.find((r) => r.cardId === card(1).id)).toMatchObject({ purchasePriceMinor: 1500, purchaseCurrency: 'JPY' });
    // Every column is given a value in some row and left to its default in another, so a path that drops one differs.
    for (const column of Object.keys(comparable(expected[0]!))) expect(new Set(expected.map((r) => JSON.stringify(r[column as keyof Stored]))).size, column).toBeGreaterThan(1);

    const apiRows = (await (await ctx.app.request(`/api/binders/${reference.id}/cards?pageSize=60`, { headers: { Cookie: cookie } })).json()) as { items: BinderCardRow[] };
    const apiComparable = (r: BinderCardRow) => ({ ...r, id: 0, addedAt: '' });
    const apiExpected = apiRows.items.map(apiComparable).sort((a, b) => a.card.id - b.card.id);

    for (const [name, write] of Object.entries(PATHS)) {
      const { id, answered, skip } = await write();
      const rows = await storedRows(id);
      expect(rows.map((r) => comparable(r, skip)), name).toEqual(expected.map((r) => comparable(r, skip)));
      for (const r of rows) {
        expect(r.binderId, name).toBe(id);
        expect(r.addedAt.getTime(), name).toBeGreaterThanOrEqual(started - 1000);
        expect(r.addedAt.getTime(), name).toBeLessThanOrEqual(Date.now() + 1000);
      }
      // What an update answers is the row as stored (the lean path maps the statement's own answer).
      if (answered) expect(answered.map(apiComparable).sort((a, b) => a.card.id - b.card.id), `${name}: answer`).toEqual(apiExpected);
    }
  });
});
