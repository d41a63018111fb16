import type {
  AddBinderCardsRequest,
  BinderCardRow,
  BinderCardsQuery,
  BinderCardsResponse,
  BinderDetail,
  BinderListResponse,
  BulkUpdateBinderCardsRequest,
  CreateBinderRequest,
  OwnedResponse,
  PortfolioResponse,
  UpdateBinderCardRequest,
  UpdateBinderRequest,
  WishlistIdsResponse,
} from '@grandline/core/contracts/binders';
import type { CollectionValueQuery, ValueHistoryQuery } from '@grandline/core/contracts/prices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { USER_SCOPE, useSession } from '@/lib/session';
import { apiGet, apiSend } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

const TIMES = { staleTime: 60_000, gcTime: 10 * 60_000 };
/** Rows per page of a binder's cards. */
export const BINDER_PAGE_SIZE = 60;

export const binderKeys = {
  mine: () => [USER_SCOPE, 'binders'] as const,
  detail: (id: string) => ['binders', id] as const,
  cards: (id: string, query?: BinderCardsQuery) => (query ? (['binders', id, 'cards', query] as const) : (['binders', id, 'cards'] as const)),
  wishlist: () => [USER_SCOPE, 'wishlist'] as const,
  owned: () => [USER_SCOPE, 'owned'] as const,
  portfolio: () => [USER_SCOPE, 'portfolio'] as const,
  /** A binder's market value and its history: under its detail key, so any change to the binder refreshes them. */
  values: (id: string) => ['binders', id, 'value'] as const,
  value: (id: string, query: CollectionValueQuery) => [...binderKeys.values(id), 'summary', query] as const,
  valueHistory: (id: string, query: ValueHistoryQuery) => [...binderKeys.values(id), 'history', query] as const,
  /** The Personal binders' value: under the portfolio's key (refreshed by every binder change, dropped at sign-out). */
  portfolioValues: () => [...binderKeys.portfolio(), 'value'] as const,
  portfolioValue: (query: CollectionValueQuery) => [...binderKeys.portfolioValues(), 'summary', query] as const,
  portfolioValueHistory: (query: ValueHistoryQuery) => [...binderKeys.portfolioValues(), 'history', query] as const,
  /** Every binder's value and the wishlist's cost: under the portfolio's key too (any binder change refreshes them). */
  binderValues: (query: CollectionValueQuery) => [...binderKeys.portfolio(), 'binder-values', query] as const,
  wishlistCost: (query: CollectionValueQuery) => [...binderKeys.portfolio(), 'wishlist-cost', query] as const,
};

const enc = encodeURIComponent;

export const myBindersQuery = () =>
  queryOptions({
    queryKey: binderKeys.mine(),
    queryFn: ({ signal }) => apiGet<BinderListResponse>('/binders', undefined, { signal }).then((r) => r.items),
    ...TIMES,
  });
export const binderQuery = (id: string) =>
  queryOptions({ queryKey: binderKeys.detail(id), queryFn: ({ signal }) => apiGet<BinderDetail>(`/binders/${enc(id)}`, undefined, { signal }), ...TIMES });
export const binderCardsQuery = (id: string, query: BinderCardsQuery) =>
  queryOptions({
    queryKey: binderKeys.cards(id, query),
    queryFn: ({ signal }) => apiGet<BinderCardsResponse>(`/binders/${enc(id)}/cards`, query as Record<string, string | number | undefined>, { signal }),
    placeholderData: keepPreviousData,
    ...TIMES,
  });
export const wishlistQuery = () =>
  queryOptions({ queryKey: binderKeys.wishlist(), queryFn: ({ signal }) => apiGet<WishlistIdsResponse>('/wishlist', undefined, { signal }), ...TIMES });
const ownedQuery = () =>
  queryOptions({ queryKey: binderKeys.owned(), queryFn: ({ signal }) => apiGet<OwnedResponse>('/collection/owned', undefined, { signal }).then((r) => r.counts), ...TIMES });
export const portfolioQuery = () =>
  queryOptions({ queryKey: binderKeys.portfolio(), queryFn: ({ signal }) => apiGet<PortfolioResponse>('/collection/portfolio', undefined, { signal }), ...TIMES });

