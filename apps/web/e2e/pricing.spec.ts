import type { PlansResponse } from '@grandline/core/contracts/billing';
import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import enPages from '../src/locales/en/pages.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

const P = enPages.pricing;
const F = enCommon.subscription.features;
const count = (text: string, n: string) => text.replace('{{count, number}}', n);

test('signed out, the landing page shows the three plans with their features and the prices Stripe holds; subscribing asks to sign in', async ({ page }) => {
  await page.goto('/');
  const pricing = page.locator('#pricing');
  await expect(pricing.getByRole('heading', { name: P.title })).toBeVisible();
  for (const plan of ['free', 'hobby', 'family'] as const) {
    await expect(pricing.getByTestId(`pricing-${plan}`).getByRole('heading', { name: enCommon.plans.names[plan] })).toBeVisible();
  }

  // Free, feature by feature from packages/core plans.ts.
  const free = pricing.getByTestId('pricing-free-features');
  await expect(free.locator('li[data-included="true"]')).toHaveText([
    count(F.watches_other, '3'),
    F.reports_one.replace('{{count, number}}', '1').replace('{{rows, number}}', '3'),
    count(F.exports_one, '1'),
    count(P.features.binders_other, '10'),
    count(P.features.decks_other, '25'),
    count(P.features.cardsPerBinder_other, '2,500'),
  ]);
  await expect(free.getByText(P.features.privateItems)).toBeVisible();
  await expect(free.locator('li[data-included="false"]')).toHaveCount(5);
  await expect(pricing.getByTestId('pricing-free-price')).toContainText(P.freePrice);
  // The Free card names its plan once: the price box says what it costs, not "Free" again.
  expect((await pricing.getByTestId('pricing-free').innerText()).match(/\bfree\b/gi)).toHaveLength(1);
  await expect(pricing.getByTestId('pricing-family-features')).toContainText(count(P.features.familySharing_other, '5'));
  await expect(pricing.getByTestId('pricing-hobby-features').locator('li[data-included="false"]')).toHaveCount(1);

  // The prices of the e2e server's Stripe stand-in (tax-inclusive euros, written as every euro amount is, de-DE): monthly
  // first, yearly after the switch.
  const hobby = pricing.getByTestId('pricing-hobby');
  await pricing.scrollIntoViewIfNeeded();
  await expect(hobby.getByTestId('pricing-hobby-amount')).toHaveText('4,99 €');
  await expect(hobby).toContainText(P.perMonth);
  await expect(hobby).toContainText(P.taxIncluded);
  await expect(pricing.getByTestId('pricing-family-amount')).toHaveText('8,99 €');
  const yearly = pricing.getByRole('button', { name: enCommon.subscription.interval.year });
  await expect(pricing.getByRole('button', { name: enCommon.subscription.interval.month })).toHaveAttribute('aria-pressed', 'true');
  await yearly.click();
  await expect(yearly).toHaveAttribute('aria-pressed', 'true');
  await expect(hobby.getByTestId('pricing-hobby-amount')).toHaveText('49,90 €');
  await expect(hobby).toContainText(P.perYear);
  await expect(pricing.getByTestId('pricing-family-amount')).toHaveText('89,90 €');

  // A paid plan needs an account first (spec §7).
  await pricing.getByTestId('pricing-hobby-cta').click();
  await expect(page.getByText(P.authRequired.title)).toBeVisible();
  await expect(page.getByText(P.authRequired.description)).toBeVisible();
  await expect(pricing.getByRole('link', { name: P.cta.getStarted })).toHaveAttribute('href', '/signup');
  // No promotion for visitors: the pricing is their offer.
  await expect(page.getByTestId('house-promotion')).toHaveCount(0);
});

test('a plan this server cannot sell is a disabled choice that says why', async ({ page }) => {
  // This server sells every plan; its answer is changed on the way to say Family has no yearly price here.
  await page.route('**/api/billing/plans', async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as PlansResponse;
    for (const plan of body.plans) {
      if (plan.plan !== 'family') continue;
      plan.prices = plan.prices.filter((p) => p.interval !== 'year');
      plan.purchase = plan.purchase.map((p) => (p.interval === 'year' ? { interval: 'year', purchasable: false, reason: 'PRICE_NOT_CONFIGURED' } : p));
    }
    await route.fulfill({ response: real, json: body });
  });
  await page.goto('/#pricing');
  const pricing = page.locator('#pricing');
  const family = pricing.getByTestId('pricing-family-cta');
  await expect(family).toBeEnabled();
  await pricing.getByRole('button', { name: enCommon.subscription.interval.year }).click();
  await expect(family).toBeDisabled();
  await expect(family).toHaveAccessibleDescription(P.notSold.year);
  await expect(pricing.getByTestId('pricing-family-no-price')).toHaveText(P.notSold.year);
  await expect(pricing.getByTestId('pricing-hobby-cta')).toBeEnabled();
});

test("the house promotion waits for the account's second week, leads to Settings → Subscription, and stays dismissed", async ({ page, context }) => {
  const email = uniqueEmail('pricing');
  await createAccount(page, { email });
  // A new account: no promotion (the plan is known once the pricing marks Free as current).
  await page.goto('/#pricing');
  await expect(page.getByTestId('pricing-free-current')).toHaveText(P.cta.current);
  await expect(page.getByTestId('pricing-hobby-cta')).toHaveAttribute('href', '/settings?tab=subscription');
  await expect(page.getByTestId('house-promotion')).toHaveCount(0);

  // Eight days later (the browser's clock; the session cookie is the server's and still valid).
  await page.clock.setFixedTime(Date.now() + 8 * 86_400_000);
  await page.goto('/dashboard');
  const promo = page.getByTestId('house-promotion');
  await expect(promo).toBeVisible();
  await expect(promo).toContainText(enPages.promo.label);
  await expect(promo.getByRole('heading', { name: enPages.promo.title })).toBeVisible();
  const link = promo.getByRole('link', { name: enPages.promo.cta });
  await expect(link).toHaveAttribute('href', '/settings?tab=subscription');
  await link.click();
  await expect(page).toHaveURL(/\/settings\?tab=subscription$/);
  await expect(page.getByTestId('current-plan')).toHaveText(enCommon.plans.names.free);

  // Dismissed: gone, after a reload, and in a new tab.
  await promo.getByRole('button', { name: enPages.promo.dismiss }).click();
  await expect(promo).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('current-plan')).toBeVisible();
  await expect(promo).toHaveCount(0);
  const tab = await context.newPage();
  await tab.clock.setFixedTime(Date.now() + 8 * 86_400_000);
  await tab.goto('/settings?tab=subscription');
  await expect(tab.getByTestId('current-plan')).toHaveText(enCommon.plans.names.free);
  await expect(tab.getByTestId('house-promotion')).toHaveCount(0);
  await tab.close();

  const removed = await page.request.post('/api/me/delete', { data: { confirmation: email } });
  expect(removed.status(), await removed.text()).toBeLessThan(300);
});
