import { randomUUID } from 'node:crypto';
import { REPORTS_SHOWN, type Comment, type CommentListResponse, type ReportedComment, type ReportedCommentListResponse } from '@grandline/core/contracts/comments';
import { and, count, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { messageText } from '@grandline/core/contracts/messages';
import type { Db } from '../../db/client';
import { binders, commentReports, comments, decks, profiles } from '../../db/schema/index';
import type { SessionUser } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { plainText } from '../../lib/plain-text';
import { enforceRateLimit } from '../../lib/rate-limit';
import { binderAccess } from '../binders/binder-access';
import { deckAccess } from '../decks/decks.service';
import { emitDomainEvent } from '../../lib/domain-events';
import { avatarImage } from '../profiles/avatar.service';
import { channelsOf, deliverCommunity, recordCommented, withdrawCommented, type CommunityDeps } from '../notifications/community.service';

/*
 * Comments on public decks and public binders (issue 18). The item rules the comment:
 * - reading a list: whoever may read the item (its owner, anyone when public, the family when a binder is shared with
 *   it), else the item's own 404 (DECK_NOT_FOUND / BINDER_NOT_FOUND), so a private item is not told apart from a
 *   missing one;
 * - posting: the item must be public now, whoever asks (its owner too), else the item's 404;
 * - deleting: the comment's author, the item's owner and administrators; anyone else who can read the comment gets 403,
 *   anyone who cannot (a missing comment, or one on an item they may not read) 404 COMMENT_NOT_FOUND;
 * - reporting: whoever can read the comment, never its author (400), once per user (a repeat changes nothing).
 * Lists are newest first, by keyset over (created_at, id).
 */

/** Comments one user may post: 10 in 10 minutes and 100 a day. */
const COMMENT_LIMITS = [
  { key: 'comment', max: 10, windowSeconds: 10 * 60 },
  { key: 'comment-day', max: 100, windowSeconds: 24 * 60 * 60 },
] as const;
/** Reports one user may send in an hour. */
const REPORT_LIMIT = { key: 'comment-report', max: 20, windowSeconds: 60 * 60 } as const;

export type ItemKind = 'deck' | 'binder';
export interface ItemRef {
  kind: ItemKind;
  id: string;
}

/** Who reads: a signed-in user (with their role), or null for a visitor. */
export type Viewer = Pick<SessionUser, 'id' | 'role'> | null;

const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';
const commentNotFound = () => new AppError('COMMENT_NOT_FOUND', 404, "This comment doesn't exist or was deleted");
const itemColumn = (kind: ItemKind) => (kind === 'deck' ? comments.deckId : comments.binderId);
const accessOf = (kind: ItemKind) => (kind === 'deck' ? deckAccess : binderAccess);

/** The item when the viewer may read it (owner, public, family-shared binder), else the item's 404. */
const readableItem = (db: Db, viewer: Viewer, item: ItemRef): Promise<{ userId: string | null; isPublic: boolean }> => accessOf(item.kind).readable(db, viewer, item.id);

/** Public fields of the author (never an e-mail address). */
const authorColumns = {
  username: profiles.username,
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  countryCode: profiles.countryCode,
};

const reportedBy = (viewer: Viewer): SQL<boolean> =>
  viewer
    ? sql<boolean>`exists (select 1 from ${commentReports} where ${commentReports.commentId} = ${comments.id} and ${commentReports.reporterId} = ${viewer.id})`
    : sql<boolean>`false`;

type CommentRow = {
  id: string;
  text: string;
  createdAt: Date;
  userId: string;
  reportedByMe: boolean;
} & Comment['author'];

function toComment(row: CommentRow, viewer: Viewer, itemOwnerId: string | null): Comment {
  const isMine = viewer !== null && row.userId === viewer.id;
  return {
    id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    // The avatar from our origin (a linked picture is fetched by the server: profiles/avatar.service.ts).
    author: { username: row.username, displayName: row.displayName, avatarUrl: avatarImage(row.userId, row.avatarUrl), countryCode: row.countryCode },
    isMine,
    canDelete: isMine || (viewer !== null && itemOwnerId === viewer.id) || isAdmin(viewer),
    reportedByMe: Boolean(row.reportedByMe),
  };
}

/** GET /api/decks/{id}/comments and /api/binders/{id}/comments: a page, newest first, and the count of all. */
export async function listComments({ db, viewer, item, cursor, limit }: { db: Db; viewer: Viewer; item: ItemRef; cursor?: string; limit: number }): Promise<CommentListResponse> {
  const after = cursor ? decodeCursor(cursor) : null;
  const record = await readableItem(db, viewer, item);
  const column = itemColumn(item.kind);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: comments.id, text: comments.text, createdAt: comments.createdAt, userId: comments.userId, ...authorColumns, reportedByMe: reportedBy(viewer) })
      .from(comments)
      .leftJoin(profiles, eq(profiles.id, comments.userId))
      .where(and(eq(column, item.id), after ? or(lt(comments.createdAt, after.at), and(eq(comments.createdAt, after.at), lt(comments.id, after.id))) : undefined))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(limit + 1),
    db.select({ n: count() }).from(comments).where(eq(column, item.id)),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toComment(row, viewer, record.userId)),
    total: total?.n ?? 0,
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

