import { QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Spec §9: general data is fresh for 5 minutes, with 1 retry (none for 4xx answers). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The app's client: shared by the provider and by route loaders that start fetches before render. */
export const queryClient = createQueryClient();

/**
 * A query a page can be drawn without, fetched by its route's loader: on the server, one that failed is dropped (the
 * browser asks again) rather than failing the drawing.
 */
export async function fetchOptional<TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey> & { enabled?: unknown }) {
  if (options.enabled === false) return;
  await queryClient.fetchQuery(options).catch(() => {
    if (import.meta.env.SSR) queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  });
}
