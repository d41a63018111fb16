import type { NotificationKind } from '@grandline/core/contracts/watches';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Logger } from './logger';
import type { MailMessage, Mailer } from './mail';

/*
 * The notifications' outboxes: `notifications.emailed_at` (its e-mail) and `notifications.pushed_at` (its Web Push
 * messages), null while still to send. Each batch is claimed with FOR UPDATE SKIP LOCKED, so two replicas never send
 * the same one. The features that write notifications (price alerts, community) say which kinds they drain, how a
 * row reads as an e-mail or a push message, and which rows are skipped (marked done without sending).
 */

/** Notifications claimed per batch, and batches per call: the rest waits for the next call. */
export const OUTBOX_BATCH = 200;
const MAX_BATCHES = 50;

/** A claimed notification: its kind and data, its user and the user's language. */
export interface OutboxRow<N extends { kind: NotificationKind; data: unknown }> {
  id: number;
  userId: string;
  language: string | null;
  notification: N;
}

/** The profile preference that turns a kind's e-mails off (a user without a profile row gets them). */
export type MailPreference = 'alert_emails' | 'community_emails';

const kindsIn = (kinds: readonly NotificationKind[]) => sql`(${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})`;

type ClaimedRow = { id: number | string; user_id: string; kind: NotificationKind; data: unknown; language: string | null };

function toOutboxRow<N extends { kind: NotificationKind; data: unknown }>(row: ClaimedRow): OutboxRow<N> {
  return { id: Number(row.id), userId: row.user_id, language: row.language, notification: { kind: row.kind, data: row.data } as N };
}

/**
 * Claims the next batch of these kinds whose outbox `column` is still null (setting it now, FOR UPDATE SKIP LOCKED),
 * and reads `select` (over `claimed c`: id, user_id, kind, data) of each, oldest first.
 */
async function claimBatch<R>(db: Db, column: 'emailed_at' | 'pushed_at', kinds: readonly NotificationKind[], select: SQL): Promise<R[]> {
  const outbox = sql.identifier(column);
  const claimed = await db.execute(sql`
    with claimed as (
      update notifications set ${outbox} = now()
      where id in (
        select id from notifications where ${outbox} is null and kind in ${kindsIn(kinds)}
        order by id limit ${OUTBOX_BATCH} for update skip locked
      )
      returning id, user_id, kind, data
    )
    ${select}
    order by c.id
  `);
  return (claimed as unknown as { rows: R[] }).rows;
}

/**
 * Sends the e-mail of every notification of these kinds not e-mailed yet. A user whose `preference` is off gets none,
 * nor does a row `skip` names: both are marked done. A failed send is released (emailed_at null again) for the next
 * call, which ends this one. Answers how many were sent.
 */
export async function sendOutboxMail<N extends { kind: NotificationKind; data: unknown }>({
  db,
  mailer,
  log,
  kinds,
  preference,
  compose,
  skip,
}: {
  db: Db;
  mailer: Mailer;
  log: Logger;
  kinds: readonly NotificationKind[];
  preference: MailPreference;
  compose: (row: OutboxRow<N>, to: string) => MailMessage;
  skip?: (row: OutboxRow<N>) => boolean;
}): Promise<number> {
  let sent = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const rows = await claimBatch<ClaimedRow & { email: string; wanted: boolean }>(
      db,
      'emailed_at',
      kinds,
      sql`select c.id, c.user_id, c.kind, c.data, u.email, p.language, coalesce(p.${sql.identifier(preference)}, true) as wanted
        from claimed c join users u on u.id = c.user_id left join profiles p on p.id = c.user_id`,
    );
    if (rows.length === 0) break;
    const failed: number[] = [];
    for (const claimedRow of rows) {
      const row = toOutboxRow<N>(claimedRow);
      if (!claimedRow.wanted || skip?.(row)) continue;
      try {
        await mailer.send(compose(row, claimedRow.email));
        sent++;
      } catch (err) {
        log.warn({ err, notification: row.id, kind: row.notification.kind }, 'notification e-mail not sent; it is tried again with the next call');
        failed.push(row.id);
      }
    }
    if (failed.length) {
      await db.execute(sql`update notifications set emailed_at = null where id in (${sql.join(failed.map((id) => sql`${id}`), sql`, `)})`);
      break;
    }
    if (rows.length < OUTBOX_BATCH) break;
  }
  return sent;
}

/**
 * Pushes every notification of these kinds not pushed yet to its user's devices: `push` sends one row and answers
 * how many devices it reached. A user without a subscribed device, or a row `skip` names, is marked done without a
 * message. A message that fails is not retried: a device may have shown it already. Answers how many devices were
 * reached.
 */
export async function pushOutbox<N extends { kind: NotificationKind; data: unknown }>({
  db,
  kinds,
  push,
  skip,
}: {
  db: Db;
  kinds: readonly NotificationKind[];
  push: (row: OutboxRow<N>) => Promise<number>;
  skip?: (row: OutboxRow<N>) => boolean;
}): Promise<number> {
  let reached = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const rows = await claimBatch<ClaimedRow & { has_device: boolean }>(
      db,
      'pushed_at',
      kinds,
      sql`select c.id, c.user_id, c.kind, c.data, p.language, exists (select 1 from push_subscriptions s where s.user_id = c.user_id) as has_device
        from claimed c left join profiles p on p.id = c.user_id`,
    );
    for (const claimedRow of rows) {
      const row = toOutboxRow<N>(claimedRow);
      if (!claimedRow.has_device || skip?.(row)) continue;
      reached += await push(row);
    }
    if (rows.length < OUTBOX_BATCH) break;
  }
  return reached;
}

/**
 * A drain of an outbox that runs once at a time per database handle: a call during a run asks for one more run after
 * it (what the calling request wrote is then sent) and answers the current one, which tests and shutdown may wait for.
 * The drain must not reject (log and carry on).
 */
export function serialDrainer<D extends { db: Db }>(drain: (deps: D) => Promise<void>): (deps: D) => Promise<void> {
  const runs = new WeakMap<Db, { running: Promise<void>; again: boolean }>();
  return (deps) => {
    const current = runs.get(deps.db);
    if (current) {
      current.again = true;
      return current.running;
    }
    const state = { again: false, running: Promise.resolve() };
    state.running = (async () => {
      do {
        state.again = false;
        await drain(deps);
      } while (state.again);
      runs.delete(deps.db);
    })();
    runs.set(deps.db, state);
    return state.running;
  };
}
