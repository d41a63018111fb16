import type { Page } from '@playwright/test';
import { expect, isHydrationError, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

// Pages drawn on the server (apps/server/src/lib/page-render.ts, src/entry-server.tsx) — public ones for visitors,
// a signed-in user's own ones for them alone (ADR 026): the content is in the first answer, and the browser hydrates
// it without a mismatch and without drawing it again.

const hydrationErrors = (messages: string[]) => messages.filter(isHydrationError);

/** The page's uncaught errors (and, unless told not to, its console errors), as they come. */
function pageErrors(page: Page, { consoleErrors = true } = {}): string[] {
  const messages: string[] = [];
  page.on('pageerror', (err) => messages.push(err.message));
  if (consoleErrors) {
    page.on('console', (msg) => {
      if (msg.type() === 'error') messages.push(msg.text());
    });
  }
  return messages;
}

test('a visitor gets /cards drawn by the server, hydrated in place, and working', async ({ page }) => {
  const messages = pageErrors(page);

  // The first visit writes the preference cookie (the fixture stored English and the dark theme).
  await page.goto('/cards');
  await expect(page.getByTestId('card-tile').first()).toBeVisible();

  // The answer itself holds the cards and the state to hydrate with.
  const answer = await page.request.get('/cards?q=Zoro');
  const html = await answer.text();
  expect(html).toContain('id="ssr-state"');
  expect(html).toContain('data-testid="card-tile"');
  expect(html).toMatch(/Zoro/);

  // Hydrated: the search answers typing.
  await page.goto('/cards?q=Zoro');
  await expect(page.locator('html')).toHaveAttribute('data-drawn', 'server');
  await page.getByTestId('card-search').fill('Nami');
  await expect(page).toHaveURL(/q=Nami/);
  await expect(page.getByTestId('card-tile').first()).toContainText(/Nami/i);
  await page.getByTestId('card-search').fill('Zoro');
  await expect(page.getByTestId('card-tile').first()).toContainText(/Zoro/i);
  expect(hydrationErrors(messages)).toEqual([]);

  // The landing page too.
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-drawn', 'server');
  expect(await (await page.request.get('/')).text()).toContain('id="ssr-state"');
  await page.getByRole('link', { name: 'Card library' }).first().click();
  await expect(page).toHaveURL(/\/cards$/);
  expect(hydrationErrors(messages)).toEqual([]);
});

test('the server draws in the language and theme the visitor chose, and hydrates without a mismatch', async ({ page }) => {
  const messages = pageErrors(page, { consoleErrors: false });
  await page.goto('/cards');
  await page.evaluate(() => {
    localStorage.setItem('selectedLanguage', 'pt');
    localStorage.setItem('theme', 'light');
  });
  // The next start copies the new choices into the cookie; the load after that is drawn with them.
  await page.reload();
  await expect(page.locator('main h1')).toHaveText('Biblioteca de cartas');
  const html = await (await page.request.get('/cards')).text();
  expect(html).toContain('<html lang="pt"');
  expect(html).toContain('Biblioteca de cartas');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-drawn', 'server');
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-label', 'Mudar para o tema escuro');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(hydrationErrors(messages)).toEqual([]);
});

test('a tap or text on a server-drawn page before the app has started is not lost: it is replayed once the page is hydrated', async ({ page }) => {
  // The first visit writes the preference cookie; the next is drawn with it.
  await page.goto('/cards');
  await expect(page.getByTestId('card-tile').first()).toBeVisible();
  // The app's code held back, as on a slow phone, until the tap is made.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/boot-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/cards', { waitUntil: 'commit' });
  const list = page.getByRole('radio', { name: 'List view' });
  await list.click();
  expect(await page.evaluate(() => [document.documentElement.dataset.drawn ?? null, document.documentElement.dataset.hydrated ?? null])).toEqual([null, null]);
  // Nothing happened yet (and no native default either: the page did not reload).
  await expect(page.getByTestId('card-tile').first()).toBeVisible();
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(list).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('card-row-link').first()).toBeVisible();
  await expect(page.getByTestId('card-tile')).toHaveCount(0);

  // Text typed into the search box meanwhile is searched for once the page is hydrated (not wiped).
  let releaseAgain!: () => void;
  const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
  await page.unroute(/\/assets\/boot-[^/]+\.js$/);
  await page.route(/\/assets\/boot-[^/]+\.js$/, async (route) => {
    await heldAgain;
    await route.continue();
  });
  await page.goto('/cards', { waitUntil: 'commit' });
  await page.getByTestId('card-search').fill('Nami');
  releaseAgain();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page).toHaveURL(/q=Nami/);
  await expect(page.getByTestId('card-search')).toHaveValue('Nami');
  await expect(page.getByTestId('card-row-link').first()).toContainText(/Nami/i);
});