/** The refusal of a comment, as the request schema words it ('Invalid comment'). */
const invalidComment = () => new AppError('VALIDATION_ERROR', 400, messageText('validation.commentInvalid'), [{ path: 'text', message: messageText('validation.commentInvalid') }]);

/**
 * POST /api/decks/{id}/comments and /api/binders/{id}/comments: the item must be public (else its 404, whoever asks);
 * within the author's allowance (429); the comment, its activity row and the owner's notification ("X commented on
 * your deck", none on one's own item: features/notifications) are written together.
 */
export async function postComment({ db, user, item, text: written, notify }: { db: Db; user: NonNullable<Viewer>; item: ItemRef; text: string; notify?: CommunityDeps }): Promise<Comment> {
  // Stored as plain text, as a bio is: markup removed; nothing left is no comment ('Invalid comment').
  const text = plainText(written);
  if (!text) throw invalidComment();
  // Read as a visitor would: only a public item passes, with the same 404 as the item's own page.
  const record = await accessOf(item.kind).readable(db, null, item.id);
  for (const limit of COMMENT_LIMITS) await enforceRateLimit(db, `${limit.key}:${user.id}`, limit.max, limit.windowSeconds);
  const id = randomUUID();
  const target = { deckId: item.kind === 'deck' ? item.id : null, binderId: item.kind === 'binder' ? item.id : null };
  const { created, told } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ id, userId: user.id, text, ...target })
      .returning({ createdAt: comments.createdAt });
    await emitDomainEvent(tx, 'comment.posted', { userId: user.id, commentId: id, deckId: target.deckId, binderId: target.binderId });
    // A tournament's published list is owned by no user: nobody to tell.
    if (!record.userId) return { created: row!.createdAt, told: false };
    const owner = { authorId: user.id, ownerId: record.userId, comment: { id, text }, item: { kind: item.kind, id: item.id, name: record.name }, channels: channelsOf(notify) };
    return { created: row!.createdAt, told: await recordCommented(tx, owner) };
  });
  if (told && notify && record.userId) await deliverCommunity(notify, [record.userId]);
  const [author] = await db.select(authorColumns).from(profiles).where(eq(profiles.id, user.id));
  return toComment(
    { id, text, createdAt: created, userId: user.id, reportedByMe: false, username: author?.username ?? null, displayName: author?.displayName ?? null, avatarUrl: author?.avatarUrl ?? null, countryCode: author?.countryCode ?? null },
    user,
    record.userId,
  );
}

/** A comment with its item, or null. */
async function findComment(db: Db, id: string) {
  const [row] = await db.select({ id: comments.id, userId: comments.userId, deckId: comments.deckId, binderId: comments.binderId }).from(comments).where(eq(comments.id, id));
  if (!row) return null;
  const item: ItemRef = row.deckId ? { kind: 'deck', id: row.deckId } : { kind: 'binder', id: row.binderId! };
  return { ...row, item };
}

/** The item of a comment when the viewer may read it; COMMENT_NOT_FOUND otherwise (the item's own 404 would name it). */
async function readableItemOfComment(db: Db, viewer: Viewer, item: ItemRef) {
  try {
    return await readableItem(db, viewer, item);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw commentNotFound();
    throw err;
  }
}

/**
 * DELETE /api/comments/{id}: its author (even when the item has become private since), the item's owner, or an
 * administrator. Anyone else: 403 when they can read the comment, 404 COMMENT_NOT_FOUND when they cannot.
 */
export async function deleteComment({ db, user, id }: { db: Db; user: NonNullable<Viewer>; id: string }): Promise<void> {
  const comment = await findComment(db, id);
  if (!comment) throw commentNotFound();
  if (comment.userId !== user.id && !isAdmin(user)) {
    const owner = await itemOwner(db, comment.item);
    if (owner !== user.id) {
      await readableItemOfComment(db, user, comment.item);
      throw new AppError('FORBIDDEN', 403, 'Only the author, the owner of the deck or binder, or an administrator can delete this comment');
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(comments).where(eq(comments.id, id));
    await withdrawCommented(tx, { authorId: comment.userId, commentId: id });
  });
}

