import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Modal } from '@/components/ui/modal';
import { ErrorState } from '@/components/ui/query-states';
import { followListQuery } from '@/features/profiles/api/profiles-api';
import { UserAvatar } from '@/components/user-avatar';

/** A profile's followers or whom it follows, newest first, 30 at a time. */
export function FollowListDialog({ username, side, onClose }: { username: string; side: 'followers' | 'following' | null; onClose: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <Modal open={side !== null} onOpenChange={(open) => !open && onClose()} title={side ? t(`follows.${side}Title`) : ''} closeLabel={t('common:actions.close')} testId="follow-list">
      {side && <FollowList username={username} side={side} onNavigate={onClose} />}
    </Modal>
  );
}

function FollowList({ username, side, onNavigate }: { username: string; side: 'followers' | 'following'; onNavigate: () => void }) {
  const { t } = useTranslation('profile');
  const list = useInfiniteQuery(followListQuery(username, side));
  if (list.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  }
  if (list.isError) return <ErrorState title={t('follows.failed')} onRetry={() => void list.refetch()} />;
  const people = list.data.pages.flatMap((p) => p.items);
  if (!people.length) return <p className="py-6 text-center text-sm text-muted">{t(`follows.${side}Empty`)}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="-mx-2 flex max-h-[60vh] flex-col overflow-y-auto">
        {people.map((p) => (
          <li key={p.username}>
            <Link to={`/u/${p.username}`} onClick={onNavigate} className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-surface-2">
              <UserAvatar user={p} size="md" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold">{p.displayName || p.username}</span>
                <span className="block truncate text-xs text-muted">@{p.username}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button variant="secondary" className="self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage && <Spinner className="h-4 w-4" label={t('common:states.loading')} />}
          {t('follows.more')}
        </Button>
      )}
    </div>
  );
}
