import type { Page } from '@playwright/test';
import tradesEn from '../src/locales/en/trades.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

interface ApiCard {
  id: number;
  cardNumber: string;
}
interface Row {
  card: { id: number };
  quantity: number;
}

const usernameOf = async (page: Page) => ((await (await page.request.get('/api/me')).json()) as { profile: { username: string } }).profile.username;

/** A Trade binder holding `give` and a wishlist wanting `want`. */
async function trader(page: Page, give: ApiCard, want: ApiCard) {
  const binder = (await (await page.request.post('/api/binders', { data: { name: 'Spares', category: 'trade' } })).json()) as { id: string };
  expect((await page.request.post(`/api/binders/${binder.id}/cards`, { data: { cards: [{ cardId: give.id, quantity: 1 }] } })).status()).toBeLessThan(300);
  expect((await page.request.post('/api/wishlist/cards', { data: { cards: [{ cardId: want.id, quantity: 1 }] } })).status()).toBeLessThan(300);
  return binder.id;
}

/** Every copy a user's binders of a category hold, by card id. */
async function holdings(page: Page, category: string) {
  const binders = ((await (await page.request.get('/api/binders')).json()) as { items: { id: string; category: string }[] }).items.filter((b) => b.category === category);
  const copies = new Map<number, number>();
  for (const b of binders) {
    const rows = ((await (await page.request.get(`/api/binders/${b.id}/cards?pageSize=60`)).json()) as { items: Row[] }).items;
    for (const r of rows) copies.set(r.card.id, (copies.get(r.card.id) ?? 0) + r.quantity);
  }
  return copies;
}

test('two collectors from a match to a completed trade: A proposes from the match, B accepts, both mark it received, the copies move', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const [x, y] = ((await (await page.request.get('/api/cards?set=op-01&variations=false&pageSize=2')).json()) as { items: ApiCard[] }).items;
  await createAccount(page, { email: uniqueEmail('trader-a') });
  const bContext = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const b = await bContext.newPage();
  await createAccount(b, { email: uniqueEmail('trader-b') });
  const bName = await usernameOf(b);
  await trader(page, x!, y!);
  await trader(b, y!, x!);

  // B's wishlist row takes any print of its number; the flag is kept.
  await b.goto('/wishlist');
  await b.getByTestId('any-print').first().check();
  await expect(b.getByTestId('any-print').first()).toBeChecked();
  await b.reload();
  await expect(b.getByTestId('any-print').first()).toBeChecked();

  // Before A opts in, /trades explains how trading works.
  await page.goto('/trades');
  await expect(page.getByTestId('trades-how')).toBeVisible();
  expect((await b.request.put('/api/me/trading', { data: { open: true } })).status()).toBe(200);
  await page.getByTestId('trading-open').click();
  await expect(page.getByTestId('trading-open')).toHaveAttribute('aria-checked', 'true');

  // B writes a note and picks countries by name in Settings; A sees them on B's profile, with "Propose a trade".
  await b.goto('/settings?tab=preferences');
  const settings = b.getByTestId('trading-settings');
  await settings.getByLabel(tradesEn.settings.note).fill('Sleeved copies only');
  const countries = settings.getByRole('combobox');
  await countries.fill('united st');
  await countries.press('Enter');
  await countries.fill('bra');
  await settings.getByTestId('trading-country-option-BR').click();
  await settings.getByTestId('trading-country-BR').getByRole('button').click();
  await expect(settings.getByTestId('trading-country-BR')).toHaveCount(0);
  await settings.getByTestId('trading-save').click();
  await expect.poll(async () => (await (await b.request.get('/api/me/trading')).json()) as unknown).toEqual({ open: true, note: 'Sleeved copies only', countries: ['US'] });
  await page.goto(`/u/${bName}`);
  const trading = page.getByTestId('profile-trading');
  await expect(trading.getByTestId('profile-trading-note')).toHaveText('Sleeved copies only');
  await expect(trading).toContainText('United States');
  await expect(page.getByTestId('profile-propose-trade')).toBeVisible();

  // A sees B with both sides, and proposes from the match: both sides preselected.
  await page.goto('/trades');
  const match = page.getByTestId('trade-match').filter({ hasText: bName });
  await expect(match.getByTestId('two-sided')).toBeVisible();
  await expect(match.getByTestId('they-have')).toContainText(y!.cardNumber);
  await expect(match.getByTestId('you-have')).toContainText(x!.cardNumber);
  await match.getByTestId('propose-trade').click();
  const editor = page.getByTestId('proposal-editor');
  await expect(editor.getByTestId('editor-give')).toContainText(x!.cardNumber);
  await expect(editor.getByTestId('editor-get')).toContainText(y!.cardNumber);
  await editor.getByRole('textbox').fill('Swap at the store?');
  await editor.getByTestId('send-proposal').click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('proposals-out').getByTestId('trade-status')).toHaveText(tradesEn.status.proposed);

  // B accepts it in the browser.
  await b.goto('/trades?tab=proposals');
  const incoming = b.getByTestId('proposals-in').getByTestId('trade-proposal');
  await expect(incoming).toContainText('Swap at the store?');
  await incoming.getByTestId('trade-accept').click();
  await expect(incoming.getByTestId('trade-status')).toHaveText(tradesEn.status.accepted);

  // Both mark it received; the second mark completes it.
  // A marks it on the trade's own page, where its notices (bell, e-mail, push) lead.
  const { id } = ((await (await page.request.get('/api/trades')).json()) as { items: { id: string }[] }).items[0]!;
  await page.goto(`/trades/${id}`);
  const own = page.getByTestId('trade-page').getByTestId('trade-proposal');
  await expect(own.getByTestId('trade-status')).toHaveText(tradesEn.status.accepted);
  await own.getByTestId('trade-complete').click();
  await expect(own.getByTestId('trade-complete')).toHaveCount(0);
  await incoming.getByTestId('trade-complete').click();
  await expect(incoming.getByTestId('trade-status')).toHaveText(tradesEn.status.completed);
  await page.reload();
  await expect(own.getByTestId('trade-status')).toHaveText(tradesEn.status.completed);

  // The copies moved: out of each Trade binder, into each one's (new) Personal binder.
  expect((await holdings(page, 'trade')).get(x!.id) ?? 0).toBe(0);
  expect((await holdings(page, 'personal')).get(y!.id)).toBe(1);
  expect((await holdings(b, 'trade')).get(y!.id) ?? 0).toBe(0);
  expect((await holdings(b, 'personal')).get(x!.id)).toBe(1);
  await bContext.close();
});
