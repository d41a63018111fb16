import type { RunPriceSourceRequest, RunPriceSourceResponse } from '@grandline/core/contracts/prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { priceAdminKeys } from './price-admin-keys';

/** "Run now": the server starts the source's job and answers at once (202); the runs list shows how it goes. */
export function useRunPriceSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: RunPriceSourceRequest['source']) => apiSend<RunPriceSourceResponse>('POST', '/admin/prices/run', { source } satisfies RunPriceSourceRequest),
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceAdminKeys.all }),
  });
}
