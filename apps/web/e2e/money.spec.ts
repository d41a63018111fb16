import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

interface ApiCard {
  id: number;
  name: string;
}

/*
 * Issue 46: every screen writes an amount as the spec's locale for its currency does (de-DE for EUR, pt-BR for BRL),
 * whatever the interface language — the watchlist once wrote "€5.33" in English beside the binder's "64,27 €".
 * (Intl puts a no-break space beside the symbol: \s matches it.)
 */
const STYLES = {
  // `exact`: the element starts with the amount (a Demo badge may follow it).
  EUR: { exact: /^\d{1,3}(\.\d{3})*,\d\d\s€/, within: /\d,\d\d\s€/ },
  BRL: { exact: /^R\$\s\d{1,3}(\.\d{3})*,\d\d(?![\d.,])/, within: /R\$\s\d+,\d\d/ },
} as const;

async function choose(page: Page, language: 'en' | 'es', currency: keyof typeof STYLES) {
  const res = await page.request.patch('/api/me/profile', { data: { language, currency } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The binder list, the binder, the wishlist's cost and the deck's buy list, in the chosen currency. */
async function collectionScreens(page: Page, { binderId, deckId, currency }: { binderId: string; deckId: string; currency: keyof typeof STYLES }) {
  const style = STYLES[currency];
  await page.goto('/collection');
  await expect(page.getByTestId('binder-item-value').first()).toHaveText(style.exact);

  await page.goto(`/collection/${binderId}`);
  await expect(page.getByTestId('binder-value').getByTestId('value-total').locator('dd > span').first()).toHaveText(style.exact);
  const rowPrice = page.getByTestId('binder-row').getByTestId('row-price');
  await expect(rowPrice).toContainText(style.within);

  await page.goto('/wishlist');
  await expect(page.getByTestId('wishlist-cost-total')).toHaveText(style.exact);

  await page.goto(`/deck/${deckId}`);
  await page.getByTestId('tab-collection').click();
  const buy = page.getByTestId('buy-list');
  await expect(buy.getByTestId('buy-list-row')).toHaveCount(1);
  await expect(buy.getByTestId('buy-list-split')).toContainText(style.within);
  for (const market of await buy.getByTestId('buy-list-market').all()) await expect(market).toContainText(style.within);
}

test("money reads as its currency's own locale on every screen: EUR 5,33 € in English, BRL R$ 6,62 in Spanish", async ({ page }) => {
  test.setTimeout(90_000);
  await createAccount(page, { email: uniqueEmail('money') });
  const card = ((await (await page.request.get('/api/cards?set=op-01&variations=false&type=Character&pageSize=1')).json()) as { items: ApiCard[] }).items[0]!;
  // Demo prices are written just after the server starts.
  const usMin = async () =>
    ((await (await page.request.get(`/api/cards/${card.id}/prices?currency=EUR`)).json()) as { markets: { market: string; min: number | null }[] }).markets.find((m) => m.market === 'us')?.min ?? null;
  await expect.poll(usMin, { timeout: 30_000 }).not.toBeNull();

  // A binder with one copy, three copies wished, a deck of four (three to buy) and an alert above the price in EUR.
  const created = await page.request.post('/api/binders', { data: { name: 'Money', category: 'personal' } });
  expect(created.status(), await created.text()).toBe(201);
  const binderId = ((await created.json()) as { id: string }).id;
  expect((await page.request.post(`/api/binders/${binderId}/cards`, { data: { cards: [{ cardId: card.id, quantity: 1 }] } })).status()).toBe(200);
  expect((await page.request.post('/api/wishlist/cards', { data: { cards: [{ cardId: card.id, quantity: 3 }] } })).status()).toBe(200);
  const deck = await page.request.post('/api/decks', { data: { name: 'Money deck', format: 'standard', cards: [{ cardId: card.id, quantity: 4 }] } });
  expect(deck.status(), await deck.text()).toBe(201);
  const deckId = ((await deck.json()) as { id: string }).id;
  const watch = await page.request.post('/api/watches', { data: { cardId: card.id, market: 'us', direction: 'above', threshold: 1234.5, currency: 'EUR' } });
  expect(watch.status(), await watch.text()).toBe(201);

  // English, EUR.
  await choose(page, 'en', 'EUR');
  await page.goto('/watchlist');
  const row = page.getByTestId('watch-row');
  await expect(row.locator('td').nth(2)).toContainText('1.234,50 €');
  await expect(row.locator('td').nth(3)).toHaveText(STYLES.EUR.exact);
  // The rate note as the spec writes it: "US$ 1 = € 0.91".
  await expect(page.getByTestId('rate-note').first()).toHaveText(/^US\$ 1 = € \d+\.\d\d( |$)/);
  // The alert dialog's current price.
  await row.getByTestId('watch-edit').click();
  await expect(page.getByTestId('watch-dialog')).toContainText(STYLES.EUR.within);
  await page.keyboard.press('Escape');
  await collectionScreens(page, { binderId, deckId, currency: 'EUR' });

  // Spanish, BRL: the alert stays in the currency it was set in; the rest follows the chosen currency.
  await choose(page, 'es', 'BRL');
  await page.goto('/watchlist');
  await expect(page.getByTestId('watch-row').locator('td').nth(2)).toContainText('1.234,50 €');
  await expect(page.getByTestId('rate-note').first()).toHaveText(/^US\$ 1 = R\$ \d+\.\d\d( |$)/);
  await collectionScreens(page, { binderId, deckId, currency: 'BRL' });
});
