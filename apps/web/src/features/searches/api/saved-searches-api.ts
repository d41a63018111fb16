import type { CreateSavedSearchRequest, SavedSearch, SavedSearchListResponse } from '@grandline/core/contracts/searches';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/session';

const savedSearchKeys = {
  all: () => [USER_SCOPE, 'saved-searches'] as const,
};

const savedSearchesQuery = () =>
  queryOptions({
    queryKey: savedSearchKeys.all(),
    queryFn: ({ signal }) => apiGet<SavedSearchListResponse>('/searches', undefined, { signal }),
    staleTime: 60_000,
  });

/** The signed-in user's saved searches, newest first (GET /api/searches); pending until `enabled`. */
export const useSavedSearches = (enabled: boolean) => useQuery({ ...savedSearchesQuery(), enabled });

/** Saves a search (POST /api/searches): 201 with it, or QUERY_INVALID, PLAN_LIMIT (Free keeps 3), a name's VALIDATION_ERROR. */
export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSavedSearchRequest) => apiSend<SavedSearch>('POST', '/searches', body),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.all() }),
  });
}

/** Deletes a saved search (DELETE /api/searches/{id}, 204). */
export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<void>('DELETE', `/searches/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.all() }),
  });
}
