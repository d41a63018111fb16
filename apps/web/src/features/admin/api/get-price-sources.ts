import type { PriceSourcesResponse } from '@grandline/core/contracts/prices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { priceAdminKeys, RUN_POLL_MS } from './price-admin-keys';

/** Asked every 5 s while a run is going, or while `watching` (a run was just asked for and has not shown yet). */
const priceSourcesQuery = (watching: boolean) =>
  queryOptions({
    queryKey: priceAdminKeys.sources(),
    queryFn: ({ signal }) => apiGet<PriceSourcesResponse>('/admin/prices/sources', undefined, { signal }).then((r) => r.items),
    refetchInterval: (query) => (watching || query.state.data?.some((s) => s.running) ? RUN_POLL_MS : false),
  });

/** The live sources: configured here or not, running, last run and last success. */
export const usePriceSources = (watching: boolean) => useQuery(priceSourcesQuery(watching));
