import { ArrowLeftRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** How trading works, where there is nothing yet: a Trade binder, a wishlist, and opting in. */
export function TradesEmpty({ title }: { title: string }) {
  const { t } = useTranslation('trades');
  return (
    <EmptyState
      icon={<ArrowLeftRight className="h-10 w-10" aria-hidden />}
      title={title}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/collection/new" className={buttonClass('secondary', 'sm')}>
            {t('empty.newBinder')}
          </Link>
          <Link to="/wishlist" className={buttonClass('secondary', 'sm')}>
            {t('empty.wishlist')}
          </Link>
        </div>
      }
    >
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-left" data-testid="trades-how">
        <li>{t('empty.stepBinder')}</li>
        <li>{t('empty.stepWishlist')}</li>
        <li>{t('empty.stepOptIn')}</li>
      </ol>
    </EmptyState>
  );
}
