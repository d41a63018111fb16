import { expect, test } from './fixtures';

test('open a set from the set list', async ({ page }) => {
  await page.goto('/sets');
  await expect(page.getByRole('heading', { name: 'Booster packs' })).toBeVisible();
  await page.getByLabel('Filter sets by name or code').fill('OP-01');
  await page.getByTestId('set-tile').filter({ hasText: 'Romance Dawn' }).click();
  await expect(page).toHaveURL(/\/sets\/op-01$/);
  await expect(page.getByTestId('set-name')).toHaveText('Romance Dawn');
  await expect(page.getByTestId('set-cards').getByTestId('card-tile').first()).toContainText('OP01-001');
  await page.getByRole('link', { name: 'Filter the library by this set' }).click();
  await expect(page).toHaveURL(/\/cards\?q=set%3Aop-01/);
  await expect(page.getByTestId('card-tile').first()).toContainText('OP01-001');
});

// Issue 46, item 13: the combined booster reads as its box does, and "cards" says what it counts.
test('a combined booster shows its code, its two halves and its card numbers beside its prints', async ({ page }) => {
  await page.goto('/sets');
  await page.getByLabel('Filter sets by name or code').fill('OP15-EB04');
  const tile = page.getByTestId('set-tile').filter({ hasText: "Adventure on Kami's Island" });
  await expect(tile).toContainText('OP15-EB04');
  await expect(tile).toContainText('158 card numbers');
  await tile.click();
  await expect(page).toHaveURL(/\/sets\/op-15-eb04$/);
  await expect(page.getByTestId('set-counts')).toHaveText('158 card numbers · 196 prints');
  await expect(page.getByTestId('set-combined')).toHaveText('One booster with the cards of OP-15 and part of EB-04');
});

test('an unknown set shows a not-found state', async ({ page }) => {
  await page.goto('/sets/op-99');
  await expect(page.getByRole('heading', { name: 'Set not found' })).toBeVisible();
});
