import type { BinderCardsResponse, BinderDetail, BinderSummary, ImportResult, PortfolioResponse } from '@grandline/core/contracts/binders';
import type { Card } from '@grandline/core/contracts/cards';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binderCards, cardPriceLatest, cardPrices, cards } from '../../db/schema/index';
import type { CollectionValue, PortfolioValueResponse } from '@grandline/core/contracts/prices';
import { createAuthTestApp, grantPlan, postJson, signUpVerified } from '../../testing/test-app';
import { catalogueIndex } from '../../catalogue/catalogue-index';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let alice: string;
let bob: string;
/** Base prints of the real library with a set code, and a parallel print. */
let base: Card[];
let parallel: Card;

const send = (method: string, path: string, body: unknown, cookie?: string) => ctx.app.request(path, { ...postJson(body, cookie ? { Cookie: cookie } : {}), method });
const get = (path: string, cookie?: string) => ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
const upload = (path: string, body: string | Uint8Array, cookie: string, type = 'text/csv') =>
  ctx.app.request(path, { method: 'POST', body, headers: { Cookie: cookie, 'Content-Type': type, Origin: 'http://localhost' } });
const accept = (cookie: string, username: string) =>
  send('POST', '/api/me/accept-terms', { username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookie);
const create = async (cookie: string, body: Record<string, unknown>) => {
  const res = await send('POST', '/api/binders', body, cookie);
  expect(res.status).toBe(201);
  return (await res.json()) as BinderDetail;
};
const rowsOf = async (id: string, cookie: string, query = '') => {
  const params = new URLSearchParams({ pageSize: '200' });
  for (const [k, v] of new URLSearchParams(query)) params.set(k, v);
  return (await (await get(`/api/binders/${id}/cards?${params}`, cookie)).json()) as BinderCardsResponse;
};

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  alice = await signUpVerified(ctx, 'alice-binders@example.com');
  bob = await signUpVerified(ctx, 'bob-binders@example.com');
  // Private binders and decks, and any number of exports, are Hobby's: these tests are about what they do (plan-gates.test.ts covers Free).
  await grantPlan(ctx, 'alice-binders@example.com', 'hobby');
  await grantPlan(ctx, 'bob-binders@example.com', 'hobby');
  await accept(alice, 'alice_binders');
  await accept(bob, 'bob_binders');
  const index = await catalogueIndex(ctx.db);
  const all = [...index.byId.values()];
  base = all.filter((c) => !c.isVariation && c.set?.code && index.bySetNumber.get(`${c.set.code}:${c.cardNumber}`)?.[0] === c);
  parallel = all.find((c) => c.isVariation && c.variant === 'p1' && c.set?.code)!;
  expect(base.length).toBeGreaterThan(1500);
  expect(parallel).toBeTruthy();
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

describe('binder CRUD and validation', () => {
  it('creates, lists, changes and deletes a binder, with the spec messages for bad input', async () => {
    const noCategory = await send('POST', '/api/binders', { name: 'Mine' }, alice);
    expect(noCategory.status).toBe(400);
    expect(await noCategory.json()).toMatchObject({ error: { issues: [{ path: 'category', message: 'Please select a category' }] } });
    const long = await send('POST', '/api/binders', { name: 'x'.repeat(100), category: 'personal', description: 'y'.repeat(500) }, alice);
    expect((await long.json()) as unknown).toMatchObject({
      error: { issues: [{ path: 'name', message: 'Binder name must be less than 100 characters' }, { path: 'description', message: 'Description must be less than 500 characters' }] },
    });
    const blank = await send('POST', '/api/binders', { name: '   ', category: 'trade' }, alice);
    expect(await blank.json()).toMatchObject({ error: { issues: [{ path: 'name', message: 'Binder name is required' }] } });

    const binder = await create(alice, { name: 'Main binder', category: 'personal', description: 'My pulls' });
    expect(binder).toMatchObject({ name: 'Main binder', category: 'personal', isPublic: false, cardCount: 0, owner: { isYou: true } });
    const list = (await (await get('/api/binders', alice)).json()) as { items: BinderSummary[] };
    expect(list.items.map((b) => b.id)).toContain(binder.id);
    expect(((await (await get('/api/binders', bob)).json()) as { items: BinderSummary[] }).items.map((b) => b.id)).not.toContain(binder.id);

    const patched = await send('PATCH', `/api/binders/${binder.id}`, { name: 'Renamed', isPublic: true }, alice);
    expect(await patched.json()).toMatchObject({ name: 'Renamed', isPublic: true, description: 'My pulls', category: 'personal' });
    expect((await send('DELETE', `/api/binders/${binder.id}`, undefined, alice)).status).toBe(204);
    expect((await get(`/api/binders/${binder.id}`, alice)).status).toBe(404);
  });

  it("says 'Invalid binder ID' for a malformed id and needs an account to write", async () => {
    const res = await get('/api/binders/not-a-uuid');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { issues: [{ message: 'Invalid binder ID' }] } });
    expect((await send('POST', '/api/binders', { name: 'x', category: 'personal' })).status).toBe(401);
    expect((await get('/api/binders')).status).toBe(401);
  });

  it('keeps one wishlist per user', async () => {
    await create(bob, { name: 'Wants', category: 'wishlist' });
    const second = await send('POST', '/api/binders', { name: 'More wants', category: 'wishlist' }, bob);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: { code: 'WISHLIST_EXISTS' } });
  });
});

