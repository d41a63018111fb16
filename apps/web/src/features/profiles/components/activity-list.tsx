import type { ActivityItem } from '@grandline/core/contracts/profiles';
import { BookOpen, FolderHeart, MessageSquare } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardImageUrl } from '@/components/card/card-image';
import { formatDate } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import { UserAvatar } from '@/components/user-avatar';

const ICONS = { deck_published: BookOpen, binder_shared: FolderHeart, comment_posted: MessageSquare } as const;

const itemLink = (item: ActivityItem) => (item.deck ? `/deck/${item.deck.id}` : item.binder ? `/collection/${item.binder.id}` : null);

/** One line of activity: who did what, on which deck or binder, and when (in the reader's time zone, once hydrated). */
function ActivityRow({ item, showActor }: { item: ActivityItem; showActor: boolean }) {
  const { t } = useTranslation('profile');
  const hydrated = useHydrated();
  const Icon = ICONS[item.kind];
  const to = itemLink(item);
  const name = item.actor.displayName || item.actor.username;
  const subject = item.deck?.name ?? item.binder?.name ?? '';
  return (
    <li className="flex gap-3 px-4 py-3" data-testid="activity-item" data-kind={item.kind}>
      {showActor ? (
        <Link to={`/u/${item.actor.username}`} className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-accent" aria-label={name}>
          <UserAvatar user={item.actor} size="md" />
        </Link>
      ) : (
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-surface-2 text-accent">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <Trans
            t={t}
            i18nKey={`activity.${item.kind}${item.kind === 'comment_posted' ? (item.deck ? 'Deck' : 'Binder') : ''}${showActor ? '' : 'Self'}`}
            values={{ name, subject }}
            components={{
              actor: <Link to={`/u/${item.actor.username}`} className="font-semibold hover:underline" />,
              subject: to ? <Link to={to} className="font-semibold text-accent hover:underline" /> : <span className="font-semibold" />,
            }}
          />
        </p>
        {item.comment && <p className="mt-1 line-clamp-2 whitespace-pre-wrap break-words text-sm text-muted">{item.comment.excerpt}</p>}
        {hydrated && (
          <time dateTime={item.createdAt} className="mt-1 block text-xs text-muted">
            {formatDate(item.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        )}
      </div>
      {item.deck?.leader && (
        <Link to={`/deck/${item.deck.id}`} tabIndex={-1} aria-hidden className="hidden shrink-0 sm:block">
          <img src={cardImageUrl(item.deck.leader.id, 160)} alt="" loading="lazy" decoding="async" width={44} height={61} className="h-[61px] w-11 rounded object-cover" />
        </Link>
      )}
    </li>
  );
}

/** A list of activity lines; `showActor` for a feed of several people (a profile's own list leaves them out). */
export function ActivityList({ items, showActor }: { items: ActivityItem[]; showActor: boolean }) {
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-surface" data-testid="activity-list">
      {items.map((item) => (
        <ActivityRow key={item.id} item={item} showActor={showActor} />
      ))}
    </ul>
  );
}
