import en from '../src/locales/en/binders.json' with { type: 'json' };
import es from '../src/locales/es/binders.json' with { type: 'json' };
import pt from '../src/locales/pt/binders.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

interface ApiCard {
  id: number;
  cardNumber: string;
  name: string;
}

const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

test("a Personal binder's market value: demo prices, the rows' prices, a gain from a purchase price, and the portfolio", async ({ page }) => {
  test.setTimeout(90_000);
  await createAccount(page, { email: uniqueEmail('value') });
  const card = ((await (await page.request.get('/api/cards?set=op-01&variations=false&pageSize=1')).json()) as { items: ApiCard[] }).items[0]!;

  // A Personal binder made through the UI, with two copies of one card added from the library.
  await page.goto('/collection/new');
  await page.getByTestId('binder-name').fill('Value check');
  await page.getByTestId('category-personal').click();
  await page.getByTestId('binder-submit').click();
  await expect(page).toHaveURL(/\/collection\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByTestId('binder-value')).toHaveCount(0);
  await page.getByTestId('binder-add-cards').click();
  const search = page.getByTestId('add-cards-dialog').getByTestId('deck-card-search');
  await search.getByTestId('deck-card-query').fill(card.cardNumber);
  const result = search.locator(`[data-testid="search-result"][data-card-number="${card.cardNumber}"]`).first();
  await result.click();
  await result.click();
  await page.getByTestId('add-cards-confirm').click();
  await expect(page.getByTestId('binder-count')).toHaveText('2 cards · 1 distinct');

  // Its value in the default collection price settings (TCGplayer, minimum, USD): demo prices, flagged as such.
  const value = page.getByTestId('binder-value');
  const api = (await (await page.request.get(`/api/binders/${id}/value?market=us&priceType=min&currency=USD`)).json()) as { total: number; demo: boolean };
  expect(api.demo).toBe(true);
  expect(api.total).toBeGreaterThan(0);
  await expect(value.getByTestId('value-total')).toContainText(usd(api.total));
  await expect(value.getByTestId('value-copies')).toHaveText('2 of 2 copies priced');
  await expect(value.getByTestId('value-demo')).toHaveText(en.value.demo);
  await expect(value.getByTestId('value-gain')).toContainText(en.value.noCostBasis);
  // The row shows its total (2 × the unit price).
  await expect(page.getByTestId('binder-row').getByTestId('row-price')).toContainText(usd(api.total));

  // What was paid, in the row's details: 0.01 US$ a copy, so the value is a gain.
  await page.getByTestId('view-list').click();
  await page.getByTestId('binder-list').getByRole('button', { name: `Actions for ${card.name}` }).click();
  await page.getByTestId('row-edit-details').click();
  await page.getByTestId('row-price-input').fill('0.01');
  await page.getByTestId('row-details-save').click();
  await expect(page.getByText(en.details.saved)).toBeVisible();
  const gain = value.getByTestId('value-gain-amount');
  await expect(gain).toHaveText(`+${usd(api.total - 2)}`);
  await expect(gain.locator('..')).toHaveAttribute('data-tone', 'up');
  await expect(value.getByTestId('value-gain')).toContainText(`Paid ${usd(2)} · worth ${usd(api.total)} now`);
  await expect(value.getByTestId('value-gain-percent')).toHaveText(/^\+[\d,.]+%$/);

  // "Refresh prices" asks again and says so; the Value tab lists the card among the most valuable.
  await value.getByTestId('value-refresh').click();
  await expect(page.getByText(en.value.refreshed)).toBeVisible();
  await page.getByTestId('tab-binder-value').click();
  await expect(page.getByTestId('most-valuable')).toContainText(card.name);
  await expect(page.getByTestId('value-history-chart')).toBeVisible();

  // The portfolio counts the binder: the same total, and the binder among the values by binder.
  await page.goto('/collection?tab=portfolio');
  const portfolio = page.getByTestId('portfolio-value-card');
  await expect(portfolio.getByTestId('value-total')).toContainText(usd(api.total));
  await expect(portfolio.getByTestId('value-demo')).toBeVisible();
  await expect(portfolio.getByTestId('value-gain-amount')).toHaveText(`+${usd(api.total - 2)}`);
  await expect(page.getByTestId('portfolio-binder-value')).toContainText('Value check');
});

