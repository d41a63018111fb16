/**
 * The web app's shell answers HTTP 404 where the app shows its not-found page (issue 46, item 12): an unknown address,
 * a card, deck, binder, profile or set that does not exist — or a private item asked by anyone but its owner. A public
 * item's page names it in its head (title, description, address, art) for search engines and link previews.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { cardPath } from '@grandline/core/slug';
import { catalogueIndex } from './catalogue/catalogue-index';
import { createAuthTestApp, postJson, signUpVerified, testLog, TEST_PUBLIC_URL } from './testing/test-app';
import { storeTournament } from './features/tournaments/ingest.service';

/** The sample tournament in the Limitless shapes (features/tournaments/fixtures/limitless-sample). */
const sample = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'features/tournaments/fixtures/limitless-sample/tournaments/0123456789abcdef01234567', file), 'utf8'));

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let site: ReturnType<typeof buildApp>;
let dist: string;
let owner: string;
let other: string;

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  // A built web app of one page, so addresses are answered with its shell as in production.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-status-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="description" content="The companion." /><title>Grand Line</title></head><body><div id="root"></div></body></html>',
  );
  site = buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, webDistDir: dist });
  owner = await signUpVerified(ctx, 'status-owner@example.com');
  other = await signUpVerified(ctx, 'status-other@example.com');
  for (const [cookie, username] of [[owner, 'status_owner'], [other, 'status_other']] as const) {
    expect((await ctx.app.request('/api/me/accept-terms', postJson({ username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, { Cookie: cookie }))).status).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  fs.rmSync(dist, { recursive: true, force: true });
  await ctx.database.close();
});

const statusOf = async (url: string, cookie?: string) => {
  const res = await site.request(url, { headers: cookie ? { Cookie: cookie } : {} });
  expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
  return res.status;
};

