import { expect, test } from './fixtures';

test('language and theme choices survive a reload', async ({ page }) => {
  await page.goto('/cards');
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Português' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biblioteca de cartas');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');

  await page.getByRole('button', { name: 'Idioma' }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biblioteca de cartas');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('nav-sets')).toContainText('Colecciones');

  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(/light/);

  await page.getByRole('button', { name: 'Moneda' }).click();
  await page.getByRole('menuitemradio', { name: /BRL/ }).click();

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('nav-sets')).toContainText('Colecciones');
  await expect(page.getByRole('button', { name: 'Moneda' })).toContainText('BRL');
  const stored = await page.evaluate(() => ({
    language: localStorage.getItem('selectedLanguage'),
    theme: localStorage.getItem('theme'),
    currency: localStorage.getItem('selectedCurrency'),
    game: localStorage.getItem('activeGameCategory'),
  }));
  expect(stored).toEqual({ language: 'es', theme: 'light', currency: 'BRL', game: null });
});

test('the stored theme is applied before the app renders (no flash)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForSelector('html.light', { state: 'attached', timeout: 5000 });
  const beforeApp = await page.evaluate(() => document.getElementById('root')?.childElementCount ?? 0);
  expect(beforeApp).toBe(0);
});

test('the sidebar collapse is remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
});

test('settings page changes preferences', async ({ page }) => {
  await page.goto('/plan-selection');
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('combobox', { name: 'Default marketplace' }).click();
  await page.getByRole('option', { name: /Cardmarket/ }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('collectionMarketplace'))).toBe('market5');
});