describe('ownership and privacy', () => {
  it('hides a private binder from others and never lets them change one, public or not', async () => {
    const binder = await create(alice, { name: 'Secret', category: 'personal' });
    await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: base[0]!.id, quantity: 2 }] }, alice);
    for (const cookie of [bob, undefined]) {
      const res = await get(`/api/binders/${binder.id}`, cookie);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'BINDER_NOT_FOUND', message: "This binder doesn't exist or is private" } });
      expect((await get(`/api/binders/${binder.id}/cards`, cookie)).status).toBe(404);
      expect((await get(`/api/binders/${binder.id}/export`, cookie)).status).toBe(404);
    }
    await send('PATCH', `/api/binders/${binder.id}`, { isPublic: true }, alice);
    const seen = (await (await get(`/api/binders/${binder.id}`)).json()) as BinderDetail;
    expect(seen).toMatchObject({ name: 'Secret', cardCount: 2, owner: { username: 'alice_binders', isYou: false } });
    expect((await rowsOf(binder.id, bob)).total).toBe(1);

    const [row] = (await rowsOf(binder.id, alice)).items;
    const attempts = [
      send('PATCH', `/api/binders/${binder.id}`, { name: 'Mine now' }, bob),
      send('DELETE', `/api/binders/${binder.id}`, undefined, bob),
      send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: base[1]!.id }] }, bob),
      send('PATCH', `/api/binders/${binder.id}/cards/${row!.id}`, { quantity: 9 }, bob),
      send('POST', `/api/binders/${binder.id}/cards/delete`, { rowIds: [row!.id] }, bob),
      upload(`/api/binders/${binder.id}/import?mode=replace`, `quantity,card_number\n1,${base[2]!.cardNumber}\n`, bob),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    const after = (await (await get(`/api/binders/${binder.id}`, alice)).json()) as BinderDetail;
    expect(after).toMatchObject({ name: 'Secret', cardCount: 2, distinctCount: 1 });
  });

  it('keeps what was paid as integer minor units of its currency: yen and pesos whole, reais in centavos', async () => {
    const binder = await create(alice, { name: 'Three currencies', category: 'personal' });
    const [jpy, clp, brl] = [base[10]!, base[11]!, base[12]!];
    const added = await send(
      'POST',
      `/api/binders/${binder.id}/cards`,
      {
        cards: [
          { cardId: jpy.id, purchasePrice: 1500, purchaseCurrency: 'JPY' },
          { cardId: clp.id, purchasePrice: 15000, purchaseCurrency: 'CLP' },
          { cardId: brl.id, purchasePrice: 12.5, purchaseCurrency: 'BRL' },
        ],
      },
      alice,
    );
    expect(added.status).toBeLessThan(300);
    const byCard = async () => new Map((await rowsOf(binder.id, alice)).items.map((r) => [r.card.id, r]));
    let rows = await byCard();
    expect(rows.get(jpy.id)).toMatchObject({ purchasePrice: 1500, purchasePriceMinor: 1500, purchaseCurrency: 'JPY' });
    expect(rows.get(clp.id)).toMatchObject({ purchasePrice: 15000, purchasePriceMinor: 15000, purchaseCurrency: 'CLP' });
    expect(rows.get(brl.id)).toMatchObject({ purchasePrice: 12.5, purchasePriceMinor: 1250, purchaseCurrency: 'BRL' });
    const stored = await ctx.db.select({ cardId: binderCards.cardId, minor: binderCards.purchasePriceMinor }).from(binderCards).where(eq(binderCards.binderId, binder.id));
    expect(new Map(stored.map((r) => [r.cardId, r.minor]))).toEqual(new Map([[jpy.id, 1500], [clp.id, 15000], [brl.id, 1250]]));

    // A new currency alone keeps the amount as written, in that currency's minor units.
    const brlRow = rows.get(brl.id)!;
    const moved = await send('PATCH', `/api/binders/${binder.id}/cards/${brlRow.id}`, { purchaseCurrency: 'USD' }, alice);
    expect(await moved.json()).toMatchObject({ purchasePrice: 12.5, purchasePriceMinor: 1250, purchaseCurrency: 'USD' });
    const toYen = await send('PATCH', `/api/binders/${binder.id}/cards/${rows.get(clp.id)!.id}`, { purchasePrice: 980, purchaseCurrency: 'JPY' }, alice);
    expect(await toYen.json()).toMatchObject({ purchasePrice: 980, purchasePriceMinor: 980, purchaseCurrency: 'JPY' });

    // Files carry the exact decimal text of each currency, and an import reads prices in the import's currency.
    const exported = await (await get(`/api/binders/${binder.id}/export?format=liga`, alice)).text();
    expect(exported).toContain(`,${jpy.cardNumber},,,,1500\n`);
    expect(exported).toContain(`,${brl.cardNumber},,,,12.50\n`);
    const imported = await upload(`/api/binders/${binder.id}/import?currency=CLP&mode=replace`, `quantity,card_number,price\n1,${clp.cardNumber},"$ 1.500"\n`, alice);
    expect(imported.status).toBe(200);
    rows = await byCard();
    expect(rows.get(clp.id)).toMatchObject({ purchasePrice: 1500, purchasePriceMinor: 1500, purchaseCurrency: 'CLP' });
  });

  it('shows what the owner paid only to the owner, in rows and in every export of a public binder', async () => {
    const binder = await create(alice, { name: 'Priced', category: 'trade', isPublic: true });
    const card = base[3]!;
    const added = await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: card.id, quantity: 1, purchasePrice: 123.45, purchaseCurrency: 'BRL' }] }, alice);
    expect(added.status).toBeLessThan(300);
    const [own] = (await rowsOf(binder.id, alice)).items;
    expect(own).toMatchObject({ purchasePrice: 123.45, purchaseCurrency: 'BRL' });
    const ownExport = await (await get(`/api/binders/${binder.id}/export?format=liga`, alice)).text();
    expect(ownExport).toContain('123.45');
    for (const cookie of [bob, undefined]) {
      const [theirs] = (await rowsOf(binder.id, cookie as string)).items;
      expect(theirs).toMatchObject({ card: { id: card.id }, quantity: 1, purchasePrice: null, purchaseCurrency: null });
      for (const format of ['liga', 'prices', 'optcgsim']) {
        const res = await get(`/api/binders/${binder.id}/export?format=${format}`, cookie);
        // A CSV counts as one of the viewer's exports of the month, so it needs a signed-in viewer.
        if (!cookie && format !== 'optcgsim') {
          expect(res.status).toBe(401);
          continue;
        }
        expect(res.status).toBe(200);
        const text = await res.text();
        expect(text).toContain(card.cardNumber);
        expect(text).not.toContain('123.45');
      }
    }
  });
});

