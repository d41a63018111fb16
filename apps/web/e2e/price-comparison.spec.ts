import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import enPrices from '../src/locales/en/prices.json' with { type: 'json' };
import esPrices from '../src/locales/es/prices.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

const R = enPrices.report;

/** A binder of six OP01 prints of the signed-in user, once the demo prices (written just after the server starts) are there. */
async function reportBinder(page: Page, name: string) {
  const found = (await (await page.request.get('/api/cards?set=op-01&variations=false&pageSize=6')).json()) as { items: { id: number }[] };
  expect(found.items).toHaveLength(6);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/cards/${found.items[5]!.id}/prices`)).json()) as { markets: { market: string; min: number | null }[] }).markets.find((m) => m.market === 'market5')?.min ?? null, { timeout: 30_000 })
    .not.toBeNull();
  const binder = (await (await page.request.post('/api/binders', { data: { name, category: 'personal' } })).json()) as { id: string };
  expect((await page.request.post(`/api/binders/${binder.id}/cards`, { data: { cards: found.items.map((c) => ({ cardId: c.id, quantity: 1 })) } })).ok()).toBe(true);
}

/** When the next report is available, as the Run button's reason writes it (the browser's time zone, the UI language's locale). */
async function nextReportDate(page: Page, locale: string) {
  const { resetsAt } = (await (await page.request.get('/api/reports/price-comparison/usage')).json()) as { resetsAt: string };
  return page.evaluate(
    ([at, loc]) => new Intl.DateTimeFormat(loc, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }).format(new Date(at!)),
    [resetsAt, locale],
  );
}

test('a price comparison report on Free: the messages of a bad form, a 3-row preview of a binder, the CSV export, then the week\'s report kept with Run disabled until the week resets', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('report-e2e') });
  await reportBinder(page, 'Report binder');

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
  expect(lines[0]).toBe('card_number,name,variant,set,quantity,reference_market,reference_price,lowest_market,lowest_price,difference,difference_pct,currency,difference_per_copy,total_saving');
  expect(lines).toHaveLength(4);
  await expect(page.getByTestId('report-export')).toContainText('0 left this month');

  // The week's report is used: Run says why it is disabled and when it comes back, before any click.
  const run = page.getByTestId('report-run');
  const reason = page.getByTestId('report-run-reason');
  const date = await nextReportDate(page, 'en-US');
  await expect(run).toBeDisabled();
  await expect(reason).toHaveText(`${R.usedUp.replace('{{date}}', date)} ${enPrices.watches.seePlans}`);
  await expect(run).toHaveAccessibleDescription(`${R.usedUp.replace('{{date}}', date)} ${enPrices.watches.seePlans}`);

  // What the numbers mean: the difference in words, the per-copy amount and the total for the row's copies apart.
  await expect(page.getByRole('columnheader', { name: R.columns.difference })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: R.columns.totalSaving })).toBeVisible();
  const rows = page.getByTestId('report-row');
  const firstRow = await rows.first().getByTestId('report-difference').innerText();
  expect(firstRow).toMatch(/^(cheaper|dearer) by \d+\.\d%$/);

  // A reload reopens the week's report as it was — the rows, the parameters, the empty minimum difference — without
  // running it again.
  // (In the order the report was run in: sorting a preview here is a view of it, not a new report.)
  const shownRows = (await rows.allInnerTexts()).sort();
  const runs: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/reports/price-comparison' && runs.push(r.url()));
  await page.reload();
  await expect(rows).toHaveCount(3);
  expect((await rows.allInnerTexts()).sort()).toEqual(shownRows);
  await expect(page.locator('th[aria-sort="descending"]')).toContainText(R.columns.differencePct);
  expect(runs).toEqual([]);
  await expect(page.getByTestId('report-ran-at')).toBeVisible();
  await expect(page.getByRole('combobox', { name: R.scope })).toHaveText(/Binder: Report binder/);
  await expect(page.getByRole('button', { name: new RegExp(`^${R.compareAgainst}:`) })).toHaveAccessibleName(`${R.compareAgainst}: 4 marketplaces`);
  await expect(page.getByLabel(R.minDifference)).toHaveValue('');
  await expect(run).toBeDisabled();
  await expect(reason).toContainText(date);
  await expect(page.getByTestId('report-failure')).toHaveCount(0);
});

test('the Spanish form and report fit a 390 px phone: nothing is wider than the screen', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('report-es') });
  await reportBinder(page, 'Carpeta informe');
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'es'));
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = () =>
    page.evaluate(() => ({
      fits: document.documentElement.scrollWidth <= Math.min(390, document.documentElement.clientWidth),
      past: [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        // What is drawn: not inside a box clipped to 1 px for screen readers (the table's head on a phone, sr-only).
        .filter((el) => {
          for (let box = el.parentElement; box; box = box.parentElement) if (box.getBoundingClientRect().width <= 1 && getComputedStyle(box).overflow === 'hidden') return false;
          return true;
        })
        .map((el) => `${el.tagName} ${(el.textContent ?? '').slice(0, 40)}`),
    }));
  const S = esPrices.report;

  await page.goto('/price-comparison');
  await expect(page.getByRole('heading', { name: S.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('report-usage')).toBeVisible();
  expect(await overflow()).toEqual({ fits: true, past: [] });

  await page.getByRole('combobox', { name: S.scope }).click();
  await page.getByRole('option', { name: 'Carpeta: Carpeta informe' }).click();
  await page.getByTestId('report-run').click();
  await expect(page.getByTestId('report-row')).toHaveCount(3);
  await expect(page.getByTestId('report-row').first().getByTestId('report-difference')).toHaveText(/^más (barato|caro) en \d+,\d\s%$/);
  await expect(page.getByTestId('report-run-reason')).toContainText(await nextReportDate(page, 'es-ES'));
  expect(await overflow()).toEqual({ fits: true, past: [] });
});
