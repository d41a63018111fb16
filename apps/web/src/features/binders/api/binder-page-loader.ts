import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { binderCardsQuery, binderCardsQueryOf, binderQuery } from './binders-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /collection/{id}: the binder and the first page of its cards start loading with the page's code, not after it (the
 * router runs this loader beside the lazy module, which loads the page's texts: router.tsx). Kept free of zod and
 * components.
 */
export function binderPageLoader({ params, request }: LoaderFunctionArgs) {
  if (params.id && UUID.test(params.id)) {
    void queryClient.prefetchQuery(binderQuery(params.id));
    void queryClient.prefetchQuery(binderCardsQuery(params.id, binderCardsQueryOf(new URL(request.url).searchParams)));
  }
  return null;
}
