import { STORAGE_KEYS } from '@grandline/core/locales';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { storage } from '@/lib/storage';
import type { QueryPatch } from '@/features/cards/components/card-filters';
import { clearedSearch, viewOf, withView } from '@/features/cards/utils/cards-page-state';
import { applyQueryPatch, queryFromSearchParams, withoutInvalidParams } from '@/cards/search-params';
import { migrateLegacyParams } from '@/cards/query-panel';

/**
 * The card library's search, view and page, kept in the URL (shareable links; back and forward work). A link with the
 * old filter parameters (color=Red&type=Leader…) is read as its query and the address is rewritten to it.
 */
export function useCardsSearch() {
  const [urlParams, setParams] = useSearchParams();
  const migrated = useMemo(() => migrateLegacyParams(urlParams), [urlParams]);
  const params = migrated ?? urlParams;
  useEffect(() => {
    if (migrated) setParams(migrated, { replace: true });
  }, [migrated, setParams]);
  const query = useMemo(() => queryFromSearchParams(params), [params]);
  const view = viewOf(params, storage.get(STORAGE_KEYS.cardsView));

  /** Filter, sort and page changes; typing in the search box replaces the history entry instead of adding one. */
  const patch = (p: QueryPatch, replace = false) => setParams((prev) => applyQueryPatch(prev, p), { replace });
  const clear = () => setParams(clearedSearch(params));
  const setView = (v: string) => {
    if (!v) return;
    storage.set(STORAGE_KEYS.cardsView, v);
    setParams((prev) => withView(prev, v), { replace: true });
  };
  /** Drops the parameters an API validation error named (a hand-edited or outdated link). */
  const removeInvalid = (issuePaths: string[]) => setParams((prev) => withoutInvalidParams(prev, issuePaths), { replace: true });

  return { query, view, patch, clear, setView, removeInvalid };
}
