import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { queryClient } from '@/lib/query-client';
import { useWishlist, wishlistQuery } from '@/features/binders/api/binders-api';
import { BinderView } from './binder-page';
import { WishlistCost } from '@/features/binders/components/wishlist-cost';
import { PageTitle } from '@/components/page-title';

export const loader = () => {
  void queryClient.prefetchQuery(wishlistQuery());
  return null;
};

/** /wishlist: the user's Wishlist binder (created with its first card) shown like any binder. */
export function WishlistPage() {
  const { t } = useTranslation('binders');
  const wishlist = useWishlist();
  const title = <PageTitle title={t('wishlist.title')} />;
  if (wishlist.isPending) {
    return (
      <>
        {title}
        <Skeleton className="h-96" aria-busy="true" />
      </>
    );
  }
  if (wishlist.isError) {
    return (
      <>
        {title}
        <ErrorState title={t('wishlist.loadFailed')} onRetry={() => void wishlist.refetch()} />
      </>
    );
  }
  if (!wishlist.data.binderId) {
    return (
      <div data-testid="wishlist-page">
        {title}
        <PageHeader title={t('wishlist.title')} description={t('wishlist.lead')} />
        <EmptyState
          icon={<Heart className="h-10 w-10" aria-hidden />}
          title={t('wishlist.emptyTitle')}
          action={
            <Link to="/cards" className={buttonClass('primary', 'md')}>
              {t('wishlist.browse')}
            </Link>
          }
        >
          {t('wishlist.emptyText')}
        </EmptyState>
      </div>
    );
  }
  return (
    <div data-testid="wishlist-page">
      {title}
      <BinderView id={wishlist.data.binderId} wishlist summary={<WishlistCost />} />
    </div>
  );
}
