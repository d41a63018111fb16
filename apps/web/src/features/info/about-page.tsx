import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PageTitle } from '@/components/page-title';

const SECTIONS = ['what', 'data', 'prices', 'fan'] as const;

export function AboutPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle title={t('about.title')} />
      <PageHeader title={t('about.title')} description={t('about.lead')} />
      <div className="flex flex-col gap-6">
        {SECTIONS.map((s) => (
          <section key={s} className="rounded-xl border border-border bg-surface p-5">
            <h2 className="mb-2 text-lg font-semibold">{t(`about.${s}.title`)}</h2>
            <p className="leading-relaxed text-muted">{t(`about.${s}.text`)}</p>
          </section>
        ))}
        <p className="text-sm text-muted">
          {t('about.versionLabel', { version: '1.0' })} ·{' '}
          <Link to="/contributors" className="font-medium text-fg hover:underline">
            {t('about.contributorsLink')}
          </Link>{' '}
          ·{' '}
          <Link to="/contact" className="font-medium text-fg hover:underline">
            {t('about.contactLink')}
          </Link>
        </p>
      </div>
    </div>
  );
}
