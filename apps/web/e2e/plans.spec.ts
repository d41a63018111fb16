import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import enAdmin from '../src/locales/en/admin.json' with { type: 'json' };
import enPrices from '../src/locales/en/prices.json' with { type: 'json' };
import { expect, test } from './fixtures';
import Stripe from 'stripe';
import { createAccount, uniqueEmail } from './mail';
import { grantPlan } from './plan-grant';
import { createAdmin } from './admin';
import { E2E_STRIPE } from './stripe';

const W = enPrices.watches;
const S = enCommon.subscription;

test("a Free user's 4th price alert is a locked feature; an admin's complimentary Hobby plan lifts it on the next try, no reload", async ({ page, browser }) => {
  const email = uniqueEmail('plans');
  await createAccount(page, { email });
  const cardsRes = await page.request.get('/api/cards?set=op-01&variations=false&pageSize=4&sort=number');
  const cards = ((await cardsRes.json()) as { items: { id: number; name: string }[] }).items;
  expect(cards).toHaveLength(4);
  for (const card of cards.slice(0, 3)) {
    const res = await page.request.post('/api/watches', { data: { cardId: card.id, market: 'us', direction: 'above', threshold: 50_000, currency: 'USD' } });
    expect(res.status(), await res.text()).toBe(201);
  }

  // Settings → Subscription: Free and what it includes.
  await page.goto('/settings?tab=subscription');
  await expect(page.getByTestId('current-plan')).toHaveText(enCommon.plans.names.free);
  await expect(page.getByText('Up to 3 price alerts')).toBeVisible();

  // The 4th alert: the locked-feature prompt, linking to the plans.
  await page.goto(`/cards/onepiece/${cards[3]!.id}`);
  await page.getByTestId('watch-add').click();
  const dialog = page.getByTestId('watch-dialog');
  await dialog.getByTestId('watch-direction-above').click();
  await dialog.getByTestId('watch-threshold').fill('500');
  await dialog.getByTestId('watch-save').click();
  await expect(dialog.getByTestId('watch-form-error')).toHaveText(W.planLimit);
  await expect(dialog.getByRole('link', { name: W.seePlans })).toHaveAttribute('href', '/settings?tab=subscription');

  // A second tab of the user's shows their plan: it will change there without a reload.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/settings?tab=subscription');
  await expect(otherTab.getByTestId('current-plan')).toHaveText(enCommon.plans.names.free);

  // Meanwhile an admin grants a complimentary Hobby plan from /admin.
  // Its own browser; its API shortcuts write with the app's Origin, as the page fixture's do.
  const origin = new URL(page.url()).origin;
  const adminContext = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin, 'X-Forwarded-For': '10.251.0.7' } });
  const admin = await adminContext.newPage();
  const ADMIN = await createAdmin(admin, 'plans');
  await admin.goto('/admin');
  await admin.getByRole('searchbox').fill(email);
  await expect(admin.getByTestId('admin-user-row')).toHaveCount(1);
  await admin.getByRole('combobox', { name: enAdmin.admin.planFor.replace('{{email}}', email) }).click();
  await admin.getByRole('option', { name: enCommon.plans.names.hobby }).click();
  await expect(admin.getByText(enAdmin.admin.planChanged.replace('{{email}}', email).replace('{{plan}}', enCommon.plans.names.hobby))).toBeVisible();

  // The other tab heard it over the notification stream (spec §7's realtime subscription): Hobby, no reload.
  await expect(otherTab.getByTestId('current-plan')).toHaveText(enCommon.plans.names.hobby);
  await expect(otherTab.getByText(S.features.watchesUnlimited)).toBeVisible();
  await otherTab.close();

  // The open dialog's next try goes through: the plan holds from the user's very next request.
  await dialog.getByTestId('watch-save').click();
  await expect(dialog).toBeHidden();
  await page.goto('/settings?tab=subscription');
  await expect(page.getByTestId('current-plan')).toHaveText(enCommon.plans.names.hobby);
  await expect(page.getByText(S.features.watchesUnlimited)).toBeVisible();
  await expect(page.getByText(S.complimentary.replace('{{plan}}', enCommon.plans.names.hobby))).toBeVisible();

  // Both delete their accounts: the grant (the admin's and the user's side) does not stand in the way.
  for (const [p, who] of [[page, email], [admin, ADMIN]] as const) {
    const removed = await p.request.post('/api/me/delete', { data: { confirmation: who } });
    expect(removed.status(), await removed.text()).toBeLessThan(300);
  }
  await adminContext.close();
});

