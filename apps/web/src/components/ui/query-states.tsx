import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useOnline } from '@/lib/online';
import { PageTitle } from '@/components/page-title';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';

/** A failed load: its title, an optional hint and a retry button; offline, the hint says it needs the network. */
export function ErrorState({ title, hint, onRetry }: { title: string; hint?: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (!online) hint = t('offline.needsNetwork');
  return (
    <EmptyState
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {hint}
    </EmptyState>
  );
}

/** Something asked for by its address that does not exist; it names the tab too (index.html's title is English). */
export function NotFoundState({ title, hint }: { title: string; hint: ReactNode }) {
  return (
    <>
      <PageTitle title={title} />
      <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden />} title={title}>
        {hint}
      </EmptyState>
    </>
  );
}

/** A page's outline while it loads: grey blocks of the given sizes, one under the other. */
export function PageSkeleton({ blocks }: { blocks: string[] }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      {blocks.map((size, i) => (
        <Skeleton key={i} className={size} />
      ))}
    </div>
  );
}

/**
 * What a page that shows one thing by its address (a card, a set, a deck, a binder) shows until it has it: `loading`
 * while it is asked for, "not found" when the server says 404 or `missing` knows it without asking (a malformed
 * address), else the failure with a retry. `back` (a link to the list) stands above the not-found and failed states.
 */
export function DetailState({
  query,
  missing = false,
  loading = null,
  notFound,
  failedTitle,
  back,
}: {
  query: { error: unknown; refetch: () => unknown };
  missing?: boolean;
  loading?: ReactNode;
  notFound: { title: string; hint: ReactNode };
  failedTitle: string;
  back?: ReactNode;
}) {
  if (!missing && !query.error) return loading;
  const state =
    missing || (query.error instanceof ApiError && query.error.status === 404) ? (
      <NotFoundState title={notFound.title} hint={notFound.hint} />
    ) : (
      <ErrorState title={failedTitle} onRetry={() => void query.refetch()} />
    );
  return back ? (
    <div>
      {back}
      {state}
    </div>
  ) : (
    state
  );
}
