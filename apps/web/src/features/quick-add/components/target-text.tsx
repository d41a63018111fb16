import { Briefcase, Heart, Layers, Library } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { QuickAddTarget } from '@/features/quick-add/quick-add-state';

/** The icon of each kind of target (the binder icons are those of the binder screens). */
export function TargetIcon({ target, className }: { target: QuickAddTarget; className?: string }) {
  if (target.kind === 'deck') return <Layers className={className} aria-hidden />;
  if (target.kind === 'wishlist') return <Heart className={className} aria-hidden />;
  return target.category === 'trade' ? <Briefcase className={className} aria-hidden /> : <Library className={className} aria-hidden />;
}

/** A target's name as shown (the wishlist has no name of its own) and what kind of target it is. */
export function useTargetText() {
  const { t } = useTranslation('quickadd');
  return {
    name: (target: QuickAddTarget) => (target.kind === 'wishlist' ? t('targets.wishlist') : target.name),
    kind: (target: QuickAddTarget) =>
      target.kind === 'deck' ? t('targets.deck') : target.kind === 'wishlist' ? t('targets.wishlistKind') : t(`targets.${target.category}`),
  };
}
