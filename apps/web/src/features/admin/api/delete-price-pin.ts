import type { ProductSource } from '@grandline/core/contracts/prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { priceAdminKeys } from './price-admin-keys';

/** Removes a pin: the product waits for the next run of its source to be matched again. */
export function useDeletePricePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, productId }: { source: ProductSource; productId: string }) =>
      apiSend<void>('DELETE', `/admin/prices/pins/${encodeURIComponent(source)}/${encodeURIComponent(productId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceAdminKeys.all }),
  });
}
