import type { ReportedComment } from '@grandline/core/contracts/comments';
import { Flag, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, DeleteDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { Pagination } from '@/components/ui/pagination';
import { useDeleteComment, useDismissReports, useReportedComments } from '@/features/comments/api/comments-api';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';

const PAGE_SIZE = 20;
const K = 'admin.reportedComments';

/** Admin → Reported comments: what users reported, the most recently reported first; delete the comment or dismiss its reports. */
export function AdminReportedComments() {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const [page, setPage] = useState(1);
  const reported = useReportedComments(page, PAGE_SIZE);
  if (reported.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
    );
  }
  if (reported.isError) return <ErrorState title={t(`${K}.loadFailed`)} onRetry={() => void reported.refetch()} />;
  const { items, total } = reported.data;
  if (items.length === 0 && page > 1) {
    // The last item of a later page was handled: show the page before.
    setPage(page - 1);
    return null;
  }
  if (items.length === 0) {
    return (
      <EmptyState icon={<ShieldCheck className="h-10 w-10" aria-hidden />} title={t(`${K}.empty`)}>
        {t(`${K}.emptyHint`)}
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="admin-reported-comments">
      <p className="text-sm text-muted" aria-live="polite">
        {t(`${K}.count`, { count: total })}
      </p>
      <ul className="flex flex-col gap-3">
        {items.map((c) => (
          <ReportedCommentCard key={c.id} comment={c} />
        ))}
      </ul>
      <Pagination page={page} pageCount={Math.ceil(total / PAGE_SIZE)} onPage={setPage} />
    </div>
  );
}

function ReportedCommentCard({ comment }: { comment: ReportedComment }) {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const remove = useDeleteComment();
  const dismiss = useDismissReports();
  const [dialog, setDialog] = useState<'delete' | 'dismiss' | null>(null);
  const author = comment.author.displayName || comment.author.username || t(`${K}.unknownAuthor`);
  const itemPath = comment.item.kind === 'deck' ? `/deck/${comment.item.id}` : `/collection/${comment.item.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4" data-testid="admin-reported-comment">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {comment.author.username ? (
          <Link to={`/u/${encodeURIComponent(comment.author.username)}`} className="font-medium hover:underline">
            {author}
          </Link>
        ) : (
          <span className="font-medium">{author}</span>
        )}
        <span className="text-muted">{t(`${K}.on`)}</span>
        <Link to={itemPath} className="min-w-0 truncate font-medium text-accent hover:underline">
          {comment.item.name || t(`${K}.kinds.${comment.item.kind}`)}
        </Link>
        <Badge>{t(`${K}.kinds.${comment.item.kind}`)}</Badge>
        {!comment.item.isPublic && <Badge>{t(`${K}.private`)}</Badge>}
        <time dateTime={comment.createdAt} className="text-xs text-muted">
          {formatDate(comment.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </div>
      {/* Plain text, escaped by React: hostile markup reads as text here too. */}
      <p dir="auto" className="whitespace-pre-wrap break-words rounded-lg bg-surface-2 px-3 py-2 text-sm">
        {comment.text}
      </p>
      <div className="flex flex-col gap-1.5 text-sm">
        <p className="flex items-center gap-1.5 font-medium">
          <Flag className="h-4 w-4 text-danger" aria-hidden />
          {t(`${K}.reports`, { count: comment.reportCount })}
          <span className="font-normal text-muted">· {t(`${K}.lastReported`, { date: formatDate(comment.lastReportedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</span>
        </p>
        <ul className="flex flex-col gap-1 pl-6 text-muted">
          {comment.reports.map((r, i) => (
            <li key={`${r.reporter ?? ''}-${r.createdAt}-${i}`} className="break-words">
              <span className="font-medium text-fg">{r.reporter ? `@${r.reporter}` : t(`${K}.unknownAuthor`)}</span>
              {': '}
              {r.reason ? <span className="whitespace-pre-wrap">{r.reason}</span> : <em>{t(`${K}.noReason`)}</em>}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={() => setDialog('dismiss')} data-testid="admin-comment-dismiss">
          <ShieldCheck className="h-4 w-4" aria-hidden />
          {t(`${K}.dismiss`)}
        </Button>
        <Button variant="danger" size="sm" onClick={() => setDialog('delete')} data-testid="admin-comment-delete">
          <Trash2 className="h-4 w-4" aria-hidden />
          {t(`${K}.delete`)}
        </Button>
      </div>
      {dialog === 'delete' && (
        <DeleteDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={t(`${K}.deleteTitle`)}
          text={t(`${K}.deleteText`)}
          confirmLabel={t(`${K}.delete`)}
          cancelLabel={t('actions.cancel', { ns: 'common' })}
          remove={() => remove.mutateAsync(comment.id)}
          onRemoved={() => notify.success(t(`${K}.deleted`))}
          failedText={t(`${K}.deleteFailed`)}
          testId="admin-comment-delete-confirm"
        />
      )}
      {dialog === 'dismiss' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={t(`${K}.dismissTitle`)}
          text={t(`${K}.dismissText`)}
          confirmLabel={t(`${K}.dismiss`)}
          cancelLabel={t('actions.cancel', { ns: 'common' })}
          destructive={false}
          onConfirm={async () => {
            try {
              await dismiss.mutateAsync(comment.id);
              notify.success(t(`${K}.dismissed`));
            } catch (err) {
              notify.error(errorText(err, `admin:${K}.dismissFailed`));
              throw err;
            }
          }}
          testId="admin-comment-dismiss-confirm"
        />
      )}
    </li>
  );
}