describe('binder cards', () => {
  it('adds copies to the same row, edits, merges twins, searches, pages and removes', async () => {
    const binder = await create(alice, { name: 'Cards', category: 'trade' });
    const [a, b, c] = base;
    await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: a!.id }, { cardId: a!.id, quantity: 2 }, { cardId: b!.id, condition: 'NM', language: 'JP' }] }, alice);
    await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: a!.id, quantity: 1 }, { cardId: parallel.id }] }, alice);
    let rows = await rowsOf(binder.id, alice);
    expect(rows.total).toBe(3);
    const rowA = rows.items.find((r) => r.card.id === a!.id)!;
    expect(rowA.quantity).toBe(4);

    const unknown = await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: 99_999_999 }] }, alice);
    expect(unknown.status).toBe(400);
    const zero = await send('PATCH', `/api/binders/${binder.id}/cards/${rowA.id}`, { quantity: 0 }, alice);
    expect(await zero.json()).toMatchObject({ error: { issues: [{ message: 'The quantity must be at least 1' }] } });

    expect(await (await send('PATCH', `/api/binders/${binder.id}/cards/${rowA.id}`, { quantity: 3, purchasePrice: 1.5, purchaseCurrency: 'BRL' }, alice)).json()).toMatchObject({
      quantity: 3,
      purchasePrice: 1.5,
    });
    // A second row of `a` in NM/JP, then the first becomes NM/JP too: they merge into one row.
    await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: a!.id, quantity: 2, condition: 'NM', language: 'JP' }] }, alice);
    expect((await rowsOf(binder.id, alice)).total).toBe(4);
    const merged = await send('PATCH', `/api/binders/${binder.id}/cards/${rowA.id}`, { condition: 'NM', language: 'JP' }, alice);
    expect(await merged.json()).toMatchObject({ quantity: 5, condition: 'NM', language: 'JP', purchasePrice: 1.5 });
    rows = await rowsOf(binder.id, alice);
    expect(rows.total).toBe(3);

    expect((await rowsOf(binder.id, alice, `&q=${encodeURIComponent(b!.name.slice(0, 5))}`)).items.map((r) => r.card.id)).toContain(b!.id);
    expect((await rowsOf(binder.id, alice, `&q=${c!.cardNumber}`)).total).toBe(0);
    const paged = await rowsOf(binder.id, alice, '&pageSize=1&page=2&sort=quantity&order=desc');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);

    // The cover must be a card of the binder, and leaves with it.
    const badCover = await send('PATCH', `/api/binders/${binder.id}`, { coverCardId: c!.id }, alice);
    expect(await badCover.json()).toMatchObject({ error: { message: 'Only cards in the binder can be chosen as cover' } });
    expect(await (await send('PATCH', `/api/binders/${binder.id}`, { coverCardId: parallel.id }, alice)).json()).toMatchObject({ cover: { id: parallel.id } });
    const parallelRow = rows.items.find((r) => r.card.id === parallel.id)!;
    expect(await (await send('POST', `/api/binders/${binder.id}/cards/delete`, { rowIds: [parallelRow.id] }, alice)).json()).toEqual({ removed: 1 });
    const detail = (await (await get(`/api/binders/${binder.id}`, alice)).json()) as BinderDetail;
    // Without a cover the binder shows its print with most copies.
    expect(detail).toMatchObject({ cover: null, preview: { id: a!.id }, cardCount: 6, distinctCount: 2 });
    const listed = ((await (await get('/api/binders', alice)).json()) as { items: BinderSummary[] }).items.find((x) => x.id === binder.id);
    expect(listed?.preview?.id).toBe(a!.id);
    expect(detail.stats.bySet.reduce((n, s) => n + s.count, 0)).toBe(6);
    expect(detail.stats.completion.length).toBeGreaterThan(0);
  });
});

