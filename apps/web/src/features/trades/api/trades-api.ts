import type {
  CompleteTradeRequest,
  CreateTradeRequest,
  Trade,
  TradeListResponse,
  TradeMatchesResponse,
  TraderResponse,
  TradingSettings,
  TradingSettingsRequest,
} from '@grandline/core/contracts/trades';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, apiSend } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { USER_SCOPE, useSession } from '@/lib/session';

/** Everything trades keep is the signed-in user's: under USER_SCOPE, dropped at sign-out. */
const tradeKeys = {
  all: () => [USER_SCOPE, 'trades'] as const,
  matches: (currency: CurrencyCode) => [...tradeKeys.all(), 'matches', currency] as const,
  list: () => [...tradeKeys.all(), 'list'] as const,
  one: (id: string) => [...tradeKeys.all(), 'one', id] as const,
  settings: () => [USER_SCOPE, 'trading'] as const,
  /** What stands between the viewer and a proposal depends on who reads: signed in, kept with the user's data. */
  trader: (username: string, signedIn: boolean) => (signedIn ? ([...tradeKeys.all(), 'trader', username.toLowerCase()] as const) : (['trader', username.toLowerCase()] as const)),
};

/** A user open to trades as their profile shows them; null when they are not open (or do not exist). */
export const traderQuery = (username: string, signedIn: boolean) =>
  queryOptions({
    queryKey: tradeKeys.trader(username, signedIn),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<TraderResponse>(`/traders/${encodeURIComponent(username)}`, undefined, { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: 30_000,
  });

export function useTrader(username: string, enabled = true) {
  const { signedIn } = useSession();
  return useQuery({ ...traderQuery(username, signedIn), enabled });
}

export const tradeMatchesQuery = (currency: CurrencyCode) =>
  queryOptions({
    queryKey: tradeKeys.matches(currency),
    queryFn: ({ signal }) => apiGet<TradeMatchesResponse>('/trades/matches', { currency }, { signal }),
    staleTime: 30_000,
  });

export const tradesQuery = () =>
  queryOptions({ queryKey: tradeKeys.list(), queryFn: ({ signal }) => apiGet<TradeListResponse>('/trades', undefined, { signal }), staleTime: 15_000 });

/** One trade of mine (either party): GET /api/trades/{id}, a 404 for anyone else's. */
export const tradeQuery = (id: string) =>
  queryOptions({ queryKey: tradeKeys.one(id), queryFn: ({ signal }) => apiGet<Trade>(`/trades/${encodeURIComponent(id)}`, undefined, { signal }), staleTime: 15_000 });

export const tradingSettingsQuery = () =>
  queryOptions({ queryKey: tradeKeys.settings(), queryFn: ({ signal }) => apiGet<TradingSettings>('/me/trading', undefined, { signal }), staleTime: 60_000 });

export function useTradeMatches(currency: CurrencyCode) {
  const { signedIn } = useSession();
  return useQuery({ ...tradeMatchesQuery(currency), enabled: signedIn });
}
export function useTrades() {
  const { signedIn } = useSession();
  return useQuery({ ...tradesQuery(), enabled: signedIn });
}
export function useTradingSettings() {
  const { signedIn } = useSession();
  return useQuery({ ...tradingSettingsQuery(), enabled: signedIn });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: tradeKeys.all() });
/** A completed trade moved copies: every binder view is stale. */
const refreshBinders = () => Promise.all([queryClient.invalidateQueries({ queryKey: [USER_SCOPE] }), queryClient.invalidateQueries({ queryKey: ['binders'] })]);

export type TradeAction = 'accept' | 'decline' | 'cancel' | 'complete';

export const tradesApi = {
  saveSettings: async (body: TradingSettingsRequest) => {
    const saved = await apiSend<TradingSettings>('PUT', '/me/trading', body);
    queryClient.setQueryData(tradeKeys.settings(), saved);
    await refresh();
    return saved;
  },
  propose: async (body: CreateTradeRequest) => {
    const trade = await apiSend<Trade>('POST', '/trades', body);
    await refresh();
    return trade;
  },
  act: async (id: string, action: TradeAction, body?: CompleteTradeRequest) => {
    const trade = await apiSend<Trade>('POST', `/trades/${encodeURIComponent(id)}/${action}`, body ?? {});
    await refresh();
    if (trade.status === 'completed') await refreshBinders();
    return trade;
  },
};
