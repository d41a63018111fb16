import type { PriceRun, PriceRunsQuery, PriceRunsResponse } from '@grandline/core/contracts/prices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { priceAdminKeys, RUN_POLL_MS } from './price-admin-keys';

const priceRunsQuery = (query: Partial<PriceRunsQuery>, poll: boolean) =>
  queryOptions({
    queryKey: priceAdminKeys.runs(query),
    queryFn: async ({ signal }): Promise<PriceRun[]> => (await apiGet<PriceRunsResponse>('/admin/prices/runs', query, { signal })).items,
    placeholderData: keepPreviousData,
    refetchInterval: poll ? RUN_POLL_MS : false,
  });

/** The latest runs, newest first, of one source or all; asked every 5 s while `poll`. */
export const usePriceRuns = (query: Partial<PriceRunsQuery>, poll: boolean) => useQuery(priceRunsQuery(query, poll));
