import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Notification, NotificationListResponse } from '@grandline/core/contracts/watches';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { AppError } from '../../lib/errors';

type NotificationRow = typeof notifications.$inferSelect;

/** A stored notification as the API gives it: its kind tells its data (price alert, follow, comment). */
export const toNotification = (row: NotificationRow): Notification =>
  ({
    id: row.id,
    kind: row.kind,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }) as Notification;

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** The user's notifications, newest first, a page at a time (keyset on id), with the unread count. */
export async function listNotifications({ db, userId, before, limit }: { db: Db; userId: string; before?: number; limit: number }): Promise<NotificationListResponse> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), before !== undefined ? lt(notifications.id, before) : undefined))
      .orderBy(desc(notifications.id))
      .limit(limit + 1),
    unreadCount(db, userId),
  ]);
  const page = rows.slice(0, limit);
  return { items: page.map(toNotification), unread, nextBefore: rows.length > limit ? page[page.length - 1]!.id : null };
}

/** Marks one of the user's notifications read (again: no change); 404 for another user's or a missing one. */
export async function markRead({ db, userId, id }: { db: Db; userId: string; id: number }): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError('NOT_FOUND', 404, 'Notification not found');
}

/** Marks every unread notification of the user read; answers how many were. */
export async function markAllRead({ db, userId }: { db: Db; userId: string }): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