describe('bulk edit', () => {
  it('sets the condition of many rows in one transaction, merging rows that become the same', async () => {
    const binder = await create(alice, { name: 'Bulk', category: 'trade' });
    const [a, b] = base;
    await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: a!.id, quantity: 2 }, { cardId: a!.id, quantity: 3, condition: 'NM' }, { cardId: b!.id, language: 'JP' }] }, alice);
    const rows = (await rowsOf(binder.id, alice)).items;
    expect(rows).toHaveLength(3);
    const res = await send('POST', `/api/binders/${binder.id}/cards/update`, { rowIds: rows.map((r) => r.id), condition: 'NM' }, alice);
    expect(await res.json()).toEqual({ updated: 3 });
    const after = (await rowsOf(binder.id, alice)).items.map((r) => [r.card.id, r.quantity, r.condition, r.language]);
    expect(after.sort()).toEqual(
      [
        [a!.id, 5, 'NM', null],
        [b!.id, 1, 'NM', 'JP'],
      ].sort(),
    );
    const nothing = await send('POST', `/api/binders/${binder.id}/cards/update`, { rowIds: [rows[0]!.id] }, alice);
    expect(await nothing.json()).toMatchObject({ error: { message: 'Invalid parameter "request": Nothing to update' } });
    expect((await send('POST', `/api/binders/${binder.id}/cards/update`, { rowIds: [rows[2]!.id], language: 'EN' }, bob)).status).toBe(404);
  });
});

describe('read cache', () => {
  it('never serves a stale page or statistics, however fast the writes come', async () => {
    const binder = await create(alice, { name: 'Fast', category: 'personal' });
    await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: base[7]!.id }] }, alice);
    const [row] = (await rowsOf(binder.id, alice)).items;
    for (let quantity = 2; quantity <= 8; quantity++) {
      await send('PATCH', `/api/binders/${binder.id}/cards/${row!.id}`, { quantity }, alice);
      expect((await rowsOf(binder.id, alice)).items[0]!.quantity).toBe(quantity);
      expect(((await (await get(`/api/binders/${binder.id}`, alice)).json()) as BinderDetail).cardCount).toBe(quantity);
    }
  });
});

