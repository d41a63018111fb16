import type { BillingStatusResponse, PlansResponse } from '@grandline/core/contracts/billing';
import { DEFAULT_FAMILY_MAX_MEMBERS, higherPlan, planLimits, type PlanId } from '@grandline/core/plans';
import { Check, ExternalLink, Gift } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { tabList, tabTrigger } from '@/components/ui/styles';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { billingApi, openInNewTab, useBillingStatus } from '@/features/plans/api/billing-api';
import { FamilySection } from './family-section';
import { useFamily } from '@/features/plans/api/family-api';
import { usePlans } from './api/plans-api';
import { blockedReason, purchaseOf } from './components/plan-prices';

/** What a plan includes, from the limits in packages/core plans.ts (the same numbers the server's gates use). */
function planFeatures(plan: PlanId, t: (key: string, options?: Record<string, unknown>) => string, familyMax = DEFAULT_FAMILY_MAX_MEMBERS): string[] {
  const limits = planLimits(plan);
  return [
    limits.watches === null ? t('subscription.features.watchesUnlimited') : t('subscription.features.watches', { count: limits.watches }),
    limits.comparisonReportsPerWeek === null
      ? t('subscription.features.reportsUnlimited')
      : t('subscription.features.reports', { count: limits.comparisonReportsPerWeek, rows: limits.comparisonPreviewRows }),
    limits.csvExportsPerMonth === null ? t('subscription.features.exportsUnlimited') : t('subscription.features.exports', { count: limits.csvExportsPerMonth }),
    t('subscription.features.imports'),
    limits.binders === null ? t('subscription.features.bindersUnlimited') : t('subscription.features.binders', { count: limits.binders }),
    limits.decks === null ? t('subscription.features.decksUnlimited') : t('subscription.features.decks', { count: limits.decks }),
    limits.cardsPerBinder === null ? t('subscription.features.cardsPerBinderUnlimited') : t('subscription.features.cardsPerBinder', { count: limits.cardsPerBinder }),
    t(limits.privateItems ? 'subscription.features.privateItems' : 'subscription.features.publicOnly'),
    t(limits.advancedStatistics ? 'subscription.features.advancedStatistics' : 'subscription.features.statsBasic'),
    ...(plan === 'family' ? [t('subscription.features.familySharing', { count: familyMax })] : []),
    ...(plan !== 'free' ? [t('subscription.features.noPromotions')] : []),
  ];
}

const STATUS_CLASS = { active: 'border-success/40 text-success', trialing: 'border-success/40 text-success', past_due: 'border-danger/40 text-danger', canceled: '' } as const;

