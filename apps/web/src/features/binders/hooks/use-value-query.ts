import type { CollectionValueQuery } from '@grandline/core/contracts/prices';
import { usePreferences } from '@/lib/preferences';

/**
 * The collection price settings every value asks with: the user's marketplace (default us), price type (default min)
 * and currency, all remembered in this browser (and in the profile when signed in).
 */
export function useValueQuery(): CollectionValueQuery {
  const { marketplace, priceType, currency } = usePreferences();
  return { market: marketplace, priceType, currency };
}