describe('import', () => {
  it('keeps the valid rows of a Liga CSV and lists every failed row with edition, name, number and reason', async () => {
    const binder = await create(alice, { name: 'Imported', category: 'personal' });
    const [a, b] = base;
    const csv = [
      '\uFEFFQuantidade;Nome;Edição;Número;Condição;Idioma;Preço',
      `3;"${a!.name}";${a!.set!.code};${a!.cardNumber};NM;EN;"12,50"`,
      `1;"${b!.name}";${b!.set!.code};${b!.cardNumber}-OP;;;`,
      `2;Nobody;XX-99;${a!.cardNumber};;;`,
      `1;Ghost;${a!.set!.code};OP99-999;;;`,
      `x;Bad;${a!.set!.code};${a!.cardNumber};;;`,
      // A product we do not know, its number shaped like ours: the edition is what is missing, not the number.
      '1;Stranger;ZZ-99;ZZ99-001;;;',
      '1;Nothing;OP-01;hello;;;',
      `1;"${parallel.name}";${parallel.set!.code};${parallel.cardNumber}_p1;;;`,
    ].join('\r\n');
    const res = await upload(`/api/binders/${binder.id}/import`, csv, alice);
    expect(res.status).toBe(200);
    const result = (await res.json()) as ImportResult;
    expect(result).toMatchObject({ format: 'liga', mode: 'merge', imported: 3, copies: 5 });
    expect(result.failures).toEqual([
      { line: 4, edition: 'XX-99', name: 'Nobody', number: a!.cardNumber, reason: 'EXPANSION_NOT_FOUND', message: 'Expansion not found' },
      { line: 5, edition: a!.set!.code, name: 'Ghost', number: 'OP99-999', reason: 'CARD_NOT_FOUND', message: 'Card not found for the expansion and number' },
      { line: 6, edition: a!.set!.code, name: 'Bad', number: a!.cardNumber, reason: 'BAD_QUANTITY', message: 'The quantity must be a whole number from 1 to 9,999' },
      { line: 7, edition: 'ZZ-99', name: 'Stranger', number: 'ZZ99-001', reason: 'EXPANSION_NOT_FOUND', message: 'Expansion not found' },
      { line: 8, edition: 'OP-01', name: 'Nothing', number: 'hello', reason: 'MISSING_NUMBER', message: expect.any(String) },
    ]);
    // Issue 46's row as the whole file, without a header: the same answer, not "no data rows".
    const alone = await upload(`/api/binders/${binder.id}/import`, '1,X,ZZ-99,ZZ99-001', alice);
    expect(alone.status).toBe(400);
    expect(await alone.json()).toMatchObject({
      error: { code: 'NO_VALID_CARDS', failures: [{ line: 1, edition: 'ZZ-99', name: 'X', number: 'ZZ99-001', reason: 'EXPANSION_NOT_FOUND', message: 'Expansion not found' }] },
    });
    const rows = await rowsOf(binder.id, alice);
    expect(rows.items.map((r) => [r.card.id, r.quantity]).sort()).toEqual(
      [
        [a!.id, 3],
        [b!.id, 1],
        [parallel.id, 1],
      ].sort(),
    );
    expect(rows.items.find((r) => r.card.id === a!.id)).toMatchObject({ condition: 'NM', language: 'EN', purchasePrice: 12.5, purchaseCurrency: 'BRL' });

    // Merge adds copies; replace starts over with the file's rows.
    await upload(`/api/binders/${binder.id}/import`, `quantity,card_number\n2,${a!.cardNumber}\n`, alice);
    expect((await rowsOf(binder.id, alice)).items.reduce((n, r) => n + r.quantity, 0)).toBe(7);
    const replaced = (await (await upload(`/api/binders/${binder.id}/import?format=optcgsim&mode=replace`, `4x${b!.cardNumber}\nnonsense\n`, alice, 'text/plain')).json()) as ImportResult;
    expect(replaced).toMatchObject({ format: 'optcgsim', mode: 'replace', imported: 1, copies: 4, failures: [{ line: 2, reason: 'MISSING_NUMBER' }] });
    expect((await rowsOf(binder.id, alice)).items.map((r) => [r.card.id, r.quantity])).toEqual([[b!.id, 4]]);

    // The simplest file, without a header: quantity,card_number[,variant]; an unknown number says so.
    const plain = (await (await upload(`/api/binders/${binder.id}/import?mode=replace`, `4,${a!.cardNumber}\n1,OP99-999\n`, alice)).json()) as ImportResult;
    expect(plain).toMatchObject({ format: 'generic', imported: 1, copies: 4 });
    expect(plain.failures).toEqual([expect.objectContaining({ line: 2, number: 'OP99-999', reason: 'CARD_NOT_FOUND' })]);
  });

  it("matches Liga's edition codes to our products, including Liga's OP-14 and EB-04 inside our combined OP-14-EB04", async () => {
    const index = await catalogueIndex(ctx.db);
    const combined = [...index.byId.values()].filter((c) => c.set?.code === 'OP-14-EB04' && !c.isVariation);
    const op14 = combined.find((c) => c.cardNumber.startsWith('OP14-'))!;
    const eb04 = combined.find((c) => c.cardNumber.startsWith('EB04-'))!;
    const st = base.find((c) => c.set?.code === 'ST-15')!;
    expect(op14 && eb04 && st).toBeTruthy();
    const binder = await create(alice, { name: 'Liga codes', category: 'personal' });
    const csv = ['edition,number,quantity', `OP-14,${op14.cardNumber},1`, `EB-04,${eb04.cardNumber},2`, `ST15,${st.cardNumber},3`, `OP-14-RE,${st.cardNumber},1`, `OP14,${op14.cardNumber},1`].join('\n');
    const result = (await (await upload(`/api/binders/${binder.id}/import`, csv, alice)).json()) as ImportResult;
    expect(result.failures).toEqual([expect.objectContaining({ line: 6, edition: 'OP14', reason: 'EXPANSION_NOT_FOUND' })]);
    expect((await rowsOf(binder.id, alice)).items.map((r) => [r.card.id, r.quantity]).sort()).toEqual(
      [
        [op14.id, 1],
        [eb04.id, 2],
        [st.id, 4],
      ].sort(),
    );
  });

  it('refuses files it cannot read with the spec errors, changing nothing', async () => {
    const binder = await create(alice, { name: 'Strict', category: 'personal' });
    await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: base[0]!.id }] }, alice);
    const latin1 = Uint8Array.from([...'quantidade;edição;número\n1;OP-01;OP01-001\n'].map((ch) => ch.charCodeAt(0)));
    const cases: [string | Uint8Array, string][] = [
      ['', 'NO_FILE'],
      [latin1, 'NOT_UTF8'],
      ['quantity,edition,number\n', 'NO_DATA_ROWS'],
      ['foo,bar\n1,2\n', 'FORMAT_NOT_IMPLEMENTED'],
      ['quantity,edition,number\n1,XX-01,OP01-001\n1,OP-01,OP98-001\n', 'NO_VALID_CARDS'],
    ];
    for (const [body, code] of cases) {
      const res = await upload(`/api/binders/${binder.id}/import?mode=replace`, body, alice);
      expect(res.status, code).toBe(400);
      const json = (await res.json()) as { error: { code: string; failures?: unknown[] } };
      expect(json.error.code).toBe(code);
      if (code === 'NO_VALID_CARDS') expect(json.error.failures).toHaveLength(2);
    }
    expect((await rowsOf(binder.id, alice)).items.map((r) => r.card.id)).toEqual([base[0]!.id]);
  });

  it('leaves the old content intact when the database fails half-way through a replace', async () => {
    const binder = await create(alice, { name: 'Atomic', category: 'personal' });
    await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: base[0]!.id, quantity: 2 }, { cardId: base[1]!.id }] }, alice);
    // 1,500 rows, one of whose cards no longer exists in the database (the library index still knows it): the
    // insert fails after the replace has deleted the old rows, inside the same transaction.
    const chosen = base.slice(2, 1502);
    const doomed = chosen[1200]!;
    await ctx.db.delete(cards).where(eq(cards.id, doomed.id));
    const csv = ['quantity,edition,number', ...chosen.map((c) => `1,${c.set!.code},${c.cardNumber}`)].join('\n');
    const res = await upload(`/api/binders/${binder.id}/import?mode=replace`, csv, alice);
    expect(res.status).toBe(500);
    const rows = await ctx.db.select().from(binderCards).where(eq(binderCards.binderId, binder.id));
    expect(rows.map((r) => [r.cardId, r.quantity]).sort()).toEqual(
      [
        [base[0]!.id, 2],
        [base[1]!.id, 1],
      ].sort(),
    );
  });
});