test('a visitor gets a card page drawn by the server, its head naming the card for search engines and link previews', async ({ page }) => {
  const messages = pageErrors(page);
  const [card] = ((await (await page.request.get('/api/cards?q=nami&variations=false&pageSize=1')).json()) as { items: { id: number; name: string; cardNumber: string }[] }).items;
  const redirect = await page.request.get(`/cards/onepiece/${card!.id}`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  const own = redirect.headers()['location']!;

  const html = await (await page.request.get(own)).text();
  expect(html).toContain('id="ssr-state"');
  expect(html).toMatch(/<h1[^>]*data-testid="card-name"[^>]*>[^<]+<\/h1>/);
  // One title, the card's, in the head; its address and art for a shared link's preview.
  const head = html.slice(0, html.indexOf('</head>'));
  const title = `${card!.name} (${card!.cardNumber}) · Grand Line`;
  expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]).filter((t) => t !== '')).toEqual([title]);
  expect(head).toContain(`<title>${title}</title>`);
  expect(head).toMatch(new RegExp(`<meta property="og:image" content="https?://[^"]+/img/cards/${card!.id}/640\\.webp"`));
  expect(head).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${own}"`));

  // The first visit writes the preference cookie (the fixture stored English and the dark theme); the next is drawn with it.
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  await page.goto(own);
  await expect(page.locator('html')).toHaveAttribute('data-drawn', 'server', { timeout: 15_000 });
  await expect(page.getByTestId('card-name')).toHaveText(card!.name);
  await expect(page).toHaveTitle(title);
  // Hydrated: the price history answers a range.
  const year = page.getByTestId('range-buttons').getByRole('button', { name: '1Y' });
  await year.click();
  await expect(year).toHaveAttribute('aria-pressed', 'true');
  expect(new URL(page.url()).pathname).toBe(own);
  expect(hydrationErrors(messages)).toEqual([]);
});

test('a signed-in user gets their own pages drawn by the server — never kept, never another user\'s — hydrated in place', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const messages = pageErrors(page);
  await createAccount(page, { email: uniqueEmail('ssr-own') });
  const ask = async (query: string) => ((await (await page.request.get(`/api/cards?${query}`)).json()) as { items: { id: number }[] }).items;
  const [leader] = await ask('color=Red&type=Leader&variations=false&pageSize=1');
  const reds = await ask('color=Red&type=Character&variations=false&pageSize=12');
  const binder = (await (await page.request.post('/api/binders', { data: { name: 'Own pulls', category: 'personal' } })).json()) as { id: string };
  expect((await page.request.post(`/api/binders/${binder.id}/cards`, { data: { cards: reds.slice(0, 4).map((c) => ({ cardId: c.id, quantity: 2 })) } })).status()).toBeLessThan(300);
  const deck = await page.request.post('/api/decks', { data: { name: 'Own red', format: 'standard', leaderCardId: leader!.id, cards: reds.map((c) => ({ cardId: c.id, quantity: 4 })) } });
  expect(deck.status(), await deck.text()).toBe(201);
  const { id: deckId } = (await deck.json()) as { id: string };
  const pages: [string, RegExp][] = [
    ['/dashboard', /./],
    ['/cards', /./],
    ['/sets', /./],
    ['/sets/op-01', /Romance Dawn/],
    ['/collection', /./],
    [`/collection/${binder.id}`, /Own pulls/],
    [`/deck/${deckId}/edit`, /./],
  ];
  // A start in this browser copies the preferences stored while signing up into their cookie: pages are drawn with them.
  await page.goto('/collection');
  await expect(page.locator('main h1')).toBeVisible();
  for (const [url, heading] of pages) {
    const answer = await page.request.get(url);
    expect(answer.headers()['cache-control'], url).toBe('private, no-store');
    const html = await answer.text();
    expect(html, url).toContain('id="ssr-state"');
    expect(html, url).toMatch(/<main[\s\S]*<h1/);
    await page.goto(url);
    await expect(page.locator('html'), url).toHaveAttribute('data-drawn', 'server', { timeout: 15_000 });
    await expect(page.locator('main h1').first(), url).toHaveText(heading);
  }
  expect(hydrationErrors(messages)).toEqual([]);
  // The deck editor comes with what its first screen shows beside the deck: the search panel's first page (the deck's
  // scope) drawn, the deck's prices and the banned cards in its state — nothing to fetch nor to draw again once hydrated.
  const editor = await (await page.request.get(`/deck/${deckId}/edit`)).text();
  expect(editor.match(/data-testid="search-result"/g)?.length ?? 0).toBeGreaterThan(0);
  expect(editor).toContain('["deck-regulations",');

  // Another user asking the same addresses gets their own pages: nothing of the first user's.
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const other = await context.newPage();
  await createAccount(other, { email: uniqueEmail('ssr-other') });
  const theirs = await (await other.request.get('/collection')).text();
  expect(theirs).toContain('id="ssr-state"');
  expect(theirs).not.toContain('Own pulls');
  await context.close();
});

