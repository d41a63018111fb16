import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import enPrices from '../src/locales/en/prices.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAdmin } from './admin';

const W = enPrices.watches;

test('a price alert added from a card page fires when a price file crosses it: the bell lights up live, the watchlist shows it met', async ({ page }) => {
  const ADMIN = await createAdmin(page, 'watch');
  const search = await page.request.get('/api/cards?q=op01-016&variations=false');
  const nami = ((await search.json()) as { items: { id: number; cardNumber: string; name: string }[] }).items.find((c) => c.cardNumber === 'OP01-016')!;
  // Demo prices are written just after the server starts: the BR price (an estimate from the US one) in BRL.
  const brPrice = async () =>
    ((await (await page.request.get(`/api/cards/${nami.id}/prices?currency=BRL`)).json()) as { markets: { market: string; min: number | null }[] }).markets.find((m) => m.market === 'br')?.min ?? null;
  await expect.poll(brPrice, { timeout: 30_000 }).not.toBeNull();
  const current = (await brPrice())!;

  // The alert, from the card page, in BRL (the currency chosen in the header's preferences).
  await page.goto(`/cards/onepiece/${nami.id}`);
  await page.getByRole('button', { name: 'Currency' }).click();
  await page.getByRole('menuitemradio', { name: /BRL/ }).click();
  await page.getByTestId('watch-add').click();
  const dialog = page.getByTestId('watch-dialog');
  await expect(dialog.getByRole('heading', { name: W.addTitle })).toBeVisible();
  await dialog.getByRole('combobox', { name: W.marketplace }).click();
  await page.getByRole('option', { name: /Liga One Piece/ }).click();
  await dialog.getByTestId('watch-direction-below').click();
  // A threshold the price is already under is refused with the spec's message, and nothing is saved.
  const input = dialog.getByTestId('watch-threshold');
  await input.fill(((current + 500) / 100).toFixed(2).replace('.', ','));
  await dialog.getByTestId('watch-save').click();
  await expect(dialog.getByRole('alert')).toHaveText(W.alreadyPast.below);
  await input.fill('abc');
  await dialog.getByTestId('watch-save').click();
  await expect(dialog.getByRole('alert')).toHaveText(W.validation.thresholdInvalid);
  // Past the largest threshold: the message names it, in the interface's number format; empty: nothing to add.
  await input.fill('99999999');
  await dialog.getByTestId('watch-save').click();
  await expect(dialog.getByRole('alert')).toHaveText(W.validation.thresholdTooHigh.replace('{{max, number}}', '10,000,000'));
  await input.fill('');
  await expect(dialog.getByTestId('watch-save')).toBeDisabled();
  // Half the current price: watching.
  const threshold = Math.floor(current / 2);
  await input.fill((threshold / 100).toFixed(2));
  await dialog.getByTestId('watch-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('watch-add')).toContainText('1');

  // The library offers the same dialog on each card (the tile's bell; already watched: it stays shown).
  await page.goto('/cards?q=op01-016');
  const tile = page.getByTestId('card-tile').first().locator('..');
  await tile.hover();
  await tile.getByTestId('watch-tile').click();
  await expect(page.getByTestId('watch-dialog')).toContainText(nami.name);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('watch-dialog')).toBeHidden();

  await page.goto('/watchlist');
  const row = page.getByTestId('watch-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(nami.name);
  await expect(row).toContainText('Liga One Piece');
  await expect(row.getByTestId('watch-status')).toHaveText(W.statuses.watching);
  await expect(page.getByText('1 of 3 alerts on the Free plan')).toBeVisible();
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-unread', '0');

  // A Liga price file under the threshold, uploaded meanwhile (as from another tab): the bell lights up without a reload.
  const price = (Math.floor((threshold * 3) / 4) / 100).toFixed(2);
  const upload = await page.request.post('/api/admin/prices/upload', {
    multipart: { source: 'csv', market: 'br', file: { name: 'liga.csv', mimeType: 'text/csv', buffer: Buffer.from(`card_number,variant,min,avg,max,currency\nOP01-016,,${price},${price},${price},BRL\n`) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  await expect(bell).toHaveAttribute('data-unread', '1', { timeout: 15_000 });
  await expect(page.getByTestId('notification-count')).toHaveText('1');
  await expect(page.getByText(enCommon.notifications.toastTitle, { exact: true })).toBeVisible();
  await expect(row.getByTestId('watch-status')).toHaveText(W.statuses.below_threshold_met);

  // The panel lists it, unread; "mark all as read" clears the count.
  await bell.click();
  const item = page.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(nami.name);
  await expect(item).toHaveAttribute('data-read', 'false');
  await page.getByTestId('notifications-read-all').click();
  await expect(bell).toHaveAttribute('data-unread', '0');
  await page.keyboard.press('Escape');

  // Edit re-arms it; remove empties the list.
  await row.getByTestId('watch-edit').click();
  await expect(page.getByTestId('watch-dialog').getByTestId('watch-threshold')).toHaveValue(String(threshold / 100));
  await page.getByTestId('watch-dialog').getByTestId('watch-threshold').fill((Math.floor(threshold / 2) / 100).toFixed(2));
  await page.getByTestId('watch-dialog').getByTestId('watch-save').click();
  await expect(row.getByTestId('watch-status')).toHaveText(W.statuses.watching);
  await row.getByTestId('watch-remove').click();
  await page.getByTestId('watch-remove-confirm').click();
  await expect(page.getByRole('heading', { name: W.emptyTitle })).toBeVisible();

  // Alert e-mails can be turned off in Settings → Preferences; it is saved on the account.
  await page.goto('/settings?tab=preferences');
  const emails = page.getByTestId('alert-emails');
  await expect(emails).toHaveAttribute('data-state', 'checked');
  await emails.click();
  await expect(emails).toHaveAttribute('data-state', 'unchecked');
  await expect.poll(async () => ((await (await page.request.get('/api/me')).json()) as { profile: { alertEmails: boolean } }).profile.alertEmails).toBe(false);

  // The admin deletes its account, with the alerts it fired behind it.
  const removed = await page.request.post('/api/me/delete', { data: { confirmation: ADMIN } });
  expect(removed.status(), await removed.text()).toBeLessThan(300);
});
