import { useTranslation } from 'react-i18next';
import { Skeleton } from './ui/skeleton';
import { Spinner } from './ui/spinner';

/** The loading placeholder shown while a part of a page (a tab, a panel) loads its code or data. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-muted" data-testid="page-loading">
      <Spinner label={t('states.loading')} className="h-8 w-8" />
    </div>
  );
}

/**
 * A whole page's placeholder inside the app's shell (header and sidebar already there): a title, a line under it
 * and the blocks of a page, with the sizes most pages have, while its code, texts or the session arrive.
 */
export function PageSkeletonFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6" aria-busy="true" data-testid="page-skeleton">
      <span className="sr-only" role="status">
        {t('states.loading')}
      </span>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-9 w-2/3 max-w-sm" />
        <Skeleton className="h-4 w-1/2 max-w-xs" />
      </div>
      <Skeleton className="h-11 w-full" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
    </div>
  );
}