async function itemOwner(db: Db, item: ItemRef): Promise<string | null> {
  const table = item.kind === 'deck' ? decks : binders;
  const [row] = await db.select({ userId: table.userId }).from(table).where(eq(table.id, item.id));
  return row?.userId ?? null;
}

/**
 * POST /api/comments/{id}/report: whoever can read the comment, never its author (400); idempotent (a second report
 * by the same user keeps the first); 20 an hour per user.
 */
export async function reportComment({ db, user, id, reason }: { db: Db; user: NonNullable<Viewer>; id: string; reason?: string | null }): Promise<void> {
  const comment = await findComment(db, id);
  if (!comment) throw commentNotFound();
  await readableItemOfComment(db, user, comment.item);
  if (comment.userId === user.id) throw new AppError('CANNOT_REPORT_OWN_COMMENT', 400, 'You cannot report your own comment');
  await enforceRateLimit(db, `${REPORT_LIMIT.key}:${user.id}`, REPORT_LIMIT.max, REPORT_LIMIT.windowSeconds);
  await db
    .insert(commentReports)
    .values({ commentId: id, reporterId: user.id, reason: reason?.trim() || null })
    .onConflictDoNothing();
}

/** GET /api/admin/comments/reported: comments with at least one report, the most recently reported first. */
export async function listReportedComments({ db, page, pageSize }: { db: Db; page: number; pageSize: number }): Promise<ReportedCommentListResponse> {
  const tally = db
    .select({
      commentId: commentReports.commentId,
      reportCount: sql<number>`count(*)`.mapWith(Number).as('report_count'),
      lastReportedAt: sql<Date>`max(${commentReports.createdAt})`.mapWith((v: string | Date) => new Date(v)).as('last_reported_at'),
    })
    .from(commentReports)
    .groupBy(commentReports.commentId)
    .as('tally');
  const rows = await db
    .select({
      id: comments.id,
      text: comments.text,
      createdAt: comments.createdAt,
      userId: comments.userId,
      ...authorColumns,
      deckId: comments.deckId,
      binderId: comments.binderId,
      deckName: decks.name,
      deckPublic: decks.isPublic,
      binderName: binders.name,
      binderPublic: binders.isPublic,
      reportCount: tally.reportCount,
      lastReportedAt: tally.lastReportedAt,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(comments)
    .innerJoin(tally, eq(tally.commentId, comments.id))
    .leftJoin(profiles, eq(profiles.id, comments.userId))
    .leftJoin(decks, eq(decks.id, comments.deckId))
    .leftJoin(binders, eq(binders.id, comments.binderId))
    .orderBy(desc(tally.lastReportedAt), desc(comments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const reports = new Map<string, ReportedComment['reports']>();
  if (rows.length) {
    const latest = db
      .select({
        commentId: commentReports.commentId,
        reporterId: commentReports.reporterId,
        reason: commentReports.reason,
        createdAt: commentReports.createdAt,
        rank: sql<number>`row_number() over (partition by ${commentReports.commentId} order by ${commentReports.createdAt} desc, ${commentReports.reporterId})`.as('rank'),
      })
      .from(commentReports)
      .where(inArray(commentReports.commentId, rows.map((r) => r.id)))
      .as('latest');
    const found = await db
      .select({ commentId: latest.commentId, reporter: profiles.username, reason: latest.reason, createdAt: latest.createdAt })
      .from(latest)
      .leftJoin(profiles, eq(profiles.id, latest.reporterId))
      .where(sql`${latest.rank} <= ${REPORTS_SHOWN}`)
      .orderBy(desc(latest.createdAt));
    for (const r of found) {
      const list = reports.get(r.commentId) ?? [];
      list.push({ reporter: r.reporter, reason: r.reason, createdAt: r.createdAt.toISOString() });
      reports.set(r.commentId, list);
    }
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
      author: { username: r.username, displayName: r.displayName, avatarUrl: avatarImage(r.userId, r.avatarUrl), countryCode: r.countryCode },
      item: r.deckId
        ? { kind: 'deck' as const, id: r.deckId, name: r.deckName ?? '', isPublic: r.deckPublic ?? false }
        : { kind: 'binder' as const, id: r.binderId!, name: r.binderName ?? '', isPublic: r.binderPublic ?? false },
      reportCount: r.reportCount,
      lastReportedAt: r.lastReportedAt.toISOString(),
      reports: reports.get(r.id) ?? [],
    })),
    total: rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}

/** DELETE /api/admin/comments/{id}/reports: the comment stays, its reports go (it leaves the reported list). */
export async function dismissReports({ db, id }: { db: Db; id: string }): Promise<void> {
  const comment = await findComment(db, id);
  if (!comment) throw commentNotFound();
  await db.delete(commentReports).where(eq(commentReports.commentId, id));
}
