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
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  // Hold the app's code back: what the browser paints meanwhile must already be in the light theme.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.locator('#root').getByText('Grand Line').filter({ visible: true }).first()).toBeVisible();
  // The app's code has not run (the page was drawn by the server, or is the static shell).
  await expect(page.locator('html')).not.toHaveAttribute('data-drawn', /./);
  release();
  await expect(page.locator('html')).toHaveAttribute('data-drawn', /./);
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/light/);
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
