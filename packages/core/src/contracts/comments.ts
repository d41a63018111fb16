import { z } from 'zod';
import { isStorableText, Text } from './common';

/**
 * Comments on public decks and public binders (issue 18, spec §5 and §9): plain text of 1 to 1,000 characters, stored as
 * sent (trimmed) and always rendered escaped, never as HTML. Every rule failure of the text is one message,
 * 'Invalid comment' (validation.commentInvalid), on the server (400) and in the web form alike.
 */

/** Longest comment, in characters as PostgreSQL's char_length counts them (code points: an emoji is one). */
export const COMMENT_MAX_LENGTH = 1000;
/** Longest reason of a report. */
export const REPORT_REASON_MAX_LENGTH = 500;
/** Comments a page holds by default (at most 100). */
const COMMENT_PAGE_SIZE = 20;

/** The length of a text in characters (code points), as the database's CHECK counts it and the form's counter shows. */
export function commentLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * Whether a comment's characters may be stored: no NUL or lone surrogate (isStorableText), and no control character
 * but tab, line feed and carriage return (C0 controls, DEL and the C1 range). Format characters such as the
 * right-to-left override are text, kept as they are: the page shows them escaped inside the comment's own element.
 */
export function isCommentText(text: string): boolean {
  if (!isStorableText(text)) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
  }
  return true;
}

const INVALID = 'validation.commentInvalid';

/** A comment's text: trimmed, 1 to 1,000 characters, no control characters; 'Invalid comment' otherwise. */
export const CommentText = z
  .string(INVALID)
  .trim()
  .min(1, INVALID)
  // 1,000 characters are at most 2,000 UTF-16 units; the exact count (code points) is the refinement below.
  .max(COMMENT_MAX_LENGTH * 2, INVALID)
  .refine((text) => commentLength(text) <= COMMENT_MAX_LENGTH, INVALID)
  .refine(isCommentText, INVALID)
  .describe('Plain text, 1 to 1,000 characters after trimming; line breaks and tabs kept, other control characters refused');

/** POST /api/decks/{id}/comments and /api/binders/{id}/comments. */
export const PostCommentRequest = z.object({ text: CommentText });
export type PostCommentRequest = z.infer<typeof PostCommentRequest>;

export const CommentIdParam = z.object({ id: z.uuid('validation.invalidId') });

/** A page of comments: newest first, by keyset (the opaque cursor of the previous page's `nextCursor`). */
export const CommentListQuery = z.object({
  cursor: z
    .string()
    .max(200, 'validation.invalidCursor')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidCursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(COMMENT_PAGE_SIZE),
});

/** Who wrote a comment: public profile fields only, never an e-mail address. */
const CommentAuthor = z.object({
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  countryCode: z.string().nullable(),
});
type CommentAuthor = z.infer<typeof CommentAuthor>;

export const Comment = z.object({
  id: z.string(),
  /** Plain text as stored: show it escaped (a text node), line breaks preserved. */
  text: z.string(),
  createdAt: z.string(),
  author: CommentAuthor,
  /** The viewer wrote it. */
  isMine: z.boolean(),
  /** The viewer may delete it: its author, the item's owner or an administrator. */
  canDelete: z.boolean(),
  /** The viewer has reported it. */
  reportedByMe: z.boolean(),
});
export type Comment = z.infer<typeof Comment>;

export const CommentListResponse = z.object({
  items: z.array(Comment),
  /** Comments on the item in all. */
  total: z.number().int(),
  /** The next (older) page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CommentListResponse = z.infer<typeof CommentListResponse>;

/** POST /api/comments/{id}/report: an optional reason of up to 500 characters. */
export const ReportCommentRequest = z.object({
  reason: Text(REPORT_REASON_MAX_LENGTH, { tooLong: 'validation.reportReasonTooLong' }).nullish(),
});
export type ReportCommentRequest = z.infer<typeof ReportCommentRequest>;

/** GET /api/admin/comments/reported. */
export const ReportedCommentsQuery = z.object({
  page: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(10000).default(1)),
  pageSize: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100).default(COMMENT_PAGE_SIZE)),
});

/** Reasons an administrator sees for one comment: the latest reports, newest first. */
export const REPORTS_SHOWN = 10;

export const ReportedComment = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  author: CommentAuthor,
  /** The deck or binder the comment is on (its page: /deck/{id} or /collection/{id}). */
  item: z.object({ kind: z.enum(['deck', 'binder']), id: z.string(), name: z.string(), isPublic: z.boolean() }),
  reportCount: z.number().int(),
  lastReportedAt: z.string(),
  /** The latest reports (at most REPORTS_SHOWN), newest first. */
  reports: z.array(z.object({ reporter: z.string().nullable(), reason: z.string().nullable(), createdAt: z.string() })),
});
export type ReportedComment = z.infer<typeof ReportedComment>;

export const ReportedCommentListResponse = z.object({
  items: z.array(ReportedComment),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportedCommentListResponse = z.infer<typeof ReportedCommentListResponse>;
