import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { SUBSCRIPTION_PATH } from '@/lib/toast';
import { billingStatusQuery } from '@/features/settings/api/billing-api';

/** Hidden for the rest of the tab's session once dismissed (session storage: gone with the tab, nothing kept). */
const DISMISSED_KEY = 'housePromotionDismissed';

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed() {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    /* storage unavailable: hidden until the next page load */
  }
}

/**
 * The Free plan's promotion slot (spec: Free shows promotions, Hobby and Family none): our own offer only, the Hobby
 * plan, marked as a promotion. Text and an icon from the app's bundle: no third-party script, no image from another
 * host, nothing that tracks. Drawn only for a signed-in user whose plan is known to be Free, so it never flashes for a
 * paying user and nothing moves while the plan loads.
 */
export function HousePromotion({ className }: { className?: string }) {
  const { t } = useTranslation('pages');
  const { signedIn, termsAccepted } = useSession();
  const status = useQuery({ ...billingStatusQuery(), enabled: signedIn && termsAccepted });
  const [dismissed, setDismissed] = useState(readDismissed);
  const titleId = useId();
  if (!signedIn || dismissed || status.data?.plan !== 'free') return null;
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
          rememberDismissed();
          setDismissed(true);
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
