import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_REASON_MAX_LENGTH, ReportCommentRequest } from '@grandline/core/contracts/comments';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, FormMessage, TextArea } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Modal } from '@/components/ui/modal';
import { useReportComment } from '@/features/comments/api/comments-api';
import { cn } from '@/lib/cn';
import { errorText, validationText } from '@/lib/error-text';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/toast';

type FormInput = z.input<typeof ReportCommentRequest>;
type FormValues = z.output<typeof ReportCommentRequest>;

/** "Report this comment": an optional reason for the administrators, then the report (once per user). */
export function ReportCommentDialog({ commentId, onClose }: { commentId: string; onClose: () => void }) {
  const { t } = useTranslation('comments');
  const id = useId();
  const report = useReportComment();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(ReportCommentRequest), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const error = validationText(errors.reason?.message);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await report.mutateAsync({ commentId, reason: values.reason ?? '' });
      notify.success(t('report.done'));
      onClose();
    } catch (err) {
      setFailure(errorText(err, 'comments:report.failed'));
    }
  });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('report.title')}
      description={t('report.lead')}
      closeLabel={t('actions.close', { ns: 'common' })}
      testId="comment-report-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={isSubmitting} data-testid="comment-report-submit">
            {isSubmitting && <Spinner className="h-4 w-4" label={t('report.submit')} />}
            {t('report.submit')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <Field
          id={`${id}-reason`}
          label={t('report.reason')}
          error={error}
          labelAside={
            <span id={`${id}-counter`} className={cn('text-xs tabular-nums', reason.trim().length > REPORT_REASON_MAX_LENGTH ? 'font-medium text-danger' : 'text-muted')}>
              {t('form.counter', { length: formatNumber(reason.trim().length), max: formatNumber(REPORT_REASON_MAX_LENGTH) })}
            </span>
          }
        >
          <TextArea
            id={`${id}-reason`}
            rows={3}
            placeholder={t('report.reasonPlaceholder')}
            invalid={Boolean(error)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-reason-error ${id}-counter` : `${id}-counter`}
            {...form.register('reason')}
            data-testid="comment-report-reason"
          />
        </Field>
        {failure && <FormMessage>{failure}</FormMessage>}
      </form>
    </Modal>
  );
}
