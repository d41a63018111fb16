import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import type { ContactSender } from './contact-form';

/** After sending: what happens next, and a way to write again. Focus moves to its title, so it is read out at once. */
export function ContactSent({ sender, onAgain }: { sender: ContactSender; onAgain: () => void }) {
  const { t } = useTranslation(['contact', 'common']);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div className="flex flex-col items-center gap-4 px-2 py-8 text-center" role="status" data-testid="contact-sent">
      <div className="flex h-14 w-14 items-center justify-center rounded-full bg-success/15 text-success">
        <MailCheck className="h-7 w-7" aria-hidden />
      </div>
      <h2 ref={title} tabIndex={-1} className="text-xl font-semibold outline-none">
        {t('sent.title')}
      </h2>
      <p className="max-w-md text-sm leading-relaxed text-muted">{t('sent.text', { name: sender.name, email: sender.email })}</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onAgain} data-testid="contact-again">
          {t('sent.again')}
        </Button>
        <Link to="/" className={buttonClass('ghost')}>
          {t('sent.home')}
        </Link>
      </div>
    </div>
  );
}
