import type { BinderSummary } from '@grandline/core/contracts/binders';
import type { BinderValuesResponse } from '@grandline/core/contracts/prices';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { formatCents } from '@grandline/core/money/money';
import { normalizeSearchText } from '@grandline/core/slug';
import { Library, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { Button, buttonClass } from '@/components/ui/button';
import { DemoBadge } from '@/components/ui/demo-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { tabList, tabTrigger } from '@/components/ui/styles';
import { queryClient } from '@/lib/query-client';
import { myBindersQuery, portfolioQuery, useMyBinders, usePortfolio } from '@/features/binders/api/binders-api';
import { BinderVisibilityBadge, CategoryBadge } from '@/features/binders/components/binder-badges';
import { DeleteBinderDialog } from '@/features/binders/components/binder-dialogs';
import { CollectionStatsPanel } from '@/features/binders/components/binder-stats';
import { PortfolioValue } from '@/features/binders/components/portfolio-value';
import { useBinderValues, usePortfolioValue } from '@/features/binders/api/get-portfolio-value';
import { useValueQuery } from '@/features/binders/hooks/use-value-query';
import { PageTitle } from '@/components/page-title';
import { formatDate, formatNumber } from '@/lib/format';
import { Tabs } from '@/components/ui/tabs';

export const loader = () => {
  void queryClient.prefetchQuery(myBindersQuery());
  return null;
};

const binderPath = (b: BinderSummary) => (b.category === 'wishlist' ? '/wishlist' : `/collection/${b.id}`);

/** A binder's value in the user's market and currency, as the list shows it ("—" while none of it is priced). */
type ItemValue = BinderValuesResponse['items'][number] & { currency: CurrencyCode };

export function BinderItem({ binder, value, onDelete }: { binder: BinderSummary; value?: ItemValue; onDelete: () => void }) {
  const { t } = useTranslation('binders');
  const name = binder.category === 'wishlist' ? t('wishlist.title') : binder.name;
  const valued = binder.category !== 'wishlist' && binder.cardCount > 0;
  return (
    <li className="flex gap-4 rounded-2xl border border-border bg-surface p-3 sm:p-4" data-testid="binder-item">
      <Link to={binderPath(binder)} className="w-16 shrink-0 sm:w-20" tabIndex={-1} aria-hidden>
        {binder.preview ? <CardImage card={binder.preview} /> : <div className="flex aspect-[600/838] items-center justify-center rounded-[4.5%] border border-dashed border-border bg-surface-2 text-muted"><Library className="h-5 w-5" /></div>}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="min-w-0">
          {/* The name beside the buttons; the value on a line of its own below, as wide as the item: a long value
              ("$168,482.23" and its Demo badge) once pushed the buttons under it when it arrived, on a phone. */}
          <div className="flex items-center justify-between gap-2">
            <Link to={binderPath(binder)} className="block min-w-0 truncate text-base font-semibold hover:underline">
              {name}
            </Link>
            {binder.category !== 'wishlist' && (
              <div className="flex shrink-0 gap-1" data-testid="binder-item-actions">
                <Link to={`/collection/${binder.id}`} className={buttonClass('ghost', 'icon')} aria-label={t('actions.openNamed', { name })} title={t('actions.open')}>
                  <Pencil className="h-4 w-4" aria-hidden />
                </Link>
                <Button variant="ghost" size="icon" onClick={onDelete} aria-label={t('actions.deleteNamed', { name })} title={t('actions.delete')}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            )}
          </div>
          {/* Its value on its own line, the line's height kept while it loads: nothing below moves when it arrives. */}
          {valued && (
            <div className="flex h-6 items-center gap-1.5 text-sm font-semibold tabular-nums" data-testid="binder-item-value">
              {!value ? (
                <Skeleton className="h-4 w-20" />
              ) : value.pricedCopies > 0 ? (
                <>
                  {formatCents(value.total, value.currency)}
                  {value.demo && <DemoBadge label={t('value.demoBadge')} title={t('value.demo')} testId="binder-item-demo" />}
                </>
              ) : (
                <span className="font-normal text-muted">{t('list.noValue')}</span>
              )}
            </div>
          )}
          {binder.description && <p className="line-clamp-2 text-sm text-muted">{binder.description}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <CategoryBadge category={binder.category} />
          <BinderVisibilityBadge isPublic={binder.isPublic} />
          <span>{t('counts', { count: binder.cardCount, distinct: binder.distinctCount })}</span>

          <span className="basis-full sm:basis-auto">{t('updated', { date: formatDate(binder.updatedAt) })}</span>
        </div>
      </div>
    </li>
  );
}

const FILTERS = ['all', 'personal', 'trade', 'wishlist'] as const;

function BinderList({ newBinder }: { newBinder: React.ReactNode }) {
  const { t } = useTranslation('binders');
  const binders = useMyBinders();
  const valueQuery = useValueQuery();
  // Asked once the list is known to hold a binder that can have a value (the wishlist holds what is wanted).
  const values = useBinderValues(valueQuery, (binders.data ?? []).some((b) => b.category !== 'wishlist' && b.cardCount > 0));
  const valueOf = (id: string): ItemValue | undefined => {
    const item = values.data?.items.find((v) => v.id === id);
    return item && values.data ? { ...item, currency: values.data.currency } : undefined;
  };
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<(typeof FILTERS)[number]>('all');
  const [deleting, setDeleting] = useState<BinderSummary | null>(null);
  const shown = useMemo(() => {
    const needle = normalizeSearchText(q.trim());
    return (binders.data ?? []).filter((b) => (category === 'all' || b.category === category) && (!needle || normalizeSearchText(`${b.name} ${b.description ?? ''}`).includes(needle)));
  }, [binders.data, q, category]);
  if (binders.isPending) {
    return (
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (binders.isError) return <ErrorState title={t('list.loadFailed')} onRetry={() => void binders.refetch()} />;
  if (binders.data.length === 0) {
    return (
      <EmptyState icon={<Library className="h-10 w-10" aria-hidden />} title={t('list.emptyTitle')} action={newBinder}>
        {t('list.emptyText')}
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput label={t('list.search')} placeholder={t('list.searchPlaceholder')} value={q} onChange={(e) => setQ(e.target.value)} className="sm:max-w-sm sm:flex-1" />
        <Select
          label={t('list.category')}
          value={category}
          onValueChange={(v) => setCategory(v as (typeof FILTERS)[number])}
          options={FILTERS.map((f) => ({ value: f, label: f === 'all' ? t('list.allCategories') : t(`categories.${f}`) }))}
          className="sm:w-52"
        />
      </div>
      {shown.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">{t('list.noMatch')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="binder-list-items">
          {shown.map((b) => (
            <BinderItem key={b.id} binder={b} value={valueOf(b.id)} onDelete={() => setDeleting(b)} />
          ))}
        </ul>
      )}
      {deleting && <DeleteBinderDialog binder={deleting} open onOpenChange={(o) => !o && setDeleting(null)} />}
    </div>
  );
}

/** Totals over Personal binders only (Trade binders and the wishlist do not count, spec §6). */
function Portfolio() {
  const { t } = useTranslation('binders');
  const portfolio = usePortfolio();
  // The same query as the value card's: the statistics below wait for it, so the value's figures and charts, whose
  // height depends on the collection, arrive without pushing the statistics down the screen (a layout shift).
  const value = usePortfolioValue(useValueQuery());
  if (portfolio.isPending) return <Skeleton className="h-96" aria-busy="true" />;
  if (portfolio.isError) return <ErrorState title={t('portfolio.loadFailed')} onRetry={() => void portfolio.refetch()} />;
  const data = portfolio.data;
  return (
    <div className="flex flex-col gap-4" data-testid="portfolio">
      <p className="text-sm text-muted">{t('portfolio.lead', { count: data.binders })}</p>
      {data.binders === 0 ? (
        <EmptyState icon={<Library className="h-10 w-10" aria-hidden />} title={t('portfolio.emptyTitle')}>
          {t('portfolio.emptyText')}
        </EmptyState>
      ) : (
        <>
          <PortfolioValue />
          {value.isPending ? null : (
            <>
              <h2 className="mt-2 text-lg font-semibold">{t('portfolio.statsTitle')}</h2>
              <CollectionStatsPanel stats={data.stats} />
              {data.topCards.length > 0 && (
                <section className="rounded-xl border border-border bg-surface p-4" aria-labelledby="top-cards-title">
                  <h3 id="top-cards-title" className="mb-3 text-sm font-semibold">
                    {t('portfolio.topCards')}
                  </h3>
                  <ol className="grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-10">
                    {data.topCards.map(({ card, quantity }) => (
                      <li key={card.id} className="flex flex-col gap-1">
                        <CardImage card={card} />
                        <span className="truncate text-xs font-medium">{card.name}</span>
                        <span className="text-xs tabular-nums text-muted">×{formatNumber(quantity)}</span>
                      </li>
                    ))}
                  </ol>
                </section>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}

/** /collection: the user's binders (create, open, delete) and the portfolio statistics. */
export function CollectionPage() {
  const { t } = useTranslation('binders');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'portfolio' ? 'portfolio' : 'binders';
  const newBinder = (
    <Link to="/collection/new" className={buttonClass('primary', 'md')} data-testid="new-binder">
      <Plus className="h-4 w-4" aria-hidden />
      {t('actions.new')}
    </Link>
  );
  return (
    <div className="flex flex-col gap-5" data-testid="collection-page">
      <PageTitle title={t('list.title')} />
      <PageHeader title={t('list.title')} description={t('list.lead')} actions={newBinder} />
      <Tabs.Root
        value={tab}
        onValueChange={(v) => {
          void queryClient.prefetchQuery(portfolioQuery());
          setParams(v === 'portfolio' ? { tab: v } : {}, { replace: true });
        }}
        className="flex flex-col gap-4"
      >
        <Tabs.List aria-label={t('list.views')} className={tabList}>
          <Tabs.Trigger value="binders" className={tabTrigger}>
            {t('list.tabs.binders')}
          </Tabs.Trigger>
          <Tabs.Trigger value="portfolio" className={tabTrigger} data-testid="tab-portfolio">
            {t('list.tabs.portfolio')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="binders" className="outline-none">
          <BinderList newBinder={newBinder} />
        </Tabs.Content>
        <Tabs.Content value="portfolio" className="outline-none">
          <Portfolio />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
