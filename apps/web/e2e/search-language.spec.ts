import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

/** The search language in the app (issue 42, docs/search-language.md "The filter panel" and "In the app"). */

const totalOf = async (request: APIRequestContext, q: string, extra: Record<string, string> = {}) =>
  ((await (await request.get(`/api/cards?${new URLSearchParams({ q, pageSize: '1', ...extra })}`)).json()) as { total: number }).total;
/** The deck editor's search: every print, parallels aside. */
const DECK_SEARCH = { prints: 'all', variations: 'false' };
const countText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'card' : 'cards'}`;

test('the library: typing a query, the chips following it, completing it, and an error under the box', async ({ page }) => {
  await page.goto('/cards');
  const box = page.getByTestId('card-search');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const chip = (name: string) => filters.getByRole('button', { name, exact: true });

  // Typing c:red lights the Red chip, and the URL carries the query (every search is a link).
  await box.fill('luffy c:red');
  await expect(page).toHaveURL(/q=luffy\+c%3Ared$/);
  await expect(chip('Red')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('result-count')).toHaveText(countText(await totalOf(page.request, 'luffy c:red')));

  // Choosing Leader in the panel writes t:leader into the box.
  await chip('Leader').click();
  await expect(box).toHaveValue('luffy c:red t:leader');
  await expect(page.getByTestId('result-count')).toHaveText(countText(await totalOf(page.request, 'luffy c:red t:leader')));
  await expect(page.getByTestId('card-tile').first()).toContainText(/Luffy/i);

  // Autocompletion from the keyboard: a keyword's values, Enter accepts.
  await box.fill('');
  await box.pressSequentially('t:lea');
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options.first()).toHaveText(/^leader/);
  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(box).toHaveValue('t:leader ');
  await expect(page).toHaveURL(/q=t%3Aleader$/);
  await expect(chip('Leader')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip('Red')).toHaveAttribute('aria-pressed', 'false');

  // A query that does not read: the problem under the box, its place marked; the search stays as it was.
  await box.fill('t:leader c:purplish');
  const error = page.getByTestId('query-error');
  await expect(error).toContainText('“c” cannot take the value “purplish” (column 12)');
  await expect(error.locator('mark')).toHaveText('purplish');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/q=t%3Aleader$/);

  // A link with a query the API refuses (400 QUERY_INVALID) shows the same, in the app's language.
  await page.goto('/cards?q=luffy+foo%3Abar');
  await expect(page.getByTestId('query-error')).toContainText('Unknown keyword “foo” at column 7');
  await expect(page.getByRole('heading', { name: 'This search cannot be read' })).toBeVisible();
});

test('an old link with the structured filters is read into the query', async ({ page }) => {
  await page.goto('/cards?color=Red,Green&type=Leader&sort=cost');
  await expect(page).toHaveURL(/\/cards\?sort=cost&q=%28c%3Ared\+or\+c%3Agreen%29\+t%3Aleader$/);
  await expect(page.getByTestId('card-search')).toHaveValue('(c:red or c:green) t:leader');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters.getByRole('button', { name: 'Green', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('result-count')).toHaveText(countText(await totalOf(page.request, '(c:red or c:green) t:leader')));
});

test('the syntax page, linked from the box, runs its examples when clicked', async ({ page }) => {
  await page.goto('/cards');
  await page.getByTestId('syntax-link').click();
  await expect(page).toHaveURL(/\/cards\/syntax$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search syntax' })).toBeVisible();
  await expect(page).toHaveTitle('Search syntax · Grand Line');
  await page.getByTestId('syntax-example').filter({ hasText: 'c<=red/green -t:leader' }).click();
  await expect(page).toHaveURL(/\/cards\?q=c%3C%3Dred%2Fgreen\+-t%3Aleader$/);
  await expect(page.getByTestId('card-search')).toHaveValue('c<=red/green -t:leader');
  await expect(page.getByTestId('result-count')).toHaveText(countText(await totalOf(page.request, 'c<=red/green -t:leader')));
});

test("the deck editor's search is scoped to the format and the leader's colors, as removable chips", async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('scope') });
  const ask = async (query: string) => ((await (await page.request.get(`/api/cards?${query}`)).json()) as { items: { cardNumber: string; colors: string[] }[] }).items;
  const [first, second] = (await ask('q=t:leader c=red block:3 is:base&pageSize=10')).slice(0, 2);
  await page.goto('/deck/new');
  const panel = page.getByTestId('deck-card-search');
  const chips = panel.getByTestId('scope-chip');
  await expect(chips).toHaveText(['legal:standard']);

  const addLeader = async (cardNumber: string) => {
    await panel.getByTestId('deck-card-query').fill(cardNumber);
    await panel.locator(`[data-testid="search-result"][data-card-number="${cardNumber}"]`).first().click();
  };
  await addLeader(first!.cardNumber);
  await expect(chips).toHaveText(['legal:standard', 'c<=red']);
  await panel.getByTestId('deck-card-query').fill('t:character');
  const scoped = await totalOf(page.request, 'legal:standard c<=red t:character', DECK_SEARCH);
  await expect(panel.getByText(countText(scoped), { exact: true })).toBeVisible();

  // Removing a chip widens the search.
  await panel.getByRole('button', { name: 'Remove c<=red (widen the search)' }).click();
  await expect(chips).toHaveText(['legal:standard']);
  const wider = await totalOf(page.request, 'legal:standard t:character', DECK_SEARCH);
  expect(wider).toBeGreaterThan(scoped);
  await expect(panel.getByText(countText(wider), { exact: true })).toBeVisible();

  // A new leader brings the chips back.
  await addLeader(second!.cardNumber);
  await expect(chips).toHaveText(['legal:standard', 'c<=red']);
});