test('a signed-in user\'s card page: another spelling of its address is redirected before drawing; drawn by the server, it stays put once hydrated', async ({ page }) => {
  const messages = pageErrors(page);
  await createAccount(page, { email: uniqueEmail('ssr-card') });
  const [card] = ((await (await page.request.get('/api/cards?q=nami&variations=false&pageSize=1')).json()) as { items: { id: number; name: string; cardNumber: string }[] }).items;
  const short = `/cards/onepiece/${card!.id}`;

  // The server names the card's own address (the query kept) instead of drawing the page at another one.
  const redirect = await page.request.get(`${short}?from=ssr`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  const location = redirect.headers()['location']!;
  expect(location).toMatch(new RegExp(`^/cards/onepiece/${card!.id}-${card!.cardNumber}-[a-z0-9-]+\\?from=ssr$`));
  const own = location.slice(0, location.indexOf('?'));
  const answer = await page.request.get(own);
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  const html = await answer.text();
  expect(html).toContain('id="ssr-state"');
  expect(html).toMatch(/<h1[^>]*data-testid="card-name"[^>]*>[^<]+<\/h1>/);
  expect(html).toContain('data-testid="watch-add"');

  // A start in this browser copies the preferences stored while signing up into their cookie: pages are drawn with them.
  await page.goto('/collection');
  await expect(page.locator('main h1')).toBeVisible();
  // The theme switched on the page before: the card page then gets an update while it hydrates.
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  // Every address the app writes into the history from here on (React Router's start writes none), and every part of
  // the card's heading or actions row taken out of the page (drawn again instead of hydrated).
  await page.addInitScript(() => {
    const w = window as unknown as { __addressChanges: string[]; __redrawn: string[] };
    const changes: string[] = (w.__addressChanges = []);
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url) changes.push(String(url));
        original(data, unused, url);
      };
    }
    const redrawn: string[] = (w.__redrawn = []);
    const watched = ['card-name', 'card-actions', 'wishlist-toggle', 'watch-add', 'add-to-deck', 'add-to-binder', 'copy-link'];
    new MutationObserver((records) => {
      for (const node of records.flatMap((r) => [...r.removedNodes])) {
        if (!(node instanceof Element)) continue;
        for (const id of watched) if (node.matches(`[data-testid="${id}"]`) || node.querySelector(`[data-testid="${id}"]`)) redrawn.push(id);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const response = await page.goto(short);
  expect(response?.request().redirectedFrom()?.url()).toMatch(new RegExp(`${short}$`));
  expect(new URL(page.url()).pathname).toBe(own);
  await expect(page.locator('html')).toHaveAttribute('data-drawn', 'server', { timeout: 15_000 });
  await expect(page.getByTestId('card-name')).toHaveText(card!.name);
  // A dialog opened as soon as the page answers stays open: nothing navigates once the page is hydrated.
  await page.getByTestId('watch-add').click();
  const dialog = page.getByTestId('watch-dialog');
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(own);
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __addressChanges: string[]; __redrawn: string[] };
    return { addressChanges: w.__addressChanges, redrawn: w.__redrawn };
  });
  expect(seen.addressChanges).toEqual([]);
  // Hydrated in place: the actions row's texts came with the page (app/router.tsx cardPageTexts).
  expect(seen.redrawn).toEqual([]);
  expect(hydrationErrors(messages)).toEqual([]);
});