describe('the status of the web app\'s pages', () => {
  it('answers 200 for the app\'s pages and 404 for an address it has none at', async () => {
    for (const url of ['/', '/index.html', '/cards', '/sets', '/deck/new', '/collection/new', '/settings', '/about', '/u/status_owner', '/sets/op-01']) expect(await statusOf(url), url).toBe(200);
    for (const url of ['/nothing-here', '/cards/onepiece', '/deck', '/u', '/admin/x', '/humans.txt', '/sets/zz-99', '/u/nobody_here', '/u/ab']) expect(await statusOf(url), url).toBe(404);
  });

  it('answers 404 for a card that does not exist, 200 for one that does at its own address', async () => {
    const [card] = (await catalogueIndex(ctx.db)).byId.values();
    expect(await statusOf(cardPath(card!))).toBe(200);
    expect(await statusOf('/cards/onepiece/99999999-OP99-999-nobody')).toBe(404);
    expect(await statusOf('/cards/onepiece/99999999')).toBe(404);
    expect(await statusOf('/cards/onepiece/no-id-here')).toBe(404);
  });

  it('redirects another spelling of a card\'s address to its own, query kept, for visitors and signed-in users alike', async () => {
    const [card] = (await catalogueIndex(ctx.db)).byId.values();
    const own = cardPath(card!);
    expect(own.startsWith(`/cards/onepiece/${card!.id}-${card!.cardNumber}-`)).toBe(true);
    const spellings = [`/cards/onepiece/${card!.id}`, `/cards/onepiece/${card!.id}-${card!.cardNumber}-x`, `/cards/ONEPIECE/${card!.id}`, `${own}/`];
    for (const cookie of [undefined, owner]) {
      for (const url of spellings) {
        const res = await site.request(url, { headers: cookie ? { Cookie: cookie } : {} });
        expect(res.status, url).toBe(301);
        expect(res.headers.get('location'), url).toBe(own);
        // Asked again each time: a renamed card's old address follows the new name.
        expect(res.headers.get('cache-control'), url).toBe('no-cache');
      }
      const withQuery = await site.request(`/cards/onepiece/${card!.id}?print=2&tab=prices`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(withQuery.status).toBe(301);
      expect(withQuery.headers.get('location')).toBe(`${own}?print=2&tab=prices`);
      expect(await statusOf(own, cookie)).toBe(200);
    }
  });

  it('answers 404 for a private deck or binder to everyone but its owner, and 200 once public', async () => {
    const deck = (await (await ctx.app.request('/api/decks', postJson({ name: 'Secret', format: 'standard' }, { Cookie: owner }))).json()) as { id: string; isPublic: boolean };
    expect(deck.isPublic).toBe(false);
    expect(await statusOf(`/deck/${deck.id}`)).toBe(404);
    expect(await statusOf(`/deck/${deck.id}`, other)).toBe(404);
    expect(await statusOf(`/deck/${deck.id}`, owner)).toBe(200);
    expect(await statusOf(`/deck/${deck.id}/edit`, owner)).toBe(200);
    expect(await statusOf('/deck/00000000-0000-4000-8000-000000000000', owner)).toBe(404);
    const binder = (await (await ctx.app.request('/api/binders', postJson({ name: 'Shown', category: 'personal' }, { Cookie: owner }))).json()) as { id: string; isPublic: boolean };
    expect(binder.isPublic).toBe(true);
    expect(await statusOf(`/collection/${binder.id}`)).toBe(200);
    expect(await statusOf('/collection/00000000-0000-4000-8000-000000000000')).toBe(404);
  });

  it('answers 200 for a trade to its two parties, 404 for anyone else\'s, a missing one or a malformed id', async () => {
    const [card] = (await catalogueIndex(ctx.db)).byId.values();
    for (const cookie of [owner, other]) expect((await ctx.app.request('/api/me/trading', { ...postJson({ open: true }, { Cookie: cookie }), method: 'PUT' })).status).toBe(200);
    const spares = (await (await ctx.app.request('/api/binders', postJson({ name: 'Spares', category: 'trade' }, { Cookie: other }))).json()) as { id: string };
    expect((await ctx.app.request(`/api/binders/${spares.id}/cards`, postJson({ cards: [{ cardId: card!.id, quantity: 1 }] }, { Cookie: other }))).status).toBe(200);
    const proposed = await ctx.app.request('/api/trades', postJson({ to: 'status_other', give: [], get: [{ cardId: card!.id, quantity: 1 }] }, { Cookie: owner }));
    expect(proposed.status, await proposed.clone().text()).toBe(201);
    const { id } = (await proposed.json()) as { id: string };
    expect(await statusOf(`/trades/${id}`, owner)).toBe(200);
    expect(await statusOf(`/trades/${id}`, other)).toBe(200);
    const third = await signUpVerified(ctx, 'status-third@example.com');
    expect(await statusOf(`/trades/${id}`, third)).toBe(404);
    expect(await statusOf('/trades/00000000-0000-4000-8000-000000000000', owner)).toBe(404);
    expect(await statusOf('/trades/not-a-trade', owner)).toBe(404);
  });

  it('answers 200 for the meta and any leader\'s page, 404 for a tournament that is not stored', async () => {
    for (const url of ['/meta', '/meta/leaders/OP01-001', '/meta/leaders/ZZ99-999']) expect(await statusOf(url), url).toBe(200);
    expect(await statusOf('/meta/tournaments/0123456789abcdef01234567')).toBe(404);
    await storeTournament(ctx.db, 'upload', sample('details'), sample('standings'));
    expect(await statusOf('/meta/tournaments/0123456789abcdef01234567')).toBe(200);
    for (const url of ['/meta/x', '/meta/tournaments', '/meta/tournaments/a/b', '/meta/tournaments/not%20an%20id']) expect(await statusOf(url), url).toBe(404);
  });
});

describe("a public item's head", () => {
  const headOf = async (url: string, cookie?: string) => {
    const res = await site.request(url, { headers: cookie ? { Cookie: cookie } : {} });
    expect(res.status, url).toBe(200);
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const meta = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(head)?.[1] ?? null;
    return {
      titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
      description: meta('description'),
      ogTitle: meta('og:title'),
      ogImage: meta('og:image'),
      ogUrl: meta('og:url'),
      card: meta('twitter:card'),
      canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1] ?? null,
    };
  };

  it("names a card (the real OP01-001) in the page's head, with its text and art, at its own address", async () => {
    const zoro = [...(await catalogueIndex(ctx.db)).byId.values()].find((c) => c.cardNumber === 'OP01-001' && c.variant === null)!;
    const own = cardPath(zoro);
    for (const cookie of [undefined, owner]) {
      const head = await headOf(own, cookie);
      expect(head.titles).toEqual(['Roronoa Zoro (OP01-001) · Grand Line']);
      expect(head.ogTitle).toBe('Roronoa Zoro (OP01-001) · Grand Line');
      // The card's own words, as the official card list prints OP01-001 (en.onepiece-cardgame.com/cardlist).
      expect(head.description).toBe('OP01-001 · Leader · Red — [DON!! x1] [Your Turn] All of your Characters gain +1000 power.');
      expect(head.ogImage).toBe(`${TEST_PUBLIC_URL}/img/cards/${zoro.id}/640.webp`);
      expect(head.canonical).toBe(`${TEST_PUBLIC_URL}${own}`);
      expect(head.ogUrl).toBe(head.canonical);
      expect(head.card).toBe('summary_large_image');
    }
  });

  it('names a set and a public deck, escaped; a private deck, an editor and a plain page keep the generic head', async () => {
    const set = await headOf('/sets/op-01');
    expect(set.titles).toEqual(['OP-01 Romance Dawn · Grand Line']);
    expect(set.description).toBe('The companion.');
    const name = '</title><script>alert(1)</script> "Red" & Zoro';
    const deck = (await (await ctx.app.request('/api/decks', postJson({ name, format: 'standard', isPublic: true, description: 'Aggro <b>list</b>\n\nfor stores' }, { Cookie: owner }))).json()) as { id: string };
    const shown = await headOf(`/deck/${deck.id}`);
    expect(shown.titles).toEqual(['&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Red&quot; &amp; Zoro · Grand Line']);
    // Written as the owner wrote it (the page shows it as text), escaped, on one line.
    expect(shown.description).toBe('Aggro &lt;b&gt;list&lt;/b&gt; for stores');
    expect(shown.card).toBe('summary');
    for (const [url, cookie] of [[`/deck/${deck.id}/edit`, owner], ['/cards', undefined], ['/sets', undefined]] as const) {
      const plain = await headOf(url, cookie);
      expect(plain.titles, url).toEqual(['Grand Line']);
      expect(plain.ogTitle, url).toBeNull();
      expect(plain.canonical, url).toBeNull();
    }
    const secret = (await (await ctx.app.request('/api/decks', postJson({ name: 'Hidden list', format: 'standard' }, { Cookie: owner }))).json()) as { id: string };
    const own = await headOf(`/deck/${secret.id}`, owner);
    expect(own.titles).toEqual(['Grand Line']);
    expect(own.ogTitle).toBeNull();
  });
});
