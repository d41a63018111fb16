import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { storedPriceParams } from '@/lib/price-params';
import { queryFromSearchParams } from '@/features/cards/utils/search-params';
import { cardsQueryOptions } from './get-cards';

/**
 * /cards: the search starts with the page's code, not after it (the router runs this loader beside the lazy
 * module), so the first render usually finds the cards already there. Kept free of zod and components.
 */
export function cardsPageLoader({ request }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(cardsQueryOptions({ ...queryFromSearchParams(new URL(request.url).searchParams), ...storedPriceParams() }));
  return null;
}
