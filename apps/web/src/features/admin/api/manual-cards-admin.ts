import type { Card } from '@grandline/core/contracts/cards';
import type { CreateManualCardRequest, ManualCardsResponse } from '@grandline/core/contracts/manual-cards';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/session';
import { cardKeys } from '@/cards/api/card-keys';

const manualCardsKey = [USER_SCOPE, 'admin-manual-cards'] as const;

const manualCardsQuery = () =>
  queryOptions({
    queryKey: manualCardsKey,
    queryFn: ({ signal }) => apiGet<ManualCardsResponse>('/admin/cards/manual', undefined, { signal }).then((r) => r.items),
    staleTime: 10_000,
  });

export const useManualCards = () => useQuery(manualCardsQuery());

/** After a change the list is read again, and every cached card search (the library changed). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: manualCardsKey }), queryClient.invalidateQueries({ queryKey: cardKeys.all })]);
}

export function useCreateManualCard() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (card: CreateManualCardRequest) => apiSend<Card>('POST', '/admin/cards/manual', card), onSuccess: refresh });
}

export function useDeleteManualCard() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => apiSend<void>('DELETE', `/admin/cards/manual/${id}`), onSuccess: refresh });
}
