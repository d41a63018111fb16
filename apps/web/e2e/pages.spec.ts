import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

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

test('a signed-in page opens with the header, the sidebar and a skeleton while the session is asked for, never a blank screen', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('shell') });
  // Hold the session's answer until the shell has been checked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/mydecks', { waitUntil: 'domcontentloaded' });
  await expect(page.getByTestId('page-skeleton')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'My decks' })).toBeVisible();
  await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
});
