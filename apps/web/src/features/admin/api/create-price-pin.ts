import type { CreatePricePinRequest, PricePin } from '@grandline/core/contracts/prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { priceAdminKeys } from './price-admin-keys';

/** Pins a product to a print; the unmatched list and the pins are asked again. */
export function useCreatePricePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pin: CreatePricePinRequest) => apiSend<PricePin>('POST', '/admin/prices/pins', pin),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceAdminKeys.all }),
  });
}
