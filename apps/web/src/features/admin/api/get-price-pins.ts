import type { PricePinsResponse } from '@grandline/core/contracts/prices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { priceAdminKeys } from './price-admin-keys';

const pricePinsQuery = () =>
  queryOptions({
    queryKey: priceAdminKeys.pins(),
    queryFn: ({ signal }) => apiGet<PricePinsResponse>('/admin/prices/pins', undefined, { signal }).then((r) => r.items),
    staleTime: 10_000,
  });

/** Every pin, newest first. */
export const usePricePins = () => useQuery(pricePinsQuery());
