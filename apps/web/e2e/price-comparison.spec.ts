import { readFile } from 'node:fs/promises';
import enPrices from '../src/locales/en/prices.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount } from './mail';

const R = enPrices.report;

test('a price comparison report on Free: the messages of a bad form, a 3-row preview of a binder, the CSV export, then the weekly limit', async ({ page }) => {
  await createAccount(page, { email: `report-e2e-${Date.now()}@example.com` });
  // A binder of six OP01 prints, once the demo prices (written just after the server starts) are there.
  const found = (await (await page.request.get('/api/cards?set=op-01&variations=false&pageSize=6')).json()) as { items: { id: number }[] };
  expect(found.items).toHaveLength(6);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/cards/${found.items[5]!.id}/prices`)).json()) as { markets: { market: string; min: number | null }[] }).markets.find((m) => m.market === 'market5')?.min ?? null, { timeout: 30_000 })
    .not.toBeNull();
  const binder = (await (await page.request.post('/api/binders', { data: { name: 'Report binder', category: 'personal' } })).json()) as { id: string };
  expect((await page.request.post(`/api/binders/${binder.id}/cards`, { data: { cards: found.items.map((c) => ({ cardId: c.id, quantity: 1 })) } })).ok()).toBe(true);

  await page.goto('/price-comparison');
  await expect(page.getByRole('heading', { name: R.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('report-usage')).toContainText('1 of 1 weekly report left');

  // No market to compare against: the spec's message, on the field, and nothing is asked of the server.
  const trigger = page.getByRole('button', { name: new RegExp(`^${R.compareAgainst}:`) });
  await expect(trigger).toHaveAccessibleName(`${R.compareAgainst}: 4 marketplaces`);
  await trigger.click();
  await page.getByRole('button', { name: R.clear }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('report-run').click();
  await expect(page.getByRole('alert').filter({ hasText: enPrices.validation.reportMarketsMissing })).toBeVisible();
  await expect(page.getByTestId('report-usage')).toContainText('1 of 1');

  // The searchable multi-select: search, pick one, then pick the rest.
  await expect(trigger).toHaveAccessibleName(`${R.compareAgainst}: ${R.compareAgainstPlaceholder}`);
  await trigger.click();
  await page.getByRole('searchbox', { name: R.searchMarkets }).fill('cardm');
  await expect(page.getByTestId('multi-option-market5')).toBeAttached();
  await expect(page.getByTestId('multi-option-market3')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /^Cardmarket/ }).check();
  await expect(trigger).toHaveAccessibleName(`${R.compareAgainst}: Cardmarket`);
  await page.getByRole('searchbox', { name: R.searchMarkets }).fill('');
  await page.getByRole('button', { name: R.selectAll }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Remove Cardmarket' })).toBeVisible();

  // The binder, every card whatever the difference.
  await page.getByRole('combobox', { name: R.scope }).click();
  await page.getByRole('option', { name: 'Binder: Report binder' }).click();
  await page.getByLabel(R.minDifference).fill('');
  await page.getByTestId('report-run').click();
  const results = page.getByTestId('report-results');
  await expect(results).toBeVisible();
  await expect(page.getByTestId('report-row')).toHaveCount(3);
  await expect(page.getByTestId('report-summary')).toHaveText(/^Free preview: 3 of 6 results/);
  await expect(page.getByTestId('report-preview-note')).toBeVisible();
  await expect(page.getByTestId('report-usage')).toContainText('0 of 1 weekly reports left');

  // Sorting the preview happens here (asking the server again would be a second report).
  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/api/reports/price-comparison') && requests.push(r.url()));
  await page.getByTestId('report-sort-referencePrice').click();
  await expect(page.locator('th[aria-sort="descending"]')).toContainText(/price/i);
  await page.getByTestId('report-sort-referencePrice').click();
  await expect(page.locator('th[aria-sort="ascending"]')).toBeVisible();
  expect(requests).toEqual([]);

  // The CSV export: the preview's rows, then the monthly export is used.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('price-comparison.csv');
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('card_number,name,variant,set,quantity,reference_market,reference_price,lowest_market,lowest_price,difference,difference_pct,currency');
  expect(lines).toHaveLength(4);
  await expect(page.getByTestId('report-export')).toContainText('0 left this month');

  // A second report this week: the limit, with the way to the plans.
  await page.getByTestId('report-run').click();
  const failure = page.getByTestId('report-failure');
  await expect(failure).toContainText(`${R.errors.limitTitle} ${R.errors.limitText}`);
  await expect(failure.getByRole('link', { name: enPrices.watches.seePlans })).toBeVisible();
});
