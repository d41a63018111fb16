import type { Card } from '@grandline/core/contracts/cards';
import type { DeckRow } from '@grandline/core/contracts/decks';
import type { PriceSummary } from '@grandline/core/contracts/prices';
import { collectionValue } from '@grandline/core/prices/value';
import { useMemo } from 'react';
import { usePreferences } from '@/lib/preferences';
import { useLatestPrices } from '@/features/prices/api/get-latest-prices';
import { deckPrintIds } from '@/features/decks/api/decks-api';

export interface DeckPrices {
  /** The current price of each print of the deck (leader included), by card id, in the user's currency. */
  prices: ReadonlyMap<number, PriceSummary>;
  /** Unit price of a print in the user's price type, or null. */
  unit: (cardId: number) => number | null;
  value: ReturnType<typeof collectionValue>;
  isPending: boolean;
  isError: boolean;
}

/**
 * The deck's prices in the user's marketplace, price type and currency (preferences): per print and the deck's value,
 * the leader counted once. A deck has at most ~50 distinct prints: one request.
 */
export function useDeckPrices(leader: Card | null | undefined, rows: readonly DeckRow[]): DeckPrices {
  const { marketplace, currency, priceType } = usePreferences();
  const ids = useMemo(() => deckPrintIds(leader, rows), [leader, rows]);
  const query = useLatestPrices(ids, marketplace, currency);
  return useMemo(() => {
    const prices = new Map(Object.entries(query.data?.prices ?? {}).map(([id, p]) => [Number(id), p]));
    const held = [...(leader ? [{ cardId: leader.id, quantity: 1, paidCents: null }] : []), ...rows.map((r) => ({ cardId: r.card.id, quantity: r.quantity, paidCents: null }))];
    return {
      prices,
      unit: (cardId: number) => prices.get(cardId)?.[priceType] ?? null,
      value: collectionValue(held, prices, priceType),
      isPending: ids.length > 0 && query.isPending,
      isError: query.isError,
    };
  }, [query.data, query.isPending, query.isError, leader, rows, priceType, ids.length]);
}
