import { zodResolver } from '@hookform/resolvers/zod';
import { COMMENT_MAX_LENGTH, commentLength, PostCommentRequest, type Comment } from '@grandline/core/contracts/comments';
import { Flag, MessageSquare, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DeleteDialog } from '@/components/ui/confirm-dialog';
import { Field, FormMessage, TextArea } from '@/components/ui/form';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/query-states';
import { useComments, useDeleteComment, usePostComment, type CommentItemKind } from '@/features/comments/api/comments-api';
import { ReportCommentDialog } from '@/features/comments/components/report-comment-dialog';
import { postFailureText } from '@/features/comments/utils/comment-form';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { validationText } from '@/lib/error-text';
import { formatDate, formatNumber } from '@/lib/format';
import { rememberReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';

type FormInput = z.input<typeof PostCommentRequest>;
type FormValues = z.output<typeof PostCommentRequest>;

/** The comments of a public deck or binder: count, form (or how to be able to comment), list, "Load more". */
export function CommentsPanel({ kind, id }: { kind: CommentItemKind; id: string }) {
  const { t } = useTranslation('comments');
  const headingId = useId();
  const comments = useComments(kind, id);
  const total = comments.data?.pages[0]?.total;
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5" data-testid="comments">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
        <MessageSquare className="h-5 w-5 text-muted" aria-hidden />
        {total === undefined ? t('title') : t('titleCount', { count: total })}
      </h2>
      <CommentComposer kind={kind} id={id} />
      {comments.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : comments.isError && !comments.data ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void comments.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={<MessageSquare className="h-8 w-8" aria-hidden />} title={t('empty')} />
      ) : (
        <>
          <ol className="flex flex-col divide-y divide-border rounded-xl border border-border bg-surface" data-testid="comment-list">
            {items.map((c) => (
              <CommentRow key={c.id} comment={c} />
            ))}
          </ol>
          {comments.hasNextPage && (
            <Button variant="secondary" className="self-center" onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage} data-testid="comments-more">
              {comments.isFetchingNextPage && <Spinner className="h-4 w-4" label={t('loadMore')} />}
              {t('loadMore')}
            </Button>
          )}
          {comments.isFetchNextPageError && <FormMessage>{t('loadFailed')}</FormMessage>}
        </>
      )}
    </section>
  );
}

/** The form for a signed-in user who accepted the terms; otherwise how to get there. */
function CommentComposer({ kind, id }: { kind: CommentItemKind; id: string }) {
  const { t } = useTranslation('comments');
  const { signedIn, termsAccepted, loading } = useSession();
  const location = useLocation();
  if (loading) return null;
  if (!signedIn) {
    return (
      <p className="text-sm text-muted">
        <Link to="/auth" className="font-medium text-accent underline-offset-2 hover:underline" onClick={() => rememberReturnTo(`${location.pathname}${location.search}`)} data-testid="comments-sign-in">
          {t('signIn')}
        </Link>
      </p>
    );
  }
  if (!termsAccepted) {
    return (
      <p className="text-sm text-muted">
        <Link to="/consent" className="font-medium text-accent underline-offset-2 hover:underline">
          {t('termsRequired')}
        </Link>
      </p>
    );
  }
  return <CommentForm kind={kind} id={id} />;
}

