import type { PriceRunsQuery, UnmatchedProductsQuery } from '@grandline/core/contracts/prices';
import { USER_SCOPE } from '@/lib/session';

/** The admin's price screens: under the user scope, so they are dropped at sign-out. */
export const priceAdminKeys = {
  all: [USER_SCOPE, 'admin-prices'] as const,
  sources: () => [...priceAdminKeys.all, 'sources'] as const,
  runs: (query?: Partial<PriceRunsQuery>) => (query ? ([...priceAdminKeys.all, 'runs', query] as const) : ([...priceAdminKeys.all, 'runs'] as const)),
  unmatched: (query?: Partial<UnmatchedProductsQuery>) =>
    query ? ([...priceAdminKeys.all, 'unmatched', query] as const) : ([...priceAdminKeys.all, 'unmatched'] as const),
  pins: () => [...priceAdminKeys.all, 'pins'] as const,
};

/** While a run is going (or was just started), the sources and runs are asked again this often. */
export const RUN_POLL_MS = 5_000;
