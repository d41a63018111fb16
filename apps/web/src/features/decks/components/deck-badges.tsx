import { CircleAlert, CircleCheck, Globe, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

export function FormatBadge({ format }: { format: string }) {
  const { t } = useTranslation('decks');
  return <Badge>{t(`formats.${format}`)}</Badge>;
}

export function ValidityBadge({ valid }: { valid: boolean }) {
  const { t } = useTranslation('decks');
  return valid ? (
    <Badge className="border-success/40 bg-success/10 text-success" data-testid="deck-valid">
      <CircleCheck className="mr-1 h-3.5 w-3.5" aria-hidden />
      {t('validity.valid')}
    </Badge>
  ) : (
    <Badge className="border-danger/40 bg-danger/10 text-danger" data-testid="deck-invalid">
      <CircleAlert className="mr-1 h-3.5 w-3.5" aria-hidden />
      {t('validity.invalid')}
    </Badge>
  );
}

export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const { t } = useTranslation('decks');
  return (
    <Badge>
      {isPublic ? <Globe className="mr-1 h-3.5 w-3.5" aria-hidden /> : <Lock className="mr-1 h-3.5 w-3.5" aria-hidden />}
      {t(isPublic ? 'visibility.public' : 'visibility.private')}
    </Badge>
  );
}
