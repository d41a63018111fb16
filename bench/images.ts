/**
 * Card images (issue 17), against the built server (`npm start`'s bundle) on a fresh embedded database whose
 * CARD_IMAGE_BASE_URL points at a local HTTP server standing in for the publisher. That stand-in serves every card as
 * a synthetic 600 × 838 PNG of the publisher's size class (smooth color fields, a frame and a text box, fine noise:
 * ~0.4–0.6 MB, like the real ones). Real card art compresses differently, so the byte figures are an estimate.
 * - thumbnail p99 when kept: the 48 thumbnails of the library's first page made once, then asked for under load
 *   (autocannon, 6 connections — what one browser opens to a host — for 5 s, the 48 addresses in turn);
 * - bytes of images the first /cards screen loads in Chromium at 390 × 844 CSS px and 3 device pixels per CSS pixel
 *   (the common 390 px phones), no scrolling;
 * - Lighthouse mobile performance on /cards with those images on, and on a public binder of 200 cards (signed out,
 *   as a shared binder's visitors see it): with the pages' thumbnails kept (as after `npm run images:warm`) and the
 *   server quiet (bench/quiet.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { signedInUser } from './binders';
import { waitForQuietProcess } from './quiet';

const imagesTargets = { thumbnailP99Ms: '≤ 10 ms (kept thumbnails)', firstScreenKB: '≤ 300 KB (first /cards screen, 390 px)', lighthouse: 'performance ≥ 95' };

/** Cards in the binder Lighthouse measures (issue 17: "a binder page of 200 cards"). */
const BINDER_CARDS = 200;

export interface ImagesResult {
  thumbnailRequests: number;
  thumbnailP50Ms: number;
  thumbnailP99Ms: number;
  thumbnailErrors: number;
  firstScreenImages: number;
  firstScreenKB: number;
  /** The average size of a 320-wide thumbnail made from the stand-in originals. */
  thumbnail320KB: number;
  lighthouseCardsWithImages: number | null;
  /** Lighthouse mobile performance on a public binder of 200 distinct cards (optional: older saved results lack it). */
  lighthouseBinder200?: number | null;
}

