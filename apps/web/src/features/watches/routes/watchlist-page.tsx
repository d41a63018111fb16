import type { Watch } from '@grandline/core/contracts/watches';
import { marketplaceName } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import { cardPath } from '@grandline/core/slug';
import { Bell, Pencil, Trash2, TrendingDown, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClass } from '@/components/ui/button';
import { DemoBadge } from '@/components/ui/demo-badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { useWatches, watchesApi, watchesQuery } from '@/features/watches/api/watches-api';
import { WatchDialog } from '@/features/watches/components/watch-dialog';

export const loader = () => {
  void queryClient.prefetchQuery(watchesQuery());
  return null;
};

function StatusBadge({ watch }: { watch: Watch }) {
  const { t } = useTranslation('prices');
  const met = watch.status !== 'watching';
  return (
    <span className="flex flex-col items-start gap-0.5 max-sm:items-end">
      <Badge className={cn(met ? 'border-accent/40 bg-accent/15 text-accent' : 'text-muted')} data-testid="watch-status">
        {t(`watches.statuses.${watch.status}`)}
      </Badge>
      {met && watch.triggeredAt && (
        <span className="text-xs text-muted">
          {t('watches.triggeredOn', { date: formatDate(watch.triggeredAt, { dateStyle: 'medium' }), price: watch.triggeredPrice !== null ? formatCents(watch.triggeredPrice, watch.currency) : '—' })}
        </span>
      )}
    </span>
  );
}

/** The watch list's columns: card, marketplace, threshold, current price, status, edit and remove. */
function useWatchColumns(onEdit: (watch: Watch) => void, onRemove: (watch: Watch) => void): DataTableColumn<Watch>[] {
  const { t } = useTranslation('prices');
  const money = (watch: Watch, cents: number) => formatCents(cents, watch.currency);
  return [
    {
      id: 'card',
      header: t('watches.columns.card'),
      cell: (watch) => (
        <Link to={cardPath(watch.card)} className="flex min-w-0 items-center gap-3 hover:underline max-sm:justify-end">
          <span className="w-10 shrink-0 max-sm:hidden">
            <CardImage card={watch.card} sizes="40px" />
          </span>
          <span className="min-w-0">
            <span className="block truncate font-medium">{watch.card.name}</span>
            <span className="block text-xs text-muted">
              {watch.card.cardNumber}
              {watch.card.variant ? ` · ${t('watches.variant', { variant: watch.card.variant })}` : ''}
            </span>
          </span>
        </Link>
      ),
    },
    { id: 'marketplace', header: t('watches.columns.marketplace'), cell: (watch) => marketplaceName(watch.market) },
    {
      id: 'threshold',
      header: t('watches.columns.threshold'),
      cellClassName: 'whitespace-nowrap',
      cell: (watch) => {
        const Direction = watch.direction === 'below' ? TrendingDown : TrendingUp;
        return (
          <span className="inline-flex items-center gap-1.5">
            <Direction className="h-4 w-4 text-accent" aria-hidden />
            <span className="sr-only">{t(`watches.directions.${watch.direction}`)}</span>
            {money(watch, Math.round(watch.threshold * 100))}
          </span>
        );
      },
    },
    {
      id: 'current',
      header: t('watches.columns.current'),
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (watch) =>
        watch.currentPrice !== null ? (
          <span title={watch.priceEstimate ? t('watches.estimate') : undefined}>
            {money(watch, watch.currentPrice)}
            {watch.priceEstimate && <span className="ml-1 text-xs text-muted">{t('watches.estimateShort')}</span>}
            {watch.priceDemo && <DemoBadge className="ml-1.5" label={t('demo.badge')} title={t('demo.notice')} testId="watch-price-demo" />}
          </span>
        ) : (
          <span className="text-muted">{t('watches.noPrice')}</span>
        ),
    },
    { id: 'status', header: t('watches.columns.status'), cell: (watch) => <StatusBadge watch={watch} /> },
    {
      id: 'actions',
      header: t('watches.columns.actions'),
      align: 'end',
      cell: (watch) => (
        <span className="flex justify-end gap-1">
          <Button variant="ghost" size="icon" onClick={() => onEdit(watch)} aria-label={t('watches.editOne', { name: watch.card.name })} title={t('watches.edit')} data-testid="watch-edit">
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" onClick={() => onRemove(watch)} aria-label={t('watches.removeOne', { name: watch.card.name })} title={t('watches.remove')} data-testid="watch-remove">
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </span>
      ),
    },
  ];
}

/** /watchlist: the user's price alerts (spec §2): card, marketplace, threshold, current price, status, edit and remove. */
export function WatchlistPage() {
  const { t } = useTranslation('prices');
  const watches = useWatches();
  const [editing, setEditing] = useState<Watch | null>(null);
  const [removing, setRemoving] = useState<Watch | null>(null);
  const columns = useWatchColumns(setEditing, setRemoving);
  const title = <PageTitle title={t('watches.title')} />;
  const header = (
    <PageHeader
      title={t('watches.title')}
      description={
        watches.data && watches.data.limit !== null ? t('watches.usage', { count: watches.data.items.length, limit: watches.data.limit }) : t('watches.lead')
      }
    />
  );

  if (watches.isPending) {
    return (
      <>
        {title}
        {header}
        <Skeleton className="h-64" aria-busy="true" />
      </>
    );
  }
  if (watches.isError) {
    return (
      <>
        {title}
        {header}
        <ErrorState title={t('watches.loadFailed')} onRetry={() => void watches.refetch()} />
      </>
    );
  }
  const items = watches.data.items;
  return (
    <div data-testid="watchlist-page">
      {title}
      {header}
      {items.length === 0 ? (
        <EmptyState
          icon={<Bell className="h-10 w-10" aria-hidden />}
          title={t('watches.emptyTitle')}
          action={
            <Link to="/cards" className={buttonClass('primary', 'md')}>
              {t('watches.browse')}
            </Link>
          }
        >
          {t('watches.emptyText')}
        </EmptyState>
      ) : (
        <DataTable
          className="overflow-hidden rounded-xl border border-border bg-surface"
          columns={columns}
          rows={items}
          rowKey={(watch) => watch.id}
          rowProps={() => ({ 'data-testid': 'watch-row' })}
          caption={t('watches.title')}
          density="roomy"
        />
      )}
      {editing && <WatchDialog key={editing.id} card={editing.card} watch={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('watches.removeTitle')}
        text={removing ? t('watches.removeText', { name: removing.card.name, market: marketplaceName(removing.market) }) : ''}
        confirmLabel={t('watches.remove')}
        cancelLabel={t('watches.cancel')}
        testId="watch-remove-confirm"
        onConfirm={async () => {
          if (!removing) return;
          try {
            await watchesApi.remove(removing.id);
            notify.success(t('watches.removed'));
            setRemoving(null);
          } catch (err) {
            notify.error(errorText(err, 'prices:watches.removeFailed'));
            throw err;
          }
        }}
      />
    </div>
  );
}
