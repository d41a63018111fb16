import i18next from 'i18next';
import type { ExternalToast } from 'sonner';
import { isPlanLimit, planLimitText } from './error-text';

/**
 * The one toast helper. sonner is loaded on first use (and by the lazy <Toaster/>), keeping it out
 * of the initial bundle.
 */
const load = () => import('sonner');

/** Where a toast's "See plans" goes: the app's router (app.tsx sets it), so the page is not reloaded. */
let navigateTo = (to: string) => window.location.assign(to);
export const setToastNavigator = (navigate: (to: string) => void) => {
  navigateTo = navigate;
};

export const SUBSCRIPTION_PATH = '/settings?tab=subscription';

export const notify = {
  success: (title: string, options?: ExternalToast) => void load().then((m) => m.toast.success(title, options)),
  error: (title: string, options?: ExternalToast) => void load().then((m) => m.toast.error(title, options)),
  info: (title: string, options?: ExternalToast) => void load().then((m) => m.toast.info(title, options)),
  warning: (title: string, options?: ExternalToast) => void load().then((m) => m.toast.warning(title, options)),
  /**
   * A failed call: a plan's limit says which (the locked-feature prompt) with a "See plans" action to Settings →
   * Subscription; any other failure shows `fallback` (already translated).
   */
  failure: (err: unknown, fallback: string, options?: ExternalToast) => {
    if (!isPlanLimit(err)) return notify.error(fallback, options);
    notify.error(planLimitText(err)!, { ...options, action: { label: i18next.t('plans.seePlans', { ns: 'common' }), onClick: () => navigateTo(SUBSCRIPTION_PATH) } });
  },
};
