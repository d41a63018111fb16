import { ChevronRight, Library, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '../../../components/card/card-image';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/misc';
import { ErrorState } from '../../../components/ui/query-states';
import { useMyBinders } from '../api/binders-api';
import { CategoryBadge } from './binder-badges';

/** The dashboard's "Your binders": the three most recently changed (the wishlist included), or a start. */
export function RecentBinders() {
  const { t } = useTranslation('binders');
  const binders = useMyBinders();
  return (
    <section aria-labelledby="dash-binders" className="flex flex-col gap-3" data-testid="recent-binders">
      <div className="flex items-center justify-between gap-2">
        <h2 id="dash-binders" className="text-lg font-semibold">
          {t('recent.title')}
        </h2>
        {binders.data && binders.data.length > 0 && (
          <Link to="/collection" className="flex items-center gap-1 text-sm font-medium text-accent hover:underline">
            {t('recent.all')}
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Link>
        )}
      </div>
      {binders.isPending ? (
        <div className="grid gap-3 sm:grid-cols-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : binders.isError ? (
        <ErrorState title={t('list.loadFailed')} onRetry={() => void binders.refetch()} />
      ) : binders.data.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm text-muted">
            <Library className="h-5 w-5 shrink-0" aria-hidden />
            {t('recent.none')}
          </p>
          <Link to="/collection/new" className={buttonClass('primary', 'sm')}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('actions.new')}
          </Link>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3">
          {binders.data.slice(0, 3).map((b) => (
            <li key={b.id}>
              <Link
                to={b.category === 'wishlist' ? '/wishlist' : `/collection/${b.id}`}
                className="flex h-full gap-3 rounded-xl border border-border bg-surface p-3 transition-colors hover:border-accent/60"
              >
                <span className="w-12 shrink-0">
                  {b.preview ? <CardImage card={b.preview} /> : <span className="block aspect-[600/838] rounded-[4.5%] border border-dashed border-border" />}
                </span>
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="truncate text-sm font-semibold">{b.category === 'wishlist' ? t('wishlist.title') : b.name}</span>
                  <span className="truncate text-xs text-muted">{t('counts', { count: b.cardCount, distinct: b.distinctCount })}</span>
                  <span>
                    <CategoryBadge category={b.category} />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