test('upgrading through Stripe Checkout: a new tab on the plan\'s page, the webhook turns the plan on, the portal manages it', async ({ page }) => {
  const email = uniqueEmail('checkout');
  await createAccount(page, { email });
  await page.goto('/settings?tab=subscription');
  await expect(page.getByTestId('current-plan')).toHaveText(enCommon.plans.names.free);
  const change = page.getByTestId('change-plan');
  await expect(change.getByRole('heading', { name: S.upgradeTitle })).toBeVisible();

  // Yearly Hobby: Checkout opens in a new tab with that price and the user's Stripe customer.
  await change.getByRole('button', { name: S.interval.year }).click();
  await expect(change.getByRole('button', { name: S.interval.year })).toHaveAttribute('aria-pressed', 'true');
  const [checkout] = await Promise.all([page.waitForEvent('popup'), change.getByTestId('upgrade-hobby').click()]);
  // The tab opens at once (in the click, so no popup blocker stops it), then goes to Stripe's page.
  await checkout.waitForURL(new RegExp(`^${E2E_STRIPE.url}/pay/cs_e2e_\\d+\\?price=price_hobby_year&customer=cus_e2e_\\d+$`));
  await expect(checkout.getByRole('heading', { name: 'Stripe test checkout' })).toBeVisible();
  const customer = new URL(checkout.url()).searchParams.get('customer')!;
  await checkout.close();

  // Stripe confirms: the subscription as Stripe holds it, then its signed webhook to the app.
  const subscriptionId = `sub_${customer}`;
  const periodEnd = Math.floor(Date.now() / 1000) + 365 * 86_400;
  const subscription = {
    id: subscriptionId,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at: null,
    ended_at: null,
    metadata: {},
    items: { object: 'list', data: [{ id: 'si_e2e', object: 'subscription_item', current_period_end: periodEnd, price: { id: 'price_hobby_year', object: 'price', product: 'prod_hobby' } }] },
  };
  expect((await page.request.put(`${E2E_STRIPE.url}/__subscriptions/${subscriptionId}`, { data: subscription })).status()).toBe(200);
  const payload = JSON.stringify({ id: `evt_${customer}`, object: 'event', type: 'customer.subscription.created', created: Math.floor(Date.now() / 1000), data: { object: subscription } });
  const signature = new Stripe('sk_test_e2e').webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE.webhookSecret });
  const delivered = await page.request.post('/api/billing/webhook', { headers: { 'content-type': 'application/json', 'stripe-signature': signature }, data: payload });
  expect(delivered.status(), await delivered.text()).toBe(200);

  // Back from Checkout: the page says so, and shows Hobby, active, renewing in a year.
  await page.goto('/settings?tab=subscription&checkout=success');
  await expect(page.getByTestId('checkout-result')).toHaveText(S.checkoutSuccess);
  await expect(page.getByTestId('current-plan')).toHaveText(enCommon.plans.names.hobby);
  await expect(page.getByText(S.status.active, { exact: true })).toBeVisible();
  await expect(page.getByTestId('subscription-end')).toContainText('Renews on');
  await expect(change.getByRole('heading', { name: S.manageTitle })).toBeVisible();
  await expect(change.getByTestId('upgrade-family')).toHaveCount(0);
  const [portal] = await Promise.all([page.waitForEvent('popup'), change.getByTestId('billing-portal').click()]);
  await portal.waitForURL(`${E2E_STRIPE.url}/portal?customer=${customer}`);
  await portal.close();

  const removed = await page.request.post('/api/me/delete', { data: { confirmation: email } });
  expect(removed.status(), await removed.text()).toBeLessThan(300);
});