test('a public binder shared by its link is drawn by the server for visitors and hydrates in place', async ({ page, browser, baseURL }) => {
  await createAccount(page, { email: uniqueEmail('ssr-binder') });
  const created = await page.request.post('/api/binders', { data: { name: 'Shared pulls', category: 'personal', isPublic: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const cards = ((await (await page.request.get('/api/cards?q=zoro&prints=all&pageSize=6')).json()) as { items: { id: number; name: string }[] }).items;
  const nami = ((await (await page.request.get('/api/cards?q=nami&prints=all&pageSize=1')).json()) as { items: { id: number; name: string }[] }).items;
  const added = await page.request.post(`/api/binders/${id}/cards`, { data: { cards: [...cards, ...nami].map((c) => ({ cardId: c.id, quantity: 1 })) } });
  expect(added.status(), await added.text()).toBeLessThan(300);

  // A visitor: no session cookie.
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  const messages = pageErrors(visitor);
  const html = await (await visitor.request.get(`/collection/${id}`)).text();
  expect(html).toContain('id="ssr-state"');
  expect(html).toContain('Shared pulls');
  expect(html.match(/data-testid="binder-row"/g)).toHaveLength(cards.length + nami.length);
  // The rows' prices and the binder's value come with the page (features/binders/api/binder-page-loader.ts).
  const state = html.slice(html.indexOf('id="ssr-state"'));
  expect(state).toContain('["prices","latest","us","USD",');
  expect(state).toContain(`"queryKey":["binders","${id}","value","summary",`);

  const asked: string[] = [];
  visitor.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/prices/latest' || pathname === `/api/binders/${id}/value`) asked.push(pathname);
  });
  await visitor.goto(`/collection/${id}`);
  await expect(visitor.locator('html')).toHaveAttribute('data-drawn', 'server', { timeout: 15_000 });
  await expect(visitor.getByTestId('binder-title')).toHaveText('Shared pulls');
  // The date of the last change is the browser's to write (its time zone), once hydrated.
  await expect(visitor.getByText(/^Updated /)).toBeVisible();
  // Nothing to fetch again once hydrated: no request for what the server drew with.
  await visitor.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  // Hydrated: the search filters the rows.
  await visitor.getByRole('searchbox').first().fill('nami');
  await expect(visitor.getByTestId('binder-row')).toHaveCount(nami.length);
  expect(hydrationErrors(messages)).toEqual([]);

  // A binder a visitor may not see (missing, or private: both answer 404) is not drawn: the plain shell goes out.
  const shell = await (await visitor.request.get('/collection/00000000-0000-4000-8000-000000000000')).text();
  expect(shell).toContain('id="root"');
  expect(shell).not.toContain('id="ssr-state"');
  // Deleted (or made private, on a plan that may), the page drawn for visitors a moment ago (kept a minute) is not
  // sent again.
  expect((await page.request.delete(`/api/binders/${id}`)).status()).toBeLessThan(300);
  const hidden = await visitor.request.get(`/collection/${id}`);
  expect(hidden.status()).toBe(404);
  const hiddenHtml = await hidden.text();
  expect(hiddenHtml).not.toContain('id="ssr-state"');
  expect(hiddenHtml).not.toContain('Shared pulls');
  await context.close();
});

test('a visitor gets the sets and a set drawn by the server, with its prices, hydrated in place', async ({ page }) => {
  const messages = pageErrors(page);
  for (const path of ['/sets', '/sets/op-01']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('id="ssr-state"');
  }
  const html = await (await page.request.get('/sets/op-01')).text();
  expect(html).toMatch(/<h1[^>]*data-testid="set-name"[^>]*>Romance Dawn<\/h1>/);
  expect(html.slice(0, html.indexOf('</head>'))).toContain('<title>OP-01 Romance Dawn · Grand Line</title>');
  // The set's value comes with the page: nothing to fetch again once hydrated.
  expect(html).toContain('data-testid="set-value"');

  // The first visit writes the preference cookie; the next is drawn with it.
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/sets')) asked.push(pathname);
  });
  await page.goto('/sets/op-01');
  await expect(page.locator('html')).toHaveAttribute('data-drawn', 'server', { timeout: 15_000 });
  await expect(page.getByTestId('set-name')).toHaveText('Romance Dawn');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  // Hydrated: its links navigate inside the app.
  await page.getByRole('link', { name: 'All sets' }).click();
  await expect(page).toHaveURL(/\/sets$/);
  await expect(page.locator('main h1')).toHaveText('Sets');
  expect(hydrationErrors(messages)).toEqual([]);
});

