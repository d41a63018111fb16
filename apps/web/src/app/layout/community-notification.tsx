import type { CommunityNotification, Notification } from '@grandline/core/contracts/watches';
import { ArrowLeftRight, MessageSquare, Search, ShieldAlert, TrendingDown, TrendingUp, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/*
 * What the bell and the live toast show of a follow or a comment (issue 46, item 16), and where each notification
 * leads: a fired price alert to the watchlist, a follow to the follower's profile, a comment to the deck or binder, a
 * regulation notice to the deck it concerns.
 */

/** The page a notification opens. */
export function notificationPath(notification: Notification): string {
  switch (notification.kind) {
    case 'followed':
      return `/u/${encodeURIComponent(notification.data.username)}`;
    case 'commented':
      return `${notification.data.itemKind === 'deck' ? '/deck' : '/collection'}/${encodeURIComponent(notification.data.itemId)}`;
    case 'search_match':
      return `/cards?q=${encodeURIComponent(notification.data.q)}`;
    case 'deck_regulation':
      return `/deck/${encodeURIComponent(notification.data.deckId)}`;
    case 'trade':
      return `/trades/${encodeURIComponent(notification.data.tradeId)}`;
    default:
      return '/watchlist';
  }
}

const TOAST_TITLES = {
  followed: 'notifications.community.toastFollowed',
  commented: 'notifications.community.toastCommented',
  search_match: 'notifications.search.toastTitle',
  deck_regulation: 'notifications.deckRules.toastTitle',
  trade: 'notifications.trade.toastTitle',
  watch_triggered: 'notifications.toastTitle',
} as const;

/** The title of a notification's live toast: "Price alert", "New follower", "New comment", "Saved search", "Deck rules". */
export const toastTitleKey = (notification: Notification) => TOAST_TITLES[notification.kind];

/** The icon beside a notification in the bell. */
export function NotificationIcon({ notification }: { notification: Notification }) {
  const Icon =
    notification.kind === 'followed'
      ? UserPlus
      : notification.kind === 'commented'
        ? MessageSquare
        : notification.kind === 'search_match'
          ? Search
          : notification.kind === 'deck_regulation'
            ? ShieldAlert
            : notification.kind === 'trade'
              ? ArrowLeftRight
              : notification.data.direction === 'below'
              ? TrendingDown
              : TrendingUp;
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

/** "3 new cards match your saved search “Red rush”: Nami (OP01-016), …" (issue 42). */
export function SearchMatchText({ notification }: { notification: Extract<Notification, { kind: 'search_match' }> }) {
  const { t } = useTranslation();
  const { data } = notification;
  const cards = data.cards.map((c) => (c.variant ? `${c.name} (${c.cardNumber}, ${c.variant})` : `${c.name} (${c.cardNumber})`)).join(', ');
  return (
    <span data-testid="notification-search-match">
      {t('notifications.search.matched', { count: data.total, name: data.searchName, list: data.total > data.cards.length ? `${cards}, …` : cards })}
    </span>
  );
}
