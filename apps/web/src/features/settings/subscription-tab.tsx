import { planLimits, type PlanId } from '@grandline/core/plans';
import { Check, Gift } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Skeleton } from '@/components/ui/misc';
import { ErrorState } from '@/components/ui/query-states';
import { formatDate } from '@/lib/format';
import { useBillingStatus } from './api/billing-api';

/** What a plan includes, from the limits in packages/core plans.ts (the same numbers the server's gates use). */
function planFeatures(plan: PlanId, t: (key: string, options?: Record<string, unknown>) => string): string[] {
  const limits = planLimits(plan);
  return [
    limits.watches === null ? t('subscription.features.watchesUnlimited') : t('subscription.features.watches', { count: limits.watches }),
    limits.comparisonReportsPerWeek === null
      ? t('subscription.features.reportsUnlimited')
      : t('subscription.features.reports', { count: limits.comparisonReportsPerWeek, rows: limits.comparisonPreviewRows }),
    limits.csvExportsPerMonth === null ? t('subscription.features.exportsUnlimited') : t('subscription.features.exports', { count: limits.csvExportsPerMonth }),
    t('subscription.features.imports'),
  ];
}

const STATUS_CLASS = { active: 'border-success/40 text-success', trialing: 'border-success/40 text-success', past_due: 'border-danger/40 text-danger', canceled: '' } as const;

/** Settings → Subscription: the plan in effect, its state and dates, and what it includes. */
export function SubscriptionTab() {
  const { t } = useTranslation();
  const status = useBillingStatus();
  const titleId = useId();
  if (status.isPending) {
    return (
      <div className="flex flex-col gap-5" aria-busy="true">
        <Skeleton className="h-80 rounded-2xl" />
        <Skeleton className="h-16 rounded-2xl" />
      </div>
    );
  }
  if (status.isError) return <ErrorState title={t('subscription.loadFailed')} onRetry={() => void status.refetch()} />;
  const s = status.data;
  const end = s.subscription_end ? formatDate(s.subscription_end) : null;
  return (
    <div className="flex flex-col gap-5" data-testid="subscription-tab">
      <section aria-labelledby={titleId} className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <p className="text-xs font-medium uppercase tracking-wide text-muted">{t('subscription.current')}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-2xl font-bold tracking-tight" data-testid="current-plan">
            {t(`plans.names.${s.plan}`)}
          </h2>
          {s.subscription_status && <Badge className={STATUS_CLASS[s.subscription_status]}>{t(`subscription.status.${s.subscription_status}`)}</Badge>}
        </div>
        <p className="mt-2 text-sm text-muted">{t(`plans.descriptions.${s.plan}`)}</p>
        {end && (
          <p className="mt-3 text-sm" data-testid="subscription-end">
            {s.subscription_status === 'canceled' ? t('subscription.ends', { date: end }) : t('subscription.renews', { date: end })}
          </p>
        )}
        {s.complimentaryPlan && (
          <p className="mt-3 flex items-center gap-2 text-sm text-muted">
            <Gift className="h-4 w-4 shrink-0 text-accent" aria-hidden />
            {t('subscription.complimentary', { plan: t(`plans.names.${s.complimentaryPlan}`) })}
          </p>
        )}
        <h3 className="mt-6 text-sm font-semibold">{t('subscription.includes')}</h3>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {planFeatures(s.plan, t).map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
      </section>
      <p className="rounded-2xl border border-dashed border-border p-5 text-sm text-muted" data-testid="billing-off">
        {t('subscription.billingOff')}
      </p>
    </div>
  );
}
