import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { notify } from '@/lib/toast';

/** How often an open tab asks whether a new version was published. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
const UPDATE_TOAST_ID = 'app-update';

/**
 * Registers the service worker (/sw.js, vite.config.ts) once the page has loaded, and when a new version is waiting
 * asks the user to reload ("New version — reload"): the new code never replaces the running one under their feet.
 */
export default function AppUpdates() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
  });
  useEffect(() => {
    if (!needRefresh) return;
    notify.info(t('pwa.newVersion'), {
      id: UPDATE_TOAST_ID,
      duration: Number.POSITIVE_INFINITY,
      action: { label: t('pwa.reload'), onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, t, updateServiceWorker]);
  return null;
}
