import type { CardHoldingsResponse } from '@grandline/core/contracts/cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FolderHeart, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { apiGet } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/session';

/** The signed-in user's decks and binders holding a card (the card page's loader fetches it before drawing). */
export const cardHoldingsQuery = (cardId: number) =>
  queryOptions({
    queryKey: [USER_SCOPE, 'card-holdings', cardId],
    queryFn: ({ signal }) => apiGet<CardHoldingsResponse>(`/cards/${cardId}/holdings`, undefined, { signal }),
    staleTime: 30_000,
  });

/** "Where is my card": the signed-in user's decks and binders holding the card's number, with copies. */
export function CardHoldings({ cardId }: { cardId: number }) {
  const { t } = useTranslation('cards');
  const holdings = useQuery(cardHoldingsQuery(cardId));
  if (holdings.isError) return null;
  return (
    <div className="mt-6" data-testid="card-holdings">
      <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{t('holdings.title')}</h2>
      {holdings.isPending ? (
        <Skeleton className="h-12" />
      ) : holdings.data.decks.length + holdings.data.binders.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted">{t('holdings.none')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-surface text-sm">
          {holdings.data.decks.map((d) => (
            <li key={`deck-${d.id}`} className="flex items-center gap-3 px-4 py-2.5" data-testid="holding-deck">
              <Layers className="h-4 w-4 shrink-0 text-muted" aria-label={t('holdings.deck')} />
              <Link to={`/deck/${d.id}`} className="min-w-0 flex-1 truncate font-medium hover:underline">
                {d.name}
              </Link>
              <span className="whitespace-nowrap text-muted">{d.leader ? t('holdings.leader') : t('holdings.copies', { count: d.quantity })}</span>
            </li>
          ))}
          {holdings.data.binders.map((b) => (
            <li key={`binder-${b.id}`} className="flex items-center gap-3 px-4 py-2.5" data-testid="holding-binder">
              <FolderHeart className="h-4 w-4 shrink-0 text-muted" aria-label={t('holdings.binder')} />
              {/* The wishlist is called by its name in the user's language, and opens at /wishlist, as everywhere else. */}
              <Link to={b.category === 'wishlist' ? '/wishlist' : `/collection/${b.id}`} className="min-w-0 flex-1 truncate font-medium hover:underline">
                {b.category === 'wishlist' ? t('holdings.wishlist') : b.name}
              </Link>
              <span className="whitespace-nowrap text-muted">{t('holdings.copies', { count: b.quantity })}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
