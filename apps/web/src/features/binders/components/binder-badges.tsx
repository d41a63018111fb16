import type { BinderCategory } from '@grandline/core/contracts/binders';
import { Briefcase, Globe, Heart, Library, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const CATEGORY_ICON = { personal: Library, trade: Briefcase, wishlist: Heart } as const;

export function CategoryBadge({ category }: { category: BinderCategory }) {
  const { t } = useTranslation('binders');
  const Icon = CATEGORY_ICON[category];
  return (
    <Badge data-testid="binder-category">
      <Icon className="mr-1 h-3.5 w-3.5" aria-hidden />
      {t(`categories.${category}`)}
    </Badge>
  );
}

export function BinderVisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const { t } = useTranslation('binders');
  return (
    <Badge data-testid="binder-visibility">
      {isPublic ? <Globe className="mr-1 h-3.5 w-3.5" aria-hidden /> : <Lock className="mr-1 h-3.5 w-3.5" aria-hidden />}
      {t(isPublic ? 'visibility.public' : 'visibility.private')}
    </Badge>
  );
}