test('Free limits in the app: the 11th binder is refused with a "See plans" toast, and the long value history is locked', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('free-limits') });
  const card = ((await (await page.request.get('/api/cards?set=op-01&variations=false&pageSize=1')).json()) as { items: { id: number }[] }).items[0]!;
  for (let i = 1; i <= 10; i++) {
    const res = await page.request.post('/api/binders', { data: { name: `Binder ${i}`, category: i === 1 ? 'personal' : 'trade' } });
    expect(res.status(), await res.text()).toBe(201);
    if (i === 1) await page.request.post(`/api/binders/${((await res.json()) as { id: string }).id}/cards`, { data: { cards: [{ cardId: card.id, quantity: 2 }] } });
  }
  await page.goto('/collection/new');
  await page.getByTestId('binder-name').fill('Eleventh');
  await page.getByTestId('category-personal').click();
  await page.getByTestId('binder-submit').click();
  const toast = page.getByText(enCommon.plans.locked.binders.replace('{{limit, number}}', '10'));
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: enCommon.plans.seePlans }).click();
  await expect(page).toHaveURL(/\/settings\?tab=subscription$/);
  await expect(page.getByTestId('current-plan')).toHaveText(enCommon.plans.names.free);

  // The portfolio's value history: 30 days for everyone, 90 and 365 are advanced statistics.
  await page.goto('/collection');
  await page.getByTestId('tab-portfolio').click();
  const ranges = page.getByTestId('value-ranges');
  await ranges.getByRole('button', { name: /90/ }).click();
  await expect(page.getByTestId('value-history-locked')).toContainText(enCommon.plans.locked.advancedStatistics.replace('{{limit, number}}', '30'));
  await ranges.getByRole('button', { name: /30/ }).click();
  await expect(page.getByTestId('value-history-locked')).toHaveCount(0);
});

test('family sharing: the owner invites by e-mail, the member accepts and gets Hobby, sees the shared binder, then leaves', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const F = enCommon.family;
  const ownerEmail = uniqueEmail('family-owner');
  await createAccount(page, { email: ownerEmail });
  await page.goto('/');
  await grantPlan(browser, page, { email: ownerEmail, plan: 'family', admin: 'grant-family' });

  // The member-to-be, in their own browser.
  const origin = new URL(page.url()).origin;
  const memberContext = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin, 'X-Forwarded-For': '10.251.0.11' } });
  const member = await memberContext.newPage();
  const memberEmail = uniqueEmail('family-member');
  await createAccount(member, { email: memberEmail });

  // The owner invites them from Settings → Subscription.
  await page.goto('/settings?tab=subscription');
  const family = page.getByTestId('family-section');
  await expect(family).toContainText(F.noMembers);
  await family.getByTestId('family-invite-email').fill(memberEmail);
  await family.getByTestId('family-invite').click();
  await expect(page.getByText(F.invited.replace('{{email}}', memberEmail))).toBeVisible();
  await expect(family.getByTestId('family-invites')).toContainText(memberEmail);
  await expect(family.getByTestId('family-count')).toHaveText('1 of 5');

  // The owner shares a private binder with the family.
  await page.goto('/collection/new');
  await page.getByTestId('binder-name').fill('Family trades');
  await page.getByTestId('category-trade').click();
  // Private by default on Family.
  await expect(page.getByTestId('binder-public')).not.toBeChecked();
  await page.getByTestId('binder-submit').click();
  await expect(page).toHaveURL(/\/collection\/[0-9a-f-]{36}$/);
  const binderUrl = new URL(page.url()).pathname;

  // The member accepts: Hobby, and the family's shared binders once the owner shares one.
  await member.goto('/settings?tab=subscription');
  await expect(member.getByTestId('current-plan')).toHaveText(enCommon.plans.names.free);
  await member.getByTestId('family-received').getByTestId('family-accept').click();
  await expect(member.getByText(F.joined)).toBeVisible();
  await expect(member.getByTestId('current-plan')).toHaveText(enCommon.plans.names.hobby);
  await expect(member.getByTestId('family-owner')).toBeVisible();
  await expect(member.getByTestId('family-binders-empty')).toBeVisible();
  await member.goto(binderUrl);
  await expect(member.getByTestId('binder-title')).toHaveCount(0);

  // Shared with the family (the box appears now that the owner has a member).
  await page.goto(binderUrl);
  await page.getByTestId('binder-more').click();
  await page.getByTestId('binder-edit').click();
  await page.getByTestId('binder-family-shared').click();
  await page.getByTestId('binder-submit').click();
  await expect(page.getByTestId('edit-binder-dialog')).toBeHidden();

  await member.goto('/settings?tab=subscription');
  await member.getByTestId('family-binders').getByRole('link', { name: /Family trades/ }).click();
  await expect(member.getByTestId('binder-title')).toHaveText('Family trades');

  // The member leaves: back to Free.
  await member.goto('/settings?tab=subscription');
  await member.getByTestId('family-leave').click();
  await member.getByTestId('family-leave-confirm').click();
  await expect(member.getByText(F.left)).toBeVisible();
  await expect(member.getByTestId('current-plan')).toHaveText(enCommon.plans.names.free);
  await memberContext.close();
});
