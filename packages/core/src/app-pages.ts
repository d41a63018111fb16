import { cardIdFromPathSegment } from './slug';

/**
 * What an address of the web app shows, as the server needs to know it to answer with the right HTTP status: a page
 * that always exists, an item that may not (a card, a deck, a binder, a profile, a set), or nothing (null: the app's
 * not-found page, HTTP 404). The web router's paths are checked against this list by a test (app-pages.test.ts in
 * apps/web), so the two cannot drift apart.
 */
export type AppPage =
  | { kind: 'page' }
  | { kind: 'card'; id: number }
  | { kind: 'deck'; id: string }
  | { kind: 'binder'; id: string }
  | { kind: 'profile'; username: string }
  | { kind: 'set'; slug: string }
  | { kind: 'tournament'; id: string }
  | { kind: 'trade'; id: string };

/** The pages without a parameter, as the router writes them (no leading slash; '' is the home page). */
export const FIXED_PAGES: readonly string[] = [
  '', 'signup', 'consent', 'cards', 'cards/syntax', 'sets', 'settings', 'auth', 'auth/email-confirmation', 'auth/callback', 'auth/verified',
  'welcome', 'dashboard', 'mydecks', 'deck/new', 'collection', 'collection/new', 'watchlist', 'price-comparison', 'scan',
  'wishlist', 'profile', 'admin', 'about', 'contributors', 'contact', 'terms-of-service', 'privacy', 'cookies-policy',
  'privacy-legacy', 'impressum', 'plan-selection', 'products', 'meta', 'trades',
];
const FIXED = new Set(FIXED_PAGES);

/** The pages with a parameter: the router's path and how its item is named. */
const ITEMS: [RegExp, (m: RegExpExecArray) => AppPage | null][] = [
  // A card's address carries its id first ("123-OP01-001-roronoa-zoro"); one without an id names no card.
  [/^cards\/([^/]+)\/([^/]+)$/, (m) => {
    const id = cardIdFromPathSegment(decodeURIComponent(m[2]!));
    return id === null ? null : { kind: 'card', id };
  }],
  [/^deck\/([^/]+)(?:\/edit)?$/, (m) => ({ kind: 'deck', id: decodeURIComponent(m[1]!) })],
  [/^collection\/([^/]+)$/, (m) => ({ kind: 'binder', id: decodeURIComponent(m[1]!) })],
  [/^u\/([^/]+)$/, (m) => ({ kind: 'profile', username: decodeURIComponent(m[1]!) })],
  [/^sets\/([^/]+)$/, (m) => ({ kind: 'set', slug: decodeURIComponent(m[1]!) })],
  // A leader's meta page answers for any number (no decks in the window is a page too); a tournament may not exist.
  [/^meta\/leaders\/([^/]+)$/, () => ({ kind: 'page' })],
  [/^meta\/tournaments\/([^/]+)$/, (m) => ({ kind: 'tournament', id: decodeURIComponent(m[1]!) })],
  // A trade is seen by its two parties only: anyone else's is not found.
  [/^trades\/([^/]+)$/, (m) => ({ kind: 'trade', id: decodeURIComponent(m[1]!) })],
];

/** A path without its leading and trailing slashes (a loop, not a regular expression: linear on any input). */
export function trimSlashes(path: string): string {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 47) start++;
  while (end > start && path.charCodeAt(end - 1) === 47) end--;
  return path.slice(start, end);
}

/** The page an address shows, or null when the app has none there. */
export function appPage(pathname: string): AppPage | null {
  if (pathname.length > 500) return null;
  const path = trimSlashes(pathname);
  if (FIXED.has(path)) return { kind: 'page' };
  for (const [pattern, item] of ITEMS) {
    const m = pattern.exec(path);
    if (m) {
      try {
        return item(m);
      } catch {
        // A malformed escape (%E0%A4%A): no such item.
        return null;
      }
    }
  }
  return null;
}
