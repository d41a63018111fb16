import { appPage, type AppPage } from '@grandline/core/app-pages';
import { Card } from '@grandline/core/contracts/cards';
import { canonicalCardRedirect } from '@grandline/core/slug';

/** The API read that says whether an item exists for this visitor (a private deck is found for its owner only). */
const ITEM_API: { [K in Exclude<AppPage['kind'], 'page'>]: (page: Extract<AppPage, { kind: K }>) => string } = {
  card: (p) => `/api/cards/${p.id}`,
  deck: (p) => `/api/decks/${encodeURIComponent(p.id)}`,
  binder: (p) => `/api/binders/${encodeURIComponent(p.id)}`,
  profile: (p) => `/api/profiles/${encodeURIComponent(p.username)}`,
  set: (p) => `/api/sets/${encodeURIComponent(p.slug)}`,
  tournament: (p) => `/api/tournaments/${encodeURIComponent(p.id)}`,
  trade: (p) => `/api/trades/${encodeURIComponent(p.id)}`,
};

/** What a card's address needs of the card's answer: what its own address is made of. */
const CardAddress = Card.pick({ id: true, name: true, cardNumber: true, gameCategory: true });

/**
 * How the web app's shell answers an address: its HTTP status (with the item's API answer, when the page shows one),
 * or a redirect to the item's own address.
 */
export type PageAnswer = { status: 200; page: AppPage; item?: unknown } | { status: 404 } | { status: 301; location: string };

/**
 * The HTTP status of the web app's shell for an address: 404 where the app shows its not-found page — no page there,
 * or an item that does not exist or that this visitor may not see (the API's own answer, asked with their cookie) —
 * else 200. Search engines and link checkers then see a missing card or deck as missing, as people do.
 *
 * A card asked by another spelling of its address (`/cards/onepiece/125`, an old slug) is sent to its own address
 * (`canonicalCardRedirect`, the rule the card page follows too) before anything is drawn (ADR 026): a page drawn at
 * one address and replaced by another once hydrated would move and lose what the user opened meanwhile.
 */
export async function pageStatus(pathname: string, ask: (apiPath: string) => Promise<Response>): Promise<PageAnswer> {
  // The shell by its own name: what the service worker caches for every page.
  if (pathname === '/index.html') return { status: 200, page: { kind: 'page' } };
  const page = appPage(pathname);
  if (!page) return { status: 404 };
  if (page.kind === 'page') return { status: 200, page };
  const apiPath = (ITEM_API[page.kind] as (p: AppPage) => string)(page);
  const res = await ask(apiPath);
  // 400: a malformed id or name, which names no item either.
  if (res.status === 404 || res.status === 400) {
    await res.body?.cancel().catch(() => undefined);
    return { status: 404 };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    return { status: 200, page };
  }
  const item: unknown = await res.json().catch(() => null);
  if (page.kind === 'card') {
    const card = CardAddress.safeParse(item);
    const location = card.success ? canonicalCardRedirect(pathname, card.data) : null;
    if (location) return { status: 301, location };
  }
  return { status: 200, page, item };
}
