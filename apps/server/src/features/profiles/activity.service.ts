import { sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { activities } from '../../db/schema/index';
import { onDomainEvent } from '../../lib/domain-events';

type Writer = Db | DbTx;

/**
 * Records that a deck became public (issue 18). Called in the same transaction as the change; a deck made public
 * again moves its one row to now. Making it private needs no write: reads join on the deck's visibility.
 */
async function recordDeckPublished(db: Writer, userId: string, deckId: string): Promise<void> {
  await db
    .insert(activities)
    .values({ userId, kind: 'deck_published', deckId })
    .onConflictDoUpdate({ target: activities.deckId, targetWhere: sql`${activities.kind} = 'deck_published'`, set: { createdAt: sql`now()` } });
}

/** Records that a binder became public (shared), like {@link recordDeckPublished}. */
async function recordBinderShared(db: Writer, userId: string, binderId: string): Promise<void> {
  await db
    .insert(activities)
    .values({ userId, kind: 'binder_shared', binderId })
    .onConflictDoUpdate({ target: activities.binderId, targetWhere: sql`${activities.kind} = 'binder_shared'`, set: { createdAt: sql`now()` } });
}

/**
 * Records a posted comment; the comment's item is in the row so reads can check its visibility. Deleting the comment
 * deletes the row (foreign key cascade).
 */
async function recordCommentPosted(db: Writer, userId: string, comment: { id: string; deckId: string | null; binderId: string | null }): Promise<void> {
  await db.insert(activities).values({ userId, kind: 'comment_posted', commentId: comment.id, deckId: comment.deckId, binderId: comment.binderId });
}

/**
 * The profile feed's rows come from what the other features announce (lib/domain-events.ts), in their transactions:
 * decks and binders made public, comments posted. Called by the composition (buildApp).
 */
export function registerActivityRecording(): void {
  onDomainEvent('deck.published', 'profiles.activity', (db, e) => recordDeckPublished(db, e.userId, e.deckId));
  onDomainEvent('binder.shared', 'profiles.activity', (db, e) => recordBinderShared(db, e.userId, e.binderId));
  onDomainEvent('comment.posted', 'profiles.activity', (db, e) => recordCommentPosted(db, e.userId, { id: e.commentId, deckId: e.deckId, binderId: e.binderId }));
}
