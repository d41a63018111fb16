import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

/** Opens a dialog with `open`, closes it with `close`, and expects focus back on `opener`. */
async function roundTrip(page: Page, opener: Locator, open: () => Promise<void>, close: () => Promise<void>) {
  await open();
  await expect(page.getByRole('dialog')).toBeVisible();
  await close();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test('closing a dialog returns focus to the control that opened it: buttons, the keyboard, a menu item, the close button', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('focus') });
  await page.goto('/deck/new');
  const importButton = page.getByTestId('open-import');
  const exportButton = page.getByTestId('open-export');
  await roundTrip(page, importButton, () => importButton.click(), () => page.keyboard.press('Escape'));
  await roundTrip(
    page,
    exportButton,
    async () => {
      await exportButton.focus();
      await page.keyboard.press('Enter');
    },
    () => page.keyboard.press('Escape'),
  );
  await roundTrip(page, importButton, () => importButton.click(), () => page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click());

  const created = await page.request.post('/api/binders', { data: { name: 'Focus binder', category: 'personal' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/collection/${id}`);
  // Opened from an item of the "more" menu: focus goes back to the menu's button.
  const more = page.getByTestId('binder-more');
  await roundTrip(
    page,
    more,
    async () => {
      await more.click();
      await page.getByTestId('binder-edit').click();
    },
    () => page.keyboard.press('Escape'),
  );
  const importBinder = page.getByTestId('binder-import');
  await roundTrip(page, importBinder, () => importBinder.click(), () => page.keyboard.press('Escape'));
  const add = page.getByTestId('binder-add-cards');
  await roundTrip(page, add, () => add.click(), () => page.keyboard.press('Escape'));
});
