import type { BillingStatusResponse, PlanPurchase, PlansResponse } from '@grandline/core/contracts/billing';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enPages from '@/locales/en/pages.json';
import { initTestI18n } from '@/test/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { mockApi, renderWithProviders } from '@/test/providers';
import { billingStatusQuery } from '@/features/plans/api/billing-api';
import { SubscriptionTab } from '@/features/settings/subscription-tab';
import { dismissedKey, HousePromotion } from './house-promotion';
import { PricingTable } from './pricing-table';

const DAY = 86_400_000;
const off = (interval: 'month' | 'year', reason: PlanPurchase['reason']): PlanPurchase => ({ interval, purchasable: false, reason });
const sold = (interval: 'month' | 'year'): PlanPurchase => ({ interval, purchasable: true, reason: null });

/** What GET /api/billing/plans answers on a server without STRIPE_SECRET_KEY. */
const PAYMENTS_OFF: PlansResponse = {
  billingConfigured: false,
  familyMaxMembers: 5,
  plans: [
    { plan: 'free', prices: [], purchase: [] },
    { plan: 'hobby', prices: [], purchase: [off('month', 'BILLING_NOT_CONFIGURED'), off('year', 'BILLING_NOT_CONFIGURED')] },
    { plan: 'family', prices: [], purchase: [off('month', 'BILLING_NOT_CONFIGURED'), off('year', 'BILLING_NOT_CONFIGURED')] },
  ],
};

/** Hobby sold monthly; Family's monthly price id configured but not sellable at Stripe. */
const FAMILY_UNAVAILABLE: PlansResponse = {
  billingConfigured: true,
  familyMaxMembers: 5,
  plans: [
    { plan: 'free', prices: [], purchase: [] },
    { plan: 'hobby', prices: [{ interval: 'month', amount: 499, currency: 'EUR', taxIncluded: true }], purchase: [sold('month'), off('year', 'PRICE_NOT_CONFIGURED')] },
    { plan: 'family', prices: [], purchase: [off('month', 'PRICE_UNAVAILABLE'), off('year', 'PRICE_NOT_CONFIGURED')] },
  ],
};

const FREE_STATUS = (billingConfigured: boolean): BillingStatusResponse => ({
  plan: 'free',
  is_subscribed: false,
  subscription_status: null,
  product_id: null,
  subscription_end: null,
  complimentaryPlan: null,
  billingConfigured,
  offers: { hobby: billingConfigured ? ['month'] : [], family: [] },
});

const me = (id: string, createdAt: string) => ({
  user: { id, email: `${id}@example.com`, name: id, avatarUrl: null, avatarImage: null, role: 'user', emailConfirmed: true, createdAt },
  profile: { username: id },
  consent: { tosAccepted: true, tosVersion: '1.0', tosTimestamp: null, currentTosVersion: '1.0' },
});

/** The API of a signed-in Free user (or a visitor with `user` null), with `plans` for GET /api/billing/plans. */
function serve({ user = null as ReturnType<typeof me> | null, plans = PAYMENTS_OFF, billingConfigured = false } = {}) {
  return mockApi((url) => {
    if (url.pathname === '/api/session') return { session: user, auth: { enabled: true, providers: [] } };
    if (url.pathname === '/api/billing/plans') return plans;
    if (url.pathname === '/api/billing/status') return FREE_STATUS(billingConfigured);
    if (url.pathname === '/api/family') return { role: null, canOwn: false, maxMembers: 5, owner: null, members: [], invites: [], received: [] };
    return { status: 404, code: 'NOT_FOUND' };
  });
}

const inRouter = (ui: React.ReactElement) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);

