import type { HistoryRange } from '@grandline/core/contracts/prices';
import type { MarketplaceId } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';

/** Query keys of the price feature: a card's current prices and history per currency, and the exchange rates. */
export const priceKeys = {
  all: ['prices'] as const,
  cards: () => [...priceKeys.all, 'card'] as const,
  card: (cardId: number, currency: CurrencyCode) => [...priceKeys.cards(), cardId, currency] as const,
  histories: (cardId: number) => [...priceKeys.all, 'history', cardId] as const,
  history: (cardId: number, market: MarketplaceId, days: HistoryRange, currency: CurrencyCode) => [...priceKeys.histories(cardId), market, days, currency] as const,
  exchangeRates: () => [...priceKeys.all, 'exchange-rates'] as const,
};
