import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query-client';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { latestPricesKey } from '@/features/prices/api/get-latest-prices';

/**
 * "Refresh prices": the value queries given and every row price are asked for again (active ones now, the others
 * when next shown), then a toast says how it went.
 */
export function useRefreshPrices(valueKey: QueryKey) {
  const { t } = useTranslation('binders');
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: valueKey }, { throwOnError: true }),
        queryClient.invalidateQueries({ queryKey: latestPricesKey }, { throwOnError: true }),
      ]);
      notify.success(t('value.refreshed'));
    } catch (err) {
      notify.error(errorText(err, 'binders:value.refreshFailed'));
    } finally {
      setRefreshing(false);
    }
  };
  return { refresh: () => void refresh(), refreshing };
}
