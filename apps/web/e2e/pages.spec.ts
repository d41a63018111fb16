import { expect, test } from './fixtures';

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  // A way on: searching the library from here.
  const search = page.getByTestId('not-found-search');
  await search.getByRole('searchbox', { name: 'Search the card library' }).fill('zoro');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/cards\?q=zoro/);
  await page.goto('/no/such/page');
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the landing page shows real leaders from the library', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('card-tile')).toHaveCount(6);
  await page.getByTestId('cta-library').click();
  await expect(page).toHaveURL(/\/cards$/);
});

test('legal pages render their Markdown in the chosen language', async ({ page }) => {
  await page.goto('/terms-of-service');
  await expect(page.getByTestId('legal-document').getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'pt'));
  await page.goto('/privacy');
  await expect(page.getByTestId('legal-document').getByRole('heading', { level: 1 })).toContainText('Privacidade');
  for (const path of ['/cookies-policy', '/privacy-legacy', '/impressum', '/about', '/contributors']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
});

test('an unavailable legal document shows the "Document Unavailable" notice', async ({ page }) => {
  await page.route('**/legal/**', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { name: 'Document Unavailable' })).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't load this document. Please try again later or contact support.")).toBeVisible();
});
