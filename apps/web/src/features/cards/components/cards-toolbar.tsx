import { CARD_SORTS } from '@grandline/core/games';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, ChevronDown, LayoutGrid, List } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterNextPaint } from '@/lib/next-turn';
import { Button } from '@/components/ui/button';
import type { QueryPatch } from '@/features/cards/components/card-filters';
import { defaultSort, orderTogglePatch, sortPatch } from '@/features/cards/utils/cards-page-state';
import type { CardsSearch } from '@/cards/search-params';
import { ToggleGroup } from '@/components/ui/toggle-group';

const VIEWS = [
  { value: 'grid', icon: LayoutGrid },
  { value: 'list', icon: List },
] as const;

/** Sort field, ascending/descending, and grid or list view of the card library. */
export function CardsToolbar({ query, view, onPatch, onView }: { query: CardsSearch; view: string; onPatch: (patch: QueryPatch) => void; onView: (view: string) => void }) {
  const { t } = useTranslation('cards');
  // The view just chosen, shown pressed at once; the page switches its results (a heavy render on a phone: a list of
  // a page of cards) after that frame is painted (issue 45: the grid → list tap's Interaction to Next Paint).
  // Kept with the view it was chosen over: once the page shows another view, the choice has done its part.
  const [chosen, setChosen] = useState<{ over: string; view: string } | null>(null);
  const latest = useRef<string | null>(null);
  const shown = chosen?.over === view ? chosen.view : view;
  const choose = (next: string) => {
    if (!next) return;
    latest.current = next;
    setChosen(next === view ? null : { over: view, view: next });
    if (next === view) return;
    void afterNextPaint().then(() => {
      // A second tap meanwhile decides (back to the shown view: nothing to switch).
      if (latest.current === next) onView(next);
    });
  };
  return (
    <>
      <div className="flex items-center gap-1">
        <label className="relative">
          <span className="sr-only">{t('sort.label')}</span>
          <select
            value={query.sort ?? defaultSort(query.q)}
            onChange={(e) => onPatch(sortPatch(e.target.value, query.q))}
            className="h-10 w-36 cursor-pointer appearance-none rounded-lg border border-border bg-surface pl-3 pr-8 text-sm text-fg hover:bg-surface-2"
          >
            {/* Relevance only orders a search text's matches. */}
            {CARD_SORTS.filter((s) => s !== 'relevance' || defaultSort(query.q) === 'relevance' || query.sort === 'relevance').map((s) => (
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
          onClick={() => onPatch(orderTogglePatch(query.order))}
          aria-label={query.order === 'desc' ? t('sort.descending') : t('sort.ascending')}
          title={query.order === 'desc' ? t('sort.descending') : t('sort.ascending')}
        >
          {query.order === 'desc' ? <ArrowDownWideNarrow className="h-4 w-4" aria-hidden /> : <ArrowUpNarrowWide className="h-4 w-4" aria-hidden />}
        </Button>
      </div>
      <ToggleGroup.Root
        type="single"
        value={shown}
        onValueChange={choose}
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
    </>
  );
}
