import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import decks from '../src/locales/en/decks.json' with { type: 'json' };
import qa from '../src/locales/en/quickadd.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

interface ApiCard {
  id: number;
  cardNumber: string;
  name: string;
  colors: string[];
}

const cardsOf = async (page: Page, query: string) => ((await (await page.request.get(`/api/cards?${query}`)).json()) as { items: ApiCard[] }).items;
const binderCount = async (page: Page, id: string) => ((await (await page.request.get(`/api/binders/${id}`)).json()) as { cardCount: number }).cardCount;
const wishlistIds = async (page: Page) => ((await (await page.request.get('/api/wishlist')).json()) as { cardIds: number[] }).cardIds;

async function createBinder(page: Page, name: string, category: 'personal' | 'trade') {
  const res = await page.request.post('/api/binders', { data: { name, category } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('quick-add mode puts library cards into a chosen binder, and follows the user to a card page and across a reload', async ({ page }) => {
  test.setTimeout(60_000);
  await createAccount(page, { email: uniqueEmail('quickadd') });
  const id = await createBinder(page, 'Quick', 'personal');
  const query = 'set=op-01&variations=false';
  const [first, second, third] = (await cardsOf(page, `${query}&pageSize=3`)) as [ApiCard, ApiCard, ApiCard];

  await page.goto(`/cards?${query}`);
  await expect(page.getByTestId('quick-add-bar')).toHaveCount(0);
  await page.getByTestId('quick-add-open').click();
  await page.getByTestId('quick-add-menu').getByRole('menuitemradio', { name: /^Quick/ }).click();
  const bar = page.getByTestId('quick-add-bar');
  await expect(bar).toBeVisible();
  await expect(bar.getByTestId('quick-add-target')).toHaveText('Quick');
  await expect(bar.getByTestId('quick-add-count')).toHaveText('0 added');

  // One card with the mouse, the next with the keyboard.
  await page.getByRole('button', { name: `Add ${first.name} to Quick` }).first().click();
  await expect(page.getByText(`${first.name} added to Quick`)).toBeVisible();
  await expect(page.getByText('1 card added in this quick-add session')).toBeVisible();
  await expect(bar.getByTestId('quick-add-count')).toHaveText('1 added');
  const secondButton = page.locator(`[data-testid="quick-add-card"][data-card-number="${second.cardNumber}"]`).first();
  await secondButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${second.name} added to Quick`)).toBeVisible();
  await expect(bar.getByTestId('quick-add-count')).toHaveText('2 added');
  await expect(page.getByTestId('quick-add-card-count')).toHaveCount(2);
  expect(await binderCount(page, id)).toBe(2);

  // The target survives navigation: the card page shows the bar and adds itself.
  await page.getByTestId('card-tile').filter({ hasText: third.cardNumber }).first().click();
  await expect(page.getByTestId('card-number')).toHaveText(third.cardNumber);
  await expect(page.getByTestId('quick-add-bar')).toBeVisible();
  await page.getByTestId('quick-add-this').click();
  await expect(page.getByTestId('quick-add-count')).toHaveText('3 added');
  await expect.poll(() => binderCount(page, id)).toBe(3);

  // And a reload (same tab session); Exit ends the mode.
  await page.goto(`/cards?${query}`);
  await expect(page.getByTestId('quick-add-count')).toHaveText('3 added');
  await page.getByTestId('quick-add-exit').click();
  await expect(page.getByTestId('quick-add-bar')).toHaveCount(0);
  await expect(page.getByTestId('quick-add-card')).toHaveCount(0);
  await expect(page.getByTestId('quick-add-open')).toBeFocused();
});

test('quick-add to a deck adds copies and makes a Leader its leader', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('quickdeck') });
  const created = await page.request.post('/api/decks', { data: { name: 'Speed run', format: 'standard' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const [leader] = (await cardsOf(page, 'set=op-01&type=Leader&variations=false&pageSize=1')) as [ApiCard];
  const [character] = (await cardsOf(page, 'set=op-01&type=Character&variations=false&pageSize=1')) as [ApiCard];

  await page.goto('/cards?set=op-01&type=Leader&variations=false');
  await page.getByTestId('quick-add-open').click();
  await page.getByTestId('quick-add-menu').getByRole('menuitemradio', { name: /Speed run/ }).click();
  await page.getByRole('button', { name: `Add ${leader.name} to Speed run` }).first().click();
  await expect(page.getByText(`${leader.name} is now the leader of Speed run`)).toBeVisible();

  await page.goto('/cards?set=op-01&type=Character&variations=false&view=list');
  const add = page.getByRole('button', { name: `Add ${character.name} to Speed run` }).first();
  await add.click();
  await expect(page.getByText('2 cards added in this quick-add session')).toBeVisible();
  await add.click();
  await expect(page.getByTestId('quick-add-count')).toHaveText('3 added');
  const deck = (await (await page.request.get(`/api/decks/${id}`)).json()) as { mainCount: number; leader: { id: number } | null };
  expect(deck.mainCount).toBe(2);
  expect(deck.leader?.id).toBe(leader.id);
});

test('visitors get no quick-add control and are asked to sign in by the wishlist heart', async ({ page }) => {
  const [card] = (await cardsOf(page, 'set=op-01&variations=false&pageSize=1')) as [ApiCard];
  await page.goto('/cards');
  await expect(page.getByTestId('card-grid')).toBeVisible();
  await expect(page.getByTestId('quick-add-open')).toHaveCount(0);

  await page.goto(`/cards/onepiece/${card.id}`);
  await page.getByTestId('wishlist-toggle').click();
  await expect(page.getByText(qa.signIn.required)).toBeVisible();
  await page.getByRole('button', { name: qa.signIn.action }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a card page toggles the wishlist and adds one copy to a binder', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('wish') });
  const trade = await createBinder(page, 'Trades', 'trade');
  const [card] = (await cardsOf(page, 'set=op-01&variations=false&pageSize=1')) as [ApiCard];
  await page.goto(`/cards/onepiece/${card.id}`);

  const heart = page.getByTestId('wishlist-toggle');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page.getByText(qa.wishlist.added)).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(await wishlistIds(page)).toContain(card.id);
  await heart.click();
  await expect(page.getByText(qa.wishlist.removed)).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  expect(await wishlistIds(page)).not.toContain(card.id);

  await page.getByTestId('add-to-binder').click();
  const menu = page.getByTestId('add-to-binder-menu');
  // The wishlist (created by the toggle above) is not a binder to add to here.
  await expect(menu.getByRole('menuitem')).toHaveText([/Trades/, qa.binder.new]);
  await menu.getByRole('menuitem', { name: /Trades/ }).click();
  await expect(page.getByText('Added to Trades')).toBeVisible();
  expect(await binderCount(page, trade)).toBe(1);
});

test("the deck editor's collection check lists missing cards and adds them to the wishlist", async ({ page }) => {
  test.setTimeout(60_000);
  await createAccount(page, { email: uniqueEmail('check') });
  const leader = (await cardsOf(page, 'color=Red&type=Leader&block=3&variations=false&pageSize=50')).find((c) => c.colors.length === 1)!;
  const [a, b, c] = (await cardsOf(page, 'color=Red&type=Character&block=3&variations=false&pageSize=3')) as [ApiCard, ApiCard, ApiCard];
  const created = await page.request.post('/api/decks', {
    data: {
      name: 'Check me',
      format: 'standard',
      leaderCardId: leader.id,
      cards: [
        { cardId: a.id, quantity: 4 },
        { cardId: b.id, quantity: 4 },
        { cardId: c.id, quantity: 2 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: deckId } = (await created.json()) as { id: string };

  // Without binders there is nothing to check against.
  await page.goto(`/deck/${deckId}/edit`);
  await page.getByTestId('tab-collection').click();
  const check = page.getByTestId('collection-check');
  await expect(check).toHaveAttribute('data-state', 'no-binders');
  await expect(check.getByRole('link', { name: decks.collection.newBinder })).toHaveAttribute('href', '/collection/new');

  // A binder with all of a, one b and the leader: 1 + 4 + 1 of 11 owned.
  const binder = await createBinder(page, 'My pulls', 'personal');
  const added = await page.request.post(`/api/binders/${binder}/cards`, {
    data: { cards: [{ cardId: leader.id, quantity: 1 }, { cardId: a.id, quantity: 5 }, { cardId: b.id, quantity: 1 }] },
  });
  expect(added.status(), await added.text()).toBe(200);
  await page.reload();
  await page.getByTestId('tab-collection').click();
  await expect(check).toHaveAttribute('data-state', 'missing');
  await expect(page.getByTestId('collection-summary')).toHaveText('You own 6 of 11 cards');
  await expect(page.getByTestId('collection-row')).toHaveCount(4);
  await expect(page.locator(`[data-testid="collection-row"][data-card-number="${b.cardNumber}"]`)).toHaveAttribute('data-missing', '3');
  await expect(page.locator(`[data-testid="collection-row"][data-card-number="${c.cardNumber}"]`)).toHaveAttribute('data-missing', '2');
  await page.getByLabel(decks.collection.onlyMissing).check();
  await expect(page.getByTestId('collection-row')).toHaveCount(2);

  await page.getByTestId('add-missing-to-wishlist').click();
  await expect(page.getByText('Added 5 cards to your wishlist')).toBeVisible();
  const ids = await wishlistIds(page);
  expect(ids).toEqual(expect.arrayContaining([b.id, c.id]));
  expect(ids).not.toContain(a.id);
  // Pressing again adds nothing twice.
  await page.getByTestId('add-missing-to-wishlist').click();
  await expect(page.getByText(decks.collection.alreadyWishlisted)).toBeVisible();

  // The buy list under it: the 5 missing copies (b 3, c 2), each number's cheapest market (the e2e server has demo
  // prices), the split total and a CSV of it.
  const buy = page.getByTestId('buy-list');
  await expect(buy.getByTestId('buy-list-row')).toHaveCount(2);
  await expect(buy.locator(`[data-testid="buy-list-row"][data-card-number="${b.cardNumber}"]`)).toContainText('3');
  await expect(buy.getByTestId('buy-list-market')).toHaveCount(5);
  await expect(buy.getByTestId('buy-list-split')).toContainText('$');
  const download = page.waitForEvent('download');
  await buy.getByTestId('buy-list-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('buy-list.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split('\n')[0]).toBe('card_number,name,missing,market,price_each,subtotal,currency,url,demo');
  expect(csv).toContain(`${b.cardNumber},`);
  expect(csv).toMatch(/\nTOTAL,,5,/);

  // The deck's own page has the same check and list, for its signed-in reader.
  await page.goto(`/deck/${deckId}`);
  await page.getByTestId('tab-collection').click();
  await expect(page.getByTestId('buy-list').getByTestId('buy-list-row')).toHaveCount(2);
});
