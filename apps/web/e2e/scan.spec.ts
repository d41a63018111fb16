import type { Page } from '@playwright/test';
import scan from '../src/locales/en/scan.json' with { type: 'json' };
import { fullChromiumPath } from './browser';
import { cornerVideo } from './fake-camera';
import { expect, test as base } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

/**
 * The scanner (/scan) with Chromium's fake camera playing a card's corner (e2e/fake-camera.ts): the page reads the
 * number with tesseract.js served by our server, and the session list goes to a binder.
 */
const PRINTED = { cardNumber: 'OP05-119', rarity: 'SEC' };

const test = base.extend<object, { fakeVideo: string }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  fakeVideo: [async ({}, use) => use(await cornerVideo(PRINTED.cardNumber, PRINTED.rarity)), { scope: 'worker' }],
  // The full browser: in the headless shell the other specs use, the page read nothing from the fake camera in 60 s.
  launchOptions: [
    async ({ launchOptions, fakeVideo }, use) =>
      use({
        ...launchOptions,
        executablePath: fullChromiumPath(),
        args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${fakeVideo}`],
      }),
    { scope: 'worker' },
  ],
});
test.use({ permissions: ['camera'] });

interface ApiCard {
  id: number;
  cardNumber: string;
  isVariation: boolean;
}

const printsOf = async (page: Page, cardNumber: string) =>
  ((await (await page.request.get(`/api/cards?q=${cardNumber}&prints=all&pageSize=48`)).json()) as { items: ApiCard[] }).items.filter((c) => c.cardNumber === cardNumber);

test('the camera reads a card number once, typed numbers correct it, and the reviewed list goes to a binder', async ({ page }) => {
  test.setTimeout(120_000);
  await createAccount(page, { email: uniqueEmail('scan') });
  const created = await page.request.post('/api/binders', { data: { name: 'Scans', category: 'personal' } });
  expect(created.status(), await created.text()).toBe(201);
  const binderId = ((await created.json()) as { id: string }).id;
  const prints = await printsOf(page, PRINTED.cardNumber);
  expect(prints.length).toBeGreaterThan(1);

  await page.goto('/scan');
  await expect(page.getByRole('heading', { level: 1, name: scan.title })).toBeVisible();
  await expect(page.getByText(scan.list.emptyTitle)).toBeVisible();

  // The camera: the reader loads from /ocr (our server), then the number in the guide box becomes one row.
  const ocrFiles: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/ocr/')) ocrFiles.push(url.pathname);
    else if (url.origin !== new URL(page.url()).origin) ocrFiles.push(`elsewhere: ${url.href}`);
  });
  await page.getByTestId('scan-start').click();
  const rows = page.getByTestId('scan-row');
  await expect(rows.first()).toHaveAttribute('data-card-number', PRINTED.cardNumber, { timeout: 60_000 });
  expect(ocrFiles.some((p) => p.startsWith('/ocr/core/'))).toBe(true);
  expect(ocrFiles.filter((p) => p.startsWith('elsewhere'))).toEqual([]);
  // The card stays in view: it is not taken again.
  await page.waitForTimeout(2_000);
  await expect(rows).toHaveCount(1);
  await page.getByTestId('scan-stop').click();
  await expect(page.getByTestId('scan-start')).toBeVisible();

  // Its base print is picked; the user holds a parallel instead, and two copies.
  const cameraRow = rows.first();
  const printButtons = cameraRow.getByTestId('scan-row-print');
  await expect(printButtons).toHaveCount(prints.length);
  await expect(printButtons.first()).toHaveAttribute('aria-pressed', 'true');
  await printButtons.nth(1).click();
  await expect(printButtons.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await cameraRow.getByRole('button', { name: scan.row.more }).click();
  await expect(cameraRow.getByTestId('scan-row-quantity')).toHaveText('2');

  // Typed numbers: look-alikes are read as the number; text that is no number is refused with a message.
  const typed = page.getByTestId('scan-typed');
  await typed.fill('hello');
  await page.getByTestId('scan-typed-add').click();
  await expect(page.getByText(scan.errors.notANumber)).toBeVisible();
  await typed.fill('op01-0O1');
  await typed.press('Enter');
  await expect(rows.first()).toHaveAttribute('data-card-number', 'OP01-001');
  await expect(rows).toHaveCount(2);
  // A row's number corrected by typing over it.
  const number = rows.first().getByTestId('scan-row-number');
  await number.fill('ST10-004');
  await number.press('Enter');
  await expect(rows.first()).toHaveAttribute('data-card-number', 'ST10-004');
  await expect(rows.first().getByTestId('scan-row-name')).toBeVisible();
  await expect(page.getByTestId('scan-list-count')).toHaveText('3 cards');

  // A reload loses nothing.
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('scan-list-count')).toHaveText('3 cards');

  // The target: the binder, through the quick-add picker; then the whole list in one go.
  await page.getByTestId('quick-add-open').click();
  await page.getByTestId('quick-add-menu').getByRole('menuitemradio', { name: /^Scans/ }).click();
  await expect(page.getByTestId('scan-target')).toHaveText('Scans');
  await page.getByTestId('scan-save').click();
  await expect(page.getByText('3 cards added to Scans')).toBeVisible();
  await expect(page.getByText(scan.list.emptyTitle)).toBeVisible();

  const binder = (await (await page.request.get(`/api/binders/${binderId}/cards?pageSize=50`)).json()) as { items: { card: { id: number; cardNumber: string }; quantity: number }[] };
  const held = binder.items.map((r) => [r.card.cardNumber, r.card.id, r.quantity]);
  const parallel = [...prints].sort((a, b) => Number(a.isVariation) - Number(b.isVariation) || a.id - b.id)[1]!;
  expect(held).toContainEqual([PRINTED.cardNumber, parallel.id, 2]);
  expect(held.some(([n, , q]) => n === 'ST10-004' && q === 1)).toBe(true);
  expect(held).toHaveLength(2);
});

test('when the camera is refused the page says so, and typing still works', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { value: () => Promise.reject(new DOMException('refused', 'NotAllowedError')) });
  });
  await createAccount(page, { email: uniqueEmail('scan-refused') });
  await page.goto('/scan');
  await page.getByTestId('scan-start').click();
  await expect(page.getByRole('alert').filter({ hasText: scan.camera.denied })).toBeVisible();
  await expect(page.getByTestId('scan-start')).toHaveText(scan.camera.retry);
  await page.getByTestId('scan-typed').fill('P-033');
  await page.getByTestId('scan-typed-add').click();
  await expect(page.getByTestId('scan-row')).toHaveAttribute('data-card-number', 'P-033');
});
