import type { BillingStatusResponse } from '@grandline/core/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/session';

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
