import type { DeckSummary } from '@grandline/core/contracts/decks';
import { normalizeSearchText } from '@grandline/core/slug';
import { BookOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { queryClient } from '@/lib/query-client';
import { myDecksQuery, useMyDecks } from '@/features/decks/api/decks-api';
import { DeleteDeckDialog } from '@/features/decks/components/delete-deck-dialog';
import { FormatBadge, ValidityBadge, VisibilityBadge } from '@/features/decks/components/deck-badges';
import { PageTitle } from '@/components/page-title';
import { formatDate } from '@/lib/format';

export const loader = () => {
  void queryClient.prefetchQuery(myDecksQuery());
  return null;
};

const SORTS = ['updated', 'name', 'format'] as const;
type Sort = (typeof SORTS)[number];

function DeckItem({ deck, onDelete }: { deck: DeckSummary; onDelete: () => void }) {
  const { t } = useTranslation('decks');
  const art = deck.cover ?? deck.leader;
  return (
    <li className="flex gap-4 rounded-2xl border border-border bg-surface p-3 sm:p-4" data-testid="deck-item">
      <Link to={`/deck/${deck.id}`} className="w-16 shrink-0 sm:w-20" tabIndex={-1} aria-hidden>
        {art ? <CardImage card={art} sizes="80px" /> : <div className="aspect-[600/838] rounded-[4.5%] border border-dashed border-border bg-surface-2" />}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={`/deck/${deck.id}`} className="block truncate text-base font-semibold hover:underline">
              {deck.name}
            </Link>
            <p className="truncate text-sm text-muted">
              {deck.leader ? `${deck.leader.name} · ${deck.leader.cardNumber}` : t('noLeader')}
            </p>
          </div>
          <div className="flex gap-1">
            <Link to={`/deck/${deck.id}/edit`} className={buttonClass('ghost', 'icon')} aria-label={t('actions.editNamed', { name: deck.name })} title={t('actions.edit')}>
              <Pencil className="h-4 w-4" aria-hidden />
            </Link>
            <Button variant="ghost" size="icon" onClick={onDelete} aria-label={t('actions.deleteNamed', { name: deck.name })} title={t('actions.delete')}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <FormatBadge format={deck.format} />
          <ValidityBadge valid={deck.valid} />
          <VisibilityBadge isPublic={deck.isPublic} />
          <span>{t('cardCount', { count: deck.mainCount })}</span>
          <span className="basis-full sm:basis-auto">{t('updated', { date: formatDate(deck.updatedAt) })}</span>
        </div>
      </div>
    </li>
  );
}

/** /mydecks: the user's decks with search, sort, format and validity badges, and delete (spec §2). */
export function MyDecksPage() {
  const { t } = useTranslation('decks');
  const decks = useMyDecks();
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<Sort>('updated');
  const [deleting, setDeleting] = useState<DeckSummary | null>(null);

  const shown = useMemo(() => {
    const needle = normalizeSearchText(q.trim());
    const list = (decks.data ?? []).filter(
      (d) => !needle || normalizeSearchText(`${d.name} ${d.leader?.name ?? ''} ${d.leader?.cardNumber ?? ''}`).includes(needle),
    );
    if (sort === 'name') return [...list].sort((a, b) => a.name.localeCompare(b.name));
    if (sort === 'format') return [...list].sort((a, b) => a.format.localeCompare(b.format) || a.name.localeCompare(b.name));
    return list;
  }, [decks.data, q, sort]);

  const newDeck = (
    <Link to="/deck/new" className={buttonClass('primary', 'md')} data-testid="new-deck">
      <Plus className="h-4 w-4" aria-hidden />
      {t('actions.new')}
    </Link>
  );

  return (
    <div className="flex flex-col gap-5" data-testid="my-decks">
      <PageTitle title={t('myDecks.title')} />
      <PageHeader title={t('myDecks.title')} description={t('myDecks.lead')} actions={newDeck} />
      {decks.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : decks.isError ? (
        <ErrorState title={t('myDecks.loadFailed')} onRetry={() => void decks.refetch()} />
      ) : decks.data.length === 0 ? (
        <EmptyState icon={<BookOpen className="h-10 w-10" aria-hidden />} title={t('myDecks.emptyTitle')} action={newDeck}>
          {t('myDecks.emptyText')}
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SearchInput label={t('myDecks.search')} placeholder={t('myDecks.searchPlaceholder')} value={q} onChange={(e) => setQ(e.target.value)} className="sm:max-w-sm sm:flex-1" />
            <Select
              label={t('myDecks.sort')}
              value={sort}
              onValueChange={(v) => setSort(v as Sort)}
              options={SORTS.map((s) => ({ value: s, label: t(`myDecks.sorts.${s}`) }))}
              className="sm:w-52"
            />
          </div>
          {shown.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted">{t('myDecks.noMatch', { q })}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
              {shown.map((d) => (
                <DeckItem key={d.id} deck={d} onDelete={() => setDeleting(d)} />
              ))}
            </ul>
          )}
        </>
      )}
      {deleting && <DeleteDeckDialog deck={deleting} open onOpenChange={(o) => !o && setDeleting(null)} />}
    </div>
  );
}
