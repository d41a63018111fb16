import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { ensureSession } from '@/lib/session';
import { storedPriceParams } from '@/lib/price-params';
import { queryFromSearchParams } from '@/cards/search-params';
import { migrateLegacyParams } from '@/cards/query-panel';
import { cardsQueryOptions } from '@/cards/api/get-cards';

/**
 * /cards: the search starts with the page's code, not after it (the router runs this loader beside the lazy
 * module), so the first render usually finds the cards already there. Kept free of zod and components.
 */
export async function cardsPageLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  void queryClient.prefetchQuery(cardsQueryOptions({ ...queryFromSearchParams(migrateLegacyParams(params) ?? params), ...storedPriceParams() }));
  // Whether the quick-add picker shows (signed in, terms accepted) decides whether the heading wraps on a phone in
  // Portuguese and Spanish: known before the first draw, or the picker pushed the page down when the session came
  // (layout shift 0.044 at 390 px). The session was asked for at start-up; this waits for that answer only.
  await ensureSession().catch(() => null);
  return null;
}
