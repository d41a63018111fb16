import { LogIn, Menu, Moon, Settings, Sun } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { preloadable } from '@/lib/preloadable';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/lib/use-media-query';
import { usePreferences, useShownTheme } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { Logo } from '@/components/logo';

// Desktop only; loaded before a server-drawn page hydrates (lib/preloadable.tsx).
const GameMenu = preloadable(() => import('./header-menus').then((m) => m.GameMenu), 768);
const PreferenceMenus = preloadable(() => import('./header-menus').then((m) => m.PreferenceMenus), 768);
// Signed-in users' only: loaded before a page drawn for them hydrates (ADR 026).
const UserMenu = preloadable(() => import('./user-menu').then((m) => m.UserMenu), null);
const NotificationBell = preloadable(() => import('./notification-bell').then((m) => m.NotificationBell), null);

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const theme = useShownTheme();
  const session = useSession();
  const desktop = useMediaQuery('(min-width: 768px)');

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-1 border-b border-border bg-bg px-2 sm:gap-2 sm:px-4">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('nav.openMenu')}
        className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2 md:hidden"
      >
        <Menu className="h-5 w-5" aria-hidden />
      </button>
      <Link to={session.signedIn ? '/dashboard' : '/'} className="mr-1 flex items-center gap-2 rounded-lg px-1 py-1" aria-label={t('app.homeLink')}>
        <Logo className="h-8 w-8" />
        <span className="hidden text-lg font-bold tracking-tight sm:inline">Grand Line</span>
      </Link>

      {/* The desktop's parts are also hidden by CSS on narrower screens, and the phone's on wider ones: a page drawn
          on the server (for a phone or a desktop, from its user agent) never shifts when the guess was wrong. */}
      {desktop && (
        <div className="hidden md:flex">
          <Suspense fallback={<span className="h-9 w-44" aria-hidden />}>
            <GameMenu />
          </Suspense>
        </div>
      )}

      <div className="flex-1" />

      {desktop && (
        <div className="hidden md:flex">
          <Suspense fallback={<span className="h-9 w-64" aria-hidden />}>
            <PreferenceMenus />
          </Suspense>
        </div>
      )}

      <button
        type="button"
        onClick={() => prefs.setPreference('theme', theme === 'dark' ? 'light' : 'dark')}
        aria-label={theme === 'dark' ? t('header.lightTheme') : t('header.darkTheme')}
        title={theme === 'dark' ? t('header.lightTheme') : t('header.darkTheme')}
        data-testid="theme-toggle"
        className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2"
      >
        {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden /> : <Moon className="h-5 w-5" aria-hidden />}
      </button>
      {!desktop && (
        <Link to="/settings" aria-label={t('nav.settings')} className="inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-surface-2 md:hidden">
          <Settings className="h-5 w-5" aria-hidden />
        </Link>
      )}
      {session.me && session.termsAccepted && (
        <Suspense fallback={<span className="h-10 w-10" aria-hidden />}>
          <NotificationBell />
        </Suspense>
      )}
      {session.me ? (
        <Suspense fallback={<span className="ml-1 h-9 w-9 rounded-full bg-surface-2" aria-hidden />}>
          <UserMenu me={session.me} />
        </Suspense>
      ) : session.loading ? (
        <span className="ml-1 h-8 w-20 animate-pulse rounded-lg bg-surface-2" aria-hidden />
      ) : session.authAvailable ? (
        <Button asChild size="sm" className="ml-1">
          <Link to="/auth" data-testid="sign-in-link">
            <LogIn className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">{t('header.signIn')}</span>
            <span className="sr-only sm:hidden">{t('header.signIn')}</span>
          </Link>
        </Button>
      ) : (
        <Button size="sm" className="ml-1" disabled title={t('header.signInUnavailable')} aria-describedby="sign-in-unavailable">
          <LogIn className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">{t('header.signIn')}</span>
          <span id="sign-in-unavailable" className="sr-only">
            {t('header.signInUnavailable')}
          </span>
        </Button>
      )}
    </header>
  );
}
