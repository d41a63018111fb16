import { readFileSync } from 'node:fs';
import en from '../src/locales/en/binders.json' with { type: 'json' };
import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';
import { grantPlan } from './plan-grant';

interface ApiCard {
  id: number;
  cardNumber: string;
  name: string;
  set: { code: string | null } | null;
}

test('create a binder, import a CSV with a bad row, change a quantity, export, share and open it signed out', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await createAccount(page, { email: uniqueEmail('binders') });
  const cards = ((await (await page.request.get('/api/cards?set=op-01&variations=false&pageSize=3')).json()) as { items: ApiCard[] }).items;
  expect(cards).toHaveLength(3);
  const [a, b] = cards as [ApiCard, ApiCard];

  await page.goto('/collection');
  await expect(page.getByText(en.list.emptyTitle)).toBeVisible();
  await page.getByTestId('new-binder').first().click();
  await expect(page).toHaveURL(/\/collection\/new$/);
  await page.getByTestId('binder-name').fill('My OP-01 pulls');
  await page.getByTestId('binder-submit').click();
  await expect(page.getByText(en.validation.binderCategoryRequired)).toBeVisible();
  await page.getByTestId('category-personal').click();
  // On Free a binder is public: the switch is locked on, and says what a private one needs.
  await expect(page.getByTestId('binder-public')).toBeChecked();
  await expect(page.getByTestId('binder-public')).toBeDisabled();
  await expect(page.getByTestId('binder-private-locked')).toContainText(enCommon.plans.privateLockedHint);
  await expect(page.getByTestId('binder-private-locked').getByRole('link', { name: enCommon.plans.seePlans })).toHaveAttribute('href', '/settings?tab=subscription');
  await page.getByTestId('binder-submit').click();
  await expect(page).toHaveURL(/\/collection\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByTestId('binder-title')).toHaveText('My OP-01 pulls');
  await expect(page.getByText(en.cards.emptyTitle)).toBeVisible();

  // A Liga CSV (Portuguese headers, semicolons) with one row whose edition does not exist.
  const csv = ['quantidade;nome;edição;número', `2;"${a.name}";OP-01;${a.cardNumber}`, `1;"${b.name}";OP-01;${b.cardNumber}-OP`, `3;Ninguém;XX-99;${a.cardNumber}`].join('\n');
  await page.getByTestId('binder-import').click();
  await page.getByTestId('import-file').setInputFiles({ name: 'liga.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-progress')).toContainText('100%');
  await expect(page.getByTestId('import-result')).toContainText('2 rows imported (3 copies).');
  const failures = page.getByTestId('import-failures');
  await expect(failures).toContainText('XX-99');
  await expect(failures).toContainText('Ninguém');
  await expect(failures).toContainText(en.import.reasons.EXPANSION_NOT_FOUND);
  await page.getByRole('button', { name: en.actions.done }).click();
  await expect(page.getByTestId('binder-count')).toHaveText('3 cards · 2 distinct');

  // One more copy of the first card, with the stepper.
  const rowA = page.getByTestId('binder-row').filter({ hasText: a.cardNumber });
  await rowA.getByRole('button', { name: `One more ${a.name}` }).click();
  await expect(rowA.getByTestId('row-quantity')).toHaveText('3');
  await expect(page.getByTestId('binder-count')).toHaveText('4 cards · 2 distinct');

  // The row's details: condition and what was paid, shown in the list view.
  await page.getByTestId('view-list').click();
  const listRowA = page.getByTestId('binder-list').getByTestId('binder-row').filter({ hasText: a.cardNumber });
  await listRowA.getByRole('button', { name: `Actions for ${a.name}` }).click();
  await page.getByTestId('row-edit-details').click();
  await page.getByTestId('row-price-input').fill('12,5x');
  await page.getByTestId('row-details-save').click();
  await expect(page.getByText(en.validation.priceInvalid)).toBeVisible();
  await page.getByTestId('row-price-input').fill('12,50');
  await page.getByTestId('row-details-dialog').getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'BRL' }).click();
  await page.getByTestId('row-details-save').click();
  await expect(page.getByText(en.details.saved)).toBeVisible();
  await expect(listRowA).toContainText(/R\$\s12,50/);
  await expect(listRowA.getByTestId('row-quantity')).toHaveText('3');

  // Bulk edit: every row of the page in Near mint, in one go.
  await page.getByRole('checkbox', { name: en.cards.selectPage }).check();
  await page.getByTestId('bulk-actions').getByRole('combobox', { name: en.cards.setCondition }).click();
  await page.getByRole('option', { name: `NM · ${en.conditions.NM}` }).click();
  await expect(page.getByText('2 rows updated')).toBeVisible();
  await expect(page.getByTestId('binder-list').getByRole('combobox', { name: en.cards.columns.condition })).toHaveText(['NM', 'NM']);

  // Export Liga CSV: the file lists both cards with their quantities.
  await page.getByTestId('binder-export').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('My-OP-01-pulls.csv');
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.split('\n')[0]).toBe('quantity,name,edition,number,variant,condition,language,price');
  expect(text).toContain(`3,${a.name.includes(',') ? `"${a.name}"` : a.name},OP-01,${a.cardNumber}`);
  await page.keyboard.press('Escape');

  // Public (Free): the share dialog gives the link with no warning, and a visitor opens it read-only.
  await page.getByTestId('binder-share').click();
  await expect(page.getByTestId('share-url')).toHaveValue(`${baseURL}/collection/${id}`);
  await expect(page.getByTestId('share-dialog')).not.toContainText(en.share.privateWarning);
  await page.keyboard.press('Escape');
  const visitor = await browser.newContext({ baseURL });
  const other = await visitor.newPage();
  await other.goto(`/collection/${id}`);
  await expect(other.getByTestId('binder-title')).toHaveText('My OP-01 pulls');
  await expect(other.getByTestId('binder-row')).toHaveCount(2);
  await expect(other.getByTestId('binder-add-cards')).toHaveCount(0);
  await expect(other.getByTestId('quantity-stepper')).toHaveCount(0);
  await visitor.close();
});

