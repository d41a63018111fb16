import type { ExternalToast } from 'sonner';

/**
 * The one toast helper. sonner is loaded on first use (and by the lazy <Toaster/>), keeping it out
 * of the initial bundle.
 */
const load = () => import('sonner');

export const notify = {
  success: (title: string, options?: ExternalToast) => void load().then((m) => m.toast.success(title, options)),
  error: (title: string, options?: ExternalToast) => void load().then((m) => m.toast.error(title, options)),
  info: (title: string, options?: ExternalToast) => void load().then((m) => m.toast.info(title, options)),
  warning: (title: string, options?: ExternalToast) => void load().then((m) => m.toast.warning(title, options)),
};
