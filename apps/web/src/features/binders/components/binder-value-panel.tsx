import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { useBinderValue } from '@/features/binders/api/get-binder-value';
import { useValueQuery } from '@/features/binders/hooks/use-value-query';
import { hasPrices } from '@/features/binders/utils/value-format';
import { BinderValueHistory } from './value-history';
import { MostValuable, TopMovers } from './value-highlights';

/** The highlights' outline while the value loads. */
export function HighlightsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-busy="true">
      <Skeleton className="h-72 rounded-xl" />
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

/** A binder's Value tab: the most valuable cards, the top movers of the last 7 days and the value over time. */
export function BinderValuePanel({ binderId }: { binderId: string }) {
  const { t } = useTranslation('binders');
  const value = useBinderValue(binderId, useValueQuery());
  if (value.isPending) return <HighlightsSkeleton />;
  if (value.isError && !value.data) return <ErrorState title={t('value.loadFailed')} onRetry={() => void value.refetch()} />;
  if (!hasPrices(value.data)) {
    return (
      <EmptyState icon={<Wallet className="h-10 w-10" aria-hidden />} title={t('value.noPricesTitle')}>
        {t('value.noPricesText')}
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="binder-value-panel">
      <BinderValueHistory binderId={binderId} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <MostValuable value={value.data} />
        <TopMovers value={value.data} />
      </div>
    </div>
  );
}
