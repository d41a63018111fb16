import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/misc';

/** The loading placeholder shown while a page's code or data loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-muted" data-testid="page-loading">
      <Spinner label={t('states.loading')} className="h-8 w-8" />
    </div>
  );
}