describe('export', () => {
  it("exports Liga CSV that imports back the same prints, OPTCG Sim text, and 'No cards to export' when empty", async () => {
    const source = await create(alice, { name: 'Source: OP/ST', category: 'personal', isPublic: true });
    await send('POST', `/api/binders/${source.id}/cards`, { cards: [{ cardId: base[3]!.id, quantity: 2, condition: 'SP' }, { cardId: parallel.id }, { cardId: base[4]!.id, quantity: 3 }] }, alice);
    const res = await get(`/api/binders/${source.id}/export?format=liga`, alice);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toContain('Source-OP-ST.csv');
    const csv = await res.text();
    expect(csv.split('\n')[0]).toBe('quantity,name,edition,number,variant,condition,language,price');

    const copy = await create(bob, { name: 'Copy', category: 'trade' });
    const imported = (await (await upload(`/api/binders/${copy.id}/import`, csv, bob)).json()) as ImportResult;
    expect(imported).toMatchObject({ imported: 3, failures: [] });
    const key = (r: BinderCardsResponse['items'][number]) => `${r.card.id}:${r.quantity}:${r.condition}`;
    expect((await rowsOf(copy.id, bob)).items.map(key).sort()).toEqual((await rowsOf(source.id, alice)).items.map(key).sort());

    // The OPTCG Sim list of a public binder needs no account.
    const text = await (await get(`/api/binders/${source.id}/export?format=optcgsim`)).text();
    expect(text).toContain(`3x${base[4]!.cardNumber}`);
    const prices = await (await get(`/api/binders/${source.id}/export?format=prices`, alice)).text();
    expect(prices.split('\n')[0]).toMatch(/unit_price_USD_us,total_USD_us$/);
    // With a market price of the 3-copy print ($12.50 min), Format with Prices fills its unit price and line total;
    // in BRL at the bundled rate; the prints without a price keep empty cells (never 0).
    const day = new Date().toISOString().slice(0, 10);
    await ctx.db.insert(cardPriceLatest).values({ cardId: base[4]!.id, market: 1, day, source: 1, currency: 'USD', min: 1250, avg: 1500, max: 4000 });
    const filled = (await (await get(`/api/binders/${source.id}/export?format=prices`, alice)).text()).split('\n');
    expect(filled.find((l) => l.includes(base[4]!.cardNumber))).toMatch(/,12\.50,37\.50$/);
    expect(filled.filter((l) => l.endsWith(',,'))).toHaveLength(2);
    const brl = (await (await get(`/api/binders/${source.id}/export?format=prices&market=us&priceType=max&currency=BRL`, alice)).text()).split('\n');
    expect(brl[0]).toMatch(/unit_price_BRL_us,total_BRL_us$/);
    expect(brl.find((l) => l.includes(base[4]!.cardNumber))).toMatch(/,218\.89,656\.67$/);

    const empty = await create(alice, { name: 'Empty', category: 'personal' });
    const none = await get(`/api/binders/${empty.id}/export`, alice);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: { code: 'NO_CARDS_TO_EXPORT', message: 'No cards to export' } });
  });
});

