import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { createLocalEvents, type Db, type DbEvents } from '../../db/client';
import { notifications, notificationStreams } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { NOTIFICATIONS_CHANNEL, usersOfPayload } from '../../lib/notification-events';
import { PLANS_CHANNEL } from '../../lib/plan-events';
import type { AppEnv } from '../../lib/context';
import { toNotification, unreadCount } from './notifications.service';

/** A comment line every 25 s keeps proxies from closing a quiet stream, and finds dead connections. */
const HEARTBEAT_MS = 25_000;
/**
 * Open streams one user may have (tabs and devices), counted over every process and replica (notification_streams);
 * the next one is refused with 429.
 */
const MAX_STREAMS_PER_USER = 10;
/** A stream whose process has not refreshed it for this long (the process died) no longer counts. */
export const STREAM_STALE_MS = 3 * HEARTBEAT_MS;
/** Notifications sent per read from the database; a longer backlog is sent in several reads. */
const BATCH = 100;

type NotificationRow = typeof notifications.$inferSelect;

/** An open stream as the hub sees it: its user, the last notification id it was given, and how to hand it more. */
interface Listener {
  /** Its row in notification_streams. */
  id: string;
  userId: string;
  cursor: number;
  push(rows: NotificationRow[], unread: number): void;
  /** The user's plan changed (PLANS_CHANNEL). */
  planChanged(): void;
}

/** Notifications handed to one stream per wake-up; a longer backlog comes with the next one (or a reconnect). */
const PER_STREAM = BATCH;

/**
 * The open streams of one process, by user, woken by NOTIFICATIONS_CHANNEL (one listener per process and events). A
 * notice reads the new notifications of every woken stream in one query and their unread counts in another, then
 * hands each stream its own: 1,000 open streams cost two reads, not two thousand. Notices that arrive during a read
 * are gathered into the next one.
 */
class StreamHub {
  private readonly streams = new Map<string, Set<Listener>>();
  private listening: Promise<unknown> | null = null;
  private listeningPlans: Promise<unknown> | null = null;
  private readonly due = new Set<Listener>();
  private reading: Promise<void> | null = null;
  private refresh: NodeJS.Timeout | null = null;

  constructor(
    private readonly events: DbEvents,
    private readonly db: Db,
    private readonly log?: { warn(obj: object, msg: string): void },
  ) {}

