import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/query-states';
import { feedQuery } from '@/features/profiles/api/profiles-api';
import { ActivityList } from './activity-list';

/** The dashboard's "From people you follow": their decks published, binders shared and comments, newest first. */
export function FeedSection() {
  const { t } = useTranslation('profile');
  const feed = useInfiniteQuery(feedQuery());
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="dash-feed" className="flex flex-col gap-3" data-testid="feed">
      <h2 id="dash-feed" className="text-lg font-semibold">
        {t('feed.title')}
      </h2>
      {feed.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : feed.isError ? (
        <ErrorState title={t('feed.failed')} onRetry={() => void feed.refetch()} />
      ) : items.length === 0 ? (
        <div className="flex items-center gap-3 rounded-xl border border-dashed border-border p-4 text-sm text-muted" data-testid="feed-empty">
          <Users className="h-5 w-5 shrink-0" aria-hidden />
          <p>{t('feed.empty')}</p>
        </div>
      ) : (
        <>
          <ActivityList items={items} showActor />
          {feed.hasNextPage && (
            <Button variant="secondary" className="self-center" disabled={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
              {feed.isFetchingNextPage && <Spinner className="h-4 w-4" label={t('common:states.loading')} />}
              {t('feed.more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
