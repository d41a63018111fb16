import { readFileSync } from 'node:fs';
import en from '../src/locales/en/meta.json' with { type: 'json' };
import decksEn from '../src/locales/en/decks.json' with { type: 'json' };
import { createAdmin } from './admin';
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';
import { realTournaments, seedTournaments } from './tournaments';

/*
 * Tournament meta in the browser (issue 43): tournaments uploaded by an admin (e2e/tournaments.ts: the 38 real
 * published lists, re-dated into the last weeks) → /meta's table → a leader's page and "build it" → a tournament's
 * page → a list's deck page → "copy to my decks"; the dashboard's cheapest lists; the window kept in the address; the
 * fresh install's and the empty window's states.
 */

test('seeded tournaments: /meta table → leader page (consensus, lists, build it, exports) → tournament page → copy a list', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await createAdmin(page, 'meta');
  const seeded = await seedTournaments(page);

  await page.goto('/meta');
  await expect(page.getByTestId('meta-results')).toBeVisible();
  // The last 30 days hold the 15 newest events (one every two days).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.title);
  await expect(page.getByTestId('meta-page')).toContainText('decks from 15 tournaments');
  const rows = page.getByTestId('meta-leader-row');
  await expect(rows.first()).toBeVisible();
  const leaderNumber = (await rows.first().getAttribute('data-card-number'))!;
  await expect(rows.first().getByTestId('leader-trend')).toBeVisible();
  await expect(page.getByTestId('meta-chart').locator('svg.recharts-surface')).toBeVisible();
  // The window's tournaments, newest first, each a link to its page.
  await expect(page.getByTestId('meta-tournament-link').first()).toContainText(seeded[0]!.name);

  // The leader's page: its consensus list as cards, its lists by placing, "build it" for the best-placed one.
  await rows.first().getByTestId('meta-leader-link').click();
  await expect(page).toHaveURL(new RegExp(`/meta/leaders/${leaderNumber}$`));
  await expect(page.getByTestId('meta-leader-name')).toBeVisible();
  await expect(page.getByTestId('consensus-card').first()).toBeVisible();
  const lists = page.getByTestId('meta-list-row');
  await expect(lists.first()).toBeVisible();
  const build = page.getByTestId('meta-build');
  const deckId = (await lists.first().getAttribute('data-deck-id'))!;
  await expect(build).toHaveAttribute('data-deck-id', deckId);
  // A new admin has no binders: every card is missing, the buy list prices them, the wishlist takes them in one press.
  await expect(build.getByTestId('collection-check')).toHaveAttribute('data-state', 'no-binders');
  await expect(build.getByTestId('buy-list-split')).toBeVisible();
  await build.getByTestId('add-missing-to-wishlist').click();
  await expect(page.getByText(/to your wishlist/i).first()).toBeVisible();

  // The exports: Mass Entry text on the clipboard, the Cardmarket wants list as a file, "quantity name" per line.
  await build.getByTestId('export-tcgplayer-copy').click();
  const massEntry = await page.evaluate(() => navigator.clipboard.readText());
  const massLines = massEntry.split('\n');
  expect(massLines.length).toBeGreaterThan(5);
  for (const l of massLines) expect(l).toMatch(/^\d+ [^[\]\n]+ \[[A-Z0-9]+\]$/);
  expect(massLines[0]).toMatch(new RegExp(`^1 .+ \\[${leaderNumber.split('-')[0]}\\]$`));
  const downloading = page.waitForEvent('download');
  await build.getByTestId('export-cardmarket').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cardmarket-wants-.+\.txt$/);
  const wants = readFileSync((await download.path())!, 'utf8');
  expect(wants.endsWith('\n')).toBe(true);
  expect(wants.trimEnd().split('\n')).toEqual(massLines.map((l) => l.replace(/ \[[A-Z0-9]+\]$/, '')));
  await expect(build.getByTestId('export-tcgplayer-open')).toHaveAttribute('href', /^https:\/\/www\.tcgplayer\.com\/massentry\?productline=One\+Piece\+Card\+Game&c=/);

  // The tournament of that list: its standings, no player named (the upload carried no names at all).
  const tournamentName = (await lists.first().getByRole('link').first().textContent())!;
  await lists.first().getByRole('link').first().click();
  await expect(page.getByTestId('meta-tournament-name')).toHaveText(tournamentName);
  await expect(page.getByTestId('meta-tournament-page')).toContainText(en.tournament.privacy);
  const standing = page.locator(`[data-testid="standing-row"]`).filter({ has: page.locator(`a[href="/deck/${deckId}"]`) });
  await expect(standing).toHaveCount(1);

  // The list's deck page: where it placed, its leader's tournament decks, no owner's actions; copied into my decks.
  await standing.getByTestId('standing-list-link').click();
  await expect(page).toHaveURL(new RegExp(`/deck/${deckId}$`));
  await expect(page.getByTestId('deck-tournament')).toContainText(tournamentName);
  await expect(page.getByTestId('deck-tournament').getByRole('link', { name: tournamentName })).toHaveAttribute('href', /\/meta\/tournaments\/e2e-real-\d+$/);
  await expect(page.getByTestId('deck-leader-plays')).toContainText(/Played by \d+ tournament decks? in the last 30 days/);
  await expect(page.getByTestId('edit-deck')).toHaveCount(0);
  await page.getByTestId('copy-deck').click();
  await expect(page).toHaveURL(/\/deck\/[^/]+\/edit$/);
  // The copy is the user's own: the editor opens on it.
  await expect(page.getByText(decksEn.copy.done.split('{{name}}')[1]!.trim()).first()).toBeVisible();
});

