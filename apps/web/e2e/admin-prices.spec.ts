import { readFileSync } from 'node:fs';
import enAdmin from '../src/locales/en/admin.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAdmin } from './admin';

const L = enAdmin.admin;
const P = L.prices;
const LIGA_CSV = readFileSync(new URL('../../../packages/core/src/prices/fixtures/liga-prices.example.csv', import.meta.url));

test('an admin imports the Liga example price CSV and sees its run, matched 1, in the runs list', async ({ page }) => {
  const ADMIN = await createAdmin(page, 'prices');
  const search = await page.request.get('/api/cards?q=op01-077&variations=false');
  const luffy = ((await search.json()) as { items: { id: number; cardNumber: string }[] }).items.find((c) => c.cardNumber === 'OP01-077')!;

  await page.goto('/admin');
  await page.getByRole('tab', { name: L.tabs.prices }).click();
  await expect(page).toHaveURL(/\/admin\?tab=prices$/);
  const section = page.getByTestId('admin-prices');
  // The e2e server fetches no source: every source says so and none can be run.
  await expect(section.getByTestId('price-source-tcgcsv')).toContainText(P.sources.notConfigured);
  await expect(section.getByTestId('price-run-tcgcsv')).toHaveCount(0);

  const upload = page.getByTestId('admin-price-upload');
  // A file without the price columns is refused with its translated message; nothing is stored.
  await upload.getByTestId('price-upload-file').setInputFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from('card_number;variant;price\nOP01-077;;1\n') });
  await upload.getByTestId('price-upload-submit').click();
  await expect(upload.getByRole('alert')).toContainText(P.errors.MISSING_COLUMNS.replace('{{missing}}', 'min, avg, max, currency'));

  await upload.getByTestId('price-upload-file').setInputFiles({ name: 'liga-prices.example.csv', mimeType: 'text/csv', buffer: LIGA_CSV });
  await upload.getByTestId('price-upload-submit').click();
  const result = upload.getByTestId('price-upload-result');
  const counts: Record<string, number> = { matched: 1, unmatched: 0, skipped: 0, rows: 1 };
  await expect(result).toContainText(P.upload.succeeded.replace(/\{\{(\w+), number\}\}/g, (_, k: string) => String(counts[k])));
  await expect(result).toContainText(P.upload.markets.br);

  // The run is listed (the list is asked again after the import): a price file for Liga One Piece, by an admin, matched 1.
  const run = page.getByTestId('price-run-row').filter({ hasText: P.sources.names.csv }).first();
  await expect(run).toContainText(P.upload.markets.br);
  await expect(run).toContainText(P.runs.triggers.admin);
  await expect(run.getByTestId('price-run-status')).toHaveAttribute('data-status', 'succeeded');
  await expect(run.getByTestId('price-run-matched')).toHaveText('1');
  await expect(run.getByTestId('price-run-unmatched')).toHaveText('0');

  // The print's BR price is now the file's, not an estimate.
  const prices = (await (await page.request.get(`/api/cards/${luffy.id}/prices?currency=BRL`)).json()) as { markets: { market: string; source: string; estimate: boolean; min: number }[] };
  expect(prices.markets.find((m) => m.market === 'br')).toMatchObject({ source: 'csv', estimate: false, min: 2400 });

  // The admin deletes its account, with the price run it made behind it.
  const removed = await page.request.post('/api/me/delete', { data: { confirmation: ADMIN } });
  expect(removed.status(), await removed.text()).toBeLessThan(300);
});
