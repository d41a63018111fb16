import { ChevronsLeft, ChevronsRight, Lock } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { HousePromotion } from '@/features/settings/components/house-promotion';
import { preloadable } from '@/lib/preloadable';
import { NAV_ITEMS } from './nav-items';

// Signed-in users' only (their saved searches): loaded before a page drawn for them hydrates (ADR 026), never on a
// visitor's first visit (issue 45).
const SavedSearchesEntry = preloadable(() => import('@/features/searches/components/saved-searches-nav').then((m) => m.SavedSearchesEntry), null);

export function NavList({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const items = NAV_ITEMS.filter((i) => i.ready && (!i.admin || session.isAdmin));
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => {
        const Icon = item.icon;
        const label = t(`nav.${item.key}`);
        const locked = item.auth && !session.signedIn;
        const base = cn(
          'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
          collapsed && 'justify-center px-0',
        );
        if (locked) {
          // Opens sign-in, and comes back here afterwards (the route guard remembers the path).
          return (
            <li key={item.key}>
              <NavLink
                to={item.to}
                onClick={onNavigate}
                title={`${label} — ${t('nav.signInRequired')}`}
                // Dimmed in the dark theme only: in the light one a dimmed grey falls under 4.5:1 on the sidebar.
                className={cn(base, 'text-muted hover:bg-surface-2 hover:text-fg dark:text-muted/80')}
                data-testid={`nav-${item.key}`}
              >
                <Icon className="h-5 w-5 shrink-0" aria-hidden />
                {!collapsed && (
                  <>
                    <span className="flex-1 truncate" data-nav-label>
                      {label}
                    </span>
                    <Lock className="h-3.5 w-3.5" aria-hidden />
                  </>
                )}
                <span className="sr-only">{collapsed ? `${label} — ${t('nav.signInRequired')}` : t('nav.signInRequired')}</span>
              </NavLink>
            </li>
          );
        }
        const link = (
          <NavLink
            to={item.to}
            end={item.to === '/'}
            onClick={onNavigate}
            title={collapsed ? label : undefined}
            data-testid={`nav-${item.key}`}
            className={({ isActive }) =>
              cn(base, isActive ? 'bg-accent/15 text-fg ring-1 ring-accent/40' : 'text-muted hover:bg-surface-2 hover:text-fg')
            }
          >
            <Icon className="h-5 w-5 shrink-0" aria-hidden />
            {collapsed ? (
              <span className="sr-only">{label}</span>
            ) : (
              <span className="truncate" data-nav-label>
                {label}
              </span>
            )}
          </NavLink>
        );
        return (
          <li key={item.key}>
            {/* The library entry holds a signed-in user's saved searches (issue 42), in the open sidebar and the phone menu;
                drawn while the session loads too, so a signed-in page's list holds its place from the first frame. */}
            {item.key === 'library' && (session.signedIn || session.loading) && !collapsed ? (
              <Suspense fallback={link}>
                <SavedSearchesEntry link={link} ready={session.signedIn} onNavigate={onNavigate} />
              </Suspense>
            ) : (
              link
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.main')}
      className={cn(
        // Hidden by CSS below 768 px as well: a page drawn on the server for a wider screen than it is shown on.
        'sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col border-r border-border bg-surface/50 p-3 md:flex',
        collapsed ? 'w-[4.25rem]' : 'w-60',
      )}
    >
      <div className="flex-1 overflow-y-auto">
        <NavList collapsed={collapsed} />
      </div>
      {/* Free's promotion slot (our own Hobby offer): at the foot of the open sidebar, never over the page. */}
      {!collapsed && <HousePromotion className="mt-3 [@media(max-height:44rem)]:hidden" />}
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
        title={collapsed ? t('nav.expand') : t('nav.collapse')}
        className={cn(
          'mt-2 flex h-10 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg',
          collapsed && 'justify-center px-0',
        )}
      >
        {collapsed ? <ChevronsRight className="h-5 w-5" aria-hidden /> : <ChevronsLeft className="h-5 w-5" aria-hidden />}
        {!collapsed && (
          <span className="truncate" data-nav-label>
            {t('nav.collapse')}
          </span>
        )}
      </button>
    </nav>
  );
}
