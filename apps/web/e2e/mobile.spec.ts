import { expect, test } from './fixtures';

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
  await expect(page).toHaveURL(/color=Purple/);
  await sheet.getByRole('button', { name: /^Show [\d,]+ cards$/ }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('card-tile').first()).toBeVisible();
  // The settings button replaces the header selectors on small screens.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});
