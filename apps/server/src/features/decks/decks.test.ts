import type { Card } from '@grandline/core/contracts/cards';
import type { DeckDetail, ValidateDeckListResponse } from '@grandline/core/contracts/decks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, deckCards } from '../../db/schema/index';
import { createAuthTestApp, grantPlan, postJson, signUpVerified } from '../../testing/test-app';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { toLigaCsv, toOptcgSim } from '@grandline/core/decks/export';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let alice: string;
let bob: string;
/** A legal Standard deck built from the real library: a one-color Leader and 13 numbers of its color. */
let leader: Card;
let main: Card[];
/** A card of the library that is not in the deck. */
let outsider: Card;

const send = (method: string, path: string, body: unknown, cookie?: string) =>
  ctx.app.request(path, { ...postJson(body, cookie ? { Cookie: cookie } : {}), method });
const get = (path: string, cookie?: string) => ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
const accept = (cookie: string, username: string) =>
  send('POST', '/api/me/accept-terms', { username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookie);

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  alice = await signUpVerified(ctx, 'alice-decks@example.com');
  bob = await signUpVerified(ctx, 'bob-decks@example.com');
  // Private binders and decks, and any number of exports, are Hobby's: these tests are about what they do (plan-gates.test.ts covers Free).
  await grantPlan(ctx, 'alice-decks@example.com', 'hobby');
  await grantPlan(ctx, 'bob-decks@example.com', 'hobby');
  await accept(alice, 'alice_decks');
  await accept(bob, 'bob_decks');
  const index = await catalogueIndex(ctx.db);
  const all = [...index.byId.values()].filter((c) => !c.isVariation && Number(c.blockIcon) >= 3);
  leader = all.find((c) => c.cardType === 'Leader' && c.colors.length === 1 && c.colors[0] === 'Red')!;
  main = all.filter((c) => c.cardType === 'Character' && c.colors.length === 1 && c.colors[0] === 'Red').slice(0, 13);
  outsider = all.find((c) => c.cardType === 'Character' && !main.includes(c))!;
  expect(leader).toBeTruthy();
  expect(main).toHaveLength(13);
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

const legalList = () => [`1x${leader.cardNumber}`, ...main.map((c, i) => `${i === 12 ? 2 : 4}x${c.cardNumber}`)].join('\n');
const legalRows = () => main.map((c, i) => ({ cardId: c.id, quantity: i === 12 ? 2 : 4 }));

describe('POST /api/decks/validate (no account needed)', () => {
  it('lets OP16-042 be played 10 times, as its text allows, and applies a Leader’s cost limit (OP12-001), on the real cards', async () => {
    const index = await catalogueIndex(ctx.db);
    const all = [...index.byId.values()].filter((c) => !c.isVariation);
    const blueLeader = all.find((c) => c.cardType === 'Leader' && c.colors.length === 1 && c.colors[0] === 'Blue' && Number(c.blockIcon) >= 3)!;
    const blue = all.filter((c) => c.cardType === 'Character' && c.colors.includes('Blue') && c.cardNumber !== 'OP16-042' && Number(c.blockIcon) >= 3).slice(0, 10);
    const list = [`1x${blueLeader.cardNumber}`, '10xOP16-042', ...blue.map((c) => `4x${c.cardNumber}`)].join('\n');
    const body = (await (await send('POST', '/api/decks/validate', { list, format: 'extra' })).json()) as ValidateDeckListResponse;
    expect(body.errors.map((e) => e.code)).toEqual([]);
    expect(body).toMatchObject({ valid: true, mainCount: 50, warnings: [] });

    // OP12-001 allows no card of cost 5 or more: the same red list with one such card is refused, naming it.
    const expensive = all.find((c) => c.cardType === 'Character' && c.colors.includes('Red') && (c.cost ?? 0) >= 5 && Number(c.blockIcon) >= 3)!;
    const capped = ['1xOP12-001', ...main.slice(0, 12).map((c) => `4x${c.cardNumber}`), `2x${expensive.cardNumber}`].join('\n');
    const refused = (await (await send('POST', '/api/decks/validate', { list: capped, format: 'extra' })).json()) as ValidateDeckListResponse;
    const limit = refused.errors.find((e) => e.code === 'LEADER_COST_LIMIT');
    expect(limit?.cards).toContain(expensive.cardNumber);
    expect(limit?.message).toBe('This Leader allows no cards with a cost of 5 or more');
  });

  it('reads an OPTCG Sim list against the real library and finds it legal', async () => {
    const res = await send('POST', '/api/decks/validate', { game: 'onepiece', format: 'standard', list: legalList(), withCards: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    const body = (await res.json()) as ValidateDeckListResponse;
    expect(body).toMatchObject({ valid: true, mainCount: 50, errors: [], lineErrors: [] });
    expect(body.leader?.cardNumber).toBe(leader.cardNumber);
    expect(body.cards!.map((r) => r.quantity).reduce((a, b) => a + b)).toBe(50);
    // Without withCards the answer is the short one; a repeated list gets the same answer (from the cache).
    const short = await (await send('POST', '/api/decks/validate', { list: legalList() })).text();
    expect(JSON.parse(short)).not.toHaveProperty('cards');
    expect(await (await send('POST', '/api/decks/validate', { list: legalList() })).text()).toBe(short);
  });

  it('reports unknown numbers and unreadable lines by line, and every rule problem', async () => {
    const list = `${legalList()}\r\n\r\n4xOP99-999\n4 Nami\n1x${main[0]!.cardNumber}`;
    const body = (await (await send('POST', '/api/decks/validate', { format: 'standard', list })).json()) as ValidateDeckListResponse;
    expect(body.valid).toBe(false);
    expect(body.lineErrors).toEqual([
      { line: 16, text: '4xOP99-999', reason: 'UNKNOWN_CARD', message: 'No card with this number in the library' },
      { line: 17, text: '4 Nami', reason: 'NO_CARD_NUMBER', message: 'No card number on this line' },
    ]);
    expect(body.errors.map((e) => [e.code, e.message, e.cards])).toEqual([
      // 50 + the 4 copies of the unknown number + 1: the size is the list's, unknown copies included.
      ['MAIN_DECK_SIZE', 'The deck must have exactly 50 cards plus 1 Leader (it has 55)', []],
      ['TOO_MANY_COPIES', 'At most 4 copies of each card number are allowed', [main[0]!.cardNumber]],
    ]);
  });

  it('reports a number the library lacks once: its line, and no size or Leader problem of its own', async () => {
    // A legal list with one line of 4 (and then the Leader) replaced by numbers the library does not know, as a promo
    // missing from the card package would be.
    const lines = legalList().split('\n');
    const swapped = [...lines.slice(0, 1), '4xP-999', ...lines.slice(2)].join('\n');
    const body = (await (await send('POST', '/api/decks/validate', { format: 'standard', list: swapped })).json()) as ValidateDeckListResponse;
    expect(body.lineErrors.map((e) => [e.line, e.reason])).toEqual([[2, 'UNKNOWN_CARD']]);
    expect(body).toMatchObject({ valid: false, mainCount: 50, errors: [] });
    const noLeader = (await (await send('POST', '/api/decks/validate', { format: 'standard', list: ['1xP-998', ...lines.slice(1)].join('\n') })).json()) as ValidateDeckListResponse;
    expect(noLeader.lineErrors.map((e) => [e.line, e.reason])).toEqual([[1, 'UNKNOWN_CARD']]);
    expect(noLeader).toMatchObject({ valid: false, mainCount: 50, errors: [], leader: null });
  });

  it('answers a list of 10,000 unreadable lines with the first 200 and their count (a small answer)', async () => {
    const res = await send('POST', '/api/decks/validate', { format: 'standard', list: 'x\n'.repeat(10_000) });
    const text = await res.text();
    const body = JSON.parse(text) as ValidateDeckListResponse;
    expect(body.lineErrors).toHaveLength(200);
    expect(body.lineErrors[199]!.line).toBe(200);
    expect(body).toMatchObject({ valid: false, lineErrorCount: 10_000, errorCount: body.errors.length });
    // 909 KB before the cap.
    expect(text.length).toBeLessThan(40_000);
  });

  it('judges rotation by card number on the real library: OP01-016 stays legal through its ST-31 reprint, OP01-017 is rotated', async () => {
    const lines = legalList().split('\n');
    const reprinted = [lines[0], '4xOP01-016', ...lines.slice(2)].join('\n');
    const body = (await (await send('POST', '/api/decks/validate', { format: 'standard', list: reprinted })).json()) as ValidateDeckListResponse;
    expect(body).toMatchObject({ valid: true, errors: [], lineErrors: [] });
    expect(body.warnings).toEqual([
      { code: 'LEGAL_BY_REPRINT', message: 'Legal in Standard through its reprint in ST-31 (block X): play that print', params: { block: 'X', set: 'ST-31' }, cards: ['OP01-016'] },
    ]);
    const rotated = [lines[0], '4xOP01-017', ...lines.slice(2)].join('\n');
    const refused = (await (await send('POST', '/api/decks/validate', { format: 'standard', list: rotated })).json()) as ValidateDeckListResponse;
    expect(refused.errors.map((e) => [e.code, e.cards])).toEqual([['ROTATED_OUT', ['OP01-017']]]);
  });

  it('says "Please select a leader" without one, and refuses an unknown format', async () => {
    const body = (await (await send('POST', '/api/decks/validate', { list: main.map((c) => `4x${c.cardNumber}`).join('\n') })).json()) as ValidateDeckListResponse;
    expect(body.errors.map((e) => e.message)).toContain('Please select a leader');
    const res = await send('POST', '/api/decks/validate', { game: 'onepiece', format: 'commander', list: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'UNKNOWN_FORMAT', message: 'Unknown format for this game' } });
    expect((await send('POST', '/api/decks/validate', { list: 'x'.repeat(20_001) })).status).toBe(400);
  });
});

describe('decks CRUD', () => {
  let deck: DeckDetail;

  it('needs a session and accepted terms to create', async () => {
    expect((await send('POST', '/api/decks', { name: 'x', format: 'standard' })).status).toBe(401);
    const newcomer = await signUpVerified(ctx, 'newcomer-decks@example.com');
    const res = await send('POST', '/api/decks', { name: 'x', format: 'standard' }, newcomer);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'TOS_REQUIRED' } });
  });

  it('creates a deck with its cards and reports its validity', async () => {
    const invalid = await send('POST', '/api/decks', { name: '  ', format: 'standard' }, alice);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: { issues: [{ path: 'name', message: 'Deck name is required' }] } });

    const res = await send('POST', '/api/decks', { name: 'Red rush', format: 'standard', description: 'Fast', leaderCardId: leader.id, cards: legalRows() }, alice);
    expect(res.status).toBe(201);
    deck = (await res.json()) as DeckDetail;
    expect(deck).toMatchObject({ name: 'Red rush', format: 'standard', isPublic: false, mainCount: 50, valid: true, owner: { username: 'alice_decks', isYou: true } });
    expect(deck.cards).toHaveLength(13);
    const list = (await (await get('/api/decks', alice)).json()) as { items: { id: string; valid: boolean }[] };
    expect(list.items).toEqual([expect.objectContaining({ id: deck.id, valid: true, mainCount: 50 })]);
    expect(((await (await get('/api/decks', bob)).json()) as { items: unknown[] }).items).toEqual([]);
  });

  it('refuses a leader that is not a Leader, unknown cards and a cover outside the deck', async () => {
    const res = await send('POST', '/api/decks', { name: 'Bad', format: 'standard', leaderCardId: main[0]!.id, coverCardId: 999999, cards: [{ cardId: 999999, quantity: 1 }] }, alice);
    expect(res.status).toBe(400);
    const issues = ((await res.json()) as { error: { issues: { path: string; message: string }[] } }).error.issues;
    expect(issues).toEqual([
      { path: 'cards.0.cardId', message: 'Unknown card' },
      { path: 'leaderCardId', message: 'The leader must be a Leader card' },
    ]);
    const cover = await send('PATCH', `/api/decks/${deck.id}`, { coverCardId: outsider.id }, alice);
    expect(cover.status).toBe(400);
    expect(await cover.json()).toMatchObject({ error: { message: 'Only cards in the deck can be chosen as cover' } });
  });

  it('changes only the fields sent', async () => {
    const res = await send('PATCH', `/api/decks/${deck.id}`, { name: 'Red rush v2', coverCardId: main[3]!.id }, alice);
    expect(res.status).toBe(200);
    const updated = (await res.json()) as DeckDetail;
    expect(updated).toMatchObject({ name: 'Red rush v2', description: 'Fast', format: 'standard', cover: { id: main[3]!.id } });
    expect((await send('PATCH', `/api/decks/${deck.id}`, {}, alice)).status).toBe(400);
  });

  it('keeps private decks private, and shows public ones to anyone with the link', async () => {
    for (const cookie of [bob, undefined]) {
      const res = await get(`/api/decks/${deck.id}`, cookie);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'DECK_NOT_FOUND', message: "This deck doesn't exist or is private" } });
    }
    await send('PATCH', `/api/decks/${deck.id}`, { isPublic: true }, alice);
    const seen = (await (await get(`/api/decks/${deck.id}`)).json()) as DeckDetail;
    expect(seen).toMatchObject({ name: 'Red rush v2', owner: { username: 'alice_decks', isYou: false } });
    expect((await get('/api/decks/not-a-deck')).status).toBe(404);
  });

  it("never lets another user change or delete someone's deck", async () => {
    expect((await send('PATCH', `/api/decks/${deck.id}`, { name: 'Stolen' }, bob)).status).toBe(404);
    expect((await send('PUT', `/api/decks/${deck.id}/cards`, { cards: [] }, bob)).status).toBe(404);
    expect((await send('DELETE', `/api/decks/${deck.id}`, undefined, bob)).status).toBe(404);
    const still = (await (await get(`/api/decks/${deck.id}`, alice)).json()) as DeckDetail;
    expect(still.name).toBe('Red rush v2');
    expect(still.mainCount).toBe(50);
  });

  it('replaces all card rows at once; a failure half-way leaves the old rows intact', async () => {
    const res = await send('PUT', `/api/decks/${deck.id}/cards`, { cards: legalRows().slice(0, 12) }, alice);
    expect(res.status).toBe(200);
    const replaced = (await res.json()) as DeckDetail;
    expect(replaced.mainCount).toBe(48);
    expect(replaced.validation.errors.map((e) => e.code)).toEqual(['MAIN_DECK_SIZE']);
    expect(replaced.valid).toBe(false);

    // A print the in-memory library still knows but the database no longer has: the insert fails after the
    // delete of the old rows, inside the transaction.
    const index = await catalogueIndex(ctx.db);
    const doomed = [...index.byId.values()].find((c) => c.isVariation && c.cardType === 'Character' && c.colors.includes('Red'))!;
    await ctx.db.delete(cards).where(eq(cards.id, doomed.id));
    const failing = await send('PUT', `/api/decks/${deck.id}/cards`, { cards: [...legalRows().slice(0, 3), { cardId: doomed.id, quantity: 1 }] }, alice);
    expect(failing.status).toBe(500);
    const rows = await ctx.db.select().from(deckCards).where(eq(deckCards.deckId, deck.id));
    expect(rows).toHaveLength(12);
    expect(rows.reduce((n, r) => n + r.quantity, 0)).toBe(48);
  });

  it('round-trips through OPTCG Sim text and Liga CSV: export the saved deck, read it back, same cards', async () => {
    const created = (await (await send('POST', '/api/decks', { name: 'Round trip', format: 'standard', leaderCardId: leader.id, cards: legalRows() }, alice)).json()) as DeckDetail;
    const exportDeck = {
      leader: { cardNumber: created.leader!.cardNumber, name: created.leader!.name, setCode: created.leader!.set?.code ?? null },
      cards: created.cards.map((r) => ({ cardNumber: r.card.cardNumber, name: r.card.name, setCode: r.card.set?.code ?? null, quantity: r.quantity })),
    };
    const text = toOptcgSim(exportDeck);
    const read = (await (await send('POST', '/api/decks/validate', { list: text, withCards: true })).json()) as ValidateDeckListResponse;
    expect(read).toMatchObject({ valid: true, mainCount: 50, lineErrors: [] });
    expect(read.leader?.id).toBe(leader.id);
    expect(read.cards!.map((r) => [r.card.id, r.quantity])).toEqual(created.cards.map((r) => [r.card.id, r.quantity]));
    // The imported rows save as a new deck identical to the first.
    const copy = (await (
      await send('POST', '/api/decks', { name: 'Copy', format: 'standard', leaderCardId: read.leader!.id, cards: read.cards!.map((r) => ({ cardId: r.card.id, quantity: r.quantity })) }, alice)
    ).json()) as DeckDetail;
    expect(copy.cards).toEqual(created.cards);
    // Liga CSV lists the same numbers and quantities, with Liga's edition codes.
    const csv = toLigaCsv(exportDeck).trim().split('\n');
    expect(csv[0]).toBe('quantity,name,edition,number');
    expect(csv).toHaveLength(1 + 1 + 13);
    expect(csv[1]).toMatch(new RegExp(`^1,.*,${leader.set!.code},${leader.cardNumber}$`));
  });

  it('deletes a deck and its rows', async () => {
    expect((await send('DELETE', `/api/decks/${deck.id}`, undefined, alice)).status).toBe(204);
    expect((await get(`/api/decks/${deck.id}`, alice)).status).toBe(404);
    expect(await ctx.db.select().from(deckCards).where(eq(deckCards.deckId, deck.id))).toEqual([]);
    expect((await send('DELETE', `/api/decks/${deck.id}`, undefined, alice)).status).toBe(404);
  });
});

