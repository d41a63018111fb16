import { BINDER_CARD_SORTS, CARD_CONDITIONS, CARD_LANGUAGES } from '@grandline/core/collection/options';
import type { BinderCardsQuery, BinderDetail, BulkUpdateBinderCardsRequest } from '@grandline/core/contracts/binders';
import { CARD_COLORS, CARD_RARITIES, CARD_TYPES } from '@grandline/core/games';
import { ArrowDownUp, LayoutGrid, List, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { ALL, choiceOf, orderToggle, viewChange, type BinderCardsView } from '@/features/binders/binder-cards-state';
import { rarityName } from '@/components/card/rarity';
import { productCode } from '@grandline/core/set-code';

type Change = (changes: Record<string, string | null>, keepPage?: boolean) => void;

/** Search, sort and order, grid or list, and the set / color / type / rarity filters. */
export function BinderCardsToolbar({
  binder,
  query,
  view,
  search,
  onSearch,
  onChange,
}: {
  binder: BinderDetail;
  query: BinderCardsQuery;
  view: BinderCardsView;
  search: string;
  onSearch: (typed: string) => void;
  onChange: Change;
}) {
  const { t } = useTranslation(['binders', 'cards']);
  const filters = [
    { key: 'set', all: 'allSets', options: binder.stats.completion.map((s) => ({ value: s.slug, label: s.code ? `${productCode(s.code)} · ${s.name}` : s.name, short: s.code ? productCode(s.code) : s.name })) },
    { key: 'color', all: 'allColors', options: CARD_COLORS.map((c) => ({ value: c, label: t(`cards:colors.${c}`) })) },
    { key: 'type', all: 'allTypes', options: CARD_TYPES.map((c) => ({ value: c, label: t(`cards:types.${c}`) })) },
    { key: 'rarity', all: 'allRarities', options: CARD_RARITIES.map((c) => ({ value: c, label: rarityName(c) })) },
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput label={t('cards.search')} placeholder={t('cards.searchPlaceholder')} value={search} onChange={(e) => onSearch(e.target.value)} className="sm:max-w-sm sm:flex-1" />
        <div className="flex min-w-0 items-center gap-2 sm:ml-auto">
          <Select
            label={t('cards.sort')}
            value={query.sort!}
            onValueChange={(v) => onChange({ sort: v })}
            options={BINDER_CARD_SORTS.map((s) => ({ value: s, label: t(`cards.sorts.${s}`) }))}
            className="min-w-0 flex-1 sm:w-48 sm:flex-none"
          />
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onChange(orderToggle(query.order))}
            aria-label={query.order === 'desc' ? t('cards.descending') : t('cards.ascending')}
            title={query.order === 'desc' ? t('cards.descending') : t('cards.ascending')}
            aria-pressed={query.order === 'desc'}
          >
            <ArrowDownUp className="h-4 w-4" aria-hidden />
          </Button>
          <div className="flex rounded-lg border border-border p-0.5" role="group" aria-label={t('cards.view')}>
            {(['grid', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                aria-label={t(`cards.views.${v}`)}
                title={t(`cards.views.${v}`)}
                onClick={() => onChange(viewChange(v), true)}
                className={cn('inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md', view === v ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg')}
                data-testid={`view-${v}`}
              >
                {v === 'grid' ? <LayoutGrid className="h-4 w-4" aria-hidden /> : <List className="h-4 w-4" aria-hidden />}
              </button>
            ))}
          </div>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {filters.map((filter) => (
          <Select
            key={filter.key}
            compact
            label={t(`cards.filters.${filter.key}`)}
            value={query[filter.key] ?? ALL}
            onValueChange={(v) => onChange({ [filter.key]: v })}
            options={[{ value: ALL, label: t(`cards.filters.${filter.all}`) }, ...filter.options]}
          />
        ))}
      </div>
    </div>
  );
}

export type BulkChange = Pick<BulkUpdateBinderCardsRequest, 'condition' | 'language'>;

/** For the rows picked in the list: set their condition or language, or remove them (after a confirmation). */
export function BulkActions({ count, onSet, onRemove }: { count: number; onSet: (change: BulkChange) => void; onRemove: () => void }) {
  const { t } = useTranslation('binders');
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('cards.bulk', { count })} data-testid="bulk-actions">
      <Select
        compact
        label={t('cards.setCondition')}
        placeholder={t('cards.setCondition')}
        value=""
        onValueChange={(v) => onSet({ condition: choiceOf<NonNullable<BulkChange['condition']>>(v) })}
        options={[{ value: ALL, label: '—' }, ...CARD_CONDITIONS.map((c) => ({ value: c, label: `${c} · ${t(`conditions.${c}`)}` }))]}
        className="w-40"
      />
      <Select
        compact
        label={t('cards.setLanguage')}
        placeholder={t('cards.setLanguage')}
        value=""
        onValueChange={(v) => onSet({ language: choiceOf<NonNullable<BulkChange['language']>>(v) })}
        options={[{ value: ALL, label: '—' }, ...CARD_LANGUAGES.map((l) => ({ value: l, label: l }))]}
        className="w-36"
      />
      <Button variant="danger" size="sm" onClick={onRemove} data-testid="remove-selected">
        <Trash2 className="h-4 w-4" aria-hidden />
        {t('cards.removeSelected', { count })}
      </Button>
    </div>
  );
}
