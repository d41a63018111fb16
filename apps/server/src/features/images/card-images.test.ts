import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { cards } from '../../db/schema/index';
import { startFeedServer, type FeedServer } from '../../testing/feed-server';
import { createSeededTestApp, testLog } from '../../testing/test-app';
import { diskStore, s3Store } from '../../lib/object-store';
import { startS3StandIn } from '../../testing/s3-stand-in';
import { CATALOGUE_IMAGE_HOSTS, createCardImages } from './card-images';

/**
 * The image service against a local HTTP server standing in for the publisher's image host (reached through
 * CARD_IMAGE_BASE_URL's setting, as production reaches the real one), serving sample PNGs of a card's size.
 */
let origin: FeedServer;
let dir: string;
let seeded: Awaited<ReturnType<typeof createSeededTestApp>>;
let app: ReturnType<typeof buildApp>;
const byNumber = new Map<string, { id: number; path: string }>();

/** A sample original: a 600 × 838 PNG (the publisher's size) of one color with a band, ~10 KB. */
const samplePng = (color: string) =>
  sharp({ create: { width: 600, height: 838, channels: 3, background: color } })
    .composite([{ input: { create: { width: 600, height: 120, channels: 3, background: '#ffffff' } }, top: 700, left: 0 }])
    .png()
    .toBuffer();

async function cardOf(cardNumber: string) {
  const [row] = await seeded.db.select({ id: cards.id, artworkUrl: cards.artworkUrl }).from(cards).where(eq(cards.cardNumber, cardNumber)).orderBy(cards.printOrder).limit(1);
  if (!row?.artworkUrl) throw new Error(`no card ${cardNumber}`);
  const entry = { id: row.id, path: new URL(row.artworkUrl).pathname };
  byNumber.set(cardNumber, entry);
  return entry;
}

beforeAll(async () => {
  seeded = await createSeededTestApp();
  origin = await startFeedServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-images-'));
  const images = createCardImages({ store: diskStore(dir), originBaseUrl: origin.url, knownHosts: CATALOGUE_IMAGE_HOSTS, timeoutMs: 2000, maxOriginalBytes: 1024 * 1024, retries: 0, log: testLog });
  app = buildApp({ db: seeded.db, log: testLog, cardImages: images });
  for (const n of ['OP01-001', 'OP01-002', 'OP01-003', 'OP01-004', 'OP01-005', 'OP01-006', 'OP01-007', 'OP01-008']) await cardOf(n);
  const png = await samplePng('#c0392b');
  origin.set(byNumber.get('OP01-001')!.path, { bytes: png, contentType: 'image/png' });
  origin.set(byNumber.get('OP01-002')!.path, { bytes: png, contentType: 'image/png', chunked: true });
}, 60_000);