describe('hostile input (400, never 500)', () => {
  it('refuses NUL in a deck name or description, and card ids beyond the integer columns', async () => {
    const nul = await send('POST', '/api/decks', { name: 'Bad\u0000deck', format: 'standard', description: '\u0000' }, alice);
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({
      error: {
        issues: [
          { path: 'name', message: 'The text contains a character that is not allowed' },
          { path: 'description', message: 'The text contains a character that is not allowed' },
        ],
      },
    });
    const created = await send('POST', '/api/decks', { name: 'Hostile', format: 'standard' }, alice);
    const deck = (await created.json()) as DeckDetail;
    expect((await send('PATCH', `/api/decks/${deck.id}`, { name: 'x\u0000' }, alice)).status).toBe(400);
    const leader = await send('PATCH', `/api/decks/${deck.id}`, { leaderCardId: 2 ** 31 }, alice);
    expect(leader.status).toBe(400);
    expect(await leader.json()).toMatchObject({ error: { issues: [{ path: 'leaderCardId', message: 'Invalid card ID' }] } });
    expect((await send('PUT', `/api/decks/${deck.id}/cards`, { cards: [{ cardId: 2147483648, quantity: 1 }] }, alice)).status).toBe(400);
    expect((await send('POST', '/api/decks/validate', { list: '1xOP01-001\u0000' })).status).toBe(400);
  });
});

