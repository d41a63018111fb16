import { expect, test } from './fixtures';

test('a page loaded in full opens at the top, and going back restores where the reader was', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/cards');
  await expect(page.getByTestId('card-tile').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.goto('/sets');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByTestId('card-tile').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
});
