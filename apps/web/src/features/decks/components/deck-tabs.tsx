import type { Card } from '@grandline/core/contracts/cards';
import type { DeckRow } from '@grandline/core/contracts/decks';
import { DECK_GROUPINGS, type DeckGrouping } from '@grandline/core/decks/stats';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/misc';
import { Select } from '@/components/ui/select';
import { tabList, tabTrigger } from '@/components/ui/styles';
import { DeckRows } from './deck-rows';
import { DeckStatsPanel } from './deck-stats';
import { OpeningHandPanel } from './opening-hand';
import { DeckValue } from './deck-value';
import { useDeckPrices } from '@/features/decks/hooks/use-deck-prices';

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
  const prices = useDeckPrices(leader, rows);
  return (
    <Tabs.Root defaultValue="list" className="flex flex-col gap-3">
      <Tabs.List aria-label={t('editor.deckViews')} className={tabList}>
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
          <span className="flex items-center gap-2">
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
        <DeckRows rows={rows} grouping={grouping} tooMany={tooMany} onQuantity={onQuantity} unitPrice={prices.isPending ? () => undefined : prices.unit} />
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
