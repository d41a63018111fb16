import i18next from 'i18next';
import type * as Sonner from 'sonner';
import type { ExternalToast } from 'sonner';
import { isPlanLimit, planLimitText } from './error-text';

/**
 * The one toast helper. sonner (9 KB) is loaded on first use and the <Toaster/> (app/app.tsx) mounted then, so a visit
 * that shows no toast never downloads it (issue 45: the first visit's JavaScript). The first toast waits until the
 * Toaster's live region has been in the page for a moment (toasterMounted), as screen readers announce what is added
 * to a region they already know, not a region that arrives with its text.
 */
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
/** How long the first toast waits after the region appeared (react-aria's announcer waits 100 ms likewise). */
const FIRST_ANNOUNCEMENT_DELAY_MS = 100;
let sonner: Promise<typeof Sonner> | null = null;
const load = () => {
  if (!sonner) {
    wanted = true;
    for (const listener of listeners) listener();
    sonner = Promise.all([import('sonner'), mounted]).then(([module]) => new Promise((resolve) => setTimeout(() => resolve(module), FIRST_ANNOUNCEMENT_DELAY_MS)));
  }
  return sonner;
};

/** Whether a toast was asked for yet (for useSyncExternalStore): the Toaster is mounted from then on. */
export const toastsWanted = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
  getServer: () => false,
};

/** Called by the Toaster once its region is in the page: the toasts asked for meanwhile are shown. */
export const toasterMounted = () => markMounted();

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
