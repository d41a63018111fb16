import type { Card } from '@grandline/core/contracts/cards';
import type { DeckRow } from '@grandline/core/contracts/decks';
import { DECK_GROUPINGS, type DeckGrouping } from '@grandline/core/decks/stats';
import { STORAGE_KEYS } from '@grandline/core/locales';
import { LayoutGrid, List } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { Select } from '@/components/ui/select';
import { tabList, tabTrigger } from '@/components/ui/styles';
import { storage } from '@/lib/storage';
import { DeckRows, deckGroupLabel } from './deck-rows';
import { DeckVisual } from './deck-visual';
import { DeckStatsPanel } from './deck-stats';
import { OpeningHandPanel } from './opening-hand';
import { DeckValue } from './deck-value';
import { useDeckPrices } from '@/features/decks/hooks/use-deck-prices';
import { Tabs } from '@/components/ui/tabs';
import { ToggleGroup } from '@/components/ui/toggle-group';

type DeckView = 'list' | 'visual';
const DECK_VIEWS = [
  { value: 'list', icon: List },
  { value: 'visual', icon: LayoutGrid },
] as const;

/** The collection check reads the user's binders: loaded only when its tab is opened. */
const CollectionCheckPanel = lazy(() => import('./collection-check-panel').then((m) => ({ default: m.CollectionCheckPanel })));

/**
 * The deck's views, shared by the editor and the public page: the grouped card list (with steppers when
 * `onQuantity` is given), statistics, the opening hand, and the collection check when `withCollection`
 * (against the user's binders, `leader` included).
 */
export function DeckTabs({
  rows,
  mainCount,
  onQuantity,
  tooMany,
  withCollection = false,
  leader,
}: {
  rows: readonly DeckRow[];
  mainCount: number;
  onQuantity?: (cardId: number, quantity: number) => void;
  tooMany?: ReadonlySet<string>;
  withCollection?: boolean;
  leader?: Card | null;
}) {
  const { t } = useTranslation('decks');
  const [grouping, setGrouping] = useState<DeckGrouping>('category');
  // The text list or the cards as images: the last choice of this browser.
  const [view, setView] = useState<DeckView>(() => (storage.get(STORAGE_KEYS.deckView) === 'visual' ? 'visual' : 'list'));
  const pickView = (next: string) => {
    if (next !== 'list' && next !== 'visual') return;
    setView(next);
    storage.set(STORAGE_KEYS.deckView, next);
  };
  const prices = useDeckPrices(leader, rows);
  return (
    <Tabs.Root defaultValue="list" className="flex flex-col gap-3">
      {/* Two rows of two on a phone: four tabs side by side cut the last one ("Col…") at 390 px. */}
      <Tabs.List aria-label={t('editor.deckViews')} className={`${tabList} max-sm:grid max-sm:w-full max-sm:grid-cols-2`}>
        <Tabs.Trigger value="list" className={tabTrigger}>
          {t('editor.tabs.list', { count: mainCount })}
        </Tabs.Trigger>
        <Tabs.Trigger value="stats" className={tabTrigger} data-testid="tab-stats">
          {t('editor.tabs.stats')}
        </Tabs.Trigger>
        <Tabs.Trigger value="hand" className={tabTrigger} data-testid="tab-hand">
          {t('editor.tabs.hand')}
        </Tabs.Trigger>
        {withCollection && (
          <Tabs.Trigger value="collection" className={tabTrigger} data-testid="tab-collection">
            {t('collection.tab')}
          </Tabs.Trigger>
        )}
      </Tabs.List>
      <Tabs.Content value="list" className="flex flex-col gap-3 outline-none">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <DeckValue prices={prices} />
          <span className="flex flex-wrap items-center gap-2">
            <ToggleGroup.Root
              type="single"
              value={view}
              onValueChange={pickView}
              aria-label={t('visual.label')}
              className="inline-flex h-9 items-center rounded-lg border border-border bg-surface p-0.5"
            >
              {DECK_VIEWS.map(({ value, icon: Icon }) => (
                <ToggleGroup.Item
                  key={value}
                  value={value}
                  aria-label={t(`visual.${value}`)}
                  title={t(`visual.${value}`)}
                  data-testid={`deck-view-${value}`}
                  className="inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md text-muted data-[state=on]:bg-surface-2 data-[state=on]:text-fg"
                >
                  <Icon className="h-4 w-4" aria-hidden />
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
            <span className="text-xs text-muted">{t('editor.groupBy')}</span>
            <Select
              label={t('editor.groupBy')}
              compact
              value={grouping}
              onValueChange={(v) => setGrouping(v as DeckGrouping)}
              options={DECK_GROUPINGS.map((g) => ({ value: g, label: t(`groups.by.${g}`) }))}
            />
          </span>
        </div>
        {view === 'visual' && rows.length > 0 ? (
          <DeckVisual rows={rows} grouping={grouping} groupLabel={deckGroupLabel(t, grouping)} tooMany={tooMany} onQuantity={onQuantity} />
        ) : (
          <DeckRows rows={rows} grouping={grouping} tooMany={tooMany} onQuantity={onQuantity} unitPrice={prices.isPending ? () => undefined : prices.unit} />
        )}
      </Tabs.Content>
      <Tabs.Content value="stats" className="outline-none">
        <DeckStatsPanel rows={rows} />
      </Tabs.Content>
      <Tabs.Content value="hand" className="outline-none">
        <OpeningHandPanel rows={rows} />
      </Tabs.Content>
      {withCollection && (
        <Tabs.Content value="collection" className="outline-none">
          <Suspense fallback={<Spinner className="mx-auto my-8 block h-5 w-5 text-muted" label={t('collection.loading')} />}>
            <CollectionCheckPanel rows={rows} leader={leader} />
          </Suspense>
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
}
