import type { CommunityNotification, Notification } from '@grandline/core/contracts/watches';
import { MessageSquare, TrendingDown, TrendingUp, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/*
 * What the bell and the live toast show of a follow or a comment (issue 46, item 16), and where each notification
 * leads: a fired price alert to the watchlist, a follow to the follower's profile, a comment to the deck or binder.
 */

/** The page a notification opens. */
export function notificationPath(notification: Notification): string {
  switch (notification.kind) {
    case 'followed':
      return `/u/${encodeURIComponent(notification.data.username)}`;
    case 'commented':
      return `${notification.data.itemKind === 'deck' ? '/deck' : '/collection'}/${encodeURIComponent(notification.data.itemId)}`;
    default:
      return '/watchlist';
  }
}

/** The title of a notification's live toast: "Price alert", "New follower", "New comment". */
export const toastTitleKey = (notification: Notification) =>
  notification.kind === 'followed' ? 'notifications.community.toastFollowed' : notification.kind === 'commented' ? 'notifications.community.toastCommented' : 'notifications.toastTitle';

/** The icon beside a notification in the bell. */
export function NotificationIcon({ notification }: { notification: Notification }) {
  const Icon = notification.kind === 'followed' ? UserPlus : notification.kind === 'commented' ? MessageSquare : notification.data.direction === 'below' ? TrendingDown : TrendingUp;
  return <Icon className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden />;
}

/** "Ana followed you" / "Ana commented on your deck “Red Luffy”", and the comment's first words below it. */
export function CommunityNotificationText({ notification }: { notification: CommunityNotification }) {
  const { t } = useTranslation();
  const { data } = notification;
  const name = data.displayName?.trim() || `@${data.username}`;
  if (notification.kind === 'followed') return <span data-testid="notification-followed">{t('notifications.community.followed', { name })}</span>;
  const { itemKind, itemName, excerpt } = notification.data;
  return (
    <span data-testid="notification-commented">
      {t(itemKind === 'deck' ? 'notifications.community.commentedDeck' : 'notifications.community.commentedBinder', { name, item: itemName })}
      <span className="mt-0.5 line-clamp-2 break-words text-muted" data-testid="notification-excerpt">
        {excerpt}
      </span>
    </span>
  );
}
