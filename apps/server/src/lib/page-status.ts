import { appPage, type AppPage } from '@grandline/core/app-pages';

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

/**
 * The HTTP status of the web app's shell for an address: 404 where the app shows its not-found page — no page there,
 * or an item that does not exist or that this visitor may not see (the API's own answer, asked with their cookie) —
 * else 200. Search engines and link checkers then see a missing card or deck as missing, as people do.
 */
export async function pageStatus(pathname: string, ask: (apiPath: string) => Promise<Response>): Promise<200 | 404> {
  // The shell by its own name: what the service worker caches for every page.
  if (pathname === '/index.html') return 200;
  const page = appPage(pathname);
  if (!page) return 404;
  if (page.kind === 'page') return 200;
  const apiPath = (ITEM_API[page.kind] as (p: AppPage) => string)(page);
  const res = await ask(apiPath);
  await res.body?.cancel().catch(() => undefined);
  // 400: a malformed id or name, which names no item either.
  return res.status === 404 || res.status === 400 ? 404 : 200;
}
