import type { Card, CardDetailResponse } from '@grandline/core/contracts/cards';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { cards } from '../../db/schema/index';
import { memoryStore, type ObjectStore } from '../../lib/object-store';
import { startFeedServer, type FeedServer } from '../../testing/feed-server';
import { createAuthTestApp, postJson, signUpVerified, TEST_PUBLIC_URL, testLog } from '../../testing/test-app';
import { CATALOGUE_IMAGE_HOSTS, createCardImages } from '../images/card-images';

/**
 * The art an admin links when adding a print (`imageUrl`, spec: card import schema): fetched by the server before the
 * print is created, through the SSRF-safe fetcher, from a local HTTP server standing in for the image host (the https
 * address's path is asked there, as CARD_IMAGE_BASE_URL stands in for the catalogue's host), and kept as the print's
 * thumbnails.
 */
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let host: FeedServer;
let admin: string;
let store: ObjectStore;
const MAX_BYTES = 64 * 1024;

const promo = { cardNumber: 'P-950', name: 'Nami (art promo)', cardType: 'Event', colors: ['Blue'], cost: 1, blockIcon: '3', rarity: 'P' };
const add = (body: Record<string, unknown>, app = ctx.app) => app.request('/api/admin/cards/manual', { ...postJson(body, { Cookie: admin }) });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; issues?: { path: string; message: string }[] } }).error;
const inLibrary = async (cardNumber: string) => (await ctx.db.select({ id: cards.id }).from(cards).where(eq(cards.cardNumber, cardNumber))).length;

beforeAll(async () => {
  host = await startFeedServer();
  const png = await sharp({ create: { width: 600, height: 838, channels: 3, background: '#2f6fd6' } }).png().toBuffer();
  host.set('/art/nami.png', { bytes: png, contentType: 'image/png' });
  host.set('/art/page.html', { bytes: Buffer.from('<html>not a picture</html>'), contentType: 'text/html' });
  host.set('/art/fake.png', { bytes: Buffer.from('not a png at all'), contentType: 'image/png' });
  host.set('/art/huge.png', { bytes: Buffer.alloc(MAX_BYTES + 1, 1), contentType: 'image/png' });
  host.set('/art/slow.png', { hang: true });
  store = memoryStore();
  ctx = await createAuthTestApp({
    seed: true,
    adminEmails: ['robin-art@example.com'],
    cardImages: createCardImages({ store, originBaseUrl: 'https://en.onepiece-cardgame.com', knownHosts: CATALOGUE_IMAGE_HOSTS, timeoutMs: 1000, maxOriginalBytes: MAX_BYTES, log: testLog }),
    cardArt: { timeoutMs: 1000, maxBytes: MAX_BYTES, allowLoopback: true, standInBaseUrl: host.url },
  });
  admin = await signUpVerified(ctx, 'robin-art@example.com');
}, 60_000);

afterAll(async () => {
  await host.close();
  await ctx.database.close();
});