test("a malformed binder address says 'Invalid binder ID'; binders show their value, the wishlist its cost; the portfolio counts Personal binders only", async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('portfolio') });
  await page.goto('/collection/not-a-binder');
  await expect(page.getByText(en.validation.binderIdInvalid)).toBeVisible();

  const cards = ((await (await page.request.get('/api/cards?set=op-02&variations=false&pageSize=2')).json()) as { items: ApiCard[] }).items;
  const personal = (await (await page.request.post('/api/binders', { data: { name: 'Keep', category: 'personal' } })).json()) as { id: string };
  const trade = (await (await page.request.post('/api/binders', { data: { name: 'Swap', category: 'trade' } })).json()) as { id: string };
  await page.request.post(`/api/binders/${personal.id}/cards`, { data: { cards: [{ cardId: cards[0]!.id, quantity: 2 }] } });
  await page.request.post(`/api/binders/${trade.id}/cards`, { data: { cards: [{ cardId: cards[1]!.id, quantity: 5 }] } });

  await page.goto('/collection');
  await expect(page.getByTestId('binder-item')).toHaveCount(2);
  // Each binder's value beside it, in the user's currency: this server prices with labelled demo prices.
  for (const name of ['Keep', 'Swap']) {
    const item = page.getByTestId('binder-item').filter({ hasText: name });
    await expect(item.getByTestId('binder-item-value')).toHaveText(/^\$[\d,]+\.\d{2}/);
    await expect(item.getByTestId('binder-item-demo')).toBeVisible();
  }
  // The wishlist says what its missing copies cost: two wished copies of the Trade binder's card are owned already.
  await page.request.post('/api/wishlist/cards', { data: { cards: [{ cardId: cards[1]!.id, quantity: 7 }] } });
  await page.goto('/wishlist');
  await expect(page.getByTestId('wishlist-cost')).toContainText('2 copies you do not own yet, on TCGplayer');
  await expect(page.getByTestId('wishlist-cost-total')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await page.goto('/collection');
  await page.getByTestId('tab-portfolio').click();
  const portfolio = page.getByTestId('portfolio');
  await expect(portfolio).toContainText('Totals over your 1 Personal binder.');
  await expect(portfolio.getByTestId('binder-stats').locator('dd').first()).toHaveText('2');

  await page.goto('/dashboard');
  const recent = page.getByTestId('recent-binders');
  await expect(recent.getByRole('link', { name: /Keep/ })).toBeVisible();
  await expect(recent.getByRole('link', { name: /Swap/ })).toBeVisible();
});

