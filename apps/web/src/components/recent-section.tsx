import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './ui/button';
import { Skeleton } from './ui/skeleton';
import { ErrorState } from './ui/query-states';

/**
 * A dashboard panel of the user's most recent items (decks, binders): a title with a link to all of them, three
 * items, a start when there are none, and loading and error states.
 */
export function RecentSection<T>({
  id,
  testId,
  title,
  query,
  all,
  empty,
  loadFailed,
  renderItem,
}: {
  id: string;
  testId: string;
  title: string;
  query: UseQueryResult<T[]>;
  all: { to: string; label: string };
  empty: { icon: ReactNode; text: string; to: string; label: string };
  loadFailed: string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {query.data && query.data.length > 0 && (
          <Link to={all.to} className="flex items-center gap-1 text-sm font-medium text-accent hover:underline">
            {all.label}
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Link>
        )}
      </div>
      {query.isPending ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState title={loadFailed} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm text-muted">
            {empty.icon}
            {empty.text}
          </p>
          <Link to={empty.to} className={buttonClass('primary', 'sm')}>
            <Plus className="h-4 w-4" aria-hidden />
            {empty.label}
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {query.data.slice(0, 3).map((item) => renderItem(item))}
        </ul>
      )}
    </section>
  );
}

/** One item of a RecentSection: art, a name, a line of detail and a badge, as one link. */
export function RecentItem({ to, art, name, detail, badge }: { to: string; art: ReactNode; name: string; detail: string; badge: ReactNode }) {
  return (
    <li>
      <Link to={to} className="flex h-full gap-3 rounded-xl border border-border bg-surface p-3 transition-colors hover:border-accent/60">
        <span className="w-12 shrink-0">{art ?? <span className="block aspect-[600/838] rounded-[4.5%] border border-dashed border-border" />}</span>
        <span className="flex min-w-0 flex-col gap-1">
          <span className="truncate text-sm font-semibold">{name}</span>
          <span className="truncate text-xs text-muted">{detail}</span>
          <span>{badge}</span>
        </span>
      </Link>
    </li>
  );
}
