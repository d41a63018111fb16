import type { PlansResponse } from '@grandline/core/contracts/billing';
import { DEFAULT_FAMILY_MAX_MEMBERS, FREE_HISTORY_DAYS, higherPlan, PLAN_IDS, planLimits, type PlanId } from '@grandline/core/plans';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Check, Minus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { tabList, tabTrigger } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { formatLocale, formatPercent } from '@/lib/format';
import { rememberReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { notify, SUBSCRIPTION_PATH } from '@/lib/toast';
import { billingStatusQuery } from '@/features/plans/api/billing-api';
import { usePlans } from '@/features/settings/api/plans-api';
import { blockedReason, formatPlanAmount, priceOf, purchaseOf, soldYearly, yearlySaving, type Interval } from './plan-prices';

/** The plan the pricing puts forward. */
const RECOMMENDED: PlanId = 'hobby';

type T = (key: string, options?: Record<string, unknown>) => string;

interface Feature {
  key: string;
  text: string;
  included: boolean;
}

/** What a plan includes, line by line, from packages/core plans.ts (the limits the server's gates use). */
function planFeatures(plan: PlanId, familyMembers: number, t: T): Feature[] {
  const l = planLimits(plan);
  const limit = (key: string, value: number | null, common = false) => {
    const base = common ? `common:subscription.features.${key}` : `pricing.features.${key}`;
    return value === null ? t(`${base}Unlimited`) : t(base, { count: value });
  };
  const paid = plan !== 'free';
  return [
    { key: 'watches', text: limit('watches', l.watches, true), included: true },
    {
      key: 'reports',
      text:
        l.comparisonReportsPerWeek === null
          ? t('common:subscription.features.reportsUnlimited')
          : t('common:subscription.features.reports', { count: l.comparisonReportsPerWeek, rows: l.comparisonPreviewRows }),
      included: true,
    },
    { key: 'exports', text: limit('exports', l.csvExportsPerMonth, true), included: true },
    { key: 'binders', text: limit('binders', l.binders), included: true },
    { key: 'decks', text: limit('decks', l.decks), included: true },
    { key: 'cardsPerBinder', text: limit('cardsPerBinder', l.cardsPerBinder), included: true },
    { key: 'privateItems', text: t('pricing.features.privateItems'), included: l.privateItems },
    { key: 'advancedStatistics', text: t('pricing.features.advancedStatistics', { days: FREE_HISTORY_DAYS }), included: l.advancedStatistics },
    { key: 'familySharing', text: t('pricing.features.familySharing', { count: familyMembers }), included: plan === 'family' },
    { key: 'prioritySupport', text: t('pricing.features.prioritySupport'), included: paid },
    { key: 'noPromotions', text: t('pricing.features.noPromotions'), included: paid },
  ];
}

/**
 * The three plans side by side (stacked on phones), feature by feature, with the prices this server sells them at
 * (GET /api/billing/plans): per month or per year, with or without tax as the price says, and no amount at all where
 * there is none (payments not set up). The table is drawn at once from the plans' limits; only the amounts fill in,
 * in boxes of a fixed height, so nothing moves when they arrive.
 */
export function PricingTable() {
  const { t } = useTranslation('pages');
  const plans = usePlans();
  const [interval, chooseInterval] = useState<Interval>('month');
  const yearly = soldYearly(plans.data);
  const shown: Interval = yearly ? interval : 'month';
  const familyMembers = plans.data?.familyMaxMembers ?? DEFAULT_FAMILY_MAX_MEMBERS;
  return (
    <div data-testid="pricing-table">
      <div className="mb-5 flex min-h-11 flex-wrap items-center justify-center gap-3">
        {yearly ? (
          <div role="group" aria-label={t('common:subscription.interval.label')} className={tabList} data-testid="pricing-interval">
            {(['month', 'year'] as const).map((i) => (
              <button
                key={i}
                type="button"
                aria-pressed={shown === i}
                data-state={shown === i ? 'active' : 'inactive'}
                className={cn(tabTrigger, 'px-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent')}
                onClick={() => chooseInterval(i)}
              >
                {t(`common:subscription.interval.${i}`)}
              </button>
            ))}
          </div>
        ) : plans.data && !plans.data.billingConfigured ? (
          <p className="text-center text-sm text-muted" data-testid="pricing-payments-off">
            {t('pricing.paymentsOff')}
          </p>
        ) : null}
      </div>
      {/* On wide screens each card is a subgrid of the list's rows, so names, prices, buttons and features line up. */}
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-3 lg:gap-x-5 lg:gap-y-0">
        {PLAN_IDS.map((plan) => (
          <PlanCard key={plan} plan={plan} interval={shown} plans={plans.data} loading={plans.isPending} features={planFeatures(plan, familyMembers, t)} />
        ))}
      </ul>
    </div>
  );
}

function PlanCard({ plan, interval, plans, loading, features }: { plan: PlanId; interval: Interval; plans: PlansResponse | undefined; loading: boolean; features: Feature[] }) {
  const { t } = useTranslation('pages');
  const recommended = plan === RECOMMENDED;
  const titleId = `pricing-${plan}-title`;
  // A plan this server cannot sell for the interval shown: its choice is disabled, described by the reason in the price box.
  const reasonId = `pricing-${plan}-reason`;
  const blocked = blockedReason(plans, plan, interval) !== null;
  return (
    <li
      aria-labelledby={titleId}
      data-testid={`pricing-${plan}`}
      className={cn(
        'flex flex-col rounded-2xl border bg-surface p-5 sm:p-6 lg:row-span-5 lg:grid lg:grid-rows-subgrid',
        recommended ? 'border-accent/60 shadow-lg shadow-accent/5 ring-1 ring-accent/30' : 'border-border',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold">
          {t(`common:plans.names.${plan}`)}
        </h3>
        {recommended && (
          <span className="rounded-full border border-accent/40 bg-accent/10 px-2.5 py-0.5 text-xs font-medium text-fg">{t('pricing.recommended')}</span>
        )}
      </div>
      <p className="mt-2 text-sm leading-relaxed text-muted">{t(`common:plans.descriptions.${plan}`)}</p>
      <PriceBlock plan={plan} interval={interval} plans={plans} loading={loading} />
      <div className="mt-5">
        <PlanAction plan={plan} recommended={recommended} blockedBy={blocked ? reasonId : null} />
      </div>
      <ul className="mt-6 flex flex-col gap-2.5 border-t border-border pt-5" data-testid={`pricing-${plan}-features`}>
        {features.map((f) => (
          <li key={f.key} className={cn('flex items-start gap-2.5 text-sm', !f.included && 'text-muted')} data-included={f.included}>
            {f.included ? <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden /> : <Minus className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden />}
            <span>
              {!f.included && <span className="sr-only">{t('pricing.notIncluded')} </span>}
              {f.text}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The amount for the interval shown, in a box of one fixed height whatever it holds (no shift when prices arrive). */
function PriceBlock({ plan, interval, plans, loading }: { plan: PlanId; interval: Interval; plans: PlansResponse | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('pages');
  const box = 'mt-5 flex min-h-16 flex-col justify-center';
  if (plan === 'free') {
    // The card's title already says Free: the price box says what it costs, without repeating the name.
    return (
      <div className={box} data-testid="pricing-free-price">
        <p className="text-3xl font-bold tracking-tight">{t('pricing.freePrice')}</p>
        <p className="mt-1 text-xs text-muted">{t('pricing.freeNote')}</p>
      </div>
    );
  }
  if (loading) {
    return (
      <div className={box} aria-hidden>
        <Skeleton className="h-9 w-32" />
        <Skeleton className="mt-1 h-4 w-20" />
      </div>
    );
  }
  const price = priceOf(plans, plan, interval);
  if (!price) {
    // No amount is ever made up: say why there is none — why it cannot be bought here (the server's reason), or that
    // Checkout shows it (a price without a flat amount), or that the plans could not be read.
    const why = blockedReason(plans, plan, interval) ?? (purchaseOf(plans, plan, interval)?.purchasable ? 'priceAtCheckout' : 'unavailable');
    return (
      <div className={box} data-testid={`pricing-${plan}-no-price`}>
        <p id={`pricing-${plan}-reason`} className="text-base font-medium text-muted">
          {t(`pricing.${why}`)}
        </p>
      </div>
    );
  }
  const saving = interval === 'year' ? yearlySaving(priceOf(plans, plan, 'month'), price) : null;
  const locale = formatLocale(i18n.resolvedLanguage);
  return (
    <div className={box}>
      <p className="flex items-baseline gap-1.5">
        <span className="text-3xl font-bold tracking-tight tabular-nums" data-testid={`pricing-${plan}-amount`}>
          {formatPlanAmount(price.amount, price.currency, locale)}
        </span>
        <span className="text-sm text-muted">{t(interval === 'year' ? 'pricing.perYear' : 'pricing.perMonth')}</span>
      </p>
      <p className="mt-1 text-xs text-muted">
        {t(price.taxIncluded ? 'pricing.taxIncluded' : 'pricing.taxExcluded')}
        {saving !== null && (
          <>
            {' · '}
            <span className="font-medium text-success">{t('pricing.save', { percent: formatPercent(saving / 100, i18n.resolvedLanguage) })}</span>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * The card's call to action. Signed out: Free starts an account; a paid plan needs one first (spec §7: the
 * "Authentication Required" toast, with a way to sign in that comes back to the plans). Signed in: the plan in effect
 * is marked, the plans it includes say so, a higher one opens Settings → Subscription to subscribe. A plan this server
 * cannot sell for the interval shown is a disabled choice, described by the reason (`blockedBy`, the reason's id).
 */
function PlanAction({ plan, recommended, blockedBy }: { plan: PlanId; recommended: boolean; blockedBy: string | null }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const session = useSession();
  const status = useQuery({ ...billingStatusQuery(), enabled: session.signedIn });
  const name = t(`common:plans.names.${plan}`);
  const full = 'w-full justify-center';
  if (session.loading || (session.signedIn && status.isPending)) return <Skeleton className="h-10 w-full" />;
  const current = status.data?.plan;
  const owned = session.signedIn && current && (current === plan || higherPlan(current, plan) === current);
  if (blockedBy && plan !== 'free' && !owned) {
    return (
      <Button variant={recommended ? 'primary' : 'secondary'} className={full} disabled aria-describedby={blockedBy} data-testid={`pricing-${plan}-cta`}>
        {t('pricing.cta.choose', { plan: name })}
      </Button>
    );
  }
  if (!session.signedIn) {
    if (plan === 'free') {
      return (
        <Link to="/signup" className={buttonClass('secondary', 'md', full)} data-testid="pricing-free-cta">
          {t('pricing.cta.getStarted')}
        </Link>
      );
    }
    const askToSignIn = () =>
      notify.error(t('pricing.authRequired.title'), {
        description: t('pricing.authRequired.description'),
        action: {
          label: t('pricing.authRequired.signIn'),
          onClick: () => {
            rememberReturnTo(SUBSCRIPTION_PATH);
            void navigate('/auth');
          },
        },
      });
    return (
      <Button variant={recommended ? 'primary' : 'secondary'} className={full} onClick={askToSignIn} data-testid={`pricing-${plan}-cta`}>
        {t('pricing.cta.choose', { plan: name })}
      </Button>
    );
  }
  if (current === plan) {
    return (
      <p className="flex h-10 items-center justify-center gap-2 rounded-lg border border-border bg-surface-2 text-sm font-medium" data-testid={`pricing-${plan}-current`}>
        <Check className="h-4 w-4 text-success" aria-hidden />
        {t('pricing.cta.current')}
      </p>
    );
  }
  if (current && higherPlan(current, plan) === current) {
    return (
      <p className="flex h-10 items-center justify-center text-sm text-muted" data-testid={`pricing-${plan}-included`}>
        {t('pricing.cta.included')}
      </p>
    );
  }
  return (
    <Link to={SUBSCRIPTION_PATH} className={buttonClass(recommended ? 'primary' : 'secondary', 'md', full)} data-testid={`pricing-${plan}-cta`}>
      {t('pricing.cta.choose', { plan: name })}
      <ArrowRight className="h-4 w-4" aria-hidden />
    </Link>
  );
}
