import { Library } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardImage } from '@/components/card/card-image';
import { RecentItem, RecentSection } from '@/components/recent-section';
import { useMyBinders } from '@/features/binders/api/binders-api';
import { CategoryBadge } from './binder-badges';

/** The dashboard's "Your binders": the three most recently changed (the wishlist included), or a start. */
export function RecentBinders() {
  const { t } = useTranslation('binders');
  return (
    <RecentSection
      id="dash-binders"
      testId="recent-binders"
      title={t('recent.title')}
      query={useMyBinders()}
      all={{ to: '/collection', label: t('recent.all') }}
      empty={{ icon: <Library className="h-5 w-5 shrink-0" aria-hidden />, text: t('recent.none'), to: '/collection/new', label: t('actions.new') }}
      loadFailed={t('list.loadFailed')}
      renderItem={(b) => (
        <RecentItem
          key={b.id}
          to={b.category === 'wishlist' ? '/wishlist' : `/collection/${b.id}`}
          art={b.preview && <CardImage card={b.preview} />}
          name={b.category === 'wishlist' ? t('wishlist.title') : b.name}
          detail={t('counts', { count: b.cardCount, distinct: b.distinctCount })}
          badge={<CategoryBadge category={b.category} />}
        />
      )}
    />
  );
}
