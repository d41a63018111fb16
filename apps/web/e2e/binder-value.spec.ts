import en from '../src/locales/en/binders.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

interface ApiCard {
  id: number;
  cardNumber: string;
  name: string;
}

const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

test("a Personal binder's market value: demo prices, the rows' prices, a gain from a purchase price, and the portfolio", async ({ page }) => {
  test.setTimeout(90_000);
  await createAccount(page, { email: uniqueEmail('value') });
  const card = ((await (await page.request.get('/api/cards?set=op-01&variations=false&pageSize=1')).json()) as { items: ApiCard[] }).items[0]!;

  // A Personal binder made through the UI, with two copies of one card added from the library.
  await page.goto('/collection/new');
  await page.getByTestId('binder-name').fill('Value check');
  await page.getByTestId('category-personal').click();
  await page.getByTestId('binder-submit').click();
  await expect(page).toHaveURL(/\/collection\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByTestId('binder-value')).toHaveCount(0);
  await page.getByTestId('binder-add-cards').click();
  const search = page.getByTestId('add-cards-dialog').getByTestId('deck-card-search');
  await search.getByRole('searchbox').fill(card.cardNumber);
  const result = search.locator(`[data-testid="search-result"][data-card-number="${card.cardNumber}"]`).first();
  await result.click();
  await result.click();
  await page.getByTestId('add-cards-confirm').click();
  await expect(page.getByTestId('binder-count')).toHaveText('2 cards · 1 distinct');

  // Its value in the default collection price settings (TCGplayer, minimum, USD): demo prices, flagged as such.
  const value = page.getByTestId('binder-value');
  const api = (await (await page.request.get(`/api/binders/${id}/value?market=us&priceType=min&currency=USD`)).json()) as { total: number; demo: boolean };
  expect(api.demo).toBe(true);
  expect(api.total).toBeGreaterThan(0);
  await expect(value.getByTestId('value-total')).toContainText(usd(api.total));
  await expect(value.getByTestId('value-copies')).toHaveText('2 of 2 copies priced');
  await expect(value.getByTestId('value-demo')).toHaveText(en.value.demo);
  await expect(value.getByTestId('value-gain')).toContainText(en.value.noCostBasis);
  // The row shows its total (2 × the unit price).
  await expect(page.getByTestId('binder-row').getByTestId('row-price')).toContainText(usd(api.total));

  // What was paid, in the row's details: 0.01 US$ a copy, so the value is a gain.
  await page.getByTestId('view-list').click();
  await page.getByTestId('binder-list').getByRole('button', { name: `Actions for ${card.name}` }).click();
  await page.getByTestId('row-edit-details').click();
  await page.getByTestId('row-price-input').fill('0.01');
  await page.getByTestId('row-details-save').click();
  await expect(page.getByText(en.details.saved)).toBeVisible();
  const gain = value.getByTestId('value-gain-amount');
  await expect(gain).toHaveText(`+${usd(api.total - 2)}`);
  await expect(gain.locator('..')).toHaveAttribute('data-tone', 'up');
  await expect(value.getByTestId('value-gain')).toContainText(`Paid ${usd(2)} · worth ${usd(api.total)} now`);
  await expect(value.getByTestId('value-gain-percent')).toHaveText(/^\+[\d,.]+%$/);

  // "Refresh prices" asks again and says so; the Value tab lists the card among the most valuable.
  await value.getByTestId('value-refresh').click();
  await expect(page.getByText(en.value.refreshed)).toBeVisible();
  await page.getByTestId('tab-binder-value').click();
  await expect(page.getByTestId('most-valuable')).toContainText(card.name);
  await expect(page.getByTestId('value-history-chart')).toBeVisible();

  // The portfolio counts the binder: the same total, and the binder among the values by binder.
  await page.goto('/collection?tab=portfolio');
  const portfolio = page.getByTestId('portfolio-value-card');
  await expect(portfolio.getByTestId('value-total')).toContainText(usd(api.total));
  await expect(portfolio.getByTestId('value-demo')).toBeVisible();
  await expect(portfolio.getByTestId('value-gain-amount')).toHaveText(`+${usd(api.total - 2)}`);
  await expect(page.getByTestId('portfolio-binder-value')).toContainText('Value check');
});