describe('the art of a print added by hand (imageUrl)', () => {
  it('becomes the print’s art: fetched once, kept as its thumbnails, served from our origin; flavor text, artist and legality kept', async () => {
    const imageUrl = 'https://art.example.com/art/nami.png';
    const res = await add({ ...promo, imageUrl, flavorText: 'A map of the whole world.', artist: 'Eiichiro Oda', legality: 'Promo: tournament legal' });
    expect(res.status, await res.clone().text()).toBe(201);
    const card = (await res.json()) as Card;
    expect(card.artworkUrl).toBe(imageUrl);
    expect(host.requests.filter((r) => r === '/art/nami.png')).toHaveLength(1);

    for (const width of [160, 320, 640]) {
      const image = await ctx.app.request(`/img/cards/${card.id}/${width}.webp`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      // The print's own art (kept a year), not the placeholder (kept minutes).
      expect(image.headers.get('cache-control')).toContain('immutable');
      // Never enlarged: the 600-pixel original stays 600 at 640.
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(Math.min(width, 600));
    }
    expect(host.requests.filter((r) => r === '/art/nami.png')).toHaveLength(1);

    const detail = (await (await ctx.app.request(`/api/cards/${card.id}`)).json()) as CardDetailResponse;
    expect(detail).toMatchObject({ artworkUrl: imageUrl, flavorText: 'A map of the whole world.', artist: 'Eiichiro Oda', legalityText: 'Promo: tournament legal' });

    // Removing the print removes its art.
    expect((await ctx.app.request(`/api/admin/cards/manual/${card.id}`, { ...postJson(undefined, { Cookie: admin }), method: 'DELETE' })).status).toBe(204);
    expect((await ctx.app.request(`/img/cards/${card.id}/320.webp`)).status).toBe(404);
    expect(await store.get(`cards/${card.id}/320.webp`)).toBeNull();
  });

  it('that cannot be had is a 422 naming the address’s problem, and no print is created', async () => {
    const cases: [string, string][] = [
      ['https://art.example.com/art/missing.png', 'The image at this address could not be fetched'],
      ['https://art.example.com/art/slow.png', 'The image at this address could not be fetched'],
      ['https://art.example.com/art/page.html', 'The address does not give a readable image (JPEG, PNG, WebP, AVIF or GIF)'],
      ['https://art.example.com/art/fake.png', 'The address does not give a readable image (JPEG, PNG, WebP, AVIF or GIF)'],
      ['https://art.example.com/art/huge.png', 'The image at this address is too large'],
    ];
    for (const [imageUrl, message] of cases) {
      const res = await add({ ...promo, cardNumber: 'P-951', imageUrl });
      expect(res.status, imageUrl).toBe(422);
      const error = await errorOf(res);
      expect(error.code, imageUrl).toBe('IMAGE_UNAVAILABLE');
      expect(error.issues, imageUrl).toEqual([{ path: 'imageUrl', message }]);
      expect(await inLibrary('P-951'), imageUrl).toBe(0);
    }
  });

  it('is never fetched from a loopback or private address by a server configured as in production', async () => {
    const production = buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, cardImages: createCardImages({ store, originBaseUrl: 'https://en.onepiece-cardgame.com', knownHosts: CATALOGUE_IMAGE_HOSTS, timeoutMs: 1000, maxOriginalBytes: MAX_BYTES, log: testLog }), cardArt: { timeoutMs: 1000, maxBytes: MAX_BYTES } });
    const port = new URL(host.url).port;
    const before = host.requests.length;
    for (const imageUrl of [`https://127.0.0.1:${port}/art/nami.png`, `https://localhost:${port}/art/nami.png`, 'https://[::1]/art/nami.png', 'https://10.0.0.1/art/nami.png', 'https://169.254.169.254/latest/meta-data']) {
      const res = await add({ ...promo, cardNumber: 'P-952', imageUrl }, production);
      expect(res.status, imageUrl).toBe(422);
      expect((await errorOf(res)).issues, imageUrl).toEqual([{ path: 'imageUrl', message: 'The image at this address could not be fetched' }]);
    }
    expect(host.requests.length).toBe(before);
    expect(await inLibrary('P-952')).toBe(0);
  });

  it('is not half-kept: a store that cannot be written leaves no print', async () => {
    const broken: ObjectStore = { ...memoryStore(), put: () => Promise.reject(new Error('disk full')) };
    const app = buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, cardImages: createCardImages({ store: broken, originBaseUrl: 'https://en.onepiece-cardgame.com', knownHosts: CATALOGUE_IMAGE_HOSTS, timeoutMs: 1000, maxOriginalBytes: MAX_BYTES, log: testLog }), cardArt: { timeoutMs: 1000, maxBytes: MAX_BYTES, allowLoopback: true, standInBaseUrl: host.url } });
    const res = await add({ ...promo, cardNumber: 'P-953', imageUrl: 'https://art.example.com/art/nami.png' }, app);
    expect(res.status).toBe(500);
    expect(await inLibrary('P-953')).toBe(0);
  });
});
