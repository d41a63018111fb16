/**
 * Slug rule of the spec: the name lowercased, each run of non-alphanumeric
 * characters turned into one hyphen, leading and trailing hyphens trimmed.
 * Accents are folded first so "Pokémon" becomes "pokemon", not "pok-mon".
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return trimChar(slug, '-');
}

export interface CardPathInput {
  id: number | string;
  name: string;
  cardNumber?: string | null;
  gameCategory?: string | null;
}

/** /cards/{game category lowercased, or "card"}/{id}-{card_number or empty}-{slug} */
export function cardPath(card: CardPathInput): string {
  const game = card.gameCategory ? card.gameCategory.toLowerCase() : 'card';
  return `/cards/${game}/${card.id}-${card.cardNumber ?? ''}-${slugify(card.name)}`;
}

/** A path as the URL parser writes it (percent-encoded, dot segments resolved), so two spellings compare equal. */
function urlPathname(path: string): string {
  return new URL(path, 'http://x').pathname;
}

/**
 * The card's own address when `pathname` is another spelling of it (`/cards/onepiece/125`, a renamed card's old
 * slug, a trailing slash), else null. The server answers such an address with a redirect before drawing the page
 * (apps/server/src/lib/page-status.ts); the card page replaces it only after a navigation inside the app.
 */
export function canonicalCardRedirect(pathname: string, card: CardPathInput): string | null {
  const canonical = urlPathname(cardPath(card));
  return urlPathname(pathname) === canonical ? null : canonical;
}

/** The id part of a card path segment ("123-OP01-001-roronoa-zoro" → 123); null when there is none. */
export function cardIdFromPathSegment(segment: string): number | null {
  const match = /^(\d+)(?:-|$)/.exec(segment);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Lowercase, accents removed, whitespace collapsed: the form both the search index and queries use. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** `text` without leading and trailing `char`s: a linear scan (a regex like /^-+|-+$/g is quadratic on long runs). */
export function trimChar(text: string, char: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === char) start++;
  while (end > start && text[end - 1] === char) end--;
  return text.slice(start, end);
}
