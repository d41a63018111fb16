import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { PageLoading } from './layout/page-loading';
import { RouteError } from './route-error';

const legal = (doc: string) => () =>
  import('../features/legal/legal-page').then((m) => ({ Component: () => <m.LegalPage doc={doc} /> }));

export const router = createBrowserRouter([
  {
    path: '/',
    element: <AppLayout />,
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('../features/info/landing-page').then((m) => ({ Component: m.LandingPage, loader: m.loader })) },
      { path: 'cards', lazy: () => import('../features/cards/routes/cards-page').then((m) => ({ Component: m.CardsPage, loader: m.loader })) },
      {
        path: 'cards/:game/:slug',
        lazy: () => import('../features/cards/routes/card-detail-page').then((m) => ({ Component: m.CardDetailPage, loader: m.loader })),
      },
      { path: 'sets', lazy: () => import('../features/sets/routes/sets-page').then((m) => ({ Component: m.SetsPage, loader: m.loader })) },
      { path: 'sets/:slug', lazy: () => import('../features/sets/routes/set-detail-page').then((m) => ({ Component: m.SetDetailPage, loader: m.loader })) },
      { path: 'settings', lazy: () => import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })) },
      { path: 'about', lazy: () => import('../features/info/about-page').then((m) => ({ Component: m.AboutPage })) },
      { path: 'contributors', lazy: () => import('../features/info/contributors-page').then((m) => ({ Component: m.ContributorsPage })) },
      { path: 'terms-of-service', lazy: legal('terms-of-service') },
      { path: 'privacy', lazy: legal('privacy-policy') },
      { path: 'cookies-policy', lazy: legal('cookies-policy') },
      { path: 'privacy-legacy', lazy: legal('privacy-legacy') },
      { path: 'impressum', lazy: legal('impressum') },
      { path: 'plan-selection', element: <Navigate to="/settings" replace /> },
      { path: 'products', element: <Navigate to="/settings" replace /> },
      { path: '*', lazy: () => import('../features/info/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
]);
