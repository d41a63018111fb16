/**
 * Price request limits, without zod: the web app's price queries import this, not the contracts, so a page that shows
 * prices does not build every price schema at start-up (~80 ms on a phone). contracts/prices.ts re-exports it.
 */

/** Prints one latest-prices request may ask for. */
export const MAX_PRICE_IDS = 200;
