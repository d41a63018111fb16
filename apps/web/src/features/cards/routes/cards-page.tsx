import type { Card } from '@grandline/core/contracts/cards';
import { CARD_SORTS } from '@grandline/core/games';
import { STORAGE_KEYS } from '@grandline/core/locales';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, ChevronDown, FilterX, LayoutGrid, List, SearchX, SlidersHorizontal } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/misc';
import { ErrorState } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCards } from '@/features/cards/api/get-cards';
import type { QueryPatch } from '@/features/cards/components/card-filters';
import { CardListTable } from '@/features/cards/components/card-list-table';
import { CardTile } from '@/components/card/card-tile';
import { Pagination } from '@/features/cards/components/pagination';
import { SearchBox } from '@/features/cards/components/search-box';
import { activeFilterCount, applyQueryPatch, queryFromSearchParams, withoutInvalidParams } from '@/features/cards/utils/search-params';
import { useQuickAdd, type QuickAdd } from '@/features/quick-add/api/quick-add-store';

/** The result grid renders in the background (deferred), so a page of cards never blocks input. */
/** The filter controls (Radix selects, switches) load only when they are shown. */
const CardFilters = lazy(() => import('@/features/cards/components/card-filters').then((m) => ({ default: m.CardFilters })));
const FilterSheet = lazy(() => import('@/features/cards/components/filter-sheet').then((m) => ({ default: m.FilterSheet })));
/** Quick-add mode (signed-in users): its picker, bar and per-card buttons load only for them. */
const QuickAddPicker = lazy(() => import('@/features/quick-add/components/quick-add-picker').then((m) => ({ default: m.QuickAddPicker })));
const QuickAddBar = lazy(() => import('@/features/quick-add/components/quick-add-bar').then((m) => ({ default: m.QuickAddBar })));
const QuickAddButton = lazy(() => import('@/features/quick-add/components/quick-add-button').then((m) => ({ default: m.QuickAddButton })));
const QuickAddColumnLabel = lazy(() => import('@/features/quick-add/components/quick-add-button').then((m) => ({ default: m.QuickAddColumnLabel })));

/** The per-card quick-add button, or nothing when the mode is off. */
const quickAddAction = (quick: QuickAdd['state'], variant: 'tile' | 'row') =>
  quick
    ? (card: Card) => (
        <Suspense fallback={null}>
          <QuickAddButton card={card} state={quick} variant={variant} />
        </Suspense>
      )
    : undefined;

function FiltersSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

const VIEWS = [
  { value: 'grid', icon: LayoutGrid },
  { value: 'list', icon: List },
] as const;

const GRID_CLASS = 'grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5';