test('a public deck is drawn by the server for visitors and its owner, and hydrates in place', async ({ page, browser, baseURL }) => {
  await createAccount(page, { email: uniqueEmail('ssr-deck') });
  const ask = async (query: string) => ((await (await page.request.get(`/api/cards?${query}`)).json()) as { items: { id: number; name: string; colors: string[] }[] }).items;
  const leader = (await ask('color=Red&type=Leader&block=3&variations=false&pageSize=50')).find((c) => c.colors.length === 1)!;
  const main = (await ask('color=Red&type=Character&block=3&variations=false&pageSize=50')).filter((c) => c.colors.length === 1).slice(0, 13);
  const created = await page.request.post('/api/decks', {
    data: { name: 'Red aggro', format: 'standard', isPublic: true, description: 'Goes first.', leaderCardId: leader.id, cards: main.map((c, i) => ({ cardId: c.id, quantity: i === 12 ? 2 : 4 })) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // A visitor: no session cookie.
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  const messages = pageErrors(visitor);
  const html = await (await visitor.request.get(`/deck/${id}`)).text();
  expect(html).toContain('id="ssr-state"');
  expect(html).toMatch(/<h1[^>]*data-testid="deck-title"[^>]*>Red aggro<\/h1>/);
  expect(html).toContain(`<title>Red aggro · Grand Line</title>`);
  expect(html.match(/data-testid="deck-row"/g)).toHaveLength(main.length);
  // The deck's prices come with the page (the value and each row's), in the visitor's market and currency.
  expect(html.slice(html.indexOf('id="ssr-state"'))).toContain('["prices","latest","us","USD",');

  // The first visit writes the preference cookie; the next is drawn with it.
  await visitor.goto('/');
  await expect(visitor.locator('main h1')).toBeVisible();
  const asked: string[] = [];
  visitor.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // (Comments load once their section comes near the screen, by design.)
    if (pathname.startsWith('/api/prices/') || pathname === `/api/decks/${id}`) asked.push(pathname);
  });
  await visitor.goto(`/deck/${id}`);
  await expect(visitor.locator('html')).toHaveAttribute('data-drawn', 'server', { timeout: 15_000 });
  await expect(visitor.getByTestId('deck-title')).toHaveText('Red aggro');
  await visitor.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  // Hydrated: the tabs answer.
  await visitor.getByTestId('tab-stats').click();
  await expect(visitor.getByTestId('tab-stats')).toHaveAttribute('aria-selected', 'true');
  expect(hydrationErrors(messages)).toEqual([]);

  // Its owner gets it drawn too (with the edit action), never kept; a private deck is not drawn for a visitor.
  const own = await page.request.get(`/deck/${id}`);
  expect(own.headers()['cache-control']).toBe('private, no-store');
  expect(await own.text()).toContain('data-testid="edit-deck"');
  expect(await page.request.patch(`/api/decks/${id}`, { data: { isPublic: false } }).then((r) => r.status())).toBe(200);
  const hidden = await visitor.request.get(`/deck/${id}`);
  expect(hidden.status()).toBe(404);
  expect(await hidden.text()).not.toContain('id="ssr-state"');
  await context.close();
});
