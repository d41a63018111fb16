import { expect, type Page } from '@playwright/test';
import { createAdmin } from './admin';

/**
 * The router's pages (apps/web/src/app/router.tsx) as the accessibility and layout-shift checks (e2e/a11y.spec.ts)
 * visit them: the ones anyone can open, signed out, and the ones that need an account, made by `signInWithContent`.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/cards',
  '/cards/syntax',
  '/cards/onepiece/OP01-001-x',
  '/sets',
  '/sets/op-01',
  '/meta',
  '/meta/leaders/OP01-001',
  '/settings',
  '/auth',
  '/auth/email-confirmation',
  '/signup',
  '/consent?return=/cards&doc=privacy',
  '/about',
  '/contributors',
  '/terms-of-service',
  '/privacy',
  '/cookies-policy',
  '/privacy-legacy',
  '/impressum',
  '/no/such/page',
];

interface ApiCard {
  id: number;
  colors: string[];
}

/**
 * Signs in as a new admin of the e2e server (e2e/admin.ts) with a legal public deck, an empty one, a binder holding a few
 * cards and a saved search (the sidebar's list open), and returns the pages that need an account, the admin's included.
 */
export async function signInWithContent(page: Page, name: string): Promise<string[]> {
  await createAdmin(page, name);
  const ask = async (query: string) => ((await (await page.request.get(`/api/cards?${query}`)).json()) as { items: ApiCard[] }).items;
  const leader = (await ask('color=Red&type=Leader&block=3&variations=false&pageSize=50')).find((c) => c.colors.length === 1)!;
  const main = (await ask('color=Red&type=Character&block=3&variations=false&pageSize=50')).filter((c) => c.colors.length === 1).slice(0, 13);
  const legal = await page.request.post('/api/decks', {
    data: { name: 'Red Luffy', format: 'standard', isPublic: true, leaderCardId: leader.id, cards: main.map((c, i) => ({ cardId: c.id, quantity: i === 12 ? 2 : 4 })) },
  });
  expect(legal.status(), await legal.text()).toBe(201);
  const { id: deckId } = (await legal.json()) as { id: string };
  const empty = await page.request.post('/api/decks', { data: { name: 'Next idea', format: 'standard' } });
  expect(empty.status(), await empty.text()).toBe(201);

  const binder = await page.request.post('/api/binders', { data: { name: 'Pulls', category: 'personal' } });
  expect(binder.status(), await binder.text()).toBeLessThan(300);
  const { id: binderId } = (await binder.json()) as { id: string };
  const added = await page.request.post(`/api/binders/${binderId}/cards`, { data: { cards: main.slice(0, 3).map((c) => ({ cardId: c.id, quantity: 2 })) } });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const watch = await page.request.post('/api/watches', { data: { cardId: main[0]!.id, market: 'us', direction: 'above', threshold: 99999, currency: 'USD' } });
  expect(watch.status(), await watch.text()).toBe(201);
  // A saved search, its list open in the sidebar's library entry (issue 42): every page then draws it while it loads.
  const saved = await page.request.post('/api/searches', { data: { name: 'Red rush', q: 'c:red o:[Rush]' } });
  expect(saved.status(), await saved.text()).toBe(201);
  await page.goto('/cards/syntax');
  await page.getByTestId('saved-searches-toggle').click();
  await expect(page.getByTestId('saved-search')).toHaveCount(1);
  // Open to trades with a note and countries: their profile draws the trading line (issue 44).
  const trading = await page.request.put('/api/me/trading', { data: { open: true, note: 'Sleeved copies only, shipped on Mondays.', countries: ['BR', 'US'] } });
  expect(trading.status(), await trading.text()).toBe(200);
  const { profile } = (await (await page.request.get('/api/me')).json()) as { profile: { username: string } };
  return [
    '/dashboard',
    '/welcome',
    '/mydecks',
    '/deck/new',
    `/deck/${deckId}/edit`,
    `/deck/${deckId}`,
    '/collection',
    '/collection?tab=portfolio',
    '/collection/new',
    `/collection/${binderId}`,
    '/wishlist',
    '/trades',
    '/trades?tab=proposals',
    '/watchlist',
    '/price-comparison',
    '/scan',
    '/settings',
    '/settings?tab=preferences',
    '/settings?tab=subscription',
    '/cards',
    '/cards/onepiece/OP01-001-x',
    // A card the user holds (its page lists the binder under "In your collection"; the actions row is theirs).
    `/cards/onepiece/${main[0]!.id}`,
    '/sets/op-01',
    '/admin',
    '/admin?tab=prices',
    '/admin?tab=tournaments',
    '/admin?tab=rules',
    '/profile',
    `/u/${profile.username}`,
    '/no/such/page',
  ];
}

/** Waits until the page has settled: its requests done, no loading placeholder left, and a short pause after. */
export async function settle(page: Page, pause = 300) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  await page.waitForTimeout(pause);
}

/**
 * Sums every layout shift of each page the browser loads (PerformanceObserver 'layout-shift', buffered, without the
 * shifts that follow an input), and keeps the elements that moved, to say what shifted.
 */
export async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: { value: number; sources: string[] } };
    w.__cls = { value: 0, sources: [] };
    const describe = (n: Node | null) => {
      if (!(n instanceof Element)) return n?.nodeName ?? '?';
      const id = n.getAttribute('data-testid');
      return `${n.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.trim().split(/\s+/).slice(0, 4).join('.')}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        w.__cls.value += entry.value;
        w.__cls.sources.push(`${entry.value.toFixed(4)}: ${(entry.sources ?? []).map((s) => describe(s.node)).join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift the current page has had since it loaded (observeLayoutShifts). */
export const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cls: { value: number; sources: string[] } }).__cls);
