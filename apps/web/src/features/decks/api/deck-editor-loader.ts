import type { LoaderFunctionArgs } from 'react-router';
import { PANEL_START, panelCardsSearch, scopeTerms } from '@/cards/deck-scope';
import { cardsQueryOptions } from '@/cards/api/get-cards';
import { setsQueryOptions } from '@/cards/api/get-sets';
import { readPreferences } from '@/lib/preferences';
import { fetchOptional, queryClient } from '@/lib/query-client';
import { latestPricesQueryOptions } from '@/features/prices/api/get-latest-prices';
import { deckPrintIds, deckQuery } from './decks-api';
import { regulationsQuery } from './get-regulations';

/**
 * /deck/{id}/edit: the deck starts loading with the page's code; then what the editor's first screen shows beside it
 * — the deck's prices in the browser's marketplace and currency, the search panel's first page (the deck's scope), the
 * sets its query box knows and the banned and restricted cards. On the server (entry-server.tsx) the page waits for
 * them all: its first drawing shows them, and the browser has nothing to fetch nor to draw again right after it
 * hydrates (each answer was a synchronous re-render of the whole editor on a phone: Lighthouse's blocking time).
 * Kept free of zod and components.
 */
export function deckEditorLoader({ params }: LoaderFunctionArgs) {
  if (!params.id) return null;
  const { marketplace, currency } = readPreferences();
  const deck = queryClient.fetchQuery(deckQuery(params.id));
  const extras = Promise.all([
    fetchOptional(setsQueryOptions()),
    fetchOptional(regulationsQuery()),
    deck.then((d) =>
      Promise.all([
        fetchOptional(latestPricesQueryOptions(deckPrintIds(d.leader, d.cards), marketplace, currency)),
        fetchOptional(cardsQueryOptions(panelCardsSearch(PANEL_START, scopeTerms(d.format, d.leader?.colors ?? [])))),
      ]),
    ),
  ]).catch(() => undefined);
  return import.meta.env.SSR ? extras.then(() => null) : null;
}
