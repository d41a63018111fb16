import type { Page } from '@playwright/test';
import en from '../src/locales/en/decks.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

interface ApiCard {
  id: number;
  cardNumber: string;
  name: string;
  colors: string[];
}

/** A legal Standard deck from the real library: a one-color red Leader of block 3 and 13 red Characters of block 3. */
async function legalDeck(page: Page) {
  const ask = async (query: string) => ((await (await page.request.get(`/api/cards?${query}`)).json()) as { items: ApiCard[] }).items;
  const leader = (await ask('color=Red&type=Leader&block=3&variations=false&pageSize=50')).find((c) => c.colors.length === 1)!;
  const main = (await ask('color=Red&type=Character&block=3&variations=false&pageSize=50')).filter((c) => c.colors.length === 1).slice(0, 13);
  expect(main).toHaveLength(13);
  return { leader, main: main.map((card, i) => ({ card, quantity: i === 12 ? 2 : 4 })) };
}

/** Finds a card by its number in the editor's search and clicks it `times` times. */
async function addByNumber(page: Page, cardNumber: string, times: number) {
  const panel = page.getByTestId('deck-card-search');
  await panel.getByTestId('deck-card-query').fill(cardNumber);
  const result = panel.locator(`[data-testid="search-result"][data-card-number="${cardNumber}"]`).first();
  await expect(result).toBeVisible();
  for (let i = 0; i < times; i++) await result.click();
}

test('build a legal deck from an empty editor, save, reload, export it and import it into a new deck', async ({ page }) => {
  // About 70 searches and clicks: ~40 s alone on a 2-core machine, twice that beside a second worker.
  test.setTimeout(150_000);
  await createAccount(page, { email: uniqueEmail('decks') });
  const { leader, main } = await legalDeck(page);

  await page.goto('/mydecks');
  await expect(page.getByText(en.myDecks.emptyTitle)).toBeVisible();
  await page.getByTestId('new-deck').first().click();
  await expect(page).toHaveURL(/\/deck\/new$/);
  const panel = page.getByTestId('validation-panel');
  await expect(panel).toHaveAttribute('data-valid', 'false');
  await expect(panel).toContainText(en.problems.LEADER_REQUIRED);

  await addByNumber(page, leader.cardNumber, 1);
  await expect(page.getByTestId('deck-leader')).toContainText(leader.name);
  for (const { card, quantity } of main) await addByNumber(page, card.cardNumber, quantity);
  await expect(panel).toHaveAttribute('data-valid', 'true');
  await expect(panel).toContainText(en.validation.legal);
  await expect(page.getByRole('tab', { name: 'Cards (50)' })).toBeVisible();

  // A fifth copy breaks the rules, and removing it makes the deck legal again.
  const first = main[0]!.card.cardNumber;
  await addByNumber(page, first, 1);
  await expect(page.getByTestId('problem-TOO_MANY_COPIES')).toBeVisible();
  await page.getByRole('button', { name: `Remove one ${main[0]!.card.name}` }).first().click();
  await expect(panel).toHaveAttribute('data-valid', 'true');

  // Saving needs a name.
  await page.getByTestId('save-deck').click();
  await expect(page.getByText(en.editor.nameRequired)).toBeVisible();
  await page.getByTestId('deck-name').fill('Red rush');
  await page.getByTestId('save-deck').click();
  await expect(page.getByText(en.toasts.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/deck\/[0-9a-f-]{36}\/edit$/);
  const deckUrl = page.url();

  await page.reload();
  await expect(page.getByTestId('deck-name')).toHaveValue('Red rush');
  await expect(page.getByTestId('validation-panel')).toHaveAttribute('data-valid', 'true');
  await expect(page.getByTestId('deck-row')).toHaveCount(13);
  // Its value at TCGplayer in US dollars (demo prices on the e2e server), and each row's unit price.
  await expect(page.getByTestId('deck-value-total')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId('deck-demo-prices')).toBeVisible();
  await expect(page.getByTestId('deck-row-price').first()).toHaveText(/^\$[\d,]+\.\d\d$/);

  // Format with Prices is filled: every line has a unit price and a total.
  await page.getByTestId('open-export').click();
  await page.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: /Prices/ }).click();
  const priced = (await page.getByTestId('export-text').inputValue()).trim().split('\n');
  expect(priced[0]).toBe('quantity,name,edition,number,unit_price_USD_us,total_USD_us');
  expect(priced.slice(1).every((line) => /,\d+\.\d\d,\d+\.\d\d$/.test(line))).toBe(true);
  await page.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'OPTCG Sim (TXT)' }).click();
  await page.keyboard.press('Escape');

  // Export as OPTCG Sim text: the leader first, then every number.
  await page.getByTestId('open-export').click();
  const exported = await page.getByTestId('export-text').inputValue();
  expect(exported.trim().split('\n')).toEqual([`1x${leader.cardNumber}`, ...main.map((r) => `${r.quantity}x${r.card.cardNumber}`)]);
  await page.keyboard.press('Escape');

  // Import the same text into a new deck.
  await page.goto('/deck/new');
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-text').fill(`${exported}\n4xOP99-999\n`);
  await page.getByTestId('import-read').click();
  await expect(page.getByTestId('import-result')).toContainText('Line 16: “4xOP99-999” — no card with this number in the library');
  await page.getByTestId('import-replace').click();
  await expect(page.getByTestId('validation-panel')).toHaveAttribute('data-valid', 'true');
  await page.getByTestId('deck-name').fill('Red rush (copy)');
  await page.getByTestId('save-deck').click();
  await expect(page.getByText(en.toasts.saved)).toBeVisible();

  await page.goto('/mydecks');
  await expect(page.getByTestId('deck-item')).toHaveCount(2);
  await expect(page.getByTestId('deck-item').filter({ hasText: 'Red rush (copy)' }).getByTestId('deck-valid')).toBeVisible();
  expect(deckUrl).toContain('/deck/');
  // The dashboard shows the most recent decks.
  await page.goto('/dashboard');
  await expect(page.getByTestId('recent-decks').getByRole('link', { name: /Red rush \(copy\)/ })).toBeVisible();
});

