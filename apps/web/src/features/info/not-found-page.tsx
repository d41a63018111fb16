import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/misc';
import { PageTitle } from '@/components/page-title';

export function NotFoundPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="mx-auto max-w-xl py-10" data-testid="not-found">
      <PageTitle title={t('notFound.title')} />
      <EmptyState
        icon={<Compass className="h-12 w-12" aria-hidden />}
        title={t('notFound.title')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link to="/" className={buttonClass('primary')}>
              {t('notFound.home')}
            </Link>
            <Link to="/cards" className={buttonClass('secondary')}>
              {t('notFound.library')}
            </Link>
          </div>
        }
      >
        {t('notFound.text')}
      </EmptyState>
    </div>
  );
}
