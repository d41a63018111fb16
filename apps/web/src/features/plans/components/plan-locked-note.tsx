import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { SUBSCRIPTION_PATH } from '@/lib/toast';

/** A feature the user's plan does not include: a lock, what it needs, and a link to Settings → Subscription. */
export function PlanLockedNote({ text, className, testId = 'plan-locked' }: { text: string; className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-lg border border-accent/30 bg-accent/5 px-3 py-2 text-xs text-muted', className)} data-testid={testId}>
      <span className="flex min-w-0 items-center gap-2">
        <Lock className="h-3.5 w-3.5 shrink-0 text-accent" aria-hidden />
        <span>{text}</span>
      </span>
      <Link to={SUBSCRIPTION_PATH} className={buttonClass('secondary', 'sm')}>
        {t('plans.seePlans')}
      </Link>
    </p>
  );
}