test('leaving the editor with unsaved changes asks first', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('leave') });
  const { leader } = await legalDeck(page);
  await page.goto('/deck/new');
  await addByNumber(page, leader.cardNumber, 1);
  await expect(page.getByText(en.editor.unsaved)).toBeVisible();
  await page.getByTestId('nav-myDecks').click();
  const dialog = page.getByTestId('leave-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: en.leave.stay }).click();
  await expect(page).toHaveURL(/\/deck\/new$/);
  await expect(page.getByTestId('deck-leader')).toContainText(leader.name);
  await page.getByTestId('nav-myDecks').click();
  await page.getByTestId('leave-confirm').click();
  await expect(page).toHaveURL(/\/mydecks$/);
});

test('a Free player\'s new deck is private, not found for others; made public, it opens for anyone with the link', async ({ page, browser, baseURL }) => {
  // Decks are private until shared on every plan: a Free account, no isPublic asked (issue 46).
  await createAccount(page, { email: uniqueEmail('share') });
  // The legal deck is saved through the API: building one in the editor is the first test's job.
  const { leader, main } = await legalDeck(page);
  const created = await page.request.post('/api/decks', {
    data: { name: 'Shared deck', format: 'standard', leaderCardId: leader.id, cards: main.map(({ card, quantity }) => ({ cardId: card.id, quantity })) },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const base = baseURL!;
  // A visitor without an account, in another browser.
  const visitor = await browser.newContext({ baseURL: base });
  const other = await visitor.newPage();
  await other.goto(`/deck/${id}`);
  await expect(other.getByText(en.view.notFound)).toBeVisible();

  await page.goto(`/deck/${id}/edit`);
  await expect(page.getByTestId('deck-leader')).toContainText(leader.name);
  await expect(page.getByTestId('validation-panel')).toHaveAttribute('data-valid', 'true');
  await page.getByTestId('open-share').click();
  await expect(page.getByTestId('share-dialog')).toContainText(en.share.privateWarning);
  await expect(page.getByTestId('share-url')).toHaveValue(`${base}/deck/${id}`);
  await page.getByRole('button', { name: en.share.makePublic }).click();
  await page.getByTestId('save-deck').click();
  await expect(page.getByText(en.toasts.updated)).toBeVisible();

  await other.goto(`/deck/${id}`);
  await expect(other.getByTestId('deck-title')).toHaveText('Shared deck');
  await expect(other.getByTestId('deck-valid')).toBeVisible();
  await expect(other.getByTestId('edit-deck')).toHaveCount(0);
  await visitor.close();
});

test('the deck as card images: stacks with counts, steppers in the editor, the choice remembered; a hover preview in the list', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('visual') });
  const { leader, main } = await legalDeck(page);
  const created = await page.request.post('/api/decks', {
    data: { name: 'Visual deck', format: 'standard', leaderCardId: leader.id, cards: main.map(({ card, quantity }) => ({ cardId: card.id, quantity })) },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/deck/${id}`);
  // Hovering a card of the text list shows its image.
  const row = page.getByTestId('deck-row').first();
  await row.getByRole('link').hover();
  await expect(page.getByTestId('card-preview')).toBeVisible();
  await page.getByTestId('deck-title').hover();
  await expect(page.getByTestId('card-preview')).toHaveCount(0);

  await page.getByTestId('deck-view-visual').click();
  const stacks = page.getByTestId('deck-stack');
  await expect(stacks).toHaveCount(main.length);
  const first = stacks.and(page.locator(`[data-card-number="${main[0]!.card.cardNumber}"]`));
  await expect(first.getByTestId('deck-stack-count')).toHaveText('×4');
  await expect(first.getByRole('link')).toHaveAccessibleName(`${main[0]!.card.name} (${main[0]!.card.cardNumber}), 4 copies`);
  await expect(page.getByTestId('deck-view-visual')).toHaveAttribute('data-state', 'on');

  // The editor opens in the same view, with steppers under each stack.
  await page.goto(`/deck/${id}/edit`);
  await expect(stacks).toHaveCount(main.length);
  await first.getByRole('button', { name: `Add one ${main[0]!.card.name}` }).click();
  await expect(first.getByTestId('deck-stack-count')).toHaveText('×5');
  await expect(page.getByTestId('problem-TOO_MANY_COPIES')).toBeVisible();
  await first.getByRole('button', { name: `Remove one ${main[0]!.card.name}` }).click();
  await expect(first.getByTestId('deck-stack-count')).toHaveText('×4');
  await page.getByTestId('deck-view-list').click();
  await expect(page.getByTestId('deck-rows')).toBeVisible();
  await expect(stacks).toHaveCount(0);
});

test('quick-add from a card page puts one copy in a chosen deck', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('quickadd') });
  const { main } = await legalDeck(page);
  const created = await page.request.post('/api/decks', { data: { name: 'Quick target', format: 'standard' } });
  const { id } = (await created.json()) as { id: string };
  const card = ((await (await page.request.get(`/api/cards?q=${main[0]!.card.cardNumber}&variations=false`)).json()) as { items: { id: number }[] }).items[0]!;
  await page.goto(`/cards/onepiece/${card.id}`);
  await page.getByTestId('add-to-deck').click();
  await page.getByRole('menuitem', { name: /Quick target/ }).click();
  await expect(page.getByText('Added to Quick target (1 in the deck)')).toBeVisible();
  await page.getByTestId('add-to-deck').click();
  await page.getByRole('menuitem', { name: /Quick target/ }).click();
  await expect(page.getByText('Added to Quick target (2 in the deck)')).toBeVisible();
  const deck = (await (await page.request.get(`/api/decks/${id}`)).json()) as { mainCount: number };
  expect(deck.mainCount).toBe(2);
});

test('cards that change deck building are applied in the editor: OP08-072 in any number, OP15-058’s DON!! deck noted', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('card-rules') });
  await page.goto('/deck/new');
  // OP15-058's text: "your DON!! deck consists of 6 cards" — a note, not a problem.
  await addByNumber(page, 'OP15-058', 1);
  const notes = page.getByTestId('deck-notes');
  await expect(notes.getByTestId('note-DON_DECK_SIZE')).toContainText(en.warnings.DON_DECK_SIZE.replace(/\{\{size(, number)?\}\}/, '6'));
  // OP08-072 (purple, as the Leader) "may have any number of this card": five copies raise no copy-limit problem,
  // while five of another purple Character do.
  await addByNumber(page, 'OP08-072', 5);
  await expect(page.getByTestId('problem-MAIN_DECK_SIZE')).toContainText('(it has 5)');
  await expect(page.getByTestId('problem-TOO_MANY_COPIES')).toHaveCount(0);
  await addByNumber(page, 'OP15-060', 5);
  await expect(page.getByTestId('problem-TOO_MANY_COPIES')).toBeVisible();
});
