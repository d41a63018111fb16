import type { Card, CardDetailResponse } from '@grandline/core/contracts/cards';
import type { DeckDetail, ValidateDeckListResponse } from '@grandline/core/contracts/decks';
import type { ManualCardsResponse } from '@grandline/core/contracts/manual-cards';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binderCards, cards } from '../../db/schema/index';
import { createAuthTestApp, postJson, signUpVerified, testLog } from '../../testing/test-app';
import { seedCatalogue } from './catalogue-import';
import { loadPackageCards } from './catalogue-source';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let admin: string;
let player: string;

const send = (method: string, path: string, body: unknown, cookie?: string) => ctx.app.request(path, { ...postJson(body, cookie ? { Cookie: cookie } : {}), method });
const get = (path: string, cookie?: string) => ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
const promo = { cardNumber: 'p-998', name: 'Monkey.D.Luffy (promo)', cardType: 'Character', colors: ['Red'], cost: 4, power: 5000, counter: 1000, blockIcon: '4', rarity: 'P', subtypes: ['Straw Hat Crew'] };
const without = (key: keyof typeof promo) => Object.fromEntries(Object.entries(promo).filter(([k]) => k !== key));
const issuesOf = async (res: Response) => ((await res.json()) as { error: { issues?: { path: string; message: string }[] } }).error.issues ?? [];

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, adminEmails: ['franky-admin@example.com'] });
  admin = await signUpVerified(ctx, 'franky-admin@example.com');
  player = await signUpVerified(ctx, 'chopper-player@example.com');
  await send('POST', '/api/me/accept-terms', { username: 'chopper_player', countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, player);
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

describe('prints added by hand', () => {
  it('are for admins only', async () => {
    expect((await send('POST', '/api/admin/cards/manual', promo)).status).toBe(401);
    expect((await send('POST', '/api/admin/cards/manual', promo, player)).status).toBe(403);
    expect((await get('/api/admin/cards/manual', player)).status).toBe(403);
    expect((await send('DELETE', '/api/admin/cards/manual/1', undefined, player)).status).toBe(403);
  });

  it('explains every bad print, and refuses a number the library has', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...promo, cardNumber: 'Luffy' }, 'Enter a card number such as OP01-016, ST10-001 or P-001'],
      [{ ...promo, name: '  ' }, 'Card name is required'],
      [{ ...promo, colors: [] }, 'Choose one or two different colors'],
      [{ ...promo, colors: ['Red', 'Red'] }, 'Choose one or two different colors'],
      [{ ...promo, colors: ['Pink'] }, 'Choose the card’s colors'],
      [{ ...promo, blockIcon: '0' }, 'Enter a block icon from 1 to 9, or X'],
      [{ ...promo, cost: 11 }, 'Enter a whole number in the range the game uses'],
      [{ ...promo, cost: null }, 'A Character, Event or Stage needs its cost'],
      [{ ...promo, cardType: 'Leader', cost: null, life: null }, 'A Leader needs its life'],
      [{ ...promo, cardType: 'DON!!' }, 'Choose Leader, Character, Event or Stage'],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', '/api/admin/cards/manual', body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message, JSON.stringify(body)).toContain(message);
    }
    const known = await send('POST', '/api/admin/cards/manual', { ...promo, cardNumber: 'OP01-016' }, admin);
    expect(known.status).toBe(409);
    expect(((await known.json()) as { error: { code: string } }).error.code).toBe('CARD_EXISTS');
  });

  it('follows the card import schema of the specification, each field with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...promo, name: '' }, 'name', 'Card name is required'],
      [without('name'), 'name', 'Card name is required'],
      [{ ...promo, name: 'L'.repeat(101) }, 'name', 'Card name must be at most 100 characters'],
      [{ ...promo, cost: -1 }, 'cost', 'Cost cannot be negative'],
      [without('cardType'), 'cardType', 'Card type is required'],
      [without('rarity'), 'rarity', 'Rarity is required'],
      [{ ...promo, rarity: ' ' }, 'rarity', 'Rarity is required'],
      [{ ...promo, imageUrl: 'http://example.com/luffy.png' }, 'imageUrl', 'Invalid image URL'],
      [{ ...promo, imageUrl: 'luffy.png' }, 'imageUrl', 'Invalid image URL'],
      [{ ...promo, imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Invalid image URL'],
      [{ ...promo, flavorText: 'f'.repeat(501) }, 'flavorText', 'Flavor text must be at most 500 characters'],
      [{ ...promo, artist: 'a'.repeat(101) }, 'artist', 'Artist must be at most 100 characters'],
      [{ ...promo, legality: 'l'.repeat(101) }, 'legality', 'Legality must be at most 100 characters'],
    ];
    for (const [body, path, message] of cases) {
      const res = await send('POST', '/api/admin/cards/manual', { ...body, cardNumber: 'P-996' }, admin);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(await issuesOf(res), JSON.stringify(body).slice(0, 200)).toEqual([{ path, message }]);
    }
    // The limits themselves are accepted, and flavor text, artist and legality are kept and shown with the card.
    const res = await send('POST', '/api/admin/cards/manual', { ...promo, cardNumber: 'P-996', name: 'N'.repeat(100), cost: 0, flavorText: 'F'.repeat(500), artist: 'A'.repeat(100), legality: 'L'.repeat(100) }, admin);
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as Card;
    const detail = (await (await get(`/api/cards/${id}`)).json()) as CardDetailResponse;
    expect(detail).toMatchObject({ name: 'N'.repeat(100), cost: 0, flavorText: 'F'.repeat(500), artist: 'A'.repeat(100), legalityText: 'L'.repeat(100), artworkUrl: null });
    expect((await send('DELETE', `/api/admin/cards/manual/${id}`, undefined, admin)).status).toBe(204);
  });

  it('adds a print that search, decks and the deck rules see at once; removes it only while nothing holds it', async () => {
    const before = (await (await send('POST', '/api/decks/validate', { list: '4xP-998' })).json()) as ValidateDeckListResponse;
    expect(before.lineErrors.map((e) => e.reason)).toEqual(['UNKNOWN_CARD']);

    const res = await send('POST', '/api/admin/cards/manual', promo, admin);
    expect(res.status).toBe(201);
    const card = (await res.json()) as Card;
    expect(card).toMatchObject({ cardNumber: 'P-998', name: 'Monkey.D.Luffy (promo)', manual: true, colors: ['Red'], cost: 4, blockIcon: '4', rotationBlock: '4', set: null, artworkUrl: null, rarity: 'P' });
    expect((await send('POST', '/api/admin/cards/manual', promo, admin)).status).toBe(409);

    const found = (await (await get('/api/cards?q=p-998')).json()) as { items: Card[] };
    expect(found.items.map((c) => c.id)).toEqual([card.id]);
    const after = (await (await send('POST', '/api/decks/validate', { list: '4xP-998' })).json()) as ValidateDeckListResponse;
    expect(after.lineErrors).toEqual([]);
    expect(after.errors.map((e) => e.code)).toContain('LEADER_REQUIRED');

    const list = (await (await get('/api/admin/cards/manual', admin)).json()) as ManualCardsResponse;
    expect(list.items.map((c) => [c.cardNumber, c.inPackage])).toEqual([['P-998', false]]);

    const deck = (await (await send('POST', '/api/decks', { name: 'Promo deck', format: 'extra', cards: [{ cardId: card.id, quantity: 2 }] }, player)).json()) as DeckDetail;
    const inUse = await send('DELETE', `/api/admin/cards/manual/${card.id}`, undefined, admin);
    expect(inUse.status).toBe(409);
    expect(((await inUse.json()) as { error: { code: string } }).error.code).toBe('CARD_IN_USE');
    expect((await send('DELETE', `/api/decks/${deck.id}`, undefined, player)).status).toBe(204);
    expect((await send('DELETE', `/api/admin/cards/manual/${card.id}`, undefined, admin)).status).toBe(204);
    expect((await send('DELETE', `/api/admin/cards/manual/${card.id}`, undefined, admin)).status).toBe(404);
    expect(((await (await get('/api/cards?q=p-998')).json()) as { items: Card[] }).items).toEqual([]);
  });

  it('is merged into the package’s print when an import brings its number: decks and binders keep their copies', async () => {
    const card = (await (await send('POST', '/api/admin/cards/manual', { ...promo, cardNumber: 'P-997' }, admin)).json()) as Card;
    const deck = (await (await send('POST', '/api/decks', { name: 'Merged deck', format: 'extra', cards: [{ cardId: card.id, quantity: 3 }] }, player)).json()) as DeckDetail;
    const binder = (await (await send('POST', '/api/binders', { name: 'Promos', category: 'personal' }, player)).json()) as { id: string };
    expect((await send('POST', `/api/binders/${binder.id}/cards`, { cards: [{ cardId: card.id, quantity: 2, condition: 'NM', language: 'EN', purchasePrice: 3.5, purchaseCurrency: 'USD' }] }, player)).status).toBeLessThan(300);
    const [before] = await ctx.db.select().from(binderCards).where(eq(binderCards.binderId, binder.id));

    // A later package with the number: one of its records under P-997.
    const raw = loadPackageCards() as Record<string, unknown>[];
    const model = raw.find((r) => r.card_number === 'OP01-016' && r.image_name === 'OP01-016')!;
    const report = await seedCatalogue({ db: ctx.db, log: testLog, raw: [...raw, { ...model, card_number: 'P-997', image_name: 'P-997', card_name: 'Luffy promo (package)' }], force: true });
    expect(report?.mergedManual).toEqual(['P-997']);

    const [pkg] = await ctx.db.select().from(cards).where(eq(cards.cardNumber, 'P-997'));
    expect(pkg).toMatchObject({ manual: false, name: 'Luffy promo (package)' });
    const detail = (await (await get(`/api/decks/${deck.id}`, player)).json()) as DeckDetail;
    expect(detail.cards.map((r) => [r.card.id, r.quantity])).toEqual([[pkg!.id, 3]]);
    const rows = await ctx.db.select().from(binderCards).where(eq(binderCards.binderId, binder.id));
    expect(rows.map((r) => [r.cardId, r.quantity, r.condition])).toEqual([[pkg!.id, 2, 'NM']]);
    // Every column of the row moved with it, but its id and its print.
    expect({ ...rows[0]!, id: 0, cardId: 0 }).toEqual({ ...before!, id: 0, cardId: 0 });
    expect(((await (await get('/api/admin/cards/manual', admin)).json()) as ManualCardsResponse).items).toEqual([]);
  });
});
