import { useMemo } from 'react';
import { ApiError } from '@/lib/api-client';
import type { QueryProblem } from '@/cards/components/query-box';
import { setCodeOf, type SuggestSource } from '@/cards/query-suggest';
import { useCardFacets } from './get-card-facets';

/** What the search box completes from the catalogue: its types (subtypes) and the codes of its products. */
export function useQuerySource(): SuggestSource {
  const { data } = useCardFacets();
  return useMemo(
    () => ({
      subtypes: data?.subtypes ?? [],
      setCodes: [...new Set((data?.sets ?? []).flatMap((s) => (s.code ? [setCodeOf(s.code)] : [])))],
    }),
    [data],
  );
}

/** The API's 400 QUERY_INVALID as the box shows it (error.query: reason, position, text, messageKey, params). */
export function queryProblemOf(error: unknown): QueryProblem | null {
  if (!(error instanceof ApiError) || error.code !== 'QUERY_INVALID') return null;
  const query = error.details.query as Partial<QueryProblem> | undefined;
  return {
    messageKey: query?.messageKey ?? '',
    params: query?.params ?? {},
    message: error.message,
    position: query?.position ?? Number.MAX_SAFE_INTEGER,
    text: query?.text ?? '',
  };
}
