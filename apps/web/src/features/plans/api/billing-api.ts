import type { BillingRedirectResponse, BillingStatusResponse } from '@grandline/core/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { planLimits, type PlanLimits } from '@grandline/core/plans';
import { USER_SCOPE, useSession } from '@/lib/session';

export const billingKeys = {
  status: () => [USER_SCOPE, 'billing', 'status'] as const,
};

/** The signed-in user's plan and subscription (GET /api/billing/status); dropped with the rest of the user's data on sign-out. */
export const billingStatusQuery = () =>
  queryOptions({
    queryKey: billingKeys.status(),
    queryFn: ({ signal }) => apiGet<BillingStatusResponse>('/billing/status', undefined, { signal }),
    staleTime: 30_000,
  });

export const useBillingStatus = () => useQuery(billingStatusQuery());

/**
 * What the signed-in user's plan allows (packages/core plans.ts), for screens that show a limit before the server
 * would refuse it (a locked "private" switch); null while unknown or signed out. The server's gate stays the rule.
 */
export function usePlanLimits(): PlanLimits | null {
  const { signedIn } = useSession();
  const status = useQuery({ ...billingStatusQuery(), enabled: signedIn });
  return signedIn && status.data ? planLimits(status.data.plan) : null;
}

/** Stripe's pages: Checkout for a paid plan, and the customer portal (`{ url }`, opened in a new tab). */
export const billingApi = {
  checkout: (plan: 'hobby' | 'family', interval: 'month' | 'year') => apiSend<BillingRedirectResponse>('POST', '/billing/checkout', { plan, interval }),
  portal: () => apiSend<BillingRedirectResponse>('POST', '/billing/portal'),
};

/**
 * Opens a Stripe page in a new tab. The tab is opened at once, in the click (browsers block a window opened after an
 * await), then sent to the page when its address arrives; closed again when it does not.
 */
export async function openInNewTab(address: () => Promise<BillingRedirectResponse>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await address();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (err) {
    tab?.close();
    throw err;
  }
}