/** A public binder of `count` distinct prints owned by a new user: its page's path and its cards. */
async function publicBinder(base: string, dataDir: string, count: number): Promise<{ path: string; cardIds: number[] }> {
  const cookie = await signedInUser(base, dataDir);
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  const ids: number[] = [];
  for (let page = 1; ids.length < count; page++) {
    const res = (await (await fetch(`${base}/api/cards?prints=all&sort=number&pageSize=100&page=${page}`)).json()) as { items: { id: number }[] };
    if (!res.items.length) break;
    ids.push(...res.items.map((c) => c.id));
  }
  const created = await fetch(`${base}/api/binders`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench binder', category: 'personal', isPublic: true }) });
  if (!created.ok) throw new Error(`binder: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const added = await fetch(`${base}/api/binders/${id}/cards`, { method: 'POST', headers, body: JSON.stringify({ cards: ids.slice(0, count).map((cardId) => ({ cardId, quantity: 1 })) }) });
  if (!added.ok) throw new Error(`binder cards: ${added.status} ${await added.text()}`);
  return { path: `/collection/${id}`, cardIds: ids.slice(0, count) };
}

/**
 * Makes the thumbnails a page's tiles ask for (320 and 640 wide: a phone's tile at 1.75–3 device pixels per CSS pixel)
 * before Lighthouse measures it, as `npm run images:warm` has them made on a real server: otherwise the first of the
 * runs would count the server's resizing (sharp, on the same two cores) as the page's blocking time.
 */
async function keepThumbnails(base: string, cardIds: readonly number[]) {
  const paths = cardIds.flatMap((id) => [`/img/cards/${id}/320.webp`, `/img/cards/${id}/640.webp`]);
  // A connection each (agent: false), closed after it: fetch's pooled ones would sit idle through Lighthouse's runs,
  // and the next fetch could pick one the server has just closed.
  const get = (p: string) =>
    new Promise<void>((resolve, reject) => {
      http.get(`${base}${p}`, { agent: false }, (res) => res.resume().on('end', resolve).on('error', reject)).on('error', reject);
    });
  for (let i = 0; i < paths.length; i += 4) await Promise.all(paths.slice(i, i + 4).map(get));
}

/** A synthetic card original: color fields and fine noise in a card's layout, PNG like the publisher's. */
async function syntheticOriginal(seed: number): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const color = (h: number, l: number) => `hsl(${h % 360}, 55%, ${l}%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="838">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color(hue, 35)}"/><stop offset="1" stop-color="${color(hue + 60, 55)}"/></linearGradient>
<radialGradient id="r"><stop offset="0" stop-color="${color(hue + 180, 70)}"/><stop offset="1" stop-color="${color(hue + 200, 30)}" stop-opacity="0"/></radialGradient></defs>
<rect width="600" height="838" rx="24" fill="url(#g)"/><circle cx="${200 + (seed % 200)}" cy="330" r="230" fill="url(#r)"/>
<rect x="30" y="560" width="540" height="240" rx="14" fill="#f4efe6" fill-opacity="0.92"/>
<rect x="60" y="600" width="400" height="18" fill="#333"/><rect x="60" y="640" width="470" height="12" fill="#555"/><rect x="60" y="670" width="430" height="12" fill="#555"/></svg>`;
  const base = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  // Fine noise over the art (what makes real card PNGs half a megabyte).
  let x = seed * 2654435761;
  for (let i = 0; i < base.data.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    base.data[i] = Math.max(0, Math.min(255, base.data[i]! + ((x >>> 24) % 21) - 10));
  }
  return sharp(base.data, { raw: base.info }).png({ compressionLevel: 6 }).toBuffer();
}

/** A stand-in for the publisher's image origin on loopback: synthetic 600 × 838 card PNGs for any card path. */
export async function startOrigin(): Promise<{ url: string; close: () => Promise<void> }> {
  const originals = await Promise.all([...Array(8)].map((_, i) => syntheticOriginal(i + 1)));
  const server = http.createServer((req, res) => {
    const match = /^\/images\/cardlist\/card\/([\w-]+)\.png$/.exec(req.url ?? '');
    if (!match) return void res.writeHead(404).end();
    let h = 0;
    for (const ch of match[1]!) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    const body = originals[h % originals.length]!;
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(body.length) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Debian's Chromium, or CHROME_PATH. */
export const chromePath = () => process.env.CHROME_PATH ?? execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();

export async function imagesBenchmark({ root, log, lighthouse }: { root: string; log: (msg: string) => void; lighthouse: (base: string, urlPath: string) => number }): Promise<ImagesResult> {
  const origin = await startOrigin();
  const port = Number(process.env.BENCH_IMAGES_PORT ?? 3920);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-bench-images-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '', NODE_ENV: 'production', PUBLIC_URL: base, CARD_IMAGE_BASE_URL: origin.url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let started = Date.now(); ; ) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (Date.now() - started > 180_000) throw new Error('server not up within 180 s');
      const up = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const page = (await (await fetch(`${base}/api/cards?page=1&pageSize=48`)).json()) as { items: { id: number }[] };
    const paths = page.items.map((c) => `/img/cards/${c.id}/320.webp`);
    let bytes = 0;
    for (const p of paths) bytes += (await (await fetch(`${base}${p}`)).arrayBuffer()).byteLength;
    const thumbnail320KB = +(bytes / paths.length / 1024).toFixed(1);
    log(`images: 48 thumbnails made (320 wide: ${thumbnail320KB} KB on average)`);

    let i = 0;
    const result = await autocannon({
      url: `${base}${paths[0]}`,
      connections: 6,
      duration: 5,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
    });
    log(`images: kept thumbnails ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);

    const browser = await chromium.launch({ executablePath: chromePath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    let firstScreenImages = 0;
    let firstScreenBytes = 0;
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      const tab = await context.newPage();
      tab.on('requestfinished', (request) => {
        if (!request.url().includes('/img/cards/')) return;
        void request.sizes().then((s) => {
          firstScreenImages++;
          firstScreenBytes += s.responseBodySize;
        });
      });
      await tab.goto(`${base}/cards`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(1000);
    } finally {
      await browser.close();
    }
    const firstScreenKB = +(firstScreenBytes / 1024).toFixed(1);
    log(`images: first /cards screen at 390 px (DPR 3): ${firstScreenImages} images, ${firstScreenKB} KB`);

    let lighthouseCardsWithImages: number | null = null;
    let lighthouseBinder200: number | null = null;
    if (process.env.BENCH_SKIP_LIGHTHOUSE !== '1') {
      await keepThumbnails(base, page.items.map((c) => c.id));
      await waitForQuietProcess(child.pid, log);
      lighthouseCardsWithImages = lighthouse(base, '/cards');
      const binder = await publicBinder(base, dataDir, BINDER_CARDS);
      log(`images: public binder of ${BINDER_CARDS} cards at ${binder.path}`);
      await keepThumbnails(base, binder.cardIds);
      await waitForQuietProcess(child.pid, log);
      lighthouseBinder200 = lighthouse(base, binder.path);
    }
    return {
      thumbnailRequests: result.requests.total,
      thumbnailP50Ms: result.latency.p50,
      thumbnailP99Ms: result.latency.p99,
      thumbnailErrors: result.errors + result.non2xx,
      firstScreenImages,
      firstScreenKB,
      thumbnail320KB,
      lighthouseCardsWithImages,
      lighthouseBinder200,
    };
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    await origin.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function imagesFigures(r: ImagesResult) {
  return [
    {
      figure: `kept thumbnail, 6 connections (${r.thumbnailRequests.toLocaleString('en')} requests, ${r.thumbnailErrors} errors)`,
      value: `p50 ${r.thumbnailP50Ms} ms, p99 ${r.thumbnailP99Ms} ms`,
      target: imagesTargets.thumbnailP99Ms,
      pass: r.thumbnailErrors === 0 && r.thumbnailP99Ms <= 10,
    },
    {
      figure: `images of the first /cards screen, 390 × 844 px at DPR 3 (${r.firstScreenImages} images; 320-wide WebP ${r.thumbnail320KB} KB on average, synthetic originals)`,
      value: `${r.firstScreenKB} KB`,
      target: imagesTargets.firstScreenKB,
      pass: r.firstScreenKB <= 300,
    },
    r.lighthouseCardsWithImages === null
      ? { figure: 'Lighthouse /cards with images (mobile)', value: 'skipped (BENCH_SKIP_LIGHTHOUSE=1)', target: imagesTargets.lighthouse, pass: null }
      : { figure: 'Lighthouse /cards with images (mobile)', value: `perf ${r.lighthouseCardsWithImages}`, target: imagesTargets.lighthouse, pass: r.lighthouseCardsWithImages >= 95 },
    ...(r.lighthouseBinder200 === undefined || r.lighthouseBinder200 === null
      ? []
      : [{ figure: `Lighthouse public binder of ${BINDER_CARDS} cards with images (mobile, signed out)`, value: `perf ${r.lighthouseBinder200}`, target: imagesTargets.lighthouse, pass: r.lighthouseBinder200 >= 95 }]),
  ];
}
