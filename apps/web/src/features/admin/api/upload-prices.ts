import type { PriceCsvMarket, PriceUploadResponse, PriceUploadSource } from '@grandline/core/contracts/prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { priceAdminKeys } from './price-admin-keys';

export interface PriceUpload {
  source: PriceUploadSource;
  market?: PriceCsvMarket;
  /** YYYY-MM-DD; empty: today (UTC). */
  date?: string;
  file: File | null;
  /** Cardmarket: the singles product list. */
  products?: File | null;
}

/**
 * POST /admin/prices/upload as multipart/form-data, through the one upload call (progress in percent): the form is
 * serialised by the browser (`new Response(form)`), which also gives its boundary.
 */
async function uploadPrices(upload: PriceUpload, onProgress?: (percent: number) => void): Promise<PriceUploadResponse> {
  const form = new FormData();
  form.set('source', upload.source);
  if (upload.source === 'csv' && upload.market) form.set('market', upload.market);
  if (upload.date) form.set('date', upload.date);
  if (upload.file) form.set('file', upload.file, upload.file.name);
  if (upload.source === 'cardmarket' && upload.products) form.set('products', upload.products, upload.products.name);
  const encoded = new Response(form);
  const contentType = encoded.headers.get('Content-Type') ?? 'multipart/form-data';
  return apiUpload<PriceUploadResponse>('/admin/prices/upload', await encoded.blob(), { contentType, onProgress });
}

export function useUploadPrices(onProgress?: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: PriceUpload) => uploadPrices(upload, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceAdminKeys.all }),
  });
}