  /**
   * Registers an open stream, or refuses it (429) when its user has MAX_STREAMS_PER_USER open anywhere: the count and
   * the new row are one transaction that holds the user's row, so parallel opens on several replicas cannot all pass.
   * Answers the function that unregisters it.
   */
  async add(listener: Listener): Promise<() => void> {
    this.listening ??= this.events.listen(NOTIFICATIONS_CHANNEL, (payload) => this.wake(payload)).catch(() => {
      this.listening = null;
    });
    this.listeningPlans ??= this.events.listen(PLANS_CHANNEL, (userId) => this.streams.get(userId)?.forEach((l) => l.planChanged())).catch(() => {
      this.listeningPlans = null;
    });
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from users where id = ${listener.userId} for no key update`);
      const open = await tx.$count(
        notificationStreams,
        and(eq(notificationStreams.userId, listener.userId), sql`${notificationStreams.seenAt} > now() - make_interval(secs => ${STREAM_STALE_MS / 1000})`),
      );
      if (open >= MAX_STREAMS_PER_USER) throw new AppError('RATE_LIMITED', 429, 'Too many open notification streams: close another tab first');
      await tx.insert(notificationStreams).values({ id: listener.id, userId: listener.userId });
    });
    let set = this.streams.get(listener.userId);
    if (!set) this.streams.set(listener.userId, (set = new Set()));
    set.add(listener);
    this.refresh ??= setInterval(() => void this.markSeen(), HEARTBEAT_MS).unref();
    return () => {
      set.delete(listener);
      this.due.delete(listener);
      if (set.size === 0 && this.streams.get(listener.userId) === set) this.streams.delete(listener.userId);
      if (this.streams.size === 0 && this.refresh) {
        clearInterval(this.refresh);
        this.refresh = null;
      }
      this.db
        .delete(notificationStreams)
        .where(eq(notificationStreams.id, listener.id))
        .catch((err: unknown) => this.log?.warn({ err }, 'closed notification stream not removed (it stops counting once stale)'));
    };
  }

  /** This process's streams are still open: one statement per heartbeat for all of them. */
  private async markSeen() {
    const ids = [...this.streams.values()].flatMap((set) => [...set].map((l) => l.id));
    if (!ids.length) return;
    await this.db
      .update(notificationStreams)
      .set({ seenAt: sql`now()` })
      .where(inArray(notificationStreams.id, ids))
      .catch((err: unknown) => this.log?.warn({ err }, 'open notification streams not refreshed'));
  }

  private wake(payload: string) {
    const users = usersOfPayload(payload);
    if (users) for (const user of users) this.streams.get(user)?.forEach((l) => this.due.add(l));
    else for (const set of this.streams.values()) set.forEach((l) => this.due.add(l));
    this.read();
  }

  /** Reads what is newer than one stream's cursor (a reconnect's missed notifications). */
  poke(listener: Listener) {
    this.due.add(listener);
    this.read();
  }

  private read() {
    this.reading ??= this.readAll().finally(() => {
      this.reading = null;
      if (this.due.size) this.read();
    });
  }

  private async readAll() {
    while (this.due.size > 0) {
      const listeners = [...this.due];
      this.due.clear();
      await this.deliver(listeners).catch((err: unknown) => this.log?.warn({ err }, 'notification streams not updated'));
    }
  }

  private async deliver(listeners: Listener[]) {
    const users = [...new Set(listeners.map((l) => l.userId))];
    const since = listeners.reduce((min, l) => Math.min(min, l.cursor), Number.MAX_SAFE_INTEGER);
    const list = sql.join(
      users.map((u) => sql`${u}`),
      sql`, `,
    );
    const [fresh, counts] = await Promise.all([
      this.db.execute(sql`
        select id, user_id as "userId", kind, data, created_at as "createdAt", read_at as "readAt", emailed_at as "emailedAt" from (
          select n.*, row_number() over (partition by n.user_id order by n.id) as nth
          from notifications n where n.user_id in (${list}) and n.id > ${since}
        ) t where nth <= ${PER_STREAM} order by id`),
      this.db.execute(sql`select user_id as "userId", count(*)::integer as unread from notifications where user_id in (${list}) and read_at is null group by user_id`),
    ]);
    const byUser = new Map<string, NotificationRow[]>();
    for (const raw of (fresh as unknown as { rows: (Omit<NotificationRow, 'createdAt' | 'readAt' | 'id'> & { id: number | string; createdAt: string | Date; readAt: string | Date | null })[] }).rows) {
      const row: NotificationRow = { ...raw, id: Number(raw.id), createdAt: new Date(raw.createdAt), readAt: raw.readAt === null ? null : new Date(raw.readAt), emailedAt: null };
      const own = byUser.get(row.userId);
      if (own) own.push(row);
      else byUser.set(row.userId, [row]);
    }
    const unread = new Map((counts as unknown as { rows: { userId: string; unread: number }[] }).rows.map((r) => [r.userId, Number(r.unread)]));
    for (const listener of listeners) {
      const own = byUser.get(listener.userId) ?? [];
      const rows = own.filter((r) => r.id > listener.cursor);
      if (rows.length) listener.push(rows, unread.get(listener.userId) ?? 0);
      // A full page: there may be more (a long backlog after a reconnect).
      if (own.length === PER_STREAM) this.due.add(listener);
    }
  }
}

const hubs = new WeakMap<DbEvents, StreamHub>();
/** For an app built without events (buildApp always passes them): notices of this process only. */
const localEvents = createLocalEvents();
const hubOf = (events: DbEvents, db: Db, log?: { warn(obj: object, msg: string): void }) => {
  let hub = hubs.get(events);
  if (!hub) hubs.set(events, (hub = new StreamHub(events, db, log)));
  return hub;
};

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
 * - `event: subscription` (data `{}`) when the user's plan changed (spec §7's realtime subscription; lib/plan-events.ts):
 *   the app reads GET /api/billing/status again.
 * - A comment every HEARTBEAT_MS; the stream ends when the client leaves or the server starts to stop.
 */
export async function notificationStream(c: Context<AppEnv>, userId: string, lastEventId: number | null) {
  const { db, events, closing, log } = c.var.deps;
  const hub = hubOf(events ?? localEvents, db, log);
  const queue: ({ rows: NotificationRow[]; unread: number } | 'subscription')[] = [];
  let wakeUp: (() => void) | null = null;
  const listener: Listener = {
    id: randomUUID(),
    userId,
    // Nothing is handed over until the stream knows where it starts.
    cursor: Number.MAX_SAFE_INTEGER,
    push(rows, unread) {
      listener.cursor = rows[rows.length - 1]!.id;
      queue.push({ rows, unread });
      wakeUp?.();
    },
    planChanged() {
      if (!queue.includes('subscription')) queue.push('subscription');
      wakeUp?.();
    },
  };
  const remove = await hub.add(listener);
  return streamSSE(c, async (stream) => {
    const stop = () => wakeUp?.();
    closing?.addEventListener('abort', stop);
    stream.onAbort(stop);
    const heartbeat = setInterval(() => void stream.write(': ping\n\n').catch(stop), HEARTBEAT_MS);
    try {
      // A new stream starts after the newest notification; a reconnect after the last one the browser saw. The hub
      // then hands over what came since (for a new stream: what a notice raised while it started would have missed);
      // every read starts at the cursor, so nothing is sent twice.
      listener.cursor = lastEventId ?? (await latestId(db, userId));
      await stream.writeSSE({ event: 'unread', data: JSON.stringify({ unread: await unreadCount(db, userId) }), retry: 3_000 });
      hub.poke(listener);
      while (!stream.aborted && !stream.closed && !closing?.aborted) {
        const next = queue.shift();
        if (!next) {
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            if (queue.length || stream.aborted || closing?.aborted) resolve();
          });
          wakeUp = null;
          continue;
        }
        if (next === 'subscription') {
          await stream.writeSSE({ event: 'subscription', data: '{}' });
          continue;
        }
        for (const row of next.rows) await stream.writeSSE({ id: String(row.id), event: 'notification', data: JSON.stringify(toNotification(row)) });
        await stream.writeSSE({ event: 'unread', data: JSON.stringify({ unread: next.unread }) });
      }
    } finally {
      clearInterval(heartbeat);
      closing?.removeEventListener('abort', stop);
      remove();
    }
  });
}