test("a Free user's 90-day and 1-year history is one centred card as tall as the chart; a tile's price per copy stays on one line", async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('value-phone') });
  const cards = ((await (await page.request.get('/api/cards?set=op-01&type=Character&variations=false&pageSize=3')).json()) as { items: ApiCard[] }).items;
  const created = await page.request.post('/api/binders', { data: { name: 'Phone value', category: 'personal' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const added = await page.request.post(`/api/binders/${id}/cards`, { data: { cards: cards.map((c, i) => ({ cardId: c.id, quantity: 2 + 5 * i })) } });
  expect(added.status(), await added.text()).toBeLessThan(300);

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/collection?tab=portfolio');
    const history = page.getByTestId('value-history');
    const chart = history.getByTestId(/^value-history-(chart|empty)$/);
    await expect(chart).toBeVisible();
    const chartBox = (await chart.boundingBox())!;
    for (const range of [/90/, /1Y/]) {
      await history.getByTestId('value-ranges').getByRole('button', { name: range }).click();
      const locked = history.getByTestId('value-history-locked');
      await expect(locked).toBeVisible();
      // In the chart's place at its size: nothing around it moves.
      const box = (await locked.boundingBox())!;
      expect(Math.abs(box.height - chartBox.height), `${width}: height`).toBeLessThanOrEqual(1);
      expect(Math.abs(box.width - chartBox.width), `${width}: width`).toBeLessThanOrEqual(1);
      // One lock, and the sentence and the way to the plans in the middle of it.
      await expect(locked.locator('svg.lucide-lock')).toHaveCount(1);
      const link = locked.getByRole('link', { name: 'See plans' });
      await expect(link).toHaveAttribute('href', '/settings?tab=subscription');
      const centre = box.x + box.width / 2;
      for (const part of [link, locked.getByText(/requires a Hobby Plan subscription/)]) {
        const b = (await part.boundingBox())!;
        expect(Math.abs(b.x + b.width / 2 - centre), `${width}: centred`).toBeLessThanOrEqual(2);
      }
      const content = (await locked.getByTestId('value-history-locked-card').boundingBox())!;
      expect(Math.abs(content.y + content.height / 2 - (box.y + box.height / 2)), `${width}: middle`).toBeLessThanOrEqual(2);
    }
  }

  // The tiles' "R$ 6,62 cada" (2 copies or more) is never broken over two lines, in any language or currency.
  // "{{unit}} each" without the amount: "each", "cada", "c/u".
  const word = (each: string) => new RegExp(`${each.replace('{{unit}}', '').trim()}$`);
  const looks = [
    { width: 390, language: 'pt', currency: 'BRL', each: word(pt.value.each) },
    { width: 390, language: 'es', currency: 'EUR', each: word(es.value.each) },
    { width: 390, language: 'en', currency: 'USD', each: word(en.value.each) },
    { width: 1366, language: 'pt', currency: 'BRL', each: word(pt.value.each) },
  ] as const;
  for (const { width, language, currency, each } of looks) {
    const res = await page.request.patch('/api/me/profile', { data: { language, currency } });
    expect(res.status(), await res.text()).toBe(200);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/collection/${id}`);
    const units = page.getByTestId('binder-row').getByTestId('row-price').getByText(each);
    await expect(units).toHaveCount(3);
    // Measured once the rows are drawn for good: a row redrawn while it is measured (its price re-rendered) is out of
    // the page for that moment, and is measured again rather than read as broken.
    const broken = async () =>
      (
        await units.evaluateAll((els) =>
          els.map((el) => {
            const tile = el.closest('li')?.getBoundingClientRect();
            const box = el.getBoundingClientRect();
            return { text: el.textContent, drawn: Boolean(tile), oneLine: box.height <= parseFloat(getComputedStyle(el).lineHeight) + 1, inside: tile ? box.right <= tile.right + 0.5 : false };
          }),
        )
      ).filter((l) => !l.drawn || !l.oneLine || !l.inside);
    await expect.poll(broken, { message: `${language} ${currency} at ${width}: prices per copy on one line, inside their tile` }).toEqual([]);
  }
});