describe('POST /api/decks/{id}/copy', () => {
  it('copies a public deck into the reader’s decks, private and named "Copy of …", and never a private deck of someone else', async () => {
    const created = (await (await send('POST', '/api/decks', { name: 'Red rush', format: 'standard', description: 'Fast', isPublic: true, leaderCardId: leader.id, cards: legalRows() }, bob)).json()) as DeckDetail;
    const res = await send('POST', `/api/decks/${created.id}/copy`, undefined, alice);
    expect(res.status).toBe(201);
    const copy = (await res.json()) as DeckDetail;
    expect(copy).toMatchObject({ name: 'Copy of Red rush', isPublic: false, format: 'standard', description: 'Fast', valid: true, owner: { isYou: true } });
    expect(copy.id).not.toBe(created.id);
    expect(copy.leader?.id).toBe(leader.id);
    expect(copy.cards.map((r) => [r.card.id, r.quantity])).toEqual(created.cards.map((r) => [r.card.id, r.quantity]));
    // The copy is the reader's own: listed, and changing it leaves the original alone.
    const mine = (await (await get('/api/decks', alice)).json()) as { items: { id: string }[] };
    expect(mine.items.map((d) => d.id)).toContain(copy.id);
    expect((await send('PATCH', `/api/decks/${copy.id}`, { name: 'Mine now' }, alice)).status).toBe(200);
    expect(((await (await get(`/api/decks/${created.id}`)).json()) as DeckDetail).name).toBe('Red rush');

    const secret = (await (await send('POST', '/api/decks', { name: 'Secret tech', format: 'standard' }, bob)).json()) as DeckDetail;
    expect((await send('POST', `/api/decks/${secret.id}/copy`, undefined, alice)).status).toBe(404);
    expect((await send('POST', `/api/decks/${created.id}/copy`, undefined)).status).toBe(401);
    // A long name is cut to the limit.
    const long = (await (await send('POST', '/api/decks', { name: 'x'.repeat(100), format: 'extra', isPublic: true }, bob)).json()) as DeckDetail;
    expect(((await (await send('POST', `/api/decks/${long.id}/copy`, undefined, alice)).json()) as DeckDetail).name).toHaveLength(100);
  });
});

