import type { Card } from '@grandline/core/contracts/cards';
import { tryParseQuery } from '@grandline/core/search/parse';
import { FilterX, SearchX, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { preloadable } from '@/lib/preloadable';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCards } from '@/cards/api/get-cards';
import { CardGrid, CardGridSkeleton } from '@/cards/components/card-grid';
import { CardListTable } from '@/features/cards/components/card-list-table';
import { CardsToolbar } from '@/features/cards/components/cards-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { QueryBox } from '@/cards/components/query-box';
import { SyntaxLink } from '@/cards/components/syntax-link';
import { queryProblemOf, useQuerySource } from '@/cards/api/query-source';
import { useCardsSearch } from '@/features/cards/hooks/use-cards-search';
import { invalidFilterNames, pageCountOf, pagePatch } from '@/features/cards/utils/cards-page-state';
import { activeFilterCount, type CardsSearch } from '@/cards/search-params';
import { useQuickAdd, type QuickAdd } from '@/features/quick-add/api/quick-add-store';
import { PageTitle } from '@/components/page-title';
import { usePreferences } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import type { PriceParams } from '@/lib/price-params';
import { SaveSearchButton } from '@/features/searches/components/save-search-button';

/** The filter controls (Radix selects, switches) load only when they are shown. */
// On wide screens only; loaded before a server-drawn page hydrates (lib/preloadable.tsx).
const CardFilters = preloadable(() => import('@/features/cards/components/card-filters').then((m) => m.CardFilters), 1024);
const FilterSheet = lazy(() => import('@/features/cards/components/filter-sheet').then((m) => ({ default: m.FilterSheet })));
/** Quick-add mode (signed-in users): its picker, bar and per-card buttons load only for them. */
const QuickAddPicker = lazy(() => import('@/features/quick-add/components/quick-add-picker').then((m) => ({ default: m.QuickAddPicker })));
const QuickAddBar = lazy(() => import('@/features/quick-add/components/quick-add-bar').then((m) => ({ default: m.QuickAddBar })));
const QuickAddButton = lazy(() => import('@/features/quick-add/components/quick-add-button').then((m) => ({ default: m.QuickAddButton })));
const WatchTileButton = lazy(() => import('@/features/watches/components/watch-tile-button').then((m) => ({ default: m.WatchTileButton })));
const QuickAddColumnLabel = lazy(() => import('@/features/quick-add/components/quick-add-button').then((m) => ({ default: m.QuickAddColumnLabel })));

/** The per-card quick-add button, or nothing when the mode is off. */
/**
 * The button of each card of the results: "Add" in quick-add mode; otherwise, for a signed-in user who accepted the
 * terms, "Add to watchlist" (a price alert); none for visitors.
 */
const cardAction = (quick: QuickAdd['state'], canWatch: boolean, variant: 'tile' | 'row') =>
  quick
    ? (card: Card) => (
        <Suspense fallback={null}>
          <QuickAddButton card={card} state={quick} variant={variant} />
        </Suspense>
      )
    : canWatch
      ? (card: Card) => (
          <Suspense fallback={null}>
            <WatchTileButton card={card} variant={variant} />
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

interface CardResultsProps {
  /** The library's query (its answer, error and refetch). */
  result: ReturnType<typeof useCards>;
  query: CardsSearch;
  view: string;
  priceParams: PriceParams;
  quick: QuickAdd['state'];
  canWatch: boolean;
  onPage: (page: number) => void;
  onClear: () => void;
  onRemoveInvalid: (issuePaths: string[]) => void;
}

/** The results column: the cards of the page (grid or list) and its pagination, or why there are none. */
function CardResults({ result, query, view, priceParams, quick, canWatch, onPage, onClear, onRemoveInvalid }: CardResultsProps) {
  const { t } = useTranslation('cards');
  const { data, isPending, isError, error, isPlaceholderData, refetch } = result;
  const demo = data?.prices ? Object.values(data.prices).some((p) => p.demo) : false;
  const invalidLink = error instanceof ApiError && error.code === 'VALIDATION_ERROR' ? error : null;
  return (
    <>
      {queryProblemOf(error) ? (
        // The box above says what is wrong with the query and where.
        <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden />} title={t('search.invalidTitle')}>
          {t('search.invalidHint')}
        </EmptyState>
      ) : invalidLink ? (
        <EmptyState
          icon={<FilterX className="h-10 w-10" aria-hidden />}
          title={t('errors.invalidFilters')}
          action={
            <Button variant="secondary" onClick={() => onRemoveInvalid(invalidLink.issues.map((i) => i.path))}>
              {t('actions.removeInvalidFilters')}
            </Button>
          }
        >
          {t('errors.invalidFiltersHint', { filters: invalidFilterNames(invalidLink.issues.map((i) => i.path)) })}
        </EmptyState>
      ) : isError ? (
        <ErrorState title={t('errors.loadFailed')} hint={t('errors.loadFailedHint')} onRetry={() => void refetch()} />
      ) : isPending ? (
        <CardGridSkeleton count={query.pageSize} label={t('loadingCards')} priced />
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={<SearchX className="h-10 w-10" aria-hidden />}
          title={t('empty.title')}
          action={
            <Button variant="secondary" onClick={onClear}>
              {t('filters.clear')}
            </Button>
          }
        >
          {t('empty.hint')}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {demo && (
            <p className="mb-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm" data-testid="demo-prices-notice">
              {t('demoPrices')}
            </p>
          )}
          {view === 'list' ? (
            <CardListTable
              prices={data.prices}
              priceParams={priceParams}
              cards={data.items}
              action={cardAction(quick, canWatch, 'row')}
              actionHeader={
                quick ? (
                  <Suspense fallback={null}>
                    <QuickAddColumnLabel />
                  </Suspense>
                ) : (
                  t('watch.column')
                )
              }
            />
          ) : (
            <CardGrid cards={data.items} action={cardAction(quick, canWatch, 'tile')} prices={data.prices} priceParams={priceParams} />
          )}
          <Pagination page={query.page} pageCount={pageCountOf(data.total, query.pageSize)} onPage={onPage} />
        </div>
      )}
    </>
  );
}

