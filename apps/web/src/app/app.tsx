import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '@/lib/query-client';
import { PreferencesProvider, usePreferences } from '@/lib/preferences';
import { toasterMounted, toastsWanted } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import type { AppRouter } from './router';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));
/** The service worker and its update prompt: production builds only, its code fetched after the page's. */
const AppUpdates = import.meta.env.PROD && !import.meta.env.SSR && typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? lazy(() => import('./app-updates')) : null;

/** Rendered with the Toaster once its code arrived: tells lib/toast that the region is in the page. */
function ToasterMounted() {
  useEffect(toasterMounted, []);
  return null;
}

function ThemedToaster() {
  const { theme } = usePreferences();
  const { t } = useTranslation();
  // Spec §9: toasts auto-dismiss after 4 s, at most 3 visible, 356 px wide with a 14 px gap.
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} position="bottom-right" duration={4000} visibleToasts={3} gap={14} richColors closeButton containerAriaLabel={t('toast.region')} toastOptions={{ closeButtonAriaLabel: t('toast.close') }} />
      <ToasterMounted />
    </Suspense>
  );
}

export function AppFrame({ children }: { children: ReactNode }) {
  // What the server drew had no toaster and no update prompt.
  const hydrated = useHydrated();
  // The toaster (and sonner's code) only once a toast is asked for: most first visits show none.
  const toasts = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, toastsWanted.getServer);
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        {children}
        {hydrated && toasts && <ThemedToaster />}
        {hydrated && AppUpdates && (
          <Suspense fallback={null}>
            <AppUpdates />
          </Suspense>
        )}
      </PreferencesProvider>
    </QueryClientProvider>
  );
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppFrame>
      {/* Not as transitions: see app/boot.tsx (ADR 012). */}
      <RouterProvider router={router} useTransitions={false} />
    </AppFrame>
  );
}
