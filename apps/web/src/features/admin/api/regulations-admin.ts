import type { CreateRegulationRequest, Regulation, RegulationsResponse } from '@grandline/core/contracts/regulations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/session';
import { regulationsQuery } from '@/features/decks/api/get-regulations';

/** The admin's view of the deck rules (with who added and ended each entry): dropped at sign-out. */
const adminRegulationsKey = [USER_SCOPE, 'admin-regulations'] as const;

const adminRegulationsQuery = () =>
  queryOptions({
    queryKey: adminRegulationsKey,
    queryFn: ({ signal }) => apiGet<RegulationsResponse>('/admin/deck-regulations', { game: 'onepiece' }, { signal }).then((r) => r.items),
    staleTime: 10_000,
  });

export const useAdminRegulations = () => useQuery(adminRegulationsQuery());

/** After a change, the admin list and the public one (the deck editor judges on it) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: adminRegulationsKey }), queryClient.invalidateQueries({ queryKey: regulationsQuery().queryKey })]);
}

export function useCreateRegulation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (entry: CreateRegulationRequest) => apiSend<Regulation>('POST', '/admin/deck-regulations', entry),
    onSuccess: refresh,
  });
}

export function useEndRegulation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, until }: { id: number; until: string }) => apiSend<Regulation>('POST', `/admin/deck-regulations/${id}/end`, { until }),
    onSuccess: refresh,
  });
}
