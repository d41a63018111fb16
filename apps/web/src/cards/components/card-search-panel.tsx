import type { Card } from '@grandline/core/contracts/cards';
import { CARD_COLORS, CARD_TYPES } from '@grandline/core/games';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardImage } from '@/components/card/card-image';
import { CardPreview } from '@/components/card/card-preview';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { QueryBox } from '@/cards/components/query-box';
import { SyntaxLink } from '@/cards/components/syntax-link';
import { PANEL_PAGE_SIZE, PANEL_START, panelCardsSearch, scopeTerms, type ScopeKey, type ScopeTerm } from '@/cards/deck-scope';
import { setCodeOf } from '@/cards/query-suggest';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Select } from '@/components/ui/select';
import { useCards } from '@/cards/api/get-cards';
import { queryProblemOf } from '@/cards/api/query-source';
import { useSets } from '@/cards/api/get-sets';
import { productCode } from '@grandline/core/set-code';

const COSTS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];

/** The library inside the editor: search and filters as on /cards; a click adds the card (a Leader fills the leader slot). */
/** One result of the search: the card's image as a button that adds it, with the copies the deck already holds. */
function SearchResult({ card, count, onAdd }: { card: Card; count: number; onAdd: (card: Card) => void }) {
  const { t } = useTranslation('decks');
  return (
    <li className="relative">
      <CardPreview card={card}>
        <button
          type="button"
          onClick={() => onAdd(card)}
          className="group block w-full cursor-pointer rounded-lg text-left"
          aria-label={t('editor.addNamed', { name: card.name, number: card.cardNumber })}
          data-testid="search-result"
          data-card-number={card.cardNumber}
        >
          <CardImage card={card} className="transition-transform group-hover:-translate-y-0.5" />
          <span className="mt-1 block truncate text-xs font-medium">{card.name}</span>
          <span className="block font-mono text-[0.65rem] text-muted">{card.cardNumber}{card.variant ? ` · ${card.variant}` : ''}</span>
          <span className="absolute right-1 top-1 flex h-7 w-7 items-center justify-center rounded-full bg-accent text-accent-fg opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
            <Plus className="h-4 w-4" aria-hidden />
          </span>
          {count > 0 && <span className="absolute left-1 top-1 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-bold text-white">×{count}</span>}
        </button>
      </CardPreview>
    </li>
  );
}

/** The search's answer: the cards as buttons that add them, with a pager; or why there are none. */
function SearchResults({
  cards,
  page,
  pageSize,
  onPage,
  countOf,
  onAdd,
}: {
  cards: ReturnType<typeof useCards>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  countOf: (card: Card) => number;
  onAdd: (card: Card) => void;
}) {
  const { t } = useTranslation('decks');
  const pageCount = cards.data ? Math.max(1, Math.ceil(cards.data.total / pageSize)) : 1;
  return (
    <>
      {cards.isPending ? (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="aspect-[600/838]" />
          ))}
        </div>
      ) : cards.isError ? (
        <ErrorState title={t('editor.searchFailed')} onRetry={() => void cards.refetch()} />
      ) : cards.data.items.length === 0 ? (
        <EmptyState title={t('editor.noResults')} />
      ) : (
        <>
          <p className="text-xs text-muted" aria-live="polite">
            {t('editor.resultCount', { count: cards.data.total })}
          </p>
          <ul className={cn('grid grid-cols-3 gap-2 sm:grid-cols-4', cards.isPlaceholderData && 'opacity-60')}>
            {cards.data.items.map((card) => (
              <SearchResult key={card.id} card={card} count={countOf(card)} onAdd={onAdd} />
            ))}
          </ul>
          {pageCount > 1 && (
            <div className="flex items-center justify-between gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                {t('editor.previous')}
              </Button>
              <span className="text-xs tabular-nums text-muted">{t('editor.pageOf', { page, count: pageCount })}</span>
              <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
                {t('editor.next')}
              </Button>
            </div>
          )}
    </>
  )}
    </>
  );
}

/** The deck's scope as chips; removing one widens the search. */
function ScopeChips({ scope, onRemove }: { scope: ScopeTerm[]; onRemove: (key: ScopeKey) => void }) {
  const { t } = useTranslation('decks');
  if (!scope.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label={t('editor.scope')} data-testid="deck-scope">
      {scope.map((s) => (
        <button
          key={s.key}
          type="button"
          onClick={() => onRemove(s.key)}
          aria-label={t('editor.removeScope', { term: s.text })}
          title={t(`editor.scopeHint.${s.key}`)}
          className="inline-flex h-7 cursor-pointer items-center gap-1 rounded-full border border-accent bg-accent/10 pl-2.5 pr-1.5 font-mono text-xs hover:bg-accent/20"
          data-testid="scope-chip"
        >
          {s.text}
          <X className="h-3.5 w-3.5" aria-hidden />
        </button>
      ))}
    </div>
  );
}

