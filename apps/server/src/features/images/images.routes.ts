import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { cards } from '../../db/schema/index';
import { isImageFormat, isThumbnailWidth, type CardImages } from './card-images';

/** Kept a year by browsers and caches: a card's thumbnail at an address never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The placeholder is kept a few minutes: the card's own art may be had later. */
const SHORT = 'public, max-age=300';

/**
 * GET /img/cards/{cardId}/{width}.{webp|avif}: the card's thumbnail (features/images/card-images.ts), with an ETag
 * (If-None-Match → 304). Width 160, 320 or 640; anything else, or a card that does not exist, is 404.
 */
export function cardImageRoutes(images: CardImages) {
  const routes = new Hono<AppEnv>();
  routes.get('/img/cards/:cardId/:file', async (c) => {
    const idText = c.req.param('cardId');
    const file = /^(\d{3})\.([a-z]{4})$/.exec(c.req.param('file'));
    const width = Number(file?.[1]);
    const format = file?.[2] ?? '';
    const cardId = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
    if (!cardId || !isThumbnailWidth(width) || !isImageFormat(format)) return c.text('Not found', 404);
    const { db } = c.get('deps');
    const answer = await images.image(cardId, width, format, async () => {
      const [row] = await db.select({ artworkUrl: cards.artworkUrl, colors: cards.colors }).from(cards).where(eq(cards.id, cardId)).limit(1);
      return row ?? null;
    });
    if (!answer) return c.text('Not found', 404);
    c.header('Cache-Control', answer.placeholder ? SHORT : IMMUTABLE);
    c.header('ETag', answer.etag);
    if (c.req.header('if-none-match') === answer.etag) return c.body(null, 304);
    c.header('Content-Type', answer.contentType);
    // The kept buffer itself (a Buffer is a Uint8Array): no copy per request.
    return c.body(answer.body as Uint8Array<ArrayBuffer>);
  });
  return routes;
}
