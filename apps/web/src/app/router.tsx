import { createBrowserRouter, matchRoutes, Navigate, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { landingLoader } from '@/features/info/api/landing-loader';
import { requireAdmin, requireSignedIn } from './guards';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './layout/require-auth';
import { PageLoading, PageSkeletonFallback } from '@/components/page-loading';
import { loadNamespaces } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { sessionQuery } from '@/lib/session';
import { RouteError } from './route-error';

/**
 * A lazy page whose texts (its i18n namespaces) load beside its code: the router switches to the page once both are
 * there, instead of the page suspending on its texts (a placeholder, then a second render) right after.
 */
const withTexts =
  <T,>(namespaces: readonly string[], page: () => Promise<T>) =>
  () =>
    Promise.all([page(), loadNamespaces(namespaces)]).then(([m]) => m);

/**
 * The library's and a binder's loaders, fetched with their page's code rather than with the shell: their imports (the
 * search language's parser, the binder queries) are not the home page's (issue 45: the first visit's JavaScript). They
 * still start their data as soon as their code is there, beside the page's own code.
 */
const cardsPageLoader = (args: LoaderFunctionArgs) => import('@/features/cards/api/cards-page-loader').then((m) => m.cardsPageLoader(args));
const binderPageLoader = (args: LoaderFunctionArgs) => import('@/features/binders/api/binder-page-loader').then((m) => m.binderPageLoader(args));

/**
 * The card page's texts: its prices, and its actions row's (the wishlist and binder buttons, a signed-in user's deck
 * menu), so a page drawn on the server hydrates that row with the rest. A button whose texts were missing at
 * hydration stayed the server's HTML, and an update meanwhile (a theme switched on the page before) drew it again
 * from nothing: the row emptied and refilled, moving the page (layout shift 0.33 at 1366 px).
 */
const cardPageTexts = () => ['prices', 'quickadd', ...(queryClient.getQueryData(sessionQuery.queryKey) ? ['decks'] : [])];

const notFound = () => import('@/features/info/not-found-page').then((m) => ({ Component: m.NotFoundPage }));
const authPage = withTexts(['account'], () => import('@/features/auth/routes/auth-page').then((m) => ({ Component: m.AuthPage })));

const legal = (doc: string) => () =>
  import('@/features/legal/legal-page').then((m) => ({ Component: () => <m.LegalPage doc={doc} /> }));

function ShellFallback() {
  return (
    <AppLayout>
      <PageSkeletonFallback />
    </AppLayout>
  );
}

/** The app's routes: the browser's router (createAppRouter) and the server's rendering (entry-server.tsx) share them. */
export const routes: RouteObject[] = [
  {
    path: '/signup',
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    lazy: withTexts(['account'], () => import('@/features/auth/routes/signup-page').then((m) => ({ Component: m.SignupPage }))),
  },
  {
    path: '/consent',
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    lazy: withTexts(['account'], () => import('@/features/auth/routes/consent-page').then((m) => ({ Component: m.ConsentPage }))),
  },
  {
    path: '/',
    element: <AppLayout />,
    // The first load of any page of the shell (a signed-in page waits for the session) shows the shell at once.
    HydrateFallback: ShellFallback,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: landingLoader, lazy: () => import('@/features/info/landing-page').then((m) => ({ Component: m.LandingPage })) },
      { path: 'cards', loader: cardsPageLoader, lazy: () => import('@/features/cards/routes/cards-page').then((m) => ({ Component: m.CardsPage })) },
      { path: 'cards/syntax', lazy: withTexts(['search'], () => import('@/features/cards/routes/syntax-page').then((m) => ({ Component: m.SyntaxPage }))) },
      {
        path: 'cards/:game/:slug',
        lazy: () => withTexts(cardPageTexts(), () => import('@/features/cards/routes/card-detail-page').then((m) => ({ Component: m.CardDetailPage, loader: m.loader })))(),
      },
      { path: 'sets', lazy: () => import('@/features/sets/routes/sets-page').then((m) => ({ Component: m.SetsPage, loader: m.loader })) },
      { path: 'sets/:slug', lazy: () => import('@/features/sets/routes/set-detail-page').then((m) => ({ Component: m.SetDetailPage, loader: m.loader })) },
      { path: 'meta', lazy: withTexts(['meta'], () => import('@/features/meta/routes/meta-page').then((m) => ({ Component: m.MetaPage, loader: m.loader }))) },
      {
        path: 'meta/leaders/:cardNumber',
        lazy: withTexts(['meta', 'decks'], () => import('@/features/meta/routes/leader-page').then((m) => ({ Component: m.LeaderPage, loader: m.loader }))),
      },
      { path: 'meta/tournaments/:id', lazy: withTexts(['meta'], () => import('@/features/meta/routes/tournament-page').then((m) => ({ Component: m.TournamentPage, loader: m.loader }))) },
      { path: 'settings', lazy: withTexts(['account', 'trades'], () => import('@/features/settings/settings-page').then((m) => ({ Component: m.SettingsPage }))) },
      { path: 'auth', lazy: authPage },
      { path: 'auth/email-confirmation', lazy: authPage },
      { path: 'auth/callback', lazy: withTexts(['account'], () => import('@/features/auth/routes/auth-callback-page').then((m) => ({ Component: m.AuthCallbackPage }))) },
      { path: 'auth/verified', lazy: () => import('@/features/auth/routes/auth-verified').then((m) => ({ loader: m.verifiedLoader, Component: PageLoading })) },
      {
        element: <RequireAuth />,
        loader: requireSignedIn,
        children: [
          { path: 'welcome', lazy: () => import('@/features/dashboard/welcome-page').then((m) => ({ Component: m.WelcomePage })) },
          { path: 'dashboard', lazy: withTexts(['profile', 'meta'], () => import('@/features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage, loader: m.loader }))) },
          { path: 'mydecks', lazy: withTexts(['decks'], () => import('@/features/decks/routes/my-decks-page').then((m) => ({ Component: m.MyDecksPage, loader: m.loader }))) },
          { path: 'deck/new', lazy: withTexts(['decks'], () => import('@/features/decks/routes/deck-editor-page').then((m) => ({ Component: m.DeckEditorPage }))) },
          {
            path: 'deck/:id/edit',
            lazy: withTexts(['decks'], () => import('@/features/decks/routes/deck-editor-page').then((m) => ({ Component: m.DeckEditorPage, loader: m.loader }))),
          },
          { path: 'collection', lazy: withTexts(['binders'], () => import('@/features/binders/routes/collection-page').then((m) => ({ Component: m.CollectionPage, loader: m.loader }))) },
          { path: 'collection/new', lazy: withTexts(['binders', 'account'], () => import('@/features/binders/routes/new-binder-page').then((m) => ({ Component: m.NewBinderPage }))) },
          { path: 'watchlist', lazy: withTexts(['prices'], () => import('@/features/watches/routes/watchlist-page').then((m) => ({ Component: m.WatchlistPage, loader: m.loader }))) },
          {
            path: 'price-comparison',
            lazy: withTexts(['prices', 'cards'], () => import('@/features/reports/routes/price-comparison-page').then((m) => ({ Component: m.PriceComparisonPage, loader: m.loader }))),
          },
          { path: 'scan', lazy: withTexts(['scan', 'quickadd'], () => import('@/features/scan/routes/scan-page').then((m) => ({ Component: m.ScanPage }))) },
          { path: 'trades', lazy: withTexts(['trades', 'binders'], () => import('@/features/trades/routes/trades-page').then((m) => ({ Component: m.TradesPage, loader: m.loader }))) },
          { path: 'trades/:id', lazy: withTexts(['trades', 'binders'], () => import('@/features/trades/routes/trade-page').then((m) => ({ Component: m.TradePage, loader: m.loader }))) },
          { path: 'wishlist', lazy: withTexts(['binders'], () => import('@/features/binders/routes/wishlist-page').then((m) => ({ Component: m.WishlistPage, loader: m.loader }))) },
          { path: 'profile', lazy: withTexts(['profile', 'account', 'decks'], () => import('@/features/profiles/routes/profile-page').then((m) => ({ Component: m.ProfilePage }))) },
        ],
      },
      {
        element: <RequireAuth admin />,
        loader: requireAdmin,
        children: [{ path: 'admin', lazy: withTexts(['admin', 'pages', 'account', 'cards'], () => import('@/features/admin/admin-page').then((m) => ({ Component: m.AdminPage }))) }],
      },
      {
        path: 'collection/:id',
        loader: binderPageLoader,
        lazy: withTexts(['binders', 'cards'], () => import('@/features/binders/routes/binder-page').then((m) => ({ Component: m.BinderPage }))),
      },
      { path: 'deck/:id', lazy: withTexts(['decks'], () => import('@/features/decks/routes/deck-view-page').then((m) => ({ Component: m.DeckViewPage, loader: m.loader }))) },
      { path: 'about', lazy: () => import('@/features/info/about-page').then((m) => ({ Component: m.AboutPage })) },
      {
        path: 'u/:username',
        lazy: withTexts(['profile', 'account', 'decks', 'trades'], () => import('@/features/profiles/routes/public-profile-page').then((m) => ({ Component: m.PublicProfilePage, loader: m.loader }))),
      },
      { path: 'contributors', lazy: () => import('@/features/info/contributors-page').then((m) => ({ Component: m.ContributorsPage })) },
      { path: 'contact', lazy: withTexts(['contact', 'account'], () => import('@/features/contact/routes/contact-page').then((m) => ({ Component: m.ContactPage }))) },
      { path: 'terms-of-service', lazy: legal('terms-of-service') },
      { path: 'privacy', lazy: legal('privacy-policy') },
      { path: 'cookies-policy', lazy: legal('cookies-policy') },
      { path: 'privacy-legacy', lazy: legal('privacy-legacy') },
      { path: 'impressum', lazy: legal('impressum') },
      { path: 'plan-selection', element: <Navigate to="/settings" replace /> },
      { path: 'products', element: <Navigate to="/settings" replace /> },
      { path: '*', lazy: notFound },
    ],
  },
];

/**
 * The browser's router. A page drawn on the server is hydrated with the router state it was drawn with: the code of
 * its routes is loaded first, so the first render shows the page, not the routes' fallbacks.
 */
export async function createAppRouter(hydrationData?: HydrationState) {
  if (hydrationData) {
    const lazyRoutes = (matchRoutes(routes, window.location) ?? []).map((m) => m.route).filter((r) => typeof r.lazy === 'function');
    await Promise.all(
      lazyRoutes.map(async (route) => {
        const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, loaded, { lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, { hydrationData });
}

export type AppRouter = Awaited<ReturnType<typeof createAppRouter>>;