export const useMyBinders = () => useQuery(myBindersQuery());
export const useBinder = (id: string) => useQuery(binderQuery(id));
export const useBinderCards = (id: string, query: BinderCardsQuery) => useQuery(binderCardsQuery(id, query));
export const usePortfolio = () => useQuery(portfolioQuery());
/** The wishlist's card ids for a signed-in user (nothing is asked for visitors). */
export const useWishlist = () => {
  const { signedIn } = useSession();
  return useQuery({ ...wishlistQuery(), enabled: signedIn });
};
export const useOwned = (enabled = true) => useQuery({ ...ownedQuery(), enabled });

/** After a change to a binder's cards: its page, its counts and everything summed over binders are stale. */
export function binderChanged(id: string) {
  void queryClient.invalidateQueries({ queryKey: ['binders', id] });
  void queryClient.invalidateQueries({ queryKey: binderKeys.mine() });
  void queryClient.invalidateQueries({ queryKey: binderKeys.owned() });
  void queryClient.invalidateQueries({ queryKey: binderKeys.portfolio() });
}

export const bindersApi = {
  create: (body: CreateBinderRequest) => apiSend<BinderDetail>('POST', '/binders', body),
  update: (id: string, body: UpdateBinderRequest) => apiSend<BinderDetail>('PATCH', `/binders/${enc(id)}`, body),
  remove: (id: string) => apiSend<void>('DELETE', `/binders/${enc(id)}`),
  addCards: (id: string, cards: AddBinderCardsRequest['cards']) => apiSend<{ added: number }>('POST', `/binders/${enc(id)}/cards`, { cards }),
  updateCard: (id: string, rowId: number, body: UpdateBinderCardRequest) => apiSend<BinderCardRow>('PATCH', `/binders/${enc(id)}/cards/${rowId}`, body),
  updateCards: (id: string, body: BulkUpdateBinderCardsRequest) => apiSend<{ updated: number }>('POST', `/binders/${enc(id)}/cards/update`, body),
  removeCards: (id: string, rowIds: number[]) => apiSend<{ removed: number }>('POST', `/binders/${enc(id)}/cards/delete`, { rowIds }),
  /** Format with Prices takes the user's marketplace, price type and currency (collection price settings). */
  exportUrl: (id: string, format: string, prices?: { market: string; priceType: string; currency: string }) =>
    `/api/binders/${enc(id)}/export?format=${enc(format)}${prices ? `&market=${enc(prices.market)}&priceType=${enc(prices.priceType)}&currency=${enc(prices.currency)}` : ''}`,
  addToWishlist: (cards: { cardId: number; quantity?: number }[]) => apiSend<WishlistIdsResponse & { binderId: string }>('POST', '/wishlist/cards', { cards }),
  removeFromWishlist: (cardId: number) => apiSend<WishlistIdsResponse>('DELETE', `/wishlist/cards/${cardId}`),
};

/** Adds or removes one card from the wishlist and refreshes what shows it. */
export async function toggleWishlist(cardId: number, inWishlist: boolean) {
  const next = inWishlist ? await bindersApi.removeFromWishlist(cardId) : await bindersApi.addToWishlist([{ cardId }]);
  queryClient.setQueryData(binderKeys.wishlist(), next);
  if (next.binderId) binderChanged(next.binderId);
  return next;
}

/** The cards query a binder page's address asks for (the page loader prefetches the same one). */
export function binderCardsQueryOf(params: URLSearchParams): BinderCardsQuery {
  return {
    q: params.get('q')?.trim() || undefined,
    set: params.get('set') ?? undefined,
    color: (params.get('color') as BinderCardsQuery['color']) ?? undefined,
    type: (params.get('type') as BinderCardsQuery['type']) ?? undefined,
    rarity: (params.get('rarity') as BinderCardsQuery['rarity']) ?? undefined,
    sort: (params.get('sort') as BinderCardsQuery['sort']) ?? 'number',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: BINDER_PAGE_SIZE,
  };
}

