import { messageText } from '@grandline/core/contracts/messages';
import type { CardArtService } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { fetchPublic, PublicFetchError } from '../../lib/public-fetch';
import type { CardImages } from './card-images';
import { ImageFetchError } from './image-origin';

export interface CardArtOptions {
  /** Longest wait for the whole exchange (redirects included), in milliseconds. */
  timeoutMs: number;
  /** Largest image accepted, in bytes. */
  maxBytes: number;
  /** Tests only: let loopback addresses through (a local stand-in); every other private address stays refused. */
  allowLoopback?: boolean;
  /**
   * Tests only: the https address's path and query are asked of this local server instead, standing in for the image
   * host (as CARD_IMAGE_BASE_URL stands in for the catalogue's).
   */
  standInBaseUrl?: string;
}

/** A refused link: 422 with the field's message (shown under the form's field) and, for the admin, the reason. */
function unavailable(key: 'validation.cardArtUnreachable' | 'validation.cardArtUnreadable' | 'validation.cardArtTooLarge', reason: string) {
  const text = messageText(key);
  return new AppError('IMAGE_UNAVAILABLE', 422, `${text} (${reason})`, [{ path: 'imageUrl', message: text }]);
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * The art an admin links to a print they add (spec: card import schema, `imageUrl`): fetched once, before the print
 * is created, through the SSRF-safe fetcher (lib/public-fetch.ts: public addresses only, checked at connection time
 * and at each redirect, a time-out for the whole exchange, a size cap), decoded and made into the same thumbnails as
 * the catalogue's art, kept in the same store. The address is never fetched again: the images route serves what was
 * kept.
 */
export function createCardArt(images: CardImages, options: CardArtOptions, log: Logger): CardArtService {
  return {
    async fetch(address) {
      const target = options.standInBaseUrl ? new URL(new URL(address).pathname + new URL(address).search, options.standInBaseUrl).href : address;
      let fetched: { body: Buffer; contentType: string };
      try {
        fetched = await fetchPublic(target, { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, allowLoopback: options.allowLoopback, userAgent: 'GrandLine-card-art/1' });
      } catch (err) {
        if (!(err instanceof PublicFetchError)) throw err;
        log.info({ host: new URL(address).host, reason: err.reason, err: err.message }, 'linked card art not fetched');
        if (err.reason === 'size') throw unavailable('validation.cardArtTooLarge', `at most ${megabytes(options.maxBytes)}`);
        throw unavailable('validation.cardArtUnreachable', err.message);
      }
      if (!fetched.contentType.toLowerCase().startsWith('image/')) throw unavailable('validation.cardArtUnreadable', `the answer is ${fetched.contentType || 'untyped'}`);
      try {
        return await images.thumbnailsOf(fetched.body, new URL(address).host);
      } catch (err) {
        if (err instanceof ImageFetchError) throw unavailable('validation.cardArtUnreadable', 'it could not be decoded');
        throw err;
      }
    },
    keep: (cardId, thumbnails) => images.keep(cardId, thumbnails),
    drop: (cardId) => images.drop(cardId),
  };
}