test('an import with more than 1,000 failed rows lists the first 1,000 and says how many in all', async ({ page }) => {
  test.setTimeout(90_000);
  await createAccount(page, { email: uniqueEmail('manyfail') });
  const created = await page.request.post('/api/binders', { data: { name: 'Many failures', category: 'personal' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const card = ((await (await page.request.get('/api/cards?set=op-01&variations=false&pageSize=1')).json()) as { items: ApiCard[] }).items[0]!;
  const csv = ['quantity,edition,number', `1,OP-01,${card.cardNumber}`, ...Array.from({ length: 1_200 }, () => '1,XX-99,OP99-999')].join('\n');
  await page.goto(`/collection/${id}`);
  await page.getByTestId('binder-import').click();
  await page.getByTestId('import-file').setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-result')).toContainText('1 row imported (1 copies).');
  await expect(page.getByTestId('import-failures-truncated')).toHaveText('Showing the first 1,000 of 1,200 rows that could not be imported.');
  await expect(page.getByTestId('import-failures').locator('tbody tr')).toHaveCount(1_000);
});

test('a private binder opened signed out offers to sign in, then shows it to its owner', async ({ page, browser }) => {
  const { email, password } = await createAccount(page, { email: uniqueEmail('private-binder') });
  // Private binders are Hobby's.
  await page.goto('/');
  await grantPlan(browser, page, { email, plan: 'hobby', admin: 'grant-binder' });
  const res = await page.request.post('/api/binders', { data: { name: 'Vault', category: 'personal', isPublic: false } });
  const binder = (await res.json()) as { id: string };
  await page.context().clearCookies();

  await page.goto(`/collection/${binder.id}`);
  await expect(page.getByText(en.notFound.hintSignedOut)).toBeVisible();
  await page.getByTestId('binder-sign-in').click();
  await expect(page).toHaveURL(/\/auth$/);
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('sign-in-submit').click();
  await expect(page).toHaveURL(new RegExp(`/collection/${binder.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Vault' })).toBeVisible();
});

test("a binder's tiles off screen hold about their own height: a tile's contents never spill over what follows (390 and 1366 px)", async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('binder-tiles') });
  const cards = ((await (await page.request.get('/api/cards?set=op-01&variations=false&pageSize=30')).json()) as { items: ApiCard[] }).items;
  const binder = (await (await page.request.post('/api/binders', { data: { name: 'Tall grid', category: 'personal' } })).json()) as { id: string };
  expect((await page.request.post(`/api/binders/${binder.id}/cards`, { data: { cards: cards.map((c) => ({ cardId: c.id, quantity: 1 })) } })).status()).toBeLessThan(300);
  // A page of tiles (12) and the pager under it; on the desktop a short window, so the second row is off screen too.
  for (const [width, height] of [[390, 844], [1366, 400]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/collection/${binder.id}`);
    await expect(page.getByTestId('binder-row')).toHaveCount(12);
    // The last tile is far below the screen, its layout skipped (content-visibility): its box is the guessed height,
    // and its stepper — the last thing in it — must lie within that box, not over the next tile or the pager.
    const spill = await page.getByTestId('binder-row').last().evaluate((tile) => {
      const stepper = tile.querySelector('[data-testid="quantity-stepper"]')!;
      return stepper.getBoundingClientRect().bottom - tile.getBoundingClientRect().bottom;
    });
    expect(spill, `${width} px`).toBeLessThanOrEqual(0.5);
  }
});