describe('wishlist, owned cards and portfolio', () => {
  it('creates the wishlist on first use and adds and removes cards', async () => {
    const carol = await signUpVerified(ctx, 'carol-binders@example.com');
    await accept(carol, 'carol_binders');
    expect(await (await get('/api/wishlist', carol)).json()).toEqual({ binderId: null, cardIds: [] });
    const added = (await (await send('POST', '/api/wishlist/cards', { cards: [{ cardId: base[5]!.id }, { cardId: base[6]!.id }] }, carol)).json()) as { binderId: string; cardIds: number[] };
    expect(added.cardIds.sort()).toEqual([base[5]!.id, base[6]!.id].sort());
    const again = (await (await send('POST', '/api/wishlist/cards', { cards: [{ cardId: base[5]!.id }] }, carol)).json()) as { binderId: string };
    expect(again.binderId).toBe(added.binderId);
    expect(await (await send('DELETE', `/api/wishlist/cards/${base[5]!.id}`, undefined, carol)).json()).toEqual({ binderId: added.binderId, cardIds: [base[6]!.id] });
    const binders = ((await (await get('/api/binders', carol)).json()) as { items: BinderSummary[] }).items;
    expect(binders.filter((b) => b.category === 'wishlist')).toHaveLength(1);
  });

  it('counts only Personal binders in the portfolio, and Personal plus Trade as owned', async () => {
    const dave = await signUpVerified(ctx, 'dave-binders@example.com');
    await accept(dave, 'dave_binders');
    const personal = await create(dave, { name: 'Keep', category: 'personal' });
    const personal2 = await create(dave, { name: 'Keep too', category: 'personal' });
    const trade = await create(dave, { name: 'Trade', category: 'trade' });
    const [a, b, c] = base;
    await send('POST', `/api/binders/${personal.id}/cards`, { cards: [{ cardId: a!.id, quantity: 2 }] }, dave);
    await send('POST', `/api/binders/${personal2.id}/cards`, { cards: [{ cardId: a!.id, quantity: 1 }, { cardId: b!.id }] }, dave);
    await send('POST', `/api/binders/${trade.id}/cards`, { cards: [{ cardId: c!.id, quantity: 4 }] }, dave);
    await send('POST', '/api/wishlist/cards', { cards: [{ cardId: c!.id, quantity: 1 }] }, dave);
    const folio = (await (await get('/api/collection/portfolio', dave)).json()) as PortfolioResponse;
    expect(folio).toMatchObject({ binders: 2, stats: { cardCount: 4, distinctCount: 2 } });
    expect(folio.topCards.map((t) => [t.card.id, t.quantity])).toEqual([
      [a!.id, 3],
      [b!.id, 1],
    ]);
    const owned = (await (await get('/api/collection/owned', dave)).json()) as { counts: Record<string, number> };
    expect(owned.counts).toEqual({ [a!.cardNumber]: 3, [b!.cardNumber]: 1, [c!.cardNumber]: 4 });
    // The portfolio is kept between calls; every change to a Personal binder shows at once.
    await send('POST', `/api/binders/${personal.id}/cards`, { cards: [{ cardId: c!.id, quantity: 5 }] }, dave);
    expect(((await (await get('/api/collection/portfolio', dave)).json()) as PortfolioResponse).stats).toMatchObject({ cardCount: 9, distinctCount: 3 });
    await send('PATCH', `/api/binders/${personal2.id}`, { category: 'trade' }, dave);
    expect((await (await get('/api/collection/portfolio', dave)).json()) as PortfolioResponse).toMatchObject({ binders: 1, stats: { cardCount: 7, distinctCount: 2 } });
    expect((await send('DELETE', `/api/binders/${personal.id}`, undefined, dave)).status).toBe(204);
    expect((await (await get('/api/collection/portfolio', dave)).json()) as PortfolioResponse).toMatchObject({ binders: 0, stats: { cardCount: 0 } });
  });
});

