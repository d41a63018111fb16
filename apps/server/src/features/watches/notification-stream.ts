import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { createLocalEvents, type Db, type DbEvents } from '../../db/client';
import { notifications } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AppEnv } from '../../lib/context';
import { toNotification, unreadCount } from './notifications.service';

/** Channel of "new notifications" (raised by whichever replica made them): see notificationsPayload. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** A comment line every 25 s keeps proxies from closing a quiet stream, and finds dead connections. */
export const HEARTBEAT_MS = 25_000;
/** Open streams one user may have (tabs and devices); the next one is refused with 429. */
export const MAX_STREAMS_PER_USER = 10;
/** Notifications sent per read from the database; a longer backlog is sent in several reads. */
const BATCH = 100;
/** PostgreSQL's NOTIFY payload limit is 8,000 bytes: a longer list of users wakes every stream instead. */
const MAX_USERS_PAYLOAD_BYTES = 7_000;

/**
 * The payload of NOTIFICATIONS_CHANNEL: the users who got notifications, so a replica wakes only their streams; when
 * they do not fit, none are named and every open stream looks for its own.
 */
export function notificationsPayload(userIds: Iterable<string>): string {
  const users = [...new Set(userIds)];
  const named = JSON.stringify({ users });
  return Buffer.byteLength(named, 'utf8') <= MAX_USERS_PAYLOAD_BYTES ? named : JSON.stringify({ users: null });
}

function usersOf(payload: string): string[] | null {
  try {
    const parsed = JSON.parse(payload) as { users?: unknown };
    return Array.isArray(parsed.users) ? parsed.users.filter((u): u is string => typeof u === 'string') : null;
  } catch {
    return null;
  }
}

/** The open streams of one process, by user, woken by NOTIFICATIONS_CHANNEL (one listener per process and events). */
class StreamHub {
  private readonly streams = new Map<string, Set<() => void>>();
  private listening: Promise<unknown> | null = null;

  constructor(private readonly events: DbEvents) {}

  add(userId: string, wake: () => void): () => void {
    this.listening ??= this.events.listen(NOTIFICATIONS_CHANNEL, (payload) => this.wake(payload)).catch(() => {
      this.listening = null;
    });
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    if (set.size >= MAX_STREAMS_PER_USER) throw new AppError('RATE_LIMITED', 429, 'Too many open notification streams: close another tab first');
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    };
  }

  private wake(payload: string) {
    const users = usersOf(payload);
    if (users) for (const user of users) this.streams.get(user)?.forEach((wake) => wake());
    else for (const set of this.streams.values()) set.forEach((wake) => wake());
  }

  get size() {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }
}

const hubs = new WeakMap<DbEvents, StreamHub>();
/** For an app built without events (buildApp always passes them): notices of this process only. */
const localEvents = createLocalEvents();
const hubOf = (events: DbEvents) => {
  let hub = hubs.get(events);
  if (!hub) hubs.set(events, (hub = new StreamHub(events)));
  return hub;
};

/** Open streams of this process (the benchmark and the tests read it). */
export const openStreams = (events: DbEvents) => hubs.get(events)?.size ?? 0;

async function latestId(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(1);
  return row?.id ?? 0;
}

/**
 * GET /api/notifications/stream: the signed-in user's new notifications as Server-Sent Events, live.
 * - `event: notification`, `id:` the notification's id, `data:` the notification's JSON; then `event: unread` with
 *   the unread count. The first event is `unread` (and the reconnection delay).
 * - A reconnecting browser sends Last-Event-ID: every notification after it is sent first, so none is lost while
 *   the connection was down (or while it reached another replica).
 * - A comment every HEARTBEAT_MS; the stream ends when the client leaves or the server starts to stop.
 */
export function notificationStream(c: Context<AppEnv>, userId: string, lastEventId: number | null) {
  const { db, events, closing } = c.var.deps;
  const hub = hubOf(events ?? localEvents);
  let pending = true;
  let wakeUp: (() => void) | null = null;
  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const remove = hub.add(userId, wake);
  return streamSSE(c, async (stream) => {
    const stop = () => wake();
    closing?.addEventListener('abort', stop);
    stream.onAbort(stop);
    const heartbeat = setInterval(() => void stream.write(': ping\n\n').catch(stop), HEARTBEAT_MS);
    try {
      let cursor = lastEventId ?? (await latestId(db, userId));
      await stream.writeSSE({ event: 'unread', data: JSON.stringify({ unread: await unreadCount(db, userId) }), retry: 3_000 });
      pending = lastEventId !== null;
      while (!stream.aborted && !stream.closed && !closing?.aborted) {
        if (!pending) {
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            if (pending || stream.aborted || closing?.aborted) resolve();
          });
          wakeUp = null;
          continue;
        }
        pending = false;
        const rows = await db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), gt(notifications.id, cursor)))
          .orderBy(asc(notifications.id))
          .limit(BATCH);
        for (const row of rows) {
          await stream.writeSSE({ id: String(row.id), event: 'notification', data: JSON.stringify(toNotification(row)) });
          cursor = row.id;
        }
        if (rows.length === BATCH) pending = true;
        if (rows.length > 0) await stream.writeSSE({ event: 'unread', data: JSON.stringify({ unread: await unreadCount(db, userId) }) });
      }
    } finally {
      clearInterval(heartbeat);
      closing?.removeEventListener('abort', stop);
      remove();
    }
  });
}
