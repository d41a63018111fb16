import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/misc';

/** Shown when a page fails to load (e.g. its code chunk is gone after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl p-8">
      <EmptyState
        title={t('errors.pageFailed')}
        action={
          <div className="flex gap-2">
            <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
              {t('actions.reload')}
            </button>
            <Link to="/" className={buttonClass('secondary')}>
              {t('actions.goHome')}
            </Link>
          </div>
        }
      >
        {t('errors.pageFailedHint')}
      </EmptyState>
    </div>
  );
}