afterAll(async () => {
  await origin.close();
  await seeded.database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const asked = (p: string) => origin.requests.filter((r) => r === p).length;

describe('card thumbnails (GET /img/cards/{cardId}/{width}.{format})', () => {
  it('makes a WebP of the asked width from the original, keeps it, and serves it immutable with an ETag', async () => {
    const { id, path: artPath } = byNumber.get('OP01-001')!;
    const res = await app.request(`/img/cards/${id}/320.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 447]);
    expect(fs.existsSync(path.join(dir, 'cards', String(id), '320.webp'))).toBe(true);

    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.request(`/img/cards/${id}/320.webp`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    // Every width came from the one fetch of the original; AVIF is made from the kept WebP.
    for (const width of [160, 640]) expect((await sharp(Buffer.from(await (await app.request(`/img/cards/${id}/${width}.webp`)).arrayBuffer())).metadata()).width).toBe(Math.min(width, 600));
    const avif = await app.request(`/img/cards/${id}/160.avif`);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).width).toBe(160);
    expect(asked(artPath)).toBe(1);
  });

  it('fetches the original once for concurrent requests of one card, whatever their widths', async () => {
    const { id, path: artPath } = byNumber.get('OP01-002')!;
    const answers = await Promise.all([...Array(12)].map((_, i) => app.request(`/img/cards/${id}/${[160, 320, 640][i % 3]}.webp`)));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(answers.every((r) => r.headers.get('cache-control')!.includes('immutable'))).toBe(true);
    expect(asked(artPath)).toBe(1);
  });

  it('does not fetch the original again for a request that found the thumbnail missing and read the catalogue while another made it', async () => {
    const { id, path: artPath } = byNumber.get('OP01-008')!;
    origin.set(artPath, { bytes: await samplePng('#27ae60'), contentType: 'image/png' });
    const images = createCardImages({ store: diskStore(dir), originBaseUrl: origin.url, knownHosts: CATALOGUE_IMAGE_HOSTS, timeoutMs: 2000, maxOriginalBytes: 1024 * 1024, retries: 0, log: testLog });
    const [row] = await seeded.db.select({ artworkUrl: cards.artworkUrl, colors: cards.colors }).from(cards).where(eq(cards.id, id));
    const art = { artworkUrl: row!.artworkUrl, colors: row!.colors };
    // The 320 request finds nothing kept, then reads the catalogue slowly (a loaded database): the 160 request has made
    // and kept every width meanwhile.
    let first: Promise<unknown> = Promise.resolve();
    const slow = images.image(id, 320, 'webp', async () => {
      await first;
      return art;
    });
    first = images.image(id, 160, 'webp', async () => art);
    const [a, b] = await Promise.all([first, slow]);
    expect([a, b].map((x) => (x as { placeholder: boolean }).placeholder)).toEqual([false, false]);
    expect(asked(artPath)).toBe(1);
    fs.rmSync(path.join(dir, 'cards', String(id)), { recursive: true, force: true });
  });

  it('answers a missing original with the designed placeholder (200, an image, a short cache) and does not ask again at once', async () => {
    const { id, path: artPath } = byNumber.get('OP01-003')!;
    const res = await app.request(`/img/cards/${id}/320.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([320, 447]);
    expect(fs.existsSync(path.join(dir, 'cards', String(id)))).toBe(false);
    await app.request(`/img/cards/${id}/640.webp`);
    expect(asked(artPath)).toBe(1);
  });

  it('refuses an original that is too large or not an image, and serves the placeholder instead', async () => {
    const huge = Buffer.alloc(2 * 1024 * 1024, 1);
    const cases = [
      ['OP01-004', { bytes: huge, contentType: 'image/png' }],
      ['OP01-005', { bytes: huge, contentType: 'image/png', chunked: true }],
      ['OP01-006', { bytes: Buffer.from('<html>Not the image</html>'), contentType: 'text/html' }],
      ['OP01-007', { bytes: Buffer.from('certainly not a PNG'), contentType: 'image/png' }],
    ] as const;
    for (const [number, answer] of cases) {
      const { id } = byNumber.get(number)!;
      origin.set(byNumber.get(number)!.path, answer);
      const res = await app.request(`/img/cards/${id}/160.webp`);
      expect(res.status, number).toBe(200);
      expect(res.headers.get('cache-control'), number).toBe('public, max-age=300');
      expect(fs.existsSync(path.join(dir, 'cards', String(id))), number).toBe(false);
    }
  });

  it('never fetches an address on another host than the catalogue image host', async () => {
    const [card] = await seeded.db.select({ id: cards.id }).from(cards).where(eq(cards.cardNumber, 'OP02-001')).limit(1);
    await seeded.db.update(cards).set({ artworkUrl: `${origin.url}/images/cardlist/card/OP02-001.png` }).where(eq(cards.id, card!.id));
    origin.set('/images/cardlist/card/OP02-001.png', { bytes: await samplePng('#2f6fd6'), contentType: 'image/png' });
    const res = await app.request(`/img/cards/${card!.id}/320.webp`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(asked('/images/cardlist/card/OP02-001.png')).toBe(0);
  });

  it('answers 404 for a card that does not exist, an id out of range, and a width or format it does not make', async () => {
    const { id } = byNumber.get('OP01-001')!;
    for (const url of [`/img/cards/99999999/320.webp`, `/img/cards/0/320.webp`, `/img/cards/4294967296/320.webp`, `/img/cards/${id}/300.webp`, `/img/cards/${id}/320.png`, `/img/cards/${id}/320.webp.exe`, `/img/cards/abc/320.webp`]) {
      expect((await app.request(url)).status, url).toBe(404);
    }
  });
});

describe('card thumbnails kept in an S3-compatible bucket (several replicas)', () => {
  it('one replica makes the thumbnails, another serves them from the bucket without asking the publisher', async () => {
    const s3 = await startS3StandIn();
    try {
      const store = () =>
        s3Store({ endpoint: s3.url, bucket: s3.bucket, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, prefix: 'thumbs/', timeoutMs: 2000, maxBytes: 1024 * 1024 });
      const replica = () =>
        buildApp({
          db: seeded.db,
          log: testLog,
          cardImages: createCardImages({ store: store(), originBaseUrl: origin.url, knownHosts: CATALOGUE_IMAGE_HOSTS, timeoutMs: 2000, maxOriginalBytes: 1024 * 1024, retries: 0, log: testLog }),
        });
      const [card] = await seeded.db.select({ id: cards.id, artworkUrl: cards.artworkUrl }).from(cards).where(eq(cards.cardNumber, 'OP03-001')).limit(1);
      const artPath = new URL(card!.artworkUrl!).pathname;
      origin.set(artPath, { bytes: await samplePng('#8b4fc7'), contentType: 'image/png' });

      const first = await replica().request(`/img/cards/${card!.id}/320.webp`);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toContain('immutable');
      expect([...s3.objects.keys()].sort()).toEqual([160, 320, 640].map((w) => `thumbs/cards/${card!.id}/${w}.webp`));
      expect(s3.objects.get(`thumbs/cards/${card!.id}/320.webp`)!.contentType).toBe('image/webp');

      const second = await replica().request(`/img/cards/${card!.id}/320.webp`);
      expect(second.status).toBe(200);
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
      expect(asked(artPath)).toBe(1);
      // Nothing went to the local disk.
      expect(fs.existsSync(path.join(dir, 'cards', String(card!.id)))).toBe(false);
    } finally {
      await s3.close();
    }
  });
});
