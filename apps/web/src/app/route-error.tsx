import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { isNetworkError, useConnection } from '@/lib/online';

/**
 * Shown when a page fails to load: its code chunk is gone after a deploy, or — the offline page — the page needs the
 * network (a signed-in page asks who is signed in) and the device is offline or the server cannot be reached.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const offline = useConnection() === 'offline';
  const network = isNetworkError(error);
  const title = !network ? t('errors.pageFailed') : offline ? t('offline.page.title') : t('offline.unreachable.title');
  const hint = !network ? t('errors.pageFailedHint') : offline ? t('offline.page.body') : t('offline.unreachable.body');
  return (
    <div className="mx-auto max-w-xl p-8" data-testid={network ? 'offline-page' : 'route-error'}>
      <EmptyState
        icon={network ? <WifiOff className="h-10 w-10" aria-hidden /> : undefined}
        title={title}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
              {network ? t('actions.retry') : t('actions.reload')}
            </button>
            <Link to="/" className={buttonClass('secondary')}>
              {t('actions.goHome')}
            </Link>
          </div>
        }
      >
        {hint}
      </EmptyState>
    </div>
  );
}
