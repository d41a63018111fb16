import { CONTACT_MESSAGE_FILTERS, type AdminContactMessage, type ContactMessageFilter } from '@grandline/core/contracts/contact';
import { Inbox, Reply } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/form';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useContactMessages, useSetContactMessageHandled } from '@/features/admin/api/contact-messages-admin';
import { Pagination } from '@/components/ui/pagination';

const PAGE_SIZE = 20;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const MAIL_TONE: Record<AdminContactMessage['mailStatus'], string> = {
  sent: 'border-success/40 bg-success/10',
  failed: 'border-danger/40 bg-danger/10 text-danger',
  pending: '',
};

/**
 * Admin → Messages: what people sent through the contact page, newest first, open ones by default. Each shows its
 * sender, subject and text (plain text: React escapes it, line breaks kept), whether its mail went out, and a
 * handled toggle.
 */
export function AdminContactMessages() {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const [filter, setFilter] = useState<{ status: ContactMessageFilter; page: number }>({ status: 'open', page: 1 });
  const list = useContactMessages({ ...filter, pageSize: PAGE_SIZE });
  const pageCount = list.data ? Math.ceil(list.data.total / PAGE_SIZE) : 0;
  // Handling the last message of the last page empties it: step back to the last page there is (adjusted while
  // rendering, React's pattern for state that follows data).
  if (list.data && !list.isPlaceholderData && list.data.items.length === 0 && filter.page > 1) setFilter({ ...filter, page: Math.max(1, pageCount) });

  return (
    <section className="flex flex-col gap-5" aria-labelledby="admin-messages-title" data-testid="admin-contact-messages">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="admin-messages-title" className="text-lg font-semibold">
            {t('admin.messages.title')}
          </h2>
          <p className="text-sm text-muted">{t('admin.messages.lead')}</p>
        </div>
        <Select
          label={t('admin.messages.filter')}
          value={filter.status}
          onValueChange={(status) => setFilter({ status: status as ContactMessageFilter, page: 1 })}
          options={CONTACT_MESSAGE_FILTERS.map((s) => ({ value: s, label: t(`admin.messages.filters.${s}`) }))}
          className="w-40"
        />
      </div>
      {list.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState title={t('admin.messages.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={<Inbox className="h-10 w-10" aria-hidden />} title={t(`admin.messages.empty.${filter.status}`)}>
          {t(`admin.messages.emptyHint.${filter.status}`)}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('admin.messages.count', { count: list.data.total })} · {t('admin.messages.openCount', { count: list.data.open })}
          </p>
          <ul className={cn('flex flex-col gap-3', list.isPlaceholderData && 'opacity-60')}>
            {list.data.items.map((m) => (
              <li key={m.id}>
                <ContactMessageItem message={m} />
              </li>
            ))}
          </ul>
          <Pagination page={filter.page} pageCount={pageCount} onPage={(page) => setFilter((f) => ({ ...f, page }))} />
        </>
      )}
    </section>
  );
}

function ContactMessageItem({ message: m }: { message: AdminContactMessage }) {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const toggle = useSetContactMessageHandled();
  const titleId = `contact-message-${m.id}`;
  const handled = m.handledAt !== null;
  const reply = `mailto:${m.email}?subject=${encodeURIComponent(t('admin.messages.replySubject', { subject: m.subject }))}`;
  return (
    <article aria-labelledby={titleId} className={cn('rounded-xl border border-border bg-surface p-4 sm:p-5', handled && 'bg-surface/60')} data-testid="admin-contact-message">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words font-semibold">
            {m.subject}
          </h3>
          <p className="mt-0.5 break-words text-sm text-muted">
            {t('admin.messages.from', { name: m.name })} ·{' '}
            <a href={`mailto:${m.email}`} className="rounded text-fg hover:underline">
              {m.email}
            </a>
            {m.username && <> · @{m.username}</>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <time dateTime={m.createdAt}>{formatDate(m.createdAt, DATE_TIME)}</time>
          {m.locale && <Badge title={t('admin.messages.language')}>{m.locale.toUpperCase()}</Badge>}
          <Badge className={MAIL_TONE[m.mailStatus]} data-testid="admin-contact-mail-status">
            {t(`admin.messages.mail.${m.mailStatus}`)}
          </Badge>
        </div>
      </header>
      <p className="mt-3 whitespace-pre-wrap break-words text-sm leading-relaxed">{m.message}</p>
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <CheckboxField
            id={`${titleId}-handled`}
            checked={handled}
            disabled={toggle.isPending}
            testId="admin-contact-handled"
            onCheckedChange={(value) =>
              toggle.mutate(
                { id: m.id, handled: value },
                {
                  onSuccess: () => notify.success(value ? t('admin.messages.markedHandled') : t('admin.messages.reopened')),
                  onError: (err) => notify.error(errorText(err, 'admin:admin.messages.updateFailed')),
                },
              )
            }
          >
            {t('admin.messages.handled')}
            <span className="sr-only">: {m.subject}</span>
          </CheckboxField>
          {m.handledAt && (
            <span className="text-xs text-muted">
              {m.handledBy
                ? t('admin.messages.handledBy', { name: m.handledBy, date: formatDate(m.handledAt, DATE_TIME) })
                : t('admin.messages.handledOn', { date: formatDate(m.handledAt, DATE_TIME) })}
            </span>
          )}
        </div>
        <a href={reply} className={buttonClass('secondary', 'sm')}>
          <Reply className="h-4 w-4" aria-hidden />
          {t('admin.messages.reply')}
          <span className="sr-only">: {m.name}</span>
        </a>
      </footer>
    </article>
  );
}