describe('market values', () => {
  it('values a binder for its owner with cost basis and gain, for a visitor of a public binder without them, and the portfolio over Personal binders only', async () => {
    const erin = await signUpVerified(ctx, 'erin-binders@example.com');
    await grantPlan(ctx, 'erin-binders@example.com', 'hobby');
    await accept(erin, 'erin_binders');
    const day = new Date().toISOString().slice(0, 10);
    const [a, b] = [base[10]!, base[11]!];
    // Today's price, as an ingest writes it: the day's row and the current price.
    const prices = [
      { cardId: a.id, market: 1, day, source: 1, currency: 'USD', min: 200, avg: 300, max: 900 },
      { cardId: b.id, market: 1, day, source: 1, currency: 'USD', min: 1000, avg: 1100, max: 2000 },
    ];
    await ctx.db.insert(cardPrices).values(prices).onConflictDoNothing();
    await ctx.db.insert(cardPriceLatest).values(prices).onConflictDoNothing();
    const shown = await create(erin, { name: 'Shown', category: 'personal', isPublic: true });
    const traded = await create(erin, { name: 'Traded', category: 'trade' });
    await send('POST', `/api/binders/${shown.id}/cards`, { cards: [{ cardId: a.id, quantity: 3, purchasePrice: 1.5, purchaseCurrency: 'USD' }] }, erin);
    await send('POST', `/api/binders/${traded.id}/cards`, { cards: [{ cardId: b.id, quantity: 1 }] }, erin);

    const own = (await (await get(`/api/binders/${shown.id}/value?market=us&priceType=min&currency=USD`, erin)).json()) as CollectionValue;
    expect(own).toMatchObject({ total: 600, pricedCopies: 3, costBasis: 450, gain: 150 });
    const visitor = await get(`/api/binders/${shown.id}/value?market=us&priceType=min&currency=USD`);
    expect(visitor.status).toBe(200);
    expect((await visitor.json()) as CollectionValue).toMatchObject({ total: 600, costBasis: 0, gain: null, gainRatio: null });
    expect((await get(`/api/binders/${traded.id}/value`)).status).toBe(404);

    const folio = (await (await get('/api/collection/portfolio/value?market=us&priceType=max&currency=USD', erin)).json()) as PortfolioValueResponse;
    expect(folio).toMatchObject({ total: 2700, pricedCopies: 3 });
    expect(folio.binders).toEqual([{ id: shown.id, name: 'Shown', total: 2700, pricedCopies: 3, unpricedCopies: 0 }]);
    expect((await get('/api/collection/portfolio/value')).status).toBe(401);
    const history = (await (await get('/api/collection/portfolio/value/history?days=30', erin)).json()) as { points: { total: number }[] };
    expect(history.points).toHaveLength(30);
    expect(history.points.at(-1)!.total).toBe(600);
  });
});

describe('hostile input (400, never 500)', () => {
  it('refuses NUL in a binder name or description, and ids beyond the integer columns', async () => {
    const nul = await send('POST', '/api/binders', { name: 'Bad\u0000name', category: 'personal', description: 'x\u0000' }, alice);
    expect(nul.status).toBe(400);
    expect((await nul.json()) as unknown).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        issues: [
          { path: 'name', message: 'The text contains a character that is not allowed' },
          { path: 'description', message: 'The text contains a character that is not allowed' },
        ],
      },
    });
    const binder = await create(alice, { name: 'Hostile', category: 'personal' });
    const rename = await send('PATCH', `/api/binders/${binder.id}`, { name: '\u0000' }, alice);
    expect(rename.status).toBe(400);
    const cover = await send('PATCH', `/api/binders/${binder.id}`, { coverCardId: 2 ** 31 }, alice);
    expect(cover.status).toBe(400);
    expect(await cover.json()).toMatchObject({ error: { issues: [{ path: 'coverCardId', message: 'Invalid card ID' }] } });
    const add = await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: 2147483648 }] }, alice);
    expect(add.status).toBe(400);
    const row = await send('PATCH', `/api/binders/${binder.id}/cards/2147483648`, { quantity: 2 }, alice);
    expect(row.status).toBe(400);
    expect(await row.json()).toMatchObject({ error: { issues: [{ path: 'rowId', message: 'Invalid ID' }] } });
    expect((await send('POST', `/api/binders/${binder.id}/cards/delete`, { rowIds: [2 ** 31] }, alice)).status).toBe(400);
    expect((await send('DELETE', '/api/wishlist/cards/2147483648', undefined, alice)).status).toBe(400);
    expect((await send('PATCH', `/api/binders/${binder.id}/cards/2147483647`, { quantity: 2 }, alice)).status).toBe(404);
    // Bytes that are not UTF-8 in a search: answered, not a 500.
    expect((await get(`/api/binders/${binder.id}/cards?q=a%ED%A0%80`, alice)).status).toBe(200);
  });
});
