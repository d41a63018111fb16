import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAdmin } from './admin';
import { createAccount, uniqueEmail } from './mail';

test('on a phone the sidebar is an overlay menu and filters open in a sheet', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Card library' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/cards$/);

  await page.getByTestId('open-filters').click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('button', { name: 'Purple', exact: true }).click();
  await expect(page).toHaveURL(/q=c%3Apurple/);
  await sheet.getByRole('button', { name: /^Show [\d,]+ cards$/ }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('card-tile').first()).toBeVisible();
  // The settings button replaces the header selectors on small screens.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('on a touch screen a long press on a card of a deck shows its image and does not open the card', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('touch') });
  const cards = ((await (await page.request.get('/api/cards?color=Red&type=Character&block=3&variations=false&pageSize=3')).json()) as { items: { id: number }[] }).items;
  const created = await page.request.post('/api/decks', { data: { name: 'Touch deck', format: 'standard', cards: cards.map((c) => ({ cardId: c.id, quantity: 2 })) } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/deck/${id}`);
  const link = page.getByTestId('deck-row').first().getByRole('link');
  const box = (await link.boundingBox())!;
  const at = { pointerType: 'touch', isPrimary: true, pointerId: 7, clientX: box.x + 4, clientY: box.y + box.height / 2 };
  await link.dispatchEvent('pointerdown', at);
  await expect(page.getByTestId('card-preview')).toBeVisible();
  await link.dispatchEvent('pointerup', at);
  // The release's click does not follow the link.
  await link.dispatchEvent('click');
  await expect(page).toHaveURL(new RegExp(`/deck/${id}$`));
  // The next touch anywhere closes it; a short tap is an ordinary tap.
  await page.getByTestId('deck-title').dispatchEvent('pointerdown', { ...at, pointerId: 8 });
  await expect(page.getByTestId('card-preview')).toHaveCount(0);
});

test('on a phone, closing the menu or the filter sheet returns focus to its button', async ({ page }) => {
  await page.goto('/cards');
  const filters = page.getByTestId('open-filters');
  await filters.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(filters).toBeFocused();
  // After choosing a filter and showing the results.
  await filters.click();
  await sheet.getByRole('button', { name: 'Purple', exact: true }).click();
  await expect(page).toHaveURL(/q=c%3Apurple/);
  await sheet.getByRole('button', { name: /^Show [\d,]+ cards$/ }).click();
  await expect(sheet).toBeHidden();
  await expect(filters).toBeFocused();

  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
});

/** Whether an element's text is cut (wider than its box) or it lies outside the viewport horizontally. */
const clipped = (locator: Locator) =>
  locator.evaluateAll((els) =>
    els
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 || el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => el.textContent),
  );

test('at 390 px nothing is cut: the deck tabs, set names, and the admin users table as cards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createAdmin(page, 'mobile');
  await page.goto('/deck/new');
  const tabs = page.getByRole('tablist', { name: 'Deck views' }).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  expect(await clipped(tabs)).toEqual([]);

  await page.goto('/sets');
  await expect(page.getByTestId('set-tile').first()).toBeVisible();
  expect(await clipped(page.getByTestId('set-tile').locator('span.font-semibold'))).toEqual([]);

  await page.goto('/admin');
  const row = page.getByTestId('admin-user-row').first();
  await expect(row).toBeVisible();
  // A card, not a table scrolled sideways: the table fits, and each value is labelled with its column.
  const table = page.getByRole('table');
  expect(await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
  await expect(row.locator('td[data-label="Role"]')).toBeVisible();
  expect(await row.locator('td[data-label="Joined"]').evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Joined"');
});

test('a phone draws the first 12 tiles of a shared binder, and the rest of the page as the visitor scrolls towards them', async ({ page, browser, baseURL }) => {
  await createAccount(page, { email: uniqueEmail('phone-binder') });
  const created = await page.request.post('/api/binders', { data: { name: 'Long binder', category: 'personal', isPublic: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const cards = ((await (await page.request.get('/api/cards?color=Green&variations=false&pageSize=30')).json()) as { items: { id: number }[] }).items;
  expect(cards).toHaveLength(30);
  const added = await page.request.post(`/api/binders/${id}/cards`, { data: { cards: cards.map((c) => ({ cardId: c.id, quantity: 1 })) } });
  expect(added.status(), await added.text()).toBeLessThan(300);

  // A visitor on a phone (no session cookie, the project's Pixel 7 viewport).
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true });
  const visitor = await context.newPage();
  await visitor.goto(`/collection/${id}`);
  await expect(visitor.locator('html')).toHaveAttribute('data-drawn', 'server', { timeout: 15_000 });
  await expect(visitor.getByTestId('binder-rows-total')).toHaveText('30 rows');
  await visitor.waitForLoadState('networkidle');
  const rows = visitor.getByTestId('binder-row');
  await expect(rows).toHaveCount(12);
  await visitor.getByTestId('binder-rows-more').scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(30);
  await expect(visitor.getByTestId('binder-rows-more')).toHaveCount(0);

  // A wide screen sees the end of the first rows at once: the whole page is drawn without scrolling.
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.reload();
  await expect(visitor.locator('html')).toHaveAttribute('data-drawn', 'server', { timeout: 15_000 });
  await expect(rows).toHaveCount(30);
  await context.close();
});

test('on a phone the deck editor switches between the deck and "Add cards": an added card counts at once, the search is kept, names are whole', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createAccount(page, { email: uniqueEmail('phone-deck') });
  const ask = async (query: string) => ((await (await page.request.get(`/api/cards?${query}`)).json()) as { items: { id: number; cardNumber: string; name: string }[] }).items;
  // "Building Snake" was cut to "Building S…" beside the price and the steppers.
  const [snake] = await ask('q=Building%20Snake&variations=false&pageSize=1');
  // A card the deck's format allows today: the editor's search starts scoped to legal:standard.
  const [other] = await ask('q=legal%3Astandard%20t%3Acharacter%20c%3Ared&variations=false&pageSize=1');
  expect(snake?.name).toBe('Building Snake');
  const created = await page.request.post('/api/decks', { data: { name: 'Phone deck', format: 'standard', cards: [{ cardId: snake!.id, quantity: 2 }] } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/deck/${id}/edit`);

  const panes = page.getByRole('tablist', { name: 'Deck editor' });
  const deckTab = panes.getByRole('tab', { name: /^Deck/ });
  const addTab = panes.getByRole('tab', { name: 'Add cards' });
  const count = page.getByTestId('editor-deck-count');
  await expect(deckTab).toHaveAttribute('aria-selected', 'true');
  await expect(count).toHaveText('2');
  const snakeRow = page.locator(`[data-testid="deck-row"][data-card-number="${snake!.cardNumber}"]`);
  await expect(snakeRow).toBeVisible();
  expect(await clipped(snakeRow.getByRole('link'))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const search = page.getByTestId('deck-card-search');
  await expect(search).toBeHidden();

  // The keyboard moves between the two (tabs pattern); the deck is hidden, not thrown away.
  await deckTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(addTab).toBeFocused();
  await expect(addTab).toHaveAttribute('aria-selected', 'true');
  await expect(search).toBeVisible();
  await expect(page.getByTestId('deck-rows')).toBeHidden();
  await search.getByTestId('deck-card-query').fill(other!.cardNumber);
  await search.locator(`[data-testid="search-result"][data-card-number="${other!.cardNumber}"]`).first().click();
  await expect(count).toHaveText('3');
  // Said to screen readers too, without leaving the search.
  await expect(page.getByTestId('editor-added')).toHaveText(`${other!.name} added: 3 cards in the deck`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await deckTab.click();
  await expect(page.locator(`[data-testid="deck-row"][data-card-number="${other!.cardNumber}"]`)).toBeVisible();
  await expect(search).toBeHidden();
  await addTab.click();
  await expect(search.getByTestId('deck-card-query')).toHaveValue(other!.cardNumber);
});
