import type { BinderDetail } from '@grandline/core/contracts/binders';
import { LayoutGrid } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-callback';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { DeleteDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/query-states';
import { usePreferences } from '@/lib/preferences';
import { useNearScreen } from '@/lib/use-near-screen';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { useLatestPrices } from '@/features/prices/api/get-latest-prices';
import { BINDER_PAGE_SIZE, binderCardsQueryOf, binderChanged, bindersApi, useBinderCards } from '@/features/binders/api/binders-api';
import { allPicked, isFiltered, pageCountOf, pageOf, searchChange, togglePage, toggleRow, viewOf, withChanges } from '@/features/binders/binder-cards-state';
import { BinderCardsToolbar, BulkActions, type BulkChange } from './binder-cards-toolbar';
import { BinderGrid, BinderList, BinderPager, GridSkeleton } from './binder-cards-views';
import type { RowPrices } from './row-price';

/** Rows drawn before hydration: two phone screens of tiles (and the top of a desktop's grid). */
const FIRST_TILES = 12;
/** How far below the screen the end of the first rows draws the rest of the page. */
const REST_AHEAD = '800px 0px';

/**
 * The binder's cards: search, set/color/type/rarity filters, sort, grid or list, pages of 60; for the owner,
 * quantity steppers, condition and language, cover and removal, and bulk changes and removal in the list.
 * The search, filters, sort, view and page live in the URL (binder-cards-state.ts).
 */
