import type { ProfileBadge } from '@grandline/core/contracts/profiles';
import { Hammer, Library } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

const ICONS = { collector: Library, deck_builder: Hammer } as const;

/**
 * The badges: earned ones in colour, the others (own profile only, `showLocked`) greyed with their progress. Each shows
 * its rule on hover, focus or tap.
 */
export function BadgeList({ badges, showLocked = false }: { badges: ProfileBadge[]; showLocked?: boolean }) {
  const { t } = useTranslation('profile');
  const shown = badges.filter((b) => b.earned || showLocked);
  if (!shown.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('badges.title')} data-testid="profile-badges">
      {shown.map((b) => {
        const Icon = ICONS[b.id];
        const rule = t(`badges.${b.id}.rule`, { count: b.threshold });
        return (
          <li key={b.id}>
            <Tooltip
              content={
                <>
                  <span className="block font-semibold">{t(`badges.${b.id}.name`)}</span>
                  {rule}
                  {!b.earned && <span className="mt-1 block text-muted">{t('badges.progress', { progress: b.progress, threshold: b.threshold })}</span>}
                </>
              }
            >
              <button
                type="button"
                data-testid={`badge-${b.id}`}
                data-earned={b.earned}
                aria-label={`${t(`badges.${b.id}.name`)}: ${b.earned ? rule : t('badges.progress', { progress: b.progress, threshold: b.threshold })}`}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                  b.earned ? 'border-accent/50 bg-accent/10 text-accent' : 'border-dashed border-border text-muted',
                )}
              >
                <Icon className="h-3.5 w-3.5" aria-hidden />
                {t(`badges.${b.id}.name`)}
              </button>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
