import { Code2, Database, Languages, Palette } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { PageTitle } from '@/components/page-title';

const GROUPS = [
  { key: 'engineering', icon: Code2 },
  { key: 'data', icon: Database },
  { key: 'translation', icon: Languages },
  { key: 'design', icon: Palette },
] as const;

const CREDITS = ['cardData', 'openSource', 'community'] as const;

export function ContributorsPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="mx-auto max-w-4xl">
      <PageTitle title={t('contributors.title')} />
      <PageHeader title={t('contributors.title')} description={t('contributors.lead')} />
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {GROUPS.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-xl border border-border bg-surface p-5">
            <Icon className="mb-3 h-6 w-6 text-accent" aria-hidden />
            <h2 className="font-semibold">{t(`contributors.groups.${key}.title`)}</h2>
            <p className="mt-1 text-sm leading-relaxed text-muted">{t(`contributors.groups.${key}.text`)}</p>
          </li>
        ))}
      </ul>
      <h2 className="mb-3 mt-10 text-lg font-semibold">{t('contributors.creditsTitle')}</h2>
      <ul className="flex flex-col gap-2 text-sm text-muted">
        {CREDITS.map((c) => (
          <li key={c} className="rounded-lg bg-surface-2/60 px-4 py-3">
            {t(`contributors.credits.${c}`)}
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-muted">{t('contributors.join')}</p>
    </div>
  );
}
