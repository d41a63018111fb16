import type { CollectionValue } from '@grandline/core/contracts/prices';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { binderKeys } from '@/features/binders/api/binders-api';
import { useBinderValue } from '@/features/binders/api/get-binder-value';
import { useRefreshPrices } from '@/features/binders/hooks/use-refresh-prices';
import { useValueQuery } from '@/features/binders/hooks/use-value-query';
import { CurrencyHint, ValueControls } from './value-controls';
import { ValueSummary } from './value-summary';

/** The figures' outline while the value loads: a tile's height (label, figure and two caption lines), so nothing jumps. */
function ValueSkeleton({ tiles = 2 }: { tiles?: number }) {
  return (
    <div className={cn('grid gap-3', tiles > 1 && 'sm:grid-cols-2')} aria-busy="true" data-testid="value-loading">
      {Array.from({ length: tiles }, (_, i) => (
        <Skeleton key={i} className="h-28 rounded-xl sm:h-30" />
      ))}
    </div>
  );
}

/**
 * A market value in a card: the figures (cost basis and gain for the owner only), the market and price type,
 * "Refresh prices" (the value queries under `refreshKey` and the rows' prices), and where the currency is chosen.
 */
export function ValueCard({
  value,
  refreshKey,
  showCostBasis,
  className,
  testId,
}: {
  value: UseQueryResult<CollectionValue>;
  refreshKey: QueryKey;
  showCostBasis: boolean;
  className?: string;
  testId: string;
}) {
  const { t } = useTranslation('binders');
  const titleId = useId();
  const { refresh, refreshing } = useRefreshPrices(refreshKey);
  return (
    <section className={cn('flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 sm:p-5', className)} aria-labelledby={titleId} data-testid={testId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold">
          <Wallet className="h-4 w-4 text-accent" aria-hidden />
          {t('value.title')}
        </h2>
        <ValueControls onRefresh={refresh} refreshing={refreshing || value.isFetching} />
      </div>
      {value.isPending ? (
        <ValueSkeleton tiles={showCostBasis ? 2 : 1} />
      ) : value.isError && !value.data ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-border px-4 py-5" data-testid="value-error">
          <p className="text-sm font-medium">{t('value.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void value.refetch()}>
            {t('actions.retry', { ns: 'common' })}
          </Button>
        </div>
      ) : (
        <div className={cn('transition-opacity', value.isPlaceholderData && 'opacity-60')} aria-busy={value.isPlaceholderData}>
          <ValueSummary value={value.data} showCostBasis={showCostBasis} />
        </div>
      )}
      <CurrencyHint />
    </section>
  );
}

/** A binder's market value at the top of its page. */
export function BinderValueCard({ binderId, owner }: { binderId: string; owner: boolean }) {
  const value = useBinderValue(binderId, useValueQuery());
  return <ValueCard value={value} refreshKey={binderKeys.values(binderId)} showCostBasis={owner} className="mb-6" testId="binder-value" />;
}
