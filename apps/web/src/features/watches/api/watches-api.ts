import type { CreateWatchRequest, Notification, NotificationListResponse, UpdateWatchRequest, Watch, WatchListResponse } from '@grandline/core/contracts/watches';
import { useEffect, useRef } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { USER_SCOPE, useSession } from '@/lib/session';
import { billingKeys } from '@/features/plans/api/billing-api';
import { reportKeys } from '@/features/reports/api/reports-api';

const watchKeys = {
  all: () => [USER_SCOPE, 'watches'] as const,
};

const notificationKeys = {
  all: () => [USER_SCOPE, 'notifications'] as const,
  unread: () => [...notificationKeys.all(), 'unread'] as const,
  list: () => [...notificationKeys.all(), 'list'] as const,
};

export const watchesQuery = () =>
  queryOptions({
    queryKey: watchKeys.all(),
    queryFn: ({ signal }) => apiGet<WatchListResponse>('/watches', undefined, { signal }),
    staleTime: 30_000,
  });

/** The signed-in user's price alerts (nothing is asked for visitors). */
export function useWatches() {
  const { signedIn } = useSession();
  return useQuery({ ...watchesQuery(), enabled: signedIn });
}

const refreshWatches = () => queryClient.invalidateQueries({ queryKey: watchKeys.all() });

export const watchesApi = {
  create: async (body: CreateWatchRequest) => {
    const watch = await apiSend<Watch>('POST', '/watches', body);
    await refreshWatches();
    return watch;
  },
  update: async (id: string, body: UpdateWatchRequest) => {
    const watch = await apiSend<Watch>('PATCH', `/watches/${id}`, body);
    await refreshWatches();
    return watch;
  },
  remove: async (id: string) => {
    await apiSend<void>('DELETE', `/watches/${id}`);
    await refreshWatches();
  },
};

/** How often the bell asks for the unread count while the tab is open (and whenever it gets the focus back). */
const UNREAD_POLL_MS = 60_000;

/** The bell's unread count, for a signed-in user. */
export function useUnreadCount() {
  const { signedIn } = useSession();
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => apiGet<{ unread: number }>('/notifications/unread-count', undefined, { signal }),
    enabled: signedIn,
    staleTime: 15_000,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** The newest notifications, asked for when the bell's panel opens. */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => apiGet<NotificationListResponse>('/notifications', undefined, { signal }),
    enabled,
    staleTime: 0,
  });
}

const refreshNotifications = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all() });

export const notificationsApi = {
  markRead: async (id: number) => {
    await apiSend<void>('POST', `/notifications/${id}/read`);
    await refreshNotifications();
  },
  markAllRead: async () => {
    await apiSend<{ updated: number }>('POST', '/notifications/read-all');
    await refreshNotifications();
  },
};

/**
 * The live notifications of a signed-in user (GET /api/notifications/stream, Server-Sent Events): the unread count
 * is set as it comes, and each new notification refreshes the list (a fired alert the watchlist too) and is handed to `onNotification`
 * (a toast); a change of plan reads the plan's status again. The browser reconnects by itself and sends the last id it saw, so nothing is missed meanwhile.
 */
export function useNotificationStream(onNotification: (notification: Notification) => void) {
  const { signedIn } = useSession();
  const handler = useRef(onNotification);
  useEffect(() => {
    handler.current = onNotification;
  });
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/notifications/stream');
    source.addEventListener('unread', (event) => {
      queryClient.setQueryData(notificationKeys.unread(), JSON.parse((event as MessageEvent<string>).data) as { unread: number });
    });
    source.addEventListener('notification', (event) => {
      const notification = JSON.parse((event as MessageEvent<string>).data) as Notification;
      handler.current(notification);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      // A fired alert changed a watch's status; a follow or a comment changed none.
      if (notification.kind === 'watch_triggered') void refreshWatches();
    });
    // The user's plan changed (a payment, an admin's grant, a family): what depends on it is read again, so a locked
    // feature opens (or closes) in every open tab without a reload (spec §7's realtime subscription).
    source.addEventListener('subscription', () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.status() });
      void queryClient.invalidateQueries({ queryKey: reportKeys.usage() });
      void refreshWatches();
    });
    return () => source.close();
  }, [signedIn]);
}