beforeAll(async () => {
  await initTestI18n('en');
  i18next.addResourceBundle('en', 'pages', enPages);
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the pricing cards', () => {
  it('make a plan this server cannot sell a disabled choice, described by the reason', async () => {
    serve({ plans: PAYMENTS_OFF });
    inRouter(<PricingTable />);
    for (const plan of ['hobby', 'family'] as const) {
      const choice = await screen.findByTestId(`pricing-${plan}-cta`);
      await waitFor(() => expect((choice as HTMLButtonElement).disabled).toBe(true));
      const reason = document.getElementById(choice.getAttribute('aria-describedby')!);
      expect(reason?.textContent).toBe(enPages.pricing.notOnSale);
    }
    expect((screen.getByTestId('pricing-free-cta') as HTMLAnchorElement).getAttribute('href')).toBe('/signup');
  });

  it('keep the plans that can be bought open, and give each blocked one its own reason', async () => {
    serve({ plans: FAMILY_UNAVAILABLE });
    inRouter(<PricingTable />);
    const family = await screen.findByTestId('pricing-family-cta');
    await waitFor(() => expect((family as HTMLButtonElement).disabled).toBe(true));
    expect(document.getElementById(family.getAttribute('aria-describedby')!)?.textContent).toBe(enPages.pricing.unavailable);
    const hobby = screen.getByTestId('pricing-hobby-cta') as HTMLButtonElement;
    expect(hobby.disabled).toBe(false);
    expect(hobby.hasAttribute('aria-describedby')).toBe(false);
  });

  it('say "Free" once on the Free card: its name, not again as its price', async () => {
    serve({ plans: PAYMENTS_OFF });
    inRouter(<PricingTable />);
    const card = await screen.findByTestId('pricing-free');
    // The card's text runs together here ("FreeBrowse…"): count the word anywhere.
    expect(card.textContent!.match(/free/gi)).toHaveLength(1);
    expect(screen.getByTestId('pricing-free-price').textContent).toContain(enPages.pricing.freePrice);
  });
});

describe('Settings → Subscription', () => {
  it('shows each paid plan as a disabled choice with the reason when payments are not set up', async () => {
    serve({ user: me('u1', new Date(Date.now() - 30 * DAY).toISOString()), plans: PAYMENTS_OFF });
    inRouter(<SubscriptionTab />);
    for (const plan of ['hobby', 'family'] as const) {
      const choice = (await screen.findByTestId(`upgrade-${plan}`)) as HTMLButtonElement;
      expect(choice.disabled).toBe(true);
      expect(document.getElementById(choice.getAttribute('aria-describedby')!)?.textContent).toBe('Not on sale on this server yet');
    }
    expect(screen.getByTestId('billing-off')).toBeTruthy();
  });

  it('disables only the plan whose price cannot be sold now', async () => {
    serve({ user: me('u1', new Date(Date.now() - 30 * DAY).toISOString()), plans: FAMILY_UNAVAILABLE, billingConfigured: true });
    inRouter(<SubscriptionTab />);
    const family = (await screen.findByTestId('upgrade-family')) as HTMLButtonElement;
    expect(family.disabled).toBe(true);
    expect(screen.getByTestId('upgrade-family-reason').textContent).toBe('Not available to buy right now');
    expect((screen.getByTestId('upgrade-hobby') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the house promotion', () => {
  /** Marks when the session and the plan are known: from then on the promotion has decided whether to show. */
  function Settled() {
    const session = useSession();
    const status = useQuery({ ...billingStatusQuery(), enabled: session.signedIn });
    return session.me && status.data ? <span data-testid="settled" /> : null;
  }
  /** The app as a page load draws it, on this browser's storage as it is (a reload keeps local storage). */
  function load() {
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    return render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <HousePromotion />
          <Settled />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }
  const daysOld = (days: number) => new Date(Date.now() - days * DAY).toISOString();

  it('is not shown in the account’s first week', async () => {
    serve({ user: me('new-user', daysOld(6)) });
    load();
    await screen.findByTestId('settled');
    expect(screen.queryByTestId('house-promotion')).toBeNull();
  });

  it('is shown to a Free account older than a week, and once dismissed stays hidden for that user, in a new tab too', async () => {
    serve({ user: me('old-user', daysOld(8)) });
    const first = load();
    fireEvent.click(await screen.findByTestId('house-promotion-dismiss'));
    expect(screen.queryByTestId('house-promotion')).toBeNull();
    first.unmount();

    // Another day, a new tab: the tab's session storage is gone, the browser's local storage is not.
    sessionStorage.clear();
    load();
    await screen.findByTestId('settled');
    expect(screen.queryByTestId('house-promotion')).toBeNull();
  });

  it('is dismissed per user: another account on the same browser still sees it', async () => {
    localStorage.setItem(dismissedKey('old-user'), '1');
    serve({ user: me('other-user', daysOld(30)) });
    load();
    expect(await screen.findByTestId('house-promotion')).toBeTruthy();
  });
});
