import { marketplaceName } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DemoBadge } from '@/components/ui/demo-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { useWishlistCost } from '@/features/binders/api/get-portfolio-value';
import { useValueQuery } from '@/features/binders/hooks/use-value-query';

/**
 * What the wished copies not owned yet cost, in the user's market, price type and currency (the wished quantity of
 * each print less the copies of it in their Personal and Trade binders). Its height is kept while it loads.
 */
export function WishlistCost() {
  const { t } = useTranslation('binders');
  const query = useValueQuery();
  const cost = useWishlistCost(query);
  const market = marketplaceName(query.market);
  if (cost.isError) return null;
  const data = cost.data;
  return (
    <section className="mb-4 flex min-h-16 items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3" aria-label={t('wishlist.cost.title')} data-testid="wishlist-cost">
      <ShoppingCart className="h-5 w-5 shrink-0 text-accent" aria-hidden />
      {!data ? (
        <Skeleton className="h-9 w-56" />
      ) : data.missingCopies === 0 ? (
        <p className="text-sm text-muted">{t('wishlist.cost.allOwned')}</p>
      ) : (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <span className="text-muted">{t('wishlist.cost.title')}</span>
            <span className="text-lg font-bold tabular-nums" data-testid="wishlist-cost-total">
              {formatCents(data.total, data.currency)}
            </span>
            {data.demo && <DemoBadge label={t('value.demoBadge')} title={t('value.demo')} testId="wishlist-cost-demo" />}
          </p>
          <p className="text-xs text-muted">
            {t('wishlist.cost.detail', { count: data.missingCopies, copies: formatNumber(data.missingCopies), market })}
            {data.unpricedCopies > 0 && ` · ${t('wishlist.cost.unpriced', { count: data.unpricedCopies, copies: formatNumber(data.unpricedCopies) })}`}
          </p>
        </div>
      )}
    </section>
  );
}
