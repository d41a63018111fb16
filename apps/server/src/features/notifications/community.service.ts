import { COMMENT_EXCERPT_LENGTH } from '@grandline/core/contracts/watches';
import { sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { NOTIFICATIONS_CHANNEL, notificationsPayload } from '../../lib/notification-events';
import { serialDrainer } from '../../lib/notification-outbox';
import { pushCommunityNotifications, sendCommunityEmails } from './community-mail';

/*
 * Community notifications (issue 46, item 16): "X followed you" and "X commented on your deck / binder". The one place
 * that writes them: the follow or the comment and its notification are one transaction (recordFollowed,
 * recordCommented), then deliverCommunity wakes the recipient's open streams (live, every replica) and sends the
 * e-mails (per the recipient's community_emails preference) and Web Push messages (to the devices they subscribed)
 * through the notifications' outbox columns (emailed_at, pushed_at), as fired price alerts do.
 *
 * - One per event: a comment is one notification; a follow is one too, but following again within
 *   FOLLOW_REPEAT_HOURS of a notified follow (unfollow, follow, unfollow, follow…) tells nobody again.
 * - None for one's own actions: one cannot follow oneself (400), and a comment on one's own deck or binder notifies
 *   nobody.
 * - Who did it is named as they were then; their deleted account takes its notifications with it (actor_id).
 */

/** A second follow of the same user by the same follower within this many hours notifies nobody. */
export const FOLLOW_REPEAT_HOURS = 24;

/** What delivering needs: the database, and the channels that are on (live events, mail, push). */
export type CommunityDeps = Pick<AppDeps, 'db' | 'log' | 'events' | 'mail' | 'push'>;

/** Whether this server sends e-mail and push at all: a channel that is off marks its outbox column done at once. */
export interface Channels {
  mail: boolean;
  push: boolean;
}
export const channelsOf = (deps: Pick<AppDeps, 'mail' | 'push'> | undefined): Channels => ({ mail: Boolean(deps?.mail), push: Boolean(deps?.push) });

const outbox = (channels: Channels) => sql`${channels.mail ? sql`null` : sql`now()`}, ${channels.push ? sql`null` : sql`now()`}`;

const idsOf = (result: unknown) => (result as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));

/**
 * "follower followed you", for the followee, inside the transaction that wrote the follow (call it only when the
 * follow is new). Nothing when the same follower's follow was notified within FOLLOW_REPEAT_HOURS, or when the
 * follower has no profile name. Answers whether a notification was written.
 */
export async function recordFollowed(tx: Db | DbTx, { followerId, followeeId, channels }: { followerId: string; followeeId: string; channels: Channels }): Promise<boolean> {
  if (followerId === followeeId) return false;
  const result = await tx.execute(sql`
    insert into notifications (user_id, actor_id, kind, data, emailed_at, pushed_at)
    select ${followeeId}, p.id, 'followed', jsonb_build_object('username', p.username, 'displayName', p.display_name), ${outbox(channels)}
    from profiles p
    where p.id = ${followerId} and p.username is not null
      and not exists (
        select 1 from notifications n
        where n.actor_id = ${followerId} and n.user_id = ${followeeId} and n.kind = 'followed'
          and n.created_at > now() - make_interval(hours => ${FOLLOW_REPEAT_HOURS})
      )
    returning id`);
  return idsOf(result).length > 0;
}

/** A comment's first COMMENT_EXCERPT_LENGTH characters on one line, cut at a word when one ends near, with "…". */
export function commentExcerpt(text: string, max = COMMENT_EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * "author commented on your deck / binder <name>", for the item's owner, inside the transaction that wrote the comment.
 * Nothing when the author owns the item, or has no profile name. Answers whether a notification was written.
 */
export async function recordCommented(
  tx: Db | DbTx,
  { authorId, ownerId, comment, item, channels }: { authorId: string; ownerId: string; comment: { id: string; text: string }; item: { kind: 'deck' | 'binder'; id: string; name: string }; channels: Channels },
): Promise<boolean> {
  if (authorId === ownerId) return false;
  const result = await tx.execute(sql`
    insert into notifications (user_id, actor_id, kind, data, emailed_at, pushed_at)
    select ${ownerId}, p.id, 'commented', jsonb_build_object(
      'username', p.username, 'displayName', p.display_name, 'commentId', ${comment.id}::text,
      'itemKind', ${item.kind}::text, 'itemId', ${item.id}::text, 'itemName', ${item.name}::text, 'excerpt', ${commentExcerpt(comment.text)}::text
    ), ${outbox(channels)}
    from profiles p
    where p.id = ${authorId} and p.username is not null
    returning id`);
  return idsOf(result).length > 0;
}

/** A deleted comment's notification goes with it (a moderator's removal leaves no copy of the text in the bell). */
export async function withdrawCommented(tx: Db | DbTx, { authorId, commentId }: { authorId: string; commentId: string }): Promise<void> {
  await tx.execute(sql`delete from notifications where actor_id = ${authorId} and kind = 'commented' and data->>'commentId' = ${commentId}`);
}

/**
 * A deleted deck or binder takes the notices of the comments on it with it (in the deletion's transaction): their
 * link would lead to a page that no longer exists. A scan of the comment notices only runs on a deletion.
 */
export async function withdrawCommentedOn(tx: Db | DbTx, item: { kind: 'deck' | 'binder'; id: string }): Promise<void> {
  await tx.execute(sql`delete from notifications where kind = 'commented' and data->>'itemKind' = ${item.kind} and data->>'itemId' = ${item.id}`);
}

/** The e-mail and push outboxes, drained one run at a time per database handle (a request during a run asks for one more). */
/** Sends what the community outboxes hold: e-mails, then push messages. Never throws. */
async function drainOutboxes(deps: CommunityDeps): Promise<void> {
  const { db, log, mail, push } = deps;
  if (mail) await sendCommunityEmails({ db, log, ...mail }).catch((err: unknown) => log.warn({ err }, 'community e-mails not sent; tried again with the next one'));
  if (push) await pushCommunityNotifications({ db, config: push, log }).catch((err: unknown) => log.warn({ err }, 'community push messages not sent'));
}

/** Drains the outboxes in the background; answers the run (tests and shutdown may wait for it). */
export const drainCommunityOutboxes = serialDrainer(drainOutboxes);

/**
 * After the transaction that wrote notifications for `userIds`: their open streams are woken on every replica (the
 * bell shows them live), then e-mail and push go out in the background, so the follow or the comment answers at once.
 */
export async function deliverCommunity(deps: CommunityDeps, userIds: readonly string[]): Promise<void> {
  if (!userIds.length) return;
  await deps.events?.notify(NOTIFICATIONS_CHANNEL, notificationsPayload(userIds)).catch((err: unknown) => deps.log.warn({ err }, 'notification streams not woken'));
  void drainCommunityOutboxes(deps);
}