test('the dashboard lists the decks to finish for the least, each opening its leader with the list chosen', async ({ page }) => {
  await createAdmin(page, 'meta-dash');
  await seedTournaments(page);
  await page.goto('/dashboard');
  const items = page.getByTestId('buildable-item');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeLessThanOrEqual(5);
  const deckId = (await items.first().getAttribute('data-deck-id'))!;
  await items.first().click();
  await expect(page).toHaveURL(new RegExp(`/meta/leaders/[^?]+\\?list=${deckId}$`));
  await expect(page.getByTestId('meta-build')).toHaveAttribute('data-deck-id', deckId);
});

test('the window and format stay in the address; a window without tournaments offers a longer one; keyboard works', async ({ page }) => {
  await createAdmin(page, 'meta-window');
  await seedTournaments(page);
  await page.goto('/meta?window=custom&from=2001-01-01&to=2001-01-31&format=all');
  await expect(page.getByTestId('meta-empty')).toHaveAttribute('data-state', 'window');
  await expect(page.getByTestId('meta-from')).toHaveValue('2001-01-01');
  await page.getByRole('button', { name: en.empty.window.longer }).click();
  await expect(page).toHaveURL(/\/meta\?window=90&format=all$/);
  await expect(page.getByTestId('meta-results')).toBeVisible();
  // 90 days hold every one of the 23 events.
  await expect(page.getByTestId('meta-page')).toContainText('38 decks from 23 tournaments');

  // Arrows move the window's choice, as in any radio group; the address follows.
  await page.getByTestId('meta-window-90').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\/meta\?window=30&format=all$|\/meta\?format=all$/);
  await expect(page.getByTestId('meta-window-30')).toBeFocused();
  await expect(page.getByTestId('meta-page')).toContainText('from 15 tournaments');
  await page.getByTestId('meta-format-standard').click();
  await expect(page).toHaveURL(/\/meta$/);
});

test('a fresh install says which source to configure, not "no tournaments in this window"', async ({ page }) => {
  // Signed in, the page is drawn in the browser: its requests are answered here as a server without tournaments would.
  await createAccount(page, { email: uniqueEmail('meta-fresh') });
  await page.route('**/api/tournaments?**', (route) => route.fulfill({ json: { items: [], total: 0 } }));
  await page.route('**/api/meta/leaders?**', (route) =>
    route.fulfill({ json: { from: '2026-01-01', to: '2026-01-30', format: 'standard', tournaments: 0, decks: 0, leaders: [] } }),
  );
  await page.goto('/meta');
  const empty = page.getByTestId('meta-empty');
  await expect(empty).toHaveAttribute('data-state', 'no-source');
  await expect(empty).toContainText(en.empty.noSource.title);
  await expect(empty).toContainText('TOURNAMENT_SOURCES=limitless');
  await expect(empty).toContainText('npm run tournaments:import -- --dir DIR');
  await expect(empty).not.toContainText(en.empty.window.title);
});

test('the upload bodies carry no player name, id or country', () => {
  for (const { standings } of realTournaments()) for (const s of standings) expect(Object.keys(s).sort()).toEqual(['deck', 'decklist', 'drop', 'placing', 'record']);
});
