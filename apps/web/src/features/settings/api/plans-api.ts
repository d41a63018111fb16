import type { PlansResponse } from '@grandline/core/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/**
 * The plans and the prices this server sells them at (GET /api/billing/plans, public): the same for every visitor,
 * so not in the user's scope and kept across sign-in and sign-out. No prices when payments are not set up.
 */
const plansQuery = () =>
  queryOptions({
    queryKey: ['billing', 'plans'] as const,
    queryFn: ({ signal }) => apiGet<PlansResponse>('/billing/plans', undefined, { signal }),
    // The server reads the prices from Stripe once an hour; a few minutes here is fresh enough.
    staleTime: 5 * 60_000,
  });

export const usePlans = () => useQuery(plansQuery());
