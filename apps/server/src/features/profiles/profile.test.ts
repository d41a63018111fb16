/**
 * Public profiles, activity, the feed and badges (issue 18): public fields only, private items never shown, activity
 * recorded when a deck or binder becomes public and hidden again the moment it is private, the feed of followed users
 * in keyset pages, and the two badge rules at their thresholds — on decks built from the real card library.
 */
import type { Card } from '@grandline/core/contracts/cards';
import type { FeedResponse, PublicProfileResponse } from '@grandline/core/contracts/profiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, grantPlan, postJson, signUpVerified } from '../../testing/test-app';
import { catalogueIndex } from '../../catalogue/catalogue-index';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
const cookies = {} as Record<'alice' | 'bob' | 'carol' | 'dora', string>;
let leader: Card;
let main: Card[];

const send = (method: string, path: string, body: unknown, cookie?: string) => ctx.app.request(path, { ...postJson(body, cookie ? { Cookie: cookie } : {}), method });
const get = (path: string, cookie?: string) => ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
const ok = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
  return (await r.json()) as T;
};
const profile = (name: string, cookie?: string) => ok<PublicProfileResponse>(get(`/api/profiles/${name}`, cookie));
/** The rows of a legal Standard deck of the real library (50 cards), or one card short. */
const rows = (short = false) => main.map((c, i) => ({ cardId: c.id, quantity: i === 12 ? (short ? 1 : 2) : 4 }));
const newDeck = (cookie: string, name: string, isPublic: boolean, short = false) =>
  ok<{ id: string; valid: boolean }>(send('POST', '/api/decks', { name, format: 'standard', isPublic, leaderCardId: leader.id, cards: rows(short) }, cookie), 201);

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  for (const name of ['alice', 'bob', 'carol'] as const) {
    cookies[name] = await signUpVerified(ctx, `${name}-profile@example.com`);
    // Private decks and binders are Hobby's.
    await grantPlan(ctx, `${name}-profile@example.com`, 'hobby');
    await ok(send('POST', '/api/me/accept-terms', { username: `${name}_p`, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookies[name]));
  }
  await ok(send('PATCH', '/api/me/profile', { displayName: 'Bob the Builder', bio: '<b>Straw hat</b> fan' }, cookies.bob));
  const index = await catalogueIndex(ctx.db);
  const all = [...index.byId.values()].filter((c) => !c.isVariation && Number(c.blockIcon) >= 3);
  leader = all.find((c) => c.cardType === 'Leader' && c.colors.length === 1 && c.colors[0] === 'Red')!;
  main = all.filter((c) => c.cardType === 'Character' && c.colors.length === 1 && c.colors[0] === 'Red').slice(0, 13);
  expect(main).toHaveLength(13);
}, 90_000);

afterAll(async () => {
  await ctx.database.close();
});

describe('GET /api/profiles/{username}', () => {
  it('shows public fields to anyone, in any letter case, and never the e-mail address', async () => {
    const res = await get('/api/profiles/BOB_P');
    const text = await res.clone().text();
    expect(res.status).toBe(200);
    expect(text).not.toContain('@example.com');
    const body = (await res.json()) as PublicProfileResponse;
    expect(body).toMatchObject({
      username: 'bob_p',
      displayName: 'Bob the Builder',
      // Markup never survives: the bio is plain text (the web app renders it escaped too).
      bio: 'Straw hat fan',
      countryCode: 'BR',
      counts: { followers: 0, following: 0, publicDecks: 0, publicBinders: 0 },
      viewer: { isSelf: false, following: false },
    });
    expect(body.badges.map((b) => [b.id, b.earned])).toEqual([
      ['collector', false],
      ['deck_builder', false],
    ]);
    expect((await profile('bob_p', cookies.bob)).viewer).toEqual({ isSelf: true, following: false });
  });

  it('answers 404 for a user name nobody has and 400 for one that cannot be', async () => {
    expect((await get('/api/profiles/nobody_here')).status).toBe(404);
    expect((await get(`/api/profiles/${encodeURIComponent('<script>')}`)).status).toBe(400);
    // The profile schema's rule, named in the message whichever part of it fails: too short, too long, other characters.
    for (const name of ['ab', 'x'.repeat(31), 'luffy.d', encodeURIComponent('nami san')]) {
      const res = await get(`/api/profiles/${name}`);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('A profile name has 3 to 30 letters, numbers, underscores or dashes');
    }
    // Dashes and 30 characters are within it: such a name is looked up (and nobody has it).
    expect((await get(`/api/profiles/straw-hat-${'x'.repeat(20)}`)).status).toBe(404);
  });

  it('lists public decks and binders only, records when they become public and forgets it when they are private again', async () => {
    const shown = await newDeck(cookies.bob, 'Red rush', true);
    const hidden = await newDeck(cookies.bob, 'Secret tech', false);
    const binder = await ok<{ id: string }>(send('POST', '/api/binders', { name: 'Trades', category: 'trade', isPublic: true }, cookies.bob), 201);
    await ok(send('POST', '/api/binders', { name: 'Vault', category: 'personal', isPublic: false }, cookies.bob), 201);

    let body = await profile('bob_p');
    expect(body.counts).toMatchObject({ publicDecks: 1, publicBinders: 1 });
    expect(body.decks.map((d) => [d.name, d.valid, d.leader?.number])).toEqual([['Red rush', true, leader.cardNumber]]);
    expect(body.binders.map((b) => b.name)).toEqual(['Trades']);
    expect(body.recentActivity.map((a) => [a.kind, a.deck?.name ?? a.binder?.name])).toEqual([
      ['binder_shared', 'Trades'],
      ['deck_published', 'Red rush'],
    ]);
    expect(JSON.stringify(body)).not.toContain('Secret tech');

    // The private deck made public: it appears, newest; made private again: gone at once; public again: one row, moved.
    await ok(send('PATCH', `/api/decks/${hidden.id}`, { isPublic: true }, cookies.bob));
    expect((await profile('bob_p')).recentActivity[0]).toMatchObject({ kind: 'deck_published', deck: { name: 'Secret tech' } });
    await ok(send('PATCH', `/api/decks/${hidden.id}`, { isPublic: false }, cookies.bob));
    body = await profile('bob_p');
    expect(JSON.stringify(body)).not.toContain('Secret tech');
    await ok(send('PATCH', `/api/decks/${hidden.id}`, { isPublic: true }, cookies.bob));
    body = await profile('bob_p');
    expect(body.recentActivity.filter((a) => a.deck?.id === hidden.id)).toHaveLength(1);
    await ok(send('PATCH', `/api/decks/${hidden.id}`, { isPublic: false }, cookies.bob));

    // Hidden from the profile by its owner: still public (counted), not listed, its "published" line not shown.
    await ok(send('PATCH', `/api/decks/${shown.id}`, { showOnProfile: false }, cookies.bob));
    await ok(send('PATCH', `/api/binders/${binder.id}`, { showOnProfile: false }, cookies.bob));
    body = await profile('bob_p');
    expect(body.counts).toMatchObject({ publicDecks: 1, publicBinders: 1 });
    expect(body.decks).toEqual([]);
    expect(body.binders).toEqual([]);
    expect(body.recentActivity).toEqual([]);
    await ok(send('PATCH', `/api/decks/${shown.id}`, { showOnProfile: true }, cookies.bob));
    await ok(send('PATCH', `/api/binders/${binder.id}`, { showOnProfile: true }, cookies.bob));
    expect((await profile('bob_p')).recentActivity).toHaveLength(2);
  });
});

