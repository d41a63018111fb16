import type { LoaderFunctionArgs } from 'react-router';
import { latestPricesQueryOptions } from '@/features/prices/api/get-latest-prices';
import { readPreferences } from '@/lib/preferences';
import { fetchOptional, queryClient } from '@/lib/query-client';
import { binderCardsQuery, binderCardsQueryOf, binderQuery } from './binders-api';
import { binderValueQuery } from './get-binder-value';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /collection/{id}: the binder and the first page of its cards start loading with the page's code, not after it (the
 * router runs this loader beside the lazy module, which loads the page's texts: router.tsx); then the prices of that
 * page and the binder's value, in the browser's marketplace and currency. On the server (entry-server.tsx) the page
 * waits for them all: its first drawing shows the prices, and the browser has nothing to fetch, nor to draw again,
 * right after it hydrates (each was a synchronous re-render of the grid or the value card on a phone). Kept free of
 * zod and components.
 */
export function binderPageLoader({ params, request }: LoaderFunctionArgs) {
  if (!params.id || !UUID.test(params.id)) return null;
  const id = params.id;
  const { marketplace, currency, priceType } = readPreferences();
  const binder = queryClient.fetchQuery(binderQuery(id));
  const cards = queryClient.fetchQuery(binderCardsQuery(id, binderCardsQueryOf(new URL(request.url).searchParams)));
  const extras = Promise.all([
    binder.then((detail) => (detail.cardCount === 0 ? undefined : fetchOptional(binderValueQuery(id, { market: marketplace, priceType, currency })))),
    cards.then((page) => fetchOptional(latestPricesQueryOptions(page.items.map((r) => r.card.id), marketplace, currency))),
  ]).catch(() => undefined);
  return import.meta.env.SSR ? extras.then(() => null) : null;
}
