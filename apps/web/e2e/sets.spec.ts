import { expect, test } from './fixtures';

test('open a set from the set list', async ({ page }) => {
  await page.goto('/sets');
  await expect(page.getByRole('heading', { name: 'Booster packs' })).toBeVisible();
  await page.getByLabel('Filter sets by name or code').fill('OP-01');
  await page.getByTestId('set-tile').filter({ hasText: 'ROMANCE DAWN' }).click();
  await expect(page).toHaveURL(/\/sets\/op-01$/);
  await expect(page.getByTestId('set-name')).toHaveText('ROMANCE DAWN');
  await expect(page.getByTestId('set-cards').getByTestId('card-tile').first()).toContainText('OP01-001');
  await page.getByRole('link', { name: 'Filter the library by this set' }).click();
  await expect(page).toHaveURL(/\/cards\?set=op-01/);
  await expect(page.getByTestId('card-tile').first()).toContainText('OP01-001');
});

test('an unknown set shows a not-found state', async ({ page }) => {
  await page.goto('/sets/op-99');
  await expect(page.getByRole('heading', { name: 'Set not found' })).toBeVisible();
});
