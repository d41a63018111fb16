import { Layers, Library, Settings, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { buttonClass } from '@/components/ui/button';
import { PageTitle } from '@/components/page-title';

const STEPS: { key: string; to: string; icon: LucideIcon }[] = [
  { key: 'library', to: '/cards', icon: Library },
  { key: 'sets', to: '/sets', icon: Layers },
  { key: 'preferences', to: '/settings?tab=preferences', icon: Settings },
];

/** /welcome: where a confirmed account lands the first time (spec §2). */
export function WelcomePage() {
  const { t } = useTranslation('pages');
  const { me } = useSession();
  const name = me?.profile.displayName ?? me?.profile.username;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8" data-testid="welcome-page">
      <PageTitle title={t('welcome.title')} />
      <section className="rounded-2xl border border-border bg-gradient-to-br from-accent/15 via-surface to-surface p-6 sm:p-10">
        <p className="text-sm font-medium uppercase tracking-wide text-accent">{t('welcome.kicker')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{name ? t('welcome.titleNamed', { name }) : t('welcome.title')}</h1>
        <p className="mt-3 max-w-xl text-muted">{t('welcome.lead')}</p>
        <Link to="/dashboard" className={buttonClass('primary', 'lg', 'mt-6')} data-testid="welcome-dashboard">
          {t('welcome.toDashboard')}
        </Link>
      </section>
      <section aria-labelledby="welcome-steps">
        <h2 id="welcome-steps" className="mb-3 text-lg font-semibold">
          {t('welcome.stepsTitle')}
        </h2>
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {STEPS.map(({ key, to, icon: Icon }, i) => (
            <li key={key}>
              <Link to={to} className="flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-4 transition-colors hover:border-accent/60">
                <span className="flex items-center gap-2 text-sm font-semibold">
                  <span className="flex h-7 w-7 items-center justify-center rounded-full bg-accent/15 text-xs text-accent">{i + 1}</span>
                  <Icon className="h-4 w-4 text-muted" aria-hidden />
                  {t(`welcome.steps.${key}.title`)}
                </span>
                <span className="text-sm text-muted">{t(`welcome.steps.${key}.text`)}</span>
              </Link>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