export function CardSearchPanel({
  onAdd,
  countOf,
  leaderColors,
  format,
  scopeOwner = '',
  hideHeading = false,
  headingOnPhones = true,
}: {
  onAdd: (card: Card) => void;
  countOf: (card: Card) => number;
  leaderColors: readonly string[];
  /** The deck's format: the search starts scoped to the cards legal in it (a removable chip). */
  format?: string;
  /** The deck and its leader: a new deck or another leader brings the removed scope chips back. */
  scopeOwner?: string;
  /** Inside a dialog that already names the search. */
  hideHeading?: boolean;
  /** Below `lg`, where a tab named "Add cards" already shows the panel (the deck editor), the heading is for screen readers only. */
  headingOnPhones?: boolean;
}) {
  const { t } = useTranslation('decks');
  const [q, setQ] = useState(PANEL_START.q);
  const [colors, setColors] = useState(PANEL_START.colors);
  const [types, setTypes] = useState(PANEL_START.types);
  const [variations, setVariations] = useState(PANEL_START.variations);
  const [set, setSet] = useState(PANEL_START.set);
  const [costs, setCosts] = useState(PANEL_START.costs);
  const sets = useSets();
  const [page, setPage] = useState(PANEL_START.page);
  // The deck's scope (legal:<format>, c<=<leader's colors>) as removable chips; a new format or leader brings them back.
  const scopeKey = `${scopeOwner}|${format ?? ''}|${leaderColors.join('/')}`;
  const [removed, setRemoved] = useState<{ key: string; keys: ScopeKey[] }>({ key: scopeKey, keys: [] });
  const dropped = removed.key === scopeKey ? removed.keys : [];
  const scope = scopeTerms(format, leaderColors).filter((s) => !dropped.includes(s.key));
  const cards = useCards(panelCardsSearch({ q, colors, types, variations, set, costs, page }, scope));
  const toggle = (list: string[], value: string, set: (v: string[]) => void) => {
    set(list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
    setPage(1);
  };

  return (
    <section aria-labelledby="deck-search-title" className="flex flex-col gap-3" data-testid="deck-card-search">
      <h2 id="deck-search-title" className={hideHeading ? 'sr-only' : cn('text-lg font-semibold', !headingOnPhones && 'max-lg:sr-only')}>
        {t('editor.addCards')}
      </h2>
      <QueryBox
        label={t('editor.searchLabel')}
        placeholder={t('editor.searchPlaceholder')}
        value={q}
        onChange={(next) => {
          setQ(next);
          setPage(1);
        }}
        apiProblem={queryProblemOf(cards.error)}
        source={{ setCodes: (sets.data?.items ?? []).flatMap((s) => (s.code ? [setCodeOf(s.code)] : [])) }}
        help={<SyntaxLink />}
        testId="deck-card-query"
      />
      <ScopeChips
        scope={scope}
        onRemove={(key) => {
          setRemoved({ key: scopeKey, keys: [...dropped, key] });
          setPage(1);
        }}
      />
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('editor.colors')}>
        {CARD_COLORS.map((c) => (
          <Chip key={c} pressed={colors.includes(c)} onPressedChange={() => toggle(colors, c, setColors)}>
            {t(`colors.${c}`)}
          </Chip>
        ))}
      </div>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('editor.types')}>
        {CARD_TYPES.map((c) => (
          <Chip key={c} pressed={types.includes(c)} onPressedChange={() => toggle(types, c, setTypes)}>
            {t(`types.${c}`)}
          </Chip>
        ))}
        <Chip
          pressed={variations}
          onPressedChange={(on) => {
            setVariations(on);
            setPage(1);
          }}
        >
          {t('editor.withParallels')}
        </Chip>
      </div>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('editor.costs')}>
        {COSTS.map((c) => (
          <Chip key={c} pressed={costs.includes(c)} onPressedChange={() => toggle(costs, c, setCosts)} className="min-w-9 justify-center">
            {c}
          </Chip>
        ))}
      </div>
      <Select
        label={t('editor.set')}
        value={set}
        onValueChange={(v) => {
          setSet(v);
          setPage(1);
        }}
        options={[
          { value: 'all', label: t('editor.allSets') },
          ...(sets.data?.items ?? []).map((s) => ({ value: s.slug, label: s.code ? `${productCode(s.code)} · ${s.name}` : s.name })),
        ]}
        className="w-full"
      />
      <SearchResults cards={cards} page={page} pageSize={PANEL_PAGE_SIZE} onPage={setPage} countOf={countOf} onAdd={onAdd} />
    </section>
  );
}