export function BinderCards({ binder, editable, onAddCards }: { binder: BinderDetail; editable: boolean; onAddCards?: () => void }) {
  const { t } = useTranslation(['binders', 'cards']);
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const settledQ = useDebouncedValue(q, 200);
  const view = viewOf(params);
  const page = pageOf(params);
  const query = { ...binderCardsQueryOf(params), q: settledQ.trim() || undefined };
  const cards = useBinderCards(binder.id, query);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);

  const update = (changes: Record<string, string | null>, keepPage = false) =>
    setParams((prev) => withChanges(prev, changes, keepPage), { replace: true, preventScrollReset: true });
  useEffect(() => {
    const current = params.get('q') ?? '';
    if (settledQ !== current) update(searchChange(settledQ));
    // Only the typed text drives this; the other params are read fresh inside update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledQ]);

  const pageCount = pageCountOf(cards.data?.total, BINDER_PAGE_SIZE);
  const items = cards.data?.items ?? [];
  const pageIds = items.map((r) => r.id);
  const prefs = usePreferences();
  // The visible page's prints (at most 60, under the endpoint's 200) in one request.
  const latest = useLatestPrices(items.map((r) => r.card.id), prefs.marketplace, prefs.currency);
  const byId = latest.data?.prices;
  const loading = latest.isPending && items.length > 0;
  const currency = latest.data?.currency ?? prefs.currency;
  const prices: RowPrices = useMemo(
    () => ({ byId, loading, failed: latest.isError, currency, priceType: prefs.priceType }),
    [byId, loading, latest.isError, currency, prefs.priceType],
  );
  // A page of up to 60 cards is drawn as a non-urgent render, which React splits into short slices: the query answers
  // arrive as urgent updates (useSyncExternalStore), and drawing 60 tiles in one of those blocked a phone for ~0.3 s.
  const deferredItems = useDeferredValue(items);
  const shownPrices = useDeferredValue(prices);
  // The first screen first: the server draws, and the browser hydrates, the first FIRST_TILES rows only; the rest of
  // the page joins when the end of those comes near the screen (at once on a wide screen, on a phone when scrolled
  // towards it), in a transition React slices. Drawn whole, the 60 tiles' HTML, layout and hydration were most of a
  // phone's blocking time on a shared binder (Lighthouse); drawn right after hydration, still a third of it.
  const more = useRef<HTMLDivElement>(null);
  const whole = useNearScreen(more, { ahead: REST_AHEAD, enabled: items.length > FIRST_TILES });
  const shownItems = useMemo(() => (whole ? deferredItems : deferredItems.slice(0, FIRST_TILES)), [whole, deferredItems]);
  // The rows have arrived but their deferred render has not drawn them yet: keep the outline, not an empty grid
  // (which let what follows jump up, then back down).
  const drawing = items.length > 0 && deferredItems.length === 0;
  // As many outlines as the first page will hold (up to two rows), so the comments below do not jump when it loads.
  const skeletonTiles = page === 1 && !isFiltered(query) ? Math.min(12, Math.max(1, binder.distinctCount)) : 12;

  const bulkSet = async (change: BulkChange) => {
    try {
      const { updated } = await bindersApi.updateCards(binder.id, { rowIds: [...selected], ...change });
      binderChanged(binder.id);
      setSelected(new Set());
      notify.success(t('toasts.updatedMany', { count: updated }));
    } catch (err) {
      notify.error(errorText(err, 'binders:toasts.updateFailed'));
    }
  };

  if (binder.cardCount === 0) {
    return (
      <EmptyState icon={<LayoutGrid className="h-10 w-10" aria-hidden />} title={t('cards.emptyTitle')} action={editable && onAddCards ? <Button onClick={onAddCards}>{t('actions.addCards')}</Button> : undefined}>
        {editable ? t('cards.emptyText') : t('cards.emptyPublic')}
      </EmptyState>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="binder-cards">
      <BinderCardsToolbar binder={binder} query={query} view={view} search={q} onSearch={setQ} onChange={update} />

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted" aria-live="polite">
        <span data-testid="binder-rows-total">{cards.data ? t('cards.showing', { count: cards.data.total }) : '\u00a0'}</span>
        {editable && view === 'list' && selected.size > 0 && <BulkActions count={selected.size} onSet={(change) => void bulkSet(change)} onRemove={() => setConfirmBulk(true)} />}
      </div>

      {cards.isPending || drawing ? (
        <GridSkeleton tiles={skeletonTiles} editable={editable} />
      ) : cards.isError ? (
        <ErrorState title={t('cards.loadFailed')} onRetry={() => void cards.refetch()} />
      ) : items.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">{isFiltered(query) ? t('cards.noMatch') : t('cards.emptyTitle')}</p>
      ) : view === 'grid' ? (
        <BinderGrid binder={binder} rows={shownItems} editable={editable} stale={cards.isPlaceholderData} prices={shownPrices} />
      ) : (
        <BinderList
          binder={binder}
          rows={shownItems}
          editable={editable}
          stale={cards.isPlaceholderData}
          prices={shownPrices}
          selected={selected}
          allOnPage={allPicked(selected, pageIds)}
          onToggleRow={(id) => setSelected((prev) => toggleRow(prev, id))}
          onTogglePage={() => setSelected((prev) => togglePage(prev, pageIds))}
        />
      )}

      {!whole && items.length > FIRST_TILES && <div ref={more} aria-hidden data-testid="binder-rows-more" />}
      {pageCount > 1 && <BinderPager page={page} pageCount={pageCount} onPage={(next) => update({ page: String(next) }, true)} />}
      {/* Only the owner removes rows: a visitor's page hydrates no dialog (a closed Radix dialog re-renders synchronously once mounted). */}
      {editable && (
        <DeleteDialog
          open={confirmBulk}
          onOpenChange={setConfirmBulk}
          title={t('cards.removeSelectedTitle', { count: selected.size })}
          text={t('cards.removeSelectedText')}
          confirmLabel={t('actions.remove')}
          cancelLabel={t('actions.cancel')}
          remove={() => bindersApi.removeCards(binder.id, [...selected])}
          failedText={t('toasts.updateFailed')}
          onRemoved={({ removed }) => {
            binderChanged(binder.id);
            setSelected(new Set());
            notify.success(t('toasts.removedMany', { count: removed }));
          }}
          testId="remove-selected-confirm"
        />
      )}
    </div>
  );
}
