import { FREE_HISTORY_DAYS } from '@grandline/core/plans';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { SUBSCRIPTION_PATH } from '@/lib/toast';
import type { ValueRange } from '@/features/binders/utils/value-dates';

/** A made-up rising line, drawn faintly behind the prompt: the shape of what the range would show. */
const GHOST_LINE = 'M0 34 L8 31 L16 32 L24 26 L32 28 L40 22 L48 24 L56 17 L64 19 L72 13 L80 15 L88 9 L100 6';

/**
 * A range beyond the plan, in the chart's place and at its height (nothing below moves): one card in the middle of
 * a faint chart with a lock, what the range is, which plan opens it and a link to the plans.
 */
export function LockedValueHistory({ range, heightClass }: { range: ValueRange; heightClass: string }) {
  const { t } = useTranslation(['binders', 'common']);
  return (
    <div
      className={cn(heightClass, 'relative flex items-center justify-center overflow-hidden rounded-lg border border-dashed border-border bg-surface-2/40 p-3')}
      data-testid="value-history-locked"
    >
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 h-3/4 w-full text-accent opacity-30 dark:opacity-40" aria-hidden>
        <path d={`${GHOST_LINE} L100 40 L0 40 Z`} fill="currentColor" fillOpacity={0.2} />
        <path d={GHOST_LINE} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="relative flex max-w-xs flex-col items-center gap-2 rounded-xl border border-border bg-surface px-5 py-4 text-center shadow-sm" data-testid="value-history-locked-card">
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-accent/15 text-accent">
          <Lock className="h-4 w-4" aria-hidden />
        </span>
        <p className="text-sm font-semibold">{t(`value.lockedTitle.${range}`)}</p>
        <p className="text-xs text-muted">{t('common:plans.locked.advancedStatistics', { limit: FREE_HISTORY_DAYS })}</p>
        <Link to={SUBSCRIPTION_PATH} className={buttonClass('primary', 'sm', 'mt-1')} data-testid="value-history-plans">
          {t('common:plans.seePlans')}
        </Link>
      </div>
    </div>
  );
}