function CommentForm({ kind, id }: { kind: CommentItemKind; id: string }) {
  const { t } = useTranslation('comments');
  const fieldId = useId();
  const post = usePostComment(kind, id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(PostCommentRequest), defaultValues: { text: '' } });
  const { errors, isSubmitting } = form.formState;
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const length = commentLength(text.trim());
  const error = validationText(errors.text?.message);
  const submit = form.handleSubmit(async ({ text }) => {
    setFailure(null);
    try {
      await post.mutateAsync(text);
      form.reset({ text: '' });
    } catch (err) {
      setFailure(postFailureText(err));
    }
  });
  const counterId = `${fieldId}-counter`;
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit} data-testid="comment-form">
      <Field
        id={fieldId}
        label={t('form.label')}
        error={error}
        labelAside={
          <span id={counterId} className={cn('text-xs tabular-nums', length > COMMENT_MAX_LENGTH ? 'font-medium text-danger' : 'text-muted')} data-testid="comment-counter">
            {t('form.counter', { length: formatNumber(length), max: formatNumber(COMMENT_MAX_LENGTH) })}
          </span>
        }
      >
        <TextArea
          id={fieldId}
          rows={3}
          placeholder={t('form.placeholder')}
          invalid={Boolean(error)}
          disabled={isSubmitting}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error ${counterId}` : counterId}
          {...form.register('text')}
          data-testid="comment-text"
        />
      </Field>
      {failure && <FormMessage>{failure}</FormMessage>}
      {/* Nothing written yet (or only spaces): nothing to send. */}
      <Button type="submit" className="self-end" disabled={isSubmitting || length === 0} data-testid="comment-submit">
        {isSubmitting && <Spinner className="h-4 w-4" label={t('form.posting')} />}
        {isSubmitting ? t('form.posting') : t('form.submit')}
      </Button>
    </form>
  );
}

/** Who wrote it: their picture (or initial) and name, linking to their public profile. */
function Author({ author }: { author: Comment['author'] }) {
  const { t } = useTranslation('comments');
  const name = author.displayName || author.username || t('unknownAuthor');
  const picture = <UserAvatar user={{ username: author.username, displayName: name, avatarUrl: author.avatarUrl }} size="sm" />;
  const label = (
    <>
      {picture}
      <span className="min-w-0 truncate font-medium">{name}</span>
    </>
  );
  return author.username ? (
    <Link to={`/u/${encodeURIComponent(author.username)}`} className="flex min-w-0 items-center gap-2 hover:underline" data-testid="comment-author">
      {label}
    </Link>
  ) : (
    <span className="flex min-w-0 items-center gap-2">{label}</span>
  );
}

function CommentRow({ comment }: { comment: Comment }) {
  const { t } = useTranslation('comments');
  const { signedIn, termsAccepted } = useSession();
  const remove = useDeleteComment();
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const canReport = signedIn && termsAccepted && !comment.isMine;
  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-testid="comment">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Author author={comment.author} />
        <time dateTime={comment.createdAt} className="text-xs text-muted">
          {formatDate(comment.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </div>
      {/* Plain text in a text node: React escapes it; dir="auto" keeps a right-to-left override inside this paragraph. */}
      <p dir="auto" className="whitespace-pre-wrap break-words text-sm" data-testid="comment-text-shown">
        {comment.text}
      </p>
      {(comment.canDelete || canReport) && (
        <div className="flex flex-wrap justify-end gap-1">
          {canReport &&
            (comment.reportedByMe ? (
              <span className="inline-flex h-8 items-center gap-1.5 px-3 text-xs text-muted" data-testid="comment-reported">
                <Flag className="h-3.5 w-3.5" aria-hidden />
                {t('report.reported')}
              </span>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => setDialog('report')} data-testid="comment-report">
                <Flag className="h-3.5 w-3.5" aria-hidden />
                {t('report.action')}
              </Button>
            ))}
          {comment.canDelete && (
            <Button variant="ghost" size="sm" className="text-danger" onClick={() => setDialog('delete')} data-testid="comment-delete">
              <Trash2 className="h-3.5 w-3.5" aria-hidden />
              {t('delete.action')}
            </Button>
          )}
        </div>
      )}
      {dialog === 'delete' && (
        <DeleteDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={t('delete.title')}
          text={t('delete.text')}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('actions.cancel', { ns: 'common' })}
          remove={() => remove.mutateAsync(comment.id)}
          onRemoved={() => notify.success(t('delete.done'))}
          failedText={t('delete.failed')}
          testId="comment-delete-confirm"
        />
      )}
      {dialog === 'report' && <ReportCommentDialog commentId={comment.id} onClose={() => setDialog(null)} />}
    </li>
  );
}