/** Placeholder tiles with the exact size of real ones, so nothing moves when the cards arrive. */
function CardGridSkeleton({ count, label }: { count: number; label?: string }) {
  return (
    <ul className={GRID_CLASS} aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex flex-col gap-2 p-1.5">
          <Skeleton className="aspect-[600/838] w-full rounded-[4.5%]" />
          <div className="flex flex-col gap-1 px-0.5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function CardGrid({ cards, action }: { cards: Card[]; action?: (card: Card) => ReactNode }) {
  const deferred = useDeferredValue(cards, null);
  if (!deferred) return <CardGridSkeleton count={cards.length} />;
  return (
    <ul className={GRID_CLASS} data-testid="card-grid">
      {deferred.map((card, i) => (
        <CardTile key={card.id} card={card} eager={i < 4} action={action?.(card)} />
      ))}
    </ul>
  );
}

export function CardsPage() {
  const { t } = useTranslation('cards');
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromSearchParams(params), [params]);
  const view = params.get('view') ?? storage.get(STORAGE_KEYS.cardsView) ?? 'grid';
  const { data, isPending, isError, error, isPlaceholderData, refetch } = useCards(query);
  const invalidLink = error instanceof ApiError && error.code === 'VALIDATION_ERROR' ? error : null;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
  const filterCount = activeFilterCount(query);
  const wide = useMediaQuery('(min-width: 1024px)');
  const quickAdd = useQuickAdd();

  useEffect(() => {
    document.title = `${t('title')} · Grand Line`;
  }, [t]);

  const patch = (p: QueryPatch, replace = false) => setParams((prev) => applyQueryPatch(prev, p), { replace });
  const clear = () => setParams(new URLSearchParams(params.get('view') ? { view: params.get('view')! } : {}));
  const setView = (v: string) => {
    if (!v) return;
    storage.set(STORAGE_KEYS.cardsView, v);
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('view', v);
      return next;
    }, { replace: true });
  };
  const pageCount = data ? Math.max(1, Math.ceil(data.total / query.pageSize)) : 1;

  const filters = (
    <Suspense fallback={<FiltersSkeleton />}>
      <CardFilters query={query} onPatch={patch} onClear={clear} />
    </Suspense>
  );

  return (
    <div>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-sm text-muted" aria-live="polite" data-testid="result-count">
            {data ? t('resultCount', { count: data.total }) : isError ? '\u00a0' : t('loadingCards')}
          </p>
        </div>
        {quickAdd.available && (
          <Suspense fallback={<span className="h-10 w-32" aria-hidden />}>
            <QuickAddPicker />
          </Suspense>
        )}
      </div>

      {quickAdd.state && (
        <Suspense fallback={null}>
          <QuickAddBar state={quickAdd.state} />
        </Suspense>
      )}

      <div className="mb-5 flex flex-wrap items-center gap-2">
        <SearchBox value={query.q ?? ''} onChange={(q) => patch({ q }, true)} />
        <Button
          variant="secondary"
          className="lg:hidden"
          data-testid="open-filters"
          aria-haspopup="dialog"
          onClick={() => {
            setSheetUsed(true);
            setFiltersOpen(true);
          }}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden />
          {t('filters.title')}
          {filterCount > 0 && <span className="rounded-full bg-accent px-1.5 text-xs text-accent-fg">{filterCount}</span>}
        </Button>
        {sheetUsed && (
          <Suspense fallback={null}>
            <FilterSheet open={filtersOpen} onOpenChange={setFiltersOpen} total={data?.total}>
              {filters}
            </FilterSheet>
          </Suspense>
        )}
        <div className="flex items-center gap-1">
          <label className="relative">
            <span className="sr-only">{t('sort.label')}</span>
            <select
              value={query.sort ?? 'number'}
              onChange={(e) => patch({ sort: e.target.value === 'number' ? undefined : e.target.value })}
              className="h-10 w-36 cursor-pointer appearance-none rounded-lg border border-border bg-surface pl-3 pr-8 text-sm text-fg hover:bg-surface-2"
            >
              {CARD_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sort.${s}`)}
                </option>
              ))}
            </select>
            <ChevronDown className="pointer-events-none absolute right-2.5 top-1/2 h-4 w-4 -translate-y-1/2 opacity-60" aria-hidden />
          </label>
          <Button
            variant="outline"
            size="icon"
            onClick={() => patch({ order: query.order === 'desc' ? undefined : 'desc' })}
            aria-label={query.order === 'desc' ? t('sort.descending') : t('sort.ascending')}
            title={query.order === 'desc' ? t('sort.descending') : t('sort.ascending')}
          >
            {query.order === 'desc' ? <ArrowDownWideNarrow className="h-4 w-4" aria-hidden /> : <ArrowUpNarrowWide className="h-4 w-4" aria-hidden />}
          </Button>
        </div>
        <ToggleGroup.Root
          type="single"
          value={view}
          onValueChange={setView}
          aria-label={t('view.label')}
          className="inline-flex h-10 items-center rounded-lg border border-border bg-surface p-1"
        >
          {VIEWS.map(({ value, icon: Icon }) => (
            <ToggleGroup.Item
              key={value}
              value={value}
              aria-label={t(`view.${value}`)}
              title={t(`view.${value}`)}
              className="inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md text-muted data-[state=on]:bg-surface-2 data-[state=on]:text-fg"
            >
              <Icon className="h-4 w-4" aria-hidden />
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>

      <div className="flex gap-6">
        {wide && (
          <aside
            aria-label={t('filters.title')}
            className={`sticky ${quickAdd.state ? 'top-[9rem] max-h-[calc(100dvh-10rem)]' : 'top-20 max-h-[calc(100dvh-6rem)]'} w-72 shrink-0 overflow-y-auto rounded-xl border border-border bg-surface p-4`}
          >
            {filters}
          </aside>
        )}
        <section className="min-w-0 flex-1" aria-busy={isPending || isPlaceholderData}>
          {invalidLink ? (
            <EmptyState
              icon={<FilterX className="h-10 w-10" aria-hidden />}
              title={t('errors.invalidFilters')}
              action={
                <Button variant="secondary" onClick={() => setParams((prev) => withoutInvalidParams(prev, invalidLink.issues.map((i) => i.path)), { replace: true })}>
                  {t('actions.removeInvalidFilters')}
                </Button>
              }
            >
              {t('errors.invalidFiltersHint', { filters: [...new Set(invalidLink.issues.map((i) => i.path.split('.')[0]))].join(', ') })}
            </EmptyState>
          ) : isError ? (
            <ErrorState title={t('errors.loadFailed')} hint={t('errors.loadFailedHint')} onRetry={() => void refetch()} />
          ) : isPending ? (
            <CardGridSkeleton count={query.pageSize} label={t('loadingCards')} />
          ) : data.items.length === 0 ? (
            <EmptyState
              icon={<SearchX className="h-10 w-10" aria-hidden />}
              title={t('empty.title')}
              action={
                <Button variant="secondary" onClick={clear}>
                  {t('filters.clear')}
                </Button>
              }
            >
              {t('empty.hint')}
            </EmptyState>
          ) : (
            <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
              {view === 'list' ? (
                <CardListTable
                  cards={data.items}
                  action={quickAddAction(quickAdd.state, 'row')}
                  actionHeader={
                    <Suspense fallback={null}>
                      <QuickAddColumnLabel />
                    </Suspense>
                  }
                />
              ) : (
                <CardGrid cards={data.items} action={quickAddAction(quickAdd.state, 'tile')} />
              )}
              <Pagination
                page={query.page}
                pageCount={pageCount}
                onPage={(page) => {
                  patch({ page: page > 1 ? String(page) : undefined });
                  window.scrollTo({ top: 0 });
                }}
              />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