export function CardsPage() {
  const { t } = useTranslation('cards');
  const { query, view, patch, clear, setView, removeInvalid } = useCardsSearch();
  const { marketplace, currency, priceType } = usePreferences();
  const priceParams: PriceParams = useMemo(() => ({ market: marketplace, currency, priceType }), [marketplace, currency, priceType]);
  // Every page carries the prices of the user's marketplace, in their currency (the URL keeps only the search).
  const result = useCards({ ...query, ...priceParams });
  const { data, isPending, isError, isPlaceholderData } = result;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
  const filterCount = activeFilterCount(query);
  const wide = useMediaQuery('(min-width: 1024px)');
  const source = useQuerySource();
  const quickAdd = useQuickAdd();
  const { signedIn, termsAccepted } = useSession();
  const canWatch = signedIn && termsAccepted;
  // A signed-in user may save the query shown, once it reads (the box reports only such, the API may still refuse one).
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  const readable = useMemo(() => q !== '' && tryParseQuery(q).ok, [q]);
  const canSave = signedIn && readable && !queryProblemOf(result.error);

  const filters = (
    <Suspense fallback={<FiltersSkeleton />}>
      <CardFilters query={query} onPatch={patch} onClear={clear} />
    </Suspense>
  );

  return (
    <div>
      <PageTitle title={t('title')} />
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
        <QueryBox
          value={typeof query.q === 'string' ? query.q : ''}
          onChange={(q) => patch({ q }, true)}
          apiProblem={queryProblemOf(result.error)}
          source={source}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          help={<SyntaxLink />}
          className="basis-full sm:basis-0 sm:flex-1"
          testId="card-search"
        />
        {canSave && <SaveSearchButton q={q} />}
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
        <CardsToolbar query={query} view={view} onPatch={patch} onView={setView} />
      </div>

      <div className="flex gap-6">
        {wide && (
          <aside
            aria-label={t('filters.title')}
            className={`sticky ${quickAdd.state ? 'top-[9rem] max-h-[calc(100dvh-10rem)]' : 'top-20 max-h-[calc(100dvh-6rem)]'} hidden w-72 shrink-0 overflow-y-auto rounded-xl border border-border bg-surface p-4 lg:block`}
          >
            {filters}
          </aside>
        )}
        <section className="min-w-0 flex-1" aria-busy={isPending || isPlaceholderData}>
          <CardResults
            result={result}
            query={query}
            view={view}
            priceParams={priceParams}
            quick={quickAdd.state}
            canWatch={canWatch}
            onPage={(page) => {
              patch(pagePatch(page));
              window.scrollTo({ top: 0 });
            }}
            onClear={clear}
            onRemoveInvalid={removeInvalid}
          />
        </section>
      </div>
    </div>
  );
}