describe('GET /api/feed', () => {
  it('shows what followed users did, newest first, in keyset pages, and nothing of others', async () => {
    await ok(send('PUT', '/api/profiles/bob_p/follow', {}, cookies.alice));
    await newDeck(cookies.carol, 'Not followed', true);
    for (const name of ['Feed one', 'Feed two', 'Feed three']) await newDeck(cookies.bob, name, true);
    const first = await ok<FeedResponse>(get('/api/feed', cookies.alice));
    expect(first.items.map((i) => i.actor.username).every((u) => u === 'bob_p')).toBe(true);
    expect(first.items.slice(0, 3).map((i) => i.deck?.name)).toEqual(['Feed three', 'Feed two', 'Feed one']);
    expect(first.nextCursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: FeedResponse = await ok<FeedResponse>(get(`/api/feed?limit=2${cursor ? `&cursor=${cursor}` : ''}`, cookies.alice));
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(first.items.map((i) => i.id));

    expect((await profile('bob_p', cookies.alice)).viewer).toEqual({ isSelf: false, following: true });
    expect((await get('/api/feed?cursor=bm9wZQ', cookies.alice)).status).toBe(400);
    expect((await get('/api/feed?limit=51', cookies.alice)).status).toBe(400);
    expect((await get('/api/feed')).status).toBe(401);
    expect((await ok<FeedResponse>(get('/api/feed', cookies.carol))).items).toEqual([]);
  });
});

describe('badges', () => {
  it('Collector: Personal binders holding 100 cards or more (copies counted; Trade binders do not count)', async () => {
    const personal = await ok<{ id: string }>(send('POST', '/api/binders', { name: 'Mine', category: 'personal', isPublic: false }, cookies.carol), 201);
    const trade = await ok<{ id: string }>(send('POST', '/api/binders', { name: 'To trade', category: 'trade', isPublic: true }, cookies.carol), 201);
    await ok(send('POST', `/api/binders/${trade.id}/cards`, { cards: [{ cardId: main[0]!.id, quantity: 500 }] }, cookies.carol));
    await ok(send('POST', `/api/binders/${personal.id}/cards`, { cards: [{ cardId: main[0]!.id, quantity: 60 }, { cardId: main[1]!.id, quantity: 39 }] }, cookies.carol));
    expect((await profile('carol_p')).badges[0]).toEqual({ id: 'collector', earned: false, progress: 99, threshold: 100 });
    await ok(send('POST', `/api/binders/${personal.id}/cards`, { cards: [{ cardId: main[2]!.id, quantity: 1 }] }, cookies.carol));
    expect((await profile('carol_p')).badges[0]).toEqual({ id: 'collector', earned: true, progress: 100, threshold: 100 });
  });

  it('Deck Builder: 3 public decks valid today; an invalid or private deck does not count', async () => {
    await ok(send('POST', '/api/me/accept-terms', { username: 'dora_p', countryCode: 'PT', ageConfirmed: true, tosAccepted: true }, (cookies.dora = await signUpVerified(ctx, 'dora-profile@example.com'))));
    await grantPlan(ctx, 'dora-profile@example.com', 'hobby');
    await newDeck(cookies.dora, 'One', true);
    await newDeck(cookies.dora, 'Two', true);
    const short = await newDeck(cookies.dora, 'Forty-nine', true, true);
    expect(short.valid).toBe(false);
    await newDeck(cookies.dora, 'Private', false);
    expect((await profile('dora_p')).badges[1]).toEqual({ id: 'deck_builder', earned: false, progress: 2, threshold: 3 });
    await newDeck(cookies.dora, 'Three', true);
    expect((await profile('dora_p')).badges[1]).toEqual({ id: 'deck_builder', earned: true, progress: 3, threshold: 3 });
  });
});
