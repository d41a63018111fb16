import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import enPages from '../src/locales/en/pages.json' with { type: 'json' };
import enPrices from '../src/locales/en/prices.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

const W = enPrices.watches;
const S = enCommon.subscription;
/** An admin of the e2e server (ADMIN_EMAILS in playwright.config.ts). */
const adminOf = (retry: number) => (retry ? 'admin-plans-e2e-retry1@example.com' : 'admin-plans-e2e@example.com');

test("a Free user's 4th price alert is a locked feature; an admin's complimentary Hobby plan lifts it on the next try, no reload", async ({ page, browser }, testInfo) => {
  const email = uniqueEmail('plans');
  await createAccount(page, { email });
  const cardsRes = await page.request.get('/api/cards?set=op-01&variations=false&pageSize=4&sort=number');
  const cards = ((await cardsRes.json()) as { items: { id: number; name: string }[] }).items;
  expect(cards).toHaveLength(4);
  for (const card of cards.slice(0, 3)) {
    const res = await page.request.post('/api/watches', { data: { cardId: card.id, market: 'us', direction: 'above', threshold: 50_000, currency: 'USD' } });
    expect(res.status(), await res.text()).toBe(201);
  }

  // Settings → Subscription: Free, what it includes, and that this server takes no payments.
  await page.goto('/settings?tab=subscription');
  await expect(page.getByTestId('current-plan')).toHaveText(enCommon.plans.names.free);
  await expect(page.getByText('Up to 3 price alerts')).toBeVisible();
  await expect(page.getByTestId('billing-off')).toHaveText(S.billingOff);

  // The 4th alert: the locked-feature prompt, linking to the plans.
  await page.goto(`/cards/onepiece/${cards[3]!.id}`);
  await page.getByTestId('watch-add').click();
  const dialog = page.getByTestId('watch-dialog');
  await dialog.getByTestId('watch-direction-above').click();
  await dialog.getByTestId('watch-threshold').fill('500');
  await dialog.getByTestId('watch-save').click();
  await expect(dialog.getByTestId('watch-form-error')).toHaveText(W.planLimit);
  await expect(dialog.getByRole('link', { name: W.seePlans })).toHaveAttribute('href', '/settings?tab=subscription');

  // Meanwhile an admin grants a complimentary Hobby plan from /admin.
  const ADMIN = adminOf(testInfo.retry);
  // Its own browser; its API shortcuts write with the app's Origin, as the page fixture's do.
  const origin = new URL(page.url()).origin;
  const adminContext = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin, 'X-Forwarded-For': '10.251.0.7' } });
  const admin = await adminContext.newPage();
  await createAccount(admin, { email: ADMIN });
  await admin.goto('/admin');
  await admin.getByRole('searchbox').fill(email);
  await expect(admin.getByTestId('admin-user-row')).toHaveCount(1);
  await admin.getByRole('combobox', { name: enPages.admin.planFor.replace('{{email}}', email) }).click();
  await admin.getByRole('option', { name: enCommon.plans.names.hobby }).click();
  await expect(admin.getByText(enPages.admin.planChanged.replace('{{email}}', email).replace('{{plan}}', enCommon.plans.names.hobby))).toBeVisible();

  // The open dialog's next try goes through: the plan holds from the user's very next request.
  await dialog.getByTestId('watch-save').click();
  await expect(dialog).toBeHidden();
  await page.goto('/settings?tab=subscription');
  await expect(page.getByTestId('current-plan')).toHaveText(enCommon.plans.names.hobby);
  await expect(page.getByText(S.features.watchesUnlimited)).toBeVisible();
  await expect(page.getByText(S.complimentary.replace('{{plan}}', enCommon.plans.names.hobby))).toBeVisible();

  // The accounts are removed, so the test can run again on a kept data directory (E2E_DATA_DIR).
  for (const [p, who] of [[page, email], [admin, ADMIN]] as const) {
    const removed = await p.request.post('/api/me/delete', { data: { confirmation: who } });
    expect(removed.status(), await removed.text()).toBeLessThan(300);
  }
  await adminContext.close();
});
