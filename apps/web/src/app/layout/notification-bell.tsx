import type { Notification } from '@grandline/core/contracts/watches';
import { marketplaceName } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import { Bell, BellRing, CheckCheck } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DemoBadge } from '@/components/ui/demo-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { popoverSurface } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { formatDate, formatNumber } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { notificationsApi, useNotifications, useNotificationStream, useUnreadCount } from '@/features/watches/api/watches-api';
import { CommunityNotificationText, NotificationIcon, notificationPath, SearchMatchText, toastTitleKey } from './community-notification';
import { DeckRegulationText } from './deck-regulation-notification';
import { TradeNotificationText } from './trade-notification';

/** One notification's sentence, in the user's language: "Nami (OP01-016) is now $1.49 on TCGplayer, below your $1.50". */
export function NotificationText({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  if (notification.kind === 'search_match') return <SearchMatchText notification={notification} />;
  if (notification.kind === 'deck_regulation') return <DeckRegulationText notification={notification} />;
  if (notification.kind === 'trade') return <TradeNotificationText notification={notification} />;
  if (notification.kind !== 'watch_triggered') return <CommunityNotificationText notification={notification} />;
  const { data } = notification;
  return (
    <>
      {t(`notifications.watch.${data.direction}`, {
        card: data.variant ? `${data.cardName} (${data.cardNumber}, ${data.variant})` : `${data.cardName} (${data.cardNumber})`,
        price: formatCents(data.price, data.currency),
        market: marketplaceName(data.market),
        threshold: formatCents(Math.round(data.threshold * 100), data.currency),
      })}
      {/* A demonstration price fired it: said wherever the alert is shown (the bell, the live toast). */}
      {data.demo && <DemoBadge className="ml-1.5 align-middle" label={t('notifications.demo')} title={t('notifications.demoHint')} testId="notification-demo" />}
    </>
  );
}

/**
 * The header's bell (signed-in users): the unread count as a badge, and a panel with the newest notifications, each
 * opening its page (the watchlist, a follower's profile, the deck or binder commented on) and marking itself read, and
 * "mark all as read". The count is asked for every minute and when the tab gets the focus back.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const list = useNotifications(open);
  const count = unread.data?.unread ?? 0;
  useNotificationStream((notification) => {
    notify.info(t(toastTitleKey(notification)), { id: `notification-${notification.id}`, description: <NotificationText notification={notification} /> });
  });
  const label = count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell');

  const openOne = async (notification: Notification) => {
    setOpen(false);
    void navigate(notificationPath(notification));
    if (!notification.readAt) await notificationsApi.markRead(notification.id).catch(() => undefined);
  };
  const markAll = async () => {
    try {
      await notificationsApi.markAllRead();
    } catch (err) {
      notify.error(errorText(err, 'common:notifications.markFailed'));
    }
  };

  const Icon = count > 0 ? BellRing : Bell;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        title={label}
        data-testid="notification-bell"
        data-unread={count}
        className="relative inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2"
      >
        <Icon className="h-5 w-5" aria-hidden />
        {count > 0 && (
          <span
            className="absolute right-1 top-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-accent px-1 text-[10px] font-bold leading-none text-accent-fg"
            aria-hidden
            data-testid="notification-count"
          >
            {count > 99 ? '99+' : formatNumber(count)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={6} className={cn(popoverSurface, 'w-[min(24rem,calc(100vw-1rem))] p-0')} data-testid="notification-panel">
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">{t('notifications.title')}</h2>
            <Button variant="ghost" size="sm" onClick={() => void markAll()} disabled={count === 0} data-testid="notifications-read-all">
              <CheckCheck className="h-4 w-4" aria-hidden />
              {t('notifications.markAll')}
            </Button>
          </div>
          <div className="max-h-[min(26rem,70dvh)] overflow-y-auto">
            {list.isPending ? (
              <div className="flex flex-col gap-2 p-4" aria-busy="true">
                <Skeleton className="h-12" />
                <Skeleton className="h-12" />
              </div>
            ) : list.isError ? (
              <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm">
                <p>{t('notifications.loadFailed')}</p>
                <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
                  {t('actions.retry')}
                </Button>
              </div>
            ) : list.data.items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
                <Bell className="h-8 w-8 text-muted" aria-hidden />
                <p className="text-sm font-medium">{t('notifications.emptyTitle')}</p>
                <p className="text-xs text-muted">{t('notifications.emptyText')}</p>
              </div>
            ) : (
              <ul>
                {list.data.items.map((n) => {
                  return (
                    <li key={n.id} className="border-b border-border last:border-b-0">
                      <button
                        type="button"
                        onClick={() => void openOne(n)}
                        className={cn('flex w-full cursor-pointer gap-3 px-4 py-3 text-left hover:bg-surface-2 focus-visible:bg-surface-2', !n.readAt && 'bg-accent/5')}
                        data-testid="notification-item"
                        data-read={n.readAt ? 'true' : 'false'}
                      >
                        <NotificationIcon notification={n} />
                        <span className="min-w-0 flex-1">
                          <span className="block text-sm">
                            <NotificationText notification={n} />
                          </span>
                          <span className="mt-0.5 block text-xs text-muted">{formatDate(n.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</span>
                        </span>
                        {!n.readAt && (
                          <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-accent">
                            <span className="sr-only">{t('notifications.unread')}</span>
                          </span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <div className="border-t border-border px-4 py-2.5 text-center">
            <Link to="/watchlist" onClick={() => setOpen(false)} className="text-sm font-medium text-accent hover:underline">
              {t('notifications.openWatchlist')}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
