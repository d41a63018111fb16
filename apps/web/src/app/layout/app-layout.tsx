import { STORAGE_KEYS } from '@grandline/core/locales';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { scrollKey } from '@/lib/scroll-key';
import { storage } from '@/lib/storage';
import { useMediaQuery } from '@/lib/use-media-query';
import { PreferencesSync } from '@/app/preferences-sync';
import { useSession } from '@/lib/session';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';
import { PageSkeletonFallback } from '@/components/page-loading';
import { Sidebar } from './sidebar';
import { HousePromotion } from '@/features/settings/components/house-promotion';

const CompleteAccountOverlay = lazy(() =>
  import('@/features/auth/components/complete-account-overlay').then((m) => ({ default: m.CompleteAccountOverlay })),
);

/**
 * A signed-in user who has not accepted the current terms cannot act (spec §2, §4). A new account completes
 * itself in the overlay (user name, country, age, consents); an account that accepted an older version
 * goes to /consent, which shows the texts, and comes back here.
 */
function AccountGate() {
  const { me } = useSession();
  const location = useLocation();
  if (!me || me.consent.tosAccepted) return null;
  if (me.profile.onboardingCompleted) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/consent?return=${encodeURIComponent(here)}`} replace />;
  }
  return (
    <Suspense fallback={null}>
      <CompleteAccountOverlay me={me} />
    </Suspense>
  );
}

/** The phone menu's code is fetched the first time it is opened. */
const MobileSidebar = lazy(() => import('./mobile-sidebar').then((m) => ({ default: m.MobileSidebar })));

/**
 * The app's shell: header, sidebar, the page, footer. `children` stand for the page while the router has none to
 * show yet (the first load's fallback), so a signed-in page opens with its shell and a skeleton, never a blank screen.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(() => storage.get(STORAGE_KEYS.sidebarCollapsed) === 'true');
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileMenuUsed, setMobileMenuUsed] = useState(false);
  const desktop = useMediaQuery('(min-width: 768px)');
  const toggle = () =>
    setCollapsed((c) => {
      storage.set(STORAGE_KEYS.sidebarCollapsed, String(!c));
      return !c;
    });
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('nav.skipToContent')}
      </a>
      <Header
        onOpenMenu={() => {
          setMobileMenuUsed(true);
          setMobileOpen(true);
        }}
      />
      <OfflineBanner />
      {!desktop && mobileMenuUsed && (
        <Suspense fallback={null}>
          <MobileSidebar open={mobileOpen} onOpenChange={setMobileOpen} />
        </Suspense>
      )}
      <div className="flex">
        {desktop && <Sidebar collapsed={collapsed} onToggle={toggle} />}
        <div className="flex min-w-0 flex-1 flex-col">
          {/* At least a screen high, so the footer never starts in view and jumps down when a page has loaded. */}
          <main id="main" tabIndex={-1} className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 lg:py-8">
            <Suspense fallback={<PageSkeletonFallback />}>{children ?? <Outlet />}</Suspense>
          </main>
          {/* Free's promotion slot on phones (the sidebar holds it on wider screens): after the page, above the footer. */}
          {!desktop && <HousePromotion className="mx-4 mt-4 sm:mx-6 md:hidden" />}
          <Footer />
        </div>
      </div>
      <ScrollRestoration getKey={scrollKey} />
      <AccountGate />
      <PreferencesSync />
    </div>
  );
}
