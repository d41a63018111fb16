import { Clock, Hash, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session';
import { ContactForm, type ContactSender } from '@/features/contact/components/contact-form';
import { ContactSent } from '@/features/contact/components/contact-sent';

const TIPS = [
  { key: 'answer', icon: Clock },
  { key: 'cards', icon: Hash },
  { key: 'account', icon: UserRound },
] as const;

/** /contact (public, spec §2 information pages): a message to the team, answered by e-mail. */
export function ContactPage() {
  const { t } = useTranslation(['contact', 'common']);
  const { me } = useSession();
  const [sent, setSent] = useState<ContactSender | null>(null);
  // Who wrote last keeps their name and e-mail for another message; a signed-in user starts with their own.
  const [last, setLast] = useState<ContactSender | null>(null);
  const sender = last ?? { name: me?.profile.displayName || me?.user.name || '', email: me?.user.email ?? '' };
  return (
    <div className="mx-auto w-full max-w-5xl" data-testid="contact-page">
      <PageTitle title={t('title')} />
      <PageHeader title={t('title')} description={t('lead')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-label={t('formLabel')} className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
          {sent ? (
            <ContactSent sender={sent} onAgain={() => setSent(null)} />
          ) : (
            <ContactForm
              sender={sender}
              onSent={(who) => {
                setLast(who);
                setSent(who);
              }}
            />
          )}
        </section>
        <aside className="flex flex-col gap-4 rounded-2xl border border-border bg-surface/60 p-5 text-sm">
          <h2 className="font-semibold">{t('tips.title')}</h2>
          <ul className="flex flex-col gap-4">
            {TIPS.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-3">
                <Icon className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden />
                <span className="leading-relaxed text-muted">{t(`tips.${key}`)}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