/** Settings → Subscription: the plan in effect, its state and dates, and what it includes. */
export function SubscriptionTab() {
  const { t } = useTranslation();
  const status = useBillingStatus();
  // The family section sits above the plans: the tab waits for both, so nothing moves when it arrives; and for what
  // this server sells (GET /api/billing/plans), so a plan that cannot be bought is disabled from the start.
  const family = useFamily();
  const plans = usePlans();
  const titleId = useId();
  if (status.isPending || family.isPending || plans.isPending) {
    return (
      <div className="flex flex-col gap-5" aria-busy="true">
        <Skeleton className="h-80 rounded-2xl" />
        <Skeleton className="h-80 rounded-2xl" />
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
        <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {planFeatures(s.plan, t).map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
      </section>
      <CheckoutResult />
      <FamilySection />
      <ChangePlan status={s} plans={plans.data} />
    </div>
  );
}

/** Back from Stripe Checkout (?checkout=success|cancelled): what happened, until the user moves on. */
function CheckoutResult() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const result = params.get('checkout');
  if (result !== 'success' && result !== 'cancelled') return null;
  return (
    <p role="status" className="rounded-2xl border border-border bg-surface-2 p-4 text-sm" data-testid="checkout-result">
      {t(result === 'success' ? 'subscription.checkoutSuccess' : 'subscription.checkoutCancelled')}
    </p>
  );
}

type Interval = 'month' | 'year';
const PAID = ['hobby', 'family'] as const;

/**
 * Upgrade through Stripe Checkout (monthly or yearly), or manage a subscription in Stripe's customer portal. A plan
 * this server cannot sell for the interval shown is a disabled choice with the reason (GET /api/billing/plans; the
 * status's configured intervals when the plans could not be read).
 */
function ChangePlan({ status, plans }: { status: BillingStatusResponse; plans: PlansResponse | undefined }) {
  const { t } = useTranslation();
  const titleId = useId();
  const sellable = (plan: (typeof PAID)[number], i: Interval) => (plans ? Boolean(purchaseOf(plans, plan, i)?.purchasable) : status.offers[plan].includes(i));
  const intervals = (['month', 'year'] as const).filter((i) => PAID.some((p) => sellable(p, i)));
  const [interval, chooseInterval] = useState<Interval>(intervals[0] ?? 'month');
  const [busy, setBusy] = useState<string | null>(null);
  const subscribed = status.is_subscribed;
  const go = async (action: string, address: () => ReturnType<typeof billingApi.portal>, failure: string) => {
    setBusy(action);
    try {
      await openInNewTab(address);
    } catch (err) {
      notify.error(t('subscription.errorTitle'), { description: errorText(err, failure) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-border bg-surface p-5 sm:p-6" data-testid="change-plan">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {t(subscribed ? 'subscription.manageTitle' : 'subscription.upgradeTitle')}
        </h2>
        {!subscribed && intervals.length > 1 && (
          <div role="group" aria-label={t('subscription.interval.label')} className={tabList}>
            {intervals.map((i) => (
              <button key={i} type="button" aria-pressed={interval === i} data-state={interval === i ? 'active' : 'inactive'} className={tabTrigger} onClick={() => chooseInterval(i)}>
                {t(`subscription.interval.${i}`)}
              </button>
            ))}
          </div>
        )}
      </div>
      {status.billingConfigured ? (
        <p className="mt-1 text-sm text-muted">{t(subscribed ? 'subscription.manageHint' : 'subscription.taxIncluded')}</p>
      ) : (
        <p className="mt-1 text-sm text-muted" data-testid="billing-off">
          {t('subscription.billingOff')}
        </p>
      )}
      {subscribed || status.subscription_status ? (
        <Button className="mt-5" variant="secondary" disabled={busy !== null} onClick={() => void go('portal', billingApi.portal, 'common:subscription.portalFailed')} data-testid="billing-portal">
          {t('subscription.manage')}
          <ExternalLink className="h-4 w-4" aria-hidden />
        </Button>
      ) : null}
      {!subscribed && (
        <div className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {PAID.map((plan) => {
            const current = higherPlan(status.plan, plan) === status.plan;
            const sold = sellable(plan, interval);
            const reasonId = `${titleId}-${plan}-reason`;
            return (
              <div key={plan} className="flex flex-col rounded-xl border border-border p-4">
                <h3 className="font-semibold">{t(`plans.names.${plan}`)}</h3>
                <p className="mt-1 flex-1 text-sm text-muted">{t(`plans.descriptions.${plan}`)}</p>
                {current ? (
                  <p className="mt-4 text-sm font-medium text-success">{t('subscription.included')}</p>
                ) : (
                  <>
                    {/* The reason sits above the button, so both cards' buttons stay on one line. */}
                    {!sold && (
                      <p id={reasonId} className="mt-4 text-sm text-muted" data-testid={`upgrade-${plan}-reason`}>
                        {t(`subscription.${blockedReason(plans, plan, interval) ?? (status.billingConfigured ? `notSold.${interval}` : 'notOnSale')}`)}
                      </p>
                    )}
                    <Button
                      className={sold ? 'mt-4' : 'mt-2'}
                      disabled={busy !== null || !sold}
                      aria-describedby={sold ? undefined : reasonId}
                      onClick={() => void go(plan, () => billingApi.checkout(plan, interval), 'common:subscription.checkoutFailed')}
                      data-testid={`upgrade-${plan}`}
                    >
                      {t('subscription.upgrade', { plan: t(`plans.names.${plan}`) })}
                      <ExternalLink className="h-4 w-4" aria-hidden />
                    </Button>
                  </>
                )}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
