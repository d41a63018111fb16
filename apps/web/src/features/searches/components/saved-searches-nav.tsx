import type { SavedSearch } from '@grandline/core/contracts/searches';
import { ChevronDown, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DeleteDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { useDeleteSavedSearch, useSavedSearches } from '@/features/searches/api/saved-searches-api';
import { useListState } from '@/features/searches/list-state';

/** Every row is this high, placeholders too: the list loads at the height it was drawn with. */
const ROW = 'h-8';

/** The library link of a saved search. */
const savedSearchPath = (q: string) => `/cards?q=${encodeURIComponent(q)}`;

function EmptyHint({ hidden }: { hidden?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={cn('py-1 pl-11 pr-2 text-xs leading-4 text-muted', hidden && 'invisible')} aria-hidden={hidden || undefined} data-testid={hidden ? undefined : 'saved-searches-empty'}>
      {t('savedSearches.empty')}
    </p>
  );
}

function SavedSearchRow({ search, active, onNavigate, onDelete }: { search: SavedSearch; active: boolean; onNavigate?: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={cn('group flex items-center rounded-lg', ROW, active ? 'bg-accent/10 text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg')} data-testid="saved-search">
      <Link
        to={savedSearchPath(search.q)}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        title={search.q}
        className="flex h-full min-w-0 flex-1 items-center gap-2 rounded-lg pl-11 pr-1 text-sm"
        data-testid="saved-search-link"
      >
        <span className="truncate">{search.name}</span>
      </Link>
      <button
        type="button"
        onClick={onDelete}
        aria-label={t('savedSearches.delete', { name: search.name })}
        title={t('savedSearches.delete', { name: search.name })}
        className="inline-flex h-7 w-7 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-surface hover:text-danger focus-visible:text-danger"
        data-testid="saved-search-delete"
      >
        <Trash2 className="h-3.5 w-3.5" aria-hidden />
      </button>
    </li>
  );
}

/** The open list: its rows, the empty state's hint, or placeholders at the height it last had. */
function SavedSearchList({ id, reserved, ready, onNavigate }: { id: string; reserved: number; ready: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const list = useSavedSearches(ready);
  const remove = useDeleteSavedSearch();
  const [, setState] = useListState();
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const count = list.data?.items.length;
  useEffect(() => {
    if (count !== undefined) setState({ count });
  }, [count, setState]);
  const here = location.pathname === '/cards' ? (new URLSearchParams(location.search).get('q') ?? '') : null;

  let body: ReactNode;
  if (list.isPending) {
    body =
      reserved === 0 ? (
        <EmptyHint hidden />
      ) : (
        <ul aria-hidden className="flex flex-col gap-0.5">
          {Array.from({ length: reserved }, (_, i) => (
            <li key={i} className={cn('flex items-center pl-11 pr-2', ROW)}>
              <Skeleton className="h-3 w-full" />
            </li>
          ))}
        </ul>
      );
  } else if (list.isError) {
    body = (
      <p className="py-1 pl-11 pr-2 text-xs leading-4 text-danger" role="alert">
        {t('savedSearches.loadFailed')}
      </p>
    );
  } else if (list.data.items.length === 0) {
    body = <EmptyHint />;
  } else {
    body = (
      <ul className="flex flex-col gap-0.5">
        {list.data.items.map((search) => (
          <SavedSearchRow key={search.id} search={search} active={here === search.q} onNavigate={onNavigate} onDelete={() => setDeleting(search)} />
        ))}
      </ul>
    );
  }
  return (
    <div id={id} className="mt-0.5" aria-busy={list.isPending} aria-label={t('savedSearches.title')} role="group" data-testid="saved-searches">
      {body}
      <DeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('savedSearches.deleteTitle')}
        text={t('savedSearches.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('savedSearches.deleteConfirm')}
        cancelLabel={t('actions.cancel')}
        remove={() => remove.mutateAsync(deleting!.id)}
        onRemoved={() => notify.success(t('savedSearches.deleted'))}
        failedText={t('savedSearches.deleteFailed')}
        testId="saved-search-delete-dialog"
      />
    </div>
  );
}

/**
 * The sidebar's library entry for a signed-in user: its link (`link`), a button that opens or closes the saved
 * searches beneath it, and the list (each a link to the library with its query, and a delete button that asks first).
 * While the session is still loading (`ready` false: a signed-in page is drawn in the browser only) the entry is drawn
 * as it will be, the open list as its placeholders, and nothing is asked for.
 */
export function SavedSearchesEntry({ link, ready, onNavigate }: { link: ReactNode; ready: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useListState();
  return (
    <>
      {/* The button sits over the link's right end (which leaves it room): the label keeps its width ("Biblioteca de cartas"). */}
      <div className="relative [&>a]:pr-8">
        {link}
        <button
          type="button"
          onClick={() => setState({ open: !state.open })}
          aria-expanded={state.open}
          aria-controls={state.open ? id : undefined}
          aria-label={t('savedSearches.title')}
          title={t('savedSearches.title')}
          className="absolute right-1 top-1/2 inline-flex h-8 w-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg"
          data-testid="saved-searches-toggle"
        >
          <ChevronDown className={cn('h-4 w-4 transition-transform', state.open && 'rotate-180')} aria-hidden />
        </button>
      </div>
      {state.open && <SavedSearchList id={id} reserved={state.count} ready={ready} onNavigate={onNavigate} />}
    </>
  );
}