describe('GET /api/cards/{id}/holdings', () => {
  it('lists the reader’s own decks and binders holding any print of the number, with copies, and nobody else’s', async () => {
    const target = main[0]!;
    const deck = (await (await send('POST', '/api/decks', { name: 'Holdings deck', format: 'standard', leaderCardId: leader.id, cards: [{ cardId: target.id, quantity: 3 }] }, alice)).json()) as DeckDetail;
    const binder = (await (await send('POST', '/api/binders', { name: 'Holdings binder', category: 'trade' }, alice)).json()) as { id: string };
    const added = await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: target.id, quantity: 2, condition: 'NM', language: 'EN' }, { cardId: target.id, quantity: 1, condition: 'SP', language: 'EN' }] }, alice);
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    const res = await get(`/api/cards/${target.id}/holdings`, alice);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { cardNumber: string; decks: { id: string; quantity: number; leader: boolean }[]; binders: { id: string; quantity: number; category: string }[] };
    expect(body.cardNumber).toBe(target.cardNumber);
    expect(body.decks.find((d) => d.id === deck.id)).toMatchObject({ quantity: 3, leader: false });
    expect(body.binders.find((b) => b.id === binder.id)).toMatchObject({ quantity: 3, category: 'trade' });
    const asLeader = (await (await get(`/api/cards/${leader.id}/holdings`, alice)).json()) as typeof body;
    expect(asLeader.decks.find((d) => d.id === deck.id)).toMatchObject({ quantity: 0, leader: true });
    const other = (await (await get(`/api/cards/${target.id}/holdings`, bob)).json()) as typeof body;
    expect(other.decks.map((d) => d.id)).not.toContain(deck.id);
    expect(other.binders.map((b) => b.id)).not.toContain(binder.id);
    expect((await get(`/api/cards/${target.id}/holdings`)).status).toBe(401);
    expect((await get('/api/cards/999999/holdings', alice)).status).toBe(404);
  });
});
