import { CONTACT_LIMITS, ContactRequest, type ContactRequestInput } from '@grandline/core/contracts/contact';
import { isLanguageCode } from '@grandline/core/locales';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { describedBy, Field, FormMessage, TextArea, TextField } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorText, validationText } from '@/lib/error-text';
import { formatNumber } from '@/lib/format';
import { useSendContactMessage } from '@/features/contact/api/send-contact-message';
import { contactFailure } from '@/features/contact/utils/server-errors';

export interface ContactSender {
  name: string;
  email: string;
}

/**
 * Name, e-mail, subject and message (≤ 5,000 characters, with a counter), checked with the server's own contract;
 * `sender` fills name and e-mail (the signed-in user, or who wrote last) while the visitor has not typed there. A hidden
 * field catches robots (the server drops what they send).
 */
export function ContactForm({ sender, onSent }: { sender: ContactSender; onSent: (sender: ContactSender) => void }) {
  const { t, i18n } = useTranslation(['contact', 'account', 'common']);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const send = useSendContactMessage();
  const form = useForm<ContactRequestInput, unknown, ContactRequest>({
    resolver: zodResolver(ContactRequest),
    defaultValues: { name: sender.name, email: sender.email, subject: '', message: '', website: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const length = (useWatch({ control: form.control, name: 'message' }) ?? '').length;
  const over = length > CONTACT_LIMITS.message;

  // The session may answer after the form appeared: its name and e-mail fill the fields nobody has typed in.
  const { name, email } = sender;
  useEffect(() => {
    for (const [field, value] of [['name', name], ['email', email]] as const) {
      if (value && !form.getFieldState(field).isDirty && !form.getValues(field)) form.setValue(field, value);
    }
  }, [name, email, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const language = i18n.resolvedLanguage;
    try {
      await send.mutateAsync({ ...values, locale: isLanguageCode(language) ? language : undefined });
      onSent({ name: values.name, email: values.email });
    } catch (err) {
      const failure = contactFailure(err);
      for (const { field, message } of failure.fields) form.setError(field, { message }, { shouldFocus: true });
      setError(failure.rateLimited ? t('form.rateLimited') : failure.fields.length ? t('form.checkFields') : errorText(err, 'contact:form.failed'));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-5" aria-busy={isSubmitting} data-testid="contact-form">
      {error && <FormMessage>{error}</FormMessage>}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField id={`${id}-name`} label={t('form.name')} autoComplete="name" error={validationText(errors.name?.message)} {...form.register('name')} data-testid="contact-name" />
        <TextField
          id={`${id}-email`}
          label={t('form.email')}
          hint={t('form.emailHint')}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          error={validationText(errors.email?.message)}
          {...form.register('email')}
          data-testid="contact-email"
        />
      </div>
      <TextField id={`${id}-subject`} label={t('form.subject')} autoComplete="off" error={validationText(errors.subject?.message)} {...form.register('subject')} data-testid="contact-subject" />
      <Field
        id={`${id}-message`}
        label={t('form.message')}
        hint={t('form.messageHint')}
        error={validationText(errors.message?.message)}
        labelAside={
          <span className={cn('text-xs tabular-nums', over ? 'font-medium text-danger' : 'text-muted')} data-testid="contact-counter">
            {t('form.counter', { used: formatNumber(length), max: formatNumber(CONTACT_LIMITS.message) })}
          </span>
        }
      >
        <TextArea
          id={`${id}-message`}
          rows={8}
          invalid={Boolean(errors.message)}
          className="resize-y"
          {...describedBy(`${id}-message`, errors.message?.message, true)}
          {...form.register('message')}
          data-testid="contact-message"
        />
      </Field>
      {/* Robots fill every field; people never see this one (hidden from screen readers and the tab order too). */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>{t('form.website')}</label>
        <input id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
      </div>
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted">{t('form.privacy')}</p>
        <Button type="submit" disabled={isSubmitting} className="justify-center" data-testid="contact-submit">
          {isSubmitting ? <Spinner className="h-4 w-4" label={t('form.sending')} /> : <Send className="h-4 w-4" aria-hidden />}
          {isSubmitting ? t('form.sending') : t('form.send')}
        </Button>
      </div>
    </form>
  );
}
