import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { useSession } from '@/lib/session';
import { SUBSCRIPTION_PATH } from '@/lib/toast';
import { billingStatusQuery } from '@/features/plans/api/billing-api';

/** A new account is left in peace: the promotion starts in the account's second week. */
const PROMOTION_QUIET_DAYS = 7;
const DAY_MS = 86_400_000;

/** Whether an account made at `createdAt` (ISO 8601) is old enough for the promotion at `now` (ms). */
function promotionDue(createdAt: string, now: number): boolean {
  const made = Date.parse(createdAt);
  return Number.isFinite(made) && now - made >= PROMOTION_QUIET_DAYS * DAY_MS;
}

/** Dismissed for good, per user, in this browser (local storage: kept across reloads and sign-ins, one key per account). */
export const dismissedKey = (userId: string) => `housePromotionDismissed:${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(userId: string) {
  try {
    localStorage.setItem(dismissedKey(userId), '1');
  } catch {
    /* storage unavailable: hidden until the next page load */
  }
}

/**
 * The Free plan's promotion slot (spec: Free shows promotions, Hobby and Family none): our own offer only, the Hobby
 * plan, marked as a promotion. Text and an icon from the app's bundle: no third-party script, no image from another
 * host, nothing that tracks. Drawn only for a signed-in user whose plan is known to be Free, so it never flashes for a
 * paying user and nothing moves while the plan loads; not in the account's first week, and never again once dismissed.
 */
export function HousePromotion({ className }: { className?: string }) {
  const { t } = useTranslation('pages');
  const { signedIn, termsAccepted, me } = useSession();
  const userId = me?.user.id ?? null;
  // The time the slot was drawn at: an account crossing its first week while the tab is open gets it on the next load.
  const [now] = useState(() => Date.now());
  const due = me ? promotionDue(me.user.createdAt, now) : false;
  const status = useQuery({ ...billingStatusQuery(), enabled: signedIn && termsAccepted && due });
  const [dismissedBy, setDismissedBy] = useState<string | null>(null);
  const titleId = useId();
  // Its dismissal is this browser's (local storage): never part of a page the server drew (ADR 026).
  const hydrated = useHydrated();
  if (!hydrated || !userId || !due || dismissedBy === userId || readDismissed(userId) || status.data?.plan !== 'free') return null;
  return (
    <aside
      aria-labelledby={titleId}
      data-testid="house-promotion"
      className={cn('relative rounded-xl border border-border bg-gradient-to-br from-surface to-surface-2 p-3.5 text-sm', className)}
    >
      <p className="flex items-center gap-1.5 pr-7 text-[0.6875rem] font-semibold uppercase tracking-wide text-muted">
        <Sparkles className="h-3.5 w-3.5 shrink-0 text-accent" aria-hidden />
        <span>
          {t('promo.label')} · {t('promo.from')}
        </span>
      </p>
      <button
        type="button"
        onClick={() => {
          rememberDismissed(userId);
          setDismissedBy(userId);
        }}
        aria-label={t('promo.dismiss')}
        title={t('promo.dismiss')}
        className="absolute right-1.5 top-1.5 flex h-7 w-7 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
        data-testid="house-promotion-dismiss"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
      <h2 id={titleId} className="mt-2 font-semibold leading-snug">
        {t('promo.title')}
      </h2>
      <p className="mt-1 text-xs leading-relaxed text-muted">{t('promo.text')}</p>
      <Link
        to={SUBSCRIPTION_PATH}
        className="mt-2.5 inline-flex items-center gap-1 rounded text-sm font-medium text-accent hover:underline"
        data-testid="house-promotion-link"
      >
        {t('promo.cta')}
        <ArrowRight className="h-3.5 w-3.5" aria-hidden />
      </Link>
    </aside>
  );
}
