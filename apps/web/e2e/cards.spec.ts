import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/** How many rows the library lists for a query: one per card number unless prints=all. */
const totalOf = async (request: APIRequestContext, query: string) => ((await (await request.get(`/api/cards?${query}`)).json()) as { total: number }).total;

test('search "Zoro", filter Red + Leader, open a card and copy its link', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/cards');
  await expect(page.getByTestId('result-count')).toContainText(`${(await totalOf(page.request, 'pageSize=1')).toLocaleString('en-US')} cards`);

  await page.getByTestId('card-search').fill('Zoro');
  await expect(page).toHaveURL(/q=Zoro/);
  const tiles = page.getByTestId('card-tile');
  await expect(tiles.first()).toContainText(/Zoro/i);
  const zoroCount = await page.getByTestId('result-count').textContent();

  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Red', exact: true }).click();
  await filters.getByRole('button', { name: 'Leader', exact: true }).click();
  // The panel writes its filters into the query (one state, docs/search-language.md "The filter panel").
  await expect(page).toHaveURL(/q=Zoro\+c%3Ared\+t%3Aleader/);
  await expect(page.getByTestId('card-search')).toHaveValue('Zoro c:red t:leader');
  await expect(page.getByTestId('result-count')).not.toHaveText(zoroCount ?? '');
  await expect(filters.getByRole('button', { name: 'Red', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The grid of both filters, not one in between: the URL changes at each click, before that filter's answer arrives
  // (counting the tiles of the Red-only answer then failed on a fast run).
  const total = await totalOf(page.request, 'q=Zoro&color=Red&type=Leader');
  // One page of the library holds them all (DEFAULT_PAGE_SIZE, 48).
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(48);
  await expect(page.getByTestId('result-count')).toHaveText(`${total.toLocaleString('en-US')} ${total === 1 ? 'card' : 'cards'}`);
  await expect(tiles).toHaveCount(total);
  const count = await tiles.count();
  for (let i = 0; i < count; i++) await expect(tiles.nth(i)).toContainText(/Zoro/i);

  // The filtered view is shareable: reloading the URL restores it.
  await page.reload();
  await expect(page.getByTestId('card-search')).toHaveValue('Zoro c:red t:leader');
  await expect(filters.getByRole('button', { name: 'Leader', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await tiles.first().click();
  await expect(page).toHaveURL(/\/cards\/onepiece\/\d+-[A-Z0-9]+-\d+-[a-z0-9-]+$/);
  await expect(page.getByTestId('card-name')).toContainText(/Zoro/i);
  // The card's type under its name (the art's placeholder also names it, hidden once the image has loaded).
  await expect(page.getByText('Leader', { exact: true }).filter({ visible: true }).first()).toBeVisible();

  await page.getByTestId('copy-link').click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
});

test('list view, sorting and pagination keep their state in the URL', async ({ page }) => {
  await page.goto('/cards?type=Character&sort=power&order=desc');
  await page.getByRole('radio', { name: 'List view' }).click();
  await expect(page).toHaveURL(/view=list/);
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText(/1[0-3],000/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
});

test('an empty search result offers to clear the filters', async ({ page }) => {
  await page.goto('/cards?q=zzzzqqqq');
  await expect(page.getByRole('heading', { name: 'No cards match' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page.getByTestId('result-count')).toContainText(`${(await totalOf(page.request, 'pageSize=1')).toLocaleString('en-US')} cards`);
});

test('a search lists names first, one tile per card number with its prints counted, and a switch shows every print', async ({ page }) => {
  await page.goto('/cards');
  await page.getByTestId('card-search').fill('nami');
  await expect(page).toHaveURL(/q=nami/);
  const tiles = page.getByTestId('card-tile');
  // Real library: cards named exactly "Nami" come first; relevance is the sort a search has.
  await expect(tiles.first().locator('span.truncate').first()).toHaveText('Nami');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');

  await page.goto('/cards?q=OP01-001');
  await expect(tiles).toHaveCount(1);
  const prints = await totalOf(page.request, 'q=OP01-001&prints=all');
  expect(prints).toBeGreaterThan(1);
  await expect(tiles.first().getByTestId('print-count')).toHaveAttribute('title', `${prints} prints`);
  await page.getByTestId('every-print').first().click();
  await expect(page).toHaveURL(/prints=all/);
  await expect(tiles).toHaveCount(prints);
  await expect(page.getByTestId('print-count')).toHaveCount(0);
});

test('a card link with only the right id resolves to the canonical address', async ({ page, request }) => {
  const res = await request.get('/api/cards?q=op01-001&variations=false');
  const { items } = (await res.json()) as { items: { id: number }[] };
  const id = items[0]!.id;
  await page.goto(`/cards/onepiece/${id}-wrong-number-wrong-name`);
  await expect(page).toHaveURL(new RegExp(`/cards/onepiece/${id}-OP01-001-roronoa-zoro$`));
  await expect(page.getByTestId('card-name')).toHaveText('Roronoa Zoro');
  // Parallels of the same number are shown as variations.
  await expect(page.getByTestId('variations').getByRole('link')).toHaveCount(3);
  // The art comes from our server's thumbnails; offline, the server answers its designed placeholder (never a
  // broken image).
  const art = page.getByRole('img', { name: 'Roronoa Zoro' }).first();
  await expect(art).toHaveAttribute('src', /^\/img\/cards\/\d+\/320\.webp$/);
  await expect(art).toHaveAttribute('data-loaded', 'true');
  expect(await art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('an unknown card id shows "Card not found" with HTTP 404 and asks for no prices; an unknown address is a 404 too', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/cards/onepiece/99999999-x');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Card not found' })).toBeVisible();
  expect(asked).toContain('/api/cards/99999999');
  expect(asked.filter((p) => p.includes('/prices'))).toEqual([]);

  const nowhere = await page.goto('/no-such-page');
  expect(nowhere!.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect((await page.goto('/cards'))!.status()).toBe(200);
});

test('a link with invalid filters explains it and offers to remove them', async ({ page }) => {
  await page.goto('/cards?color=Pink&type=Leader&sort=rarity');
  await expect(page.getByRole('heading', { name: 'Some filters in this link are not valid' })).toBeVisible();
  await expect(page.getByText(/color/)).toBeVisible();
  await page.getByRole('button', { name: 'Remove invalid filters' }).click();
  // type=Leader of the old link was read into the query; the color the language cannot say stayed, and went.
  await expect(page).toHaveURL(/\/cards\?q=t%3Aleader$/);
  await expect(page.getByTestId('card-tile').first()).toBeVisible();
});

test('a card page says where the number stands in Standard and Extra, with the rule and its date', async ({ page, request }) => {
  const find = async (number: string) =>
    ((await (await request.get(`/api/cards?q=${number.toLowerCase()}&variations=false`)).json()) as { items: { id: number; cardNumber: string }[] }).items.find((c) => c.cardNumber === number)!;
  const moria = await find('OP06-086');
  await page.goto(`/cards/onepiece/${moria.id}-x`);
  const legality = page.getByTestId('card-legality');
  await expect(legality.getByTestId('legality-standard')).toHaveAttribute('data-status', 'banned');
  await expect(legality.getByTestId('legality-extra')).toContainText('Banned');
  await expect(legality.getByTestId('legality-extra')).toContainText('since Apr 1, 2025');
  const luffy = await find('OP11-040');
  await page.goto(`/cards/onepiece/${luffy.id}-x`);
  await expect(page.getByTestId('legality-standard')).toHaveAttribute('data-status', 'legal');
  await expect(page.getByTestId('legality-standard').getByTestId('legality-pair')).toHaveCount(2);
});
