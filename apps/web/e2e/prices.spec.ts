import { expect, test } from './fixtures';

test('a card page shows its demo prices by market and their history; range and currency changes update both', async ({ page, request }) => {
  const search = await request.get('/api/cards?q=op01-001&variations=false');
  const card = ((await search.json()) as { items: { id: number }[] }).items[0]!;
  // Demo prices are written just after the server starts listening: wait for them before opening the page.
  await expect
    .poll(async () => ((await (await request.get(`/api/cards/${card.id}/prices`)).json()) as { markets: unknown[] }).markets.length, { timeout: 30_000 })
    .toBe(5);

  await page.goto(`/cards/onepiece/${card.id}`);
  const prices = page.getByTestId('prices-section');
  await expect(prices.getByRole('heading', { name: 'Prices', exact: true })).toBeVisible();
  await expect(prices.getByTestId('demo-notice')).toContainText('Demo prices — not market data');

  const table = prices.getByTestId('price-table');
  await expect(table).toHaveAttribute('data-currency', 'USD');
  const us = table.getByTestId('price-row-us');
  await expect(us).toContainText('TCGplayer');
  await expect(us).toHaveAttribute('aria-current', 'true');
  await expect(us.getByTestId('price-min')).toContainText(/\$\d+\.\d\d$/);
  for (const market of ['br', 'market3', 'market4', 'market5']) await expect(table.getByTestId(`price-row-${market}`)).toBeVisible();
  const estimate = table.getByTestId('price-row-br').getByTestId('estimate-badge');
  await estimate.hover();
  await expect(page.getByRole('tooltip')).toContainText('import factor');
  // No rate note for US dollars.
  await expect(page.getByTestId('rate-note')).toHaveCount(0);

  const history = prices.getByTestId('price-history');
  const chart = history.getByTestId('chart');
  await expect(chart).toHaveAttribute('data-points', '30');
  await expect(history.getByTestId('chart-demo')).toBeVisible();
  await expect(history.getByRole('button', { name: '30D' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('.recharts-line')).toHaveCount(3);

  await history.getByRole('button', { name: '7D' }).click();
  await expect(history.getByRole('button', { name: '7D' })).toHaveAttribute('aria-pressed', 'true');
  await expect(history.getByRole('button', { name: '30D' })).toHaveAttribute('aria-pressed', 'false');
  await expect(chart).toHaveAttribute('data-points', '7');
  await history.getByRole('button', { name: '1Y' }).click();
  await expect(chart).toHaveAttribute('data-points', '365');

  // The header's currency picker: the table, the chart and the header's rate note follow.
  const usMin = await us.getByTestId('price-min').textContent();
  await page.getByRole('button', { name: 'Currency' }).click();
  await page.getByRole('menuitemradio', { name: /BRL/ }).click();
  await expect(table).toHaveAttribute('data-currency', 'BRL');
  await expect(us.getByTestId('price-min')).toContainText('R$');
  await expect(us.getByTestId('price-min')).not.toHaveText(usMin ?? '');
  await expect(prices).toContainText('Converted to BRL');
  await expect(page.getByTestId('rate-note')).toHaveText(/^US\$ 1 = R\$ \d+\.\d\d/);
  await expect(chart).toHaveAttribute('data-currency', 'BRL');
  await expect(chart).toHaveAttribute('data-points', '365');
  await expect(chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toContainText('R$');

  // Another market in the chart.
  await history.getByRole('combobox', { name: 'Marketplace' }).click();
  await page.getByRole('option', { name: 'Cardmarket' }).click();
  await expect(history.getByTestId('chart-summary')).toContainText('Latest price (Cardmarket');
  await expect(history.getByTestId('chart-summary')).toContainText('R$');
});

test('the library shows each card’s price, sorts by it and filters by a price range; a set page shows its value', async ({ page, request }) => {
  await expect
    .poll(async () => ((await (await request.get('/api/cards?pageSize=1&market=us')).json()) as { prices?: Record<string, unknown> }).prices, { timeout: 30_000 })
    .not.toEqual({});

  await page.goto('/cards?sort=price&order=desc');
  await expect(page.getByTestId('demo-prices-notice')).toHaveText('Demo prices — not market data');
  const amounts = page.getByTestId('card-grid').getByTestId('card-price');
  await expect(amounts.first()).toHaveText(/^\$[\d,]+\.\d\d/);
  const value = async (i: number) => Number((await amounts.nth(i).innerText()).replace(/[^\d.]/g, ''));
  expect(await value(0)).toBeGreaterThanOrEqual(await value(1));
  expect(await value(1)).toBeGreaterThanOrEqual(await value(5));

  // A range: every card shown costs at least the minimum; an unreadable amount says so and changes nothing.
  const min = page.getByLabel('Min (US$)');
  await min.fill('abc');
  await min.press('Enter');
  await expect(page.getByText('Please enter a valid positive number')).toBeVisible();
  await min.fill('5,50');
  await min.press('Enter');
  await expect(page).toHaveURL(/q=price%3E%3D5\.5/);
  await page.goto('/cards?sort=price&order=asc&priceMin=5.5');
  await expect(amounts.first()).toHaveText(/^\$/);
  expect(await value(0)).toBeGreaterThanOrEqual(5.5);

  await page.goto('/sets/op-01');
  await expect(page.getByTestId('set-value')).toContainText(/\$[\d,]+\.\d\d/);
  await expect(page.getByTestId('set-cards').getByTestId('card-price').first()).toHaveText(/^\$|^—$/);
});
