import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';
import { layoutShift, observeLayoutShifts, settle } from './routes';

/**
 * Saved searches in the app (issue 42, "Saved searches: save from the library, list and delete in the sidebar's library
 * entry"): a query typed in the library is saved under a name, listed beneath the sidebar's "Card library", opens the
 * library with its query, and is deleted after a confirmation; the phone menu lists it too.
 */
test('save a search from the library, open it from the sidebar, delete it', async ({ page }) => {
  await observeLayoutShifts(page);
  // Where the sidebar's "Sets" entry (beneath the library's) is drawn, at each frame from the first.
  await page.addInitScript(() => {
    const w = window as unknown as { __setsTops: number[] };
    w.__setsTops = [];
    const watch = () => {
      const entry = document.querySelector('nav [data-testid="nav-sets"]');
      if (entry) w.__setsTops.push(Math.round(entry.getBoundingClientRect().top));
      if (w.__setsTops.length < 600) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await createAccount(page, { email: uniqueEmail('saved-searches') });
  await page.goto('/cards');
  const box = page.getByTestId('card-search');
  // Nothing to save without a query.
  await expect(page.getByTestId('card-tile').first()).toBeVisible();
  await expect(page.getByTestId('save-search')).toHaveCount(0);
  await box.fill('luffy c:red');
  await expect(page).toHaveURL(/q=luffy\+c%3Ared$/);

  await page.getByTestId('save-search').click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('luffy c:red');
  await name.fill('');
  await dialog.getByTestId('save-search-submit').click();
  await expect(dialog.getByText('Give the search a name')).toBeVisible();
  await name.fill('Red Luffy');
  await dialog.getByTestId('save-search-submit').click();
  await expect(dialog).toBeHidden();

  // Saving opened the list beneath the library entry, where the search now is.
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(sidebar.getByTestId('saved-searches-toggle')).toHaveAttribute('aria-expanded', 'true');
  const link = sidebar.getByRole('link', { name: 'Red Luffy' });
  await expect(link).toHaveAttribute('aria-current', 'page');

  // From another page, the link opens the library with its query.
  await page.goto('/sets');
  await settle(page, 0);
  // The open list was drawn at its height from the first frame, while the session and the list loaded: the sidebar's
  // entries beneath the library's never moved, and the page did not shift.
  const tops = await page.evaluate(() => (window as unknown as { __setsTops: number[] }).__setsTops);
  expect(tops.length).toBeGreaterThan(0);
  expect(new Set(tops)).toEqual(new Set([tops[0]]));
  expect((await layoutShift(page)).value).toBeLessThanOrEqual(0.02);
  await sidebar.getByRole('link', { name: 'Red Luffy' }).click();
  await expect(page).toHaveURL(/\/cards\?q=luffy(\+|%20)c%3Ared$/);
  await expect(box).toHaveValue('luffy c:red');
  await expect(page.getByTestId('card-tile').first()).toContainText(/Luffy/i);

  // On a phone, the menu lists it under the library too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Red Luffy' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Deleting asks first; confirmed, the list says how to save one.
  await sidebar.getByRole('button', { name: 'Delete saved search “Red Luffy”' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this saved search?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(sidebar.getByTestId('saved-searches-empty')).toHaveText('No saved searches yet. Search the library and choose Save search.');
  const left = (await (await page.request.get('/api/searches')).json()) as { items: unknown[] };
  expect(left.items).toHaveLength(0);
});
