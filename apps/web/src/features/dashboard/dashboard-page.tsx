import { BadgeCheck, ChevronRight, Layers, Library, Settings, ShieldAlert, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/lib/session';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { SearchInput } from '@/components/ui/search-input';
import { ErrorState } from '@/components/ui/query-states';
import { setsQueryOptions, useSets } from '@/cards/api/get-sets';
import { myBindersQuery } from '@/features/binders/api/binders-api';
import { myDecksQuery } from '@/features/decks/api/decks-api';
import { queryClient } from '@/lib/query-client';
import { RecentBinders } from '@/features/binders/components/recent-binders';
import { RecentDecks } from '@/features/decks/components/recent-decks';
import { PageTitle } from '@/components/page-title';
import { feedQuery } from '@/features/profiles/api/profiles-api';
import { FeedSection } from '@/features/profiles/components/feed-section';
import { BuildableDecks, prefetchBuildable } from '@/features/meta/components/buildable-decks';
import { latestSets } from './latest-sets';
import { productCode } from '@grandline/core/set-code';

function QuickLink({ to, icon: Icon, title, text }: { to: string; icon: LucideIcon; title: string; text: string }) {
  return (
    <Link to={to} className="group flex items-center gap-3 rounded-xl border border-border bg-surface p-4 transition-colors hover:border-accent/60">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-accent">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold">{title}</span>
        <span className="block truncate text-sm text-muted">{text}</span>
      </span>
      <ChevronRight className="h-4 w-4 text-muted transition-transform group-hover:translate-x-0.5" aria-hidden />
    </Link>
  );
}

function LatestSets() {
  const { t } = useTranslation('pages');
  const sets = useSets();
  if (sets.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  }
  if (sets.isError) return <ErrorState title={t('dashboard.setsFailed')} onRetry={() => void sets.refetch()} />;
  const latest = latestSets(sets.data.items, 5);
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
      {latest.map((s) => (
        <li key={s.slug}>
          <Link to={`/sets/${s.slug}`} className="flex items-center gap-3 px-4 py-3 text-sm hover:bg-surface-2">
            {s.code && <Badge>{productCode(s.code)}</Badge>}
            <span className="min-w-0 flex-1 truncate font-medium">{s.name}</span>
            <span className="whitespace-nowrap text-xs text-muted">{t('dashboard.cardsCount', { count: s.cardNumbers })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The recent decks and binders, the decks to finish for the least and the latest sets are fetched before the page is drawn: their counts (none, one,
 * three) decide the page's height, and drawn as they came they pushed everything below them down (a layout shift
 * of 0.06 at 390 px). A failed list shows its own error state.
 */
export const loader = () =>
  Promise.allSettled([
    queryClient.ensureQueryData(myDecksQuery()),
    queryClient.ensureQueryData(myBindersQuery()),
    queryClient.ensureQueryData(setsQueryOptions()),
    queryClient.ensureInfiniteQueryData(feedQuery()),
    prefetchBuildable(),
  ]).then(() => null);

/** /dashboard: the signed-in home (spec §2): recent decks and binders, card search, latest sets, shortcuts, and what followed people did. */
export function DashboardPage() {
  const { t } = useTranslation('pages');
  const { me } = useSession();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  if (!me) return null;
  const name = me.profile.displayName ?? me.profile.username ?? me.user.name;
  return (
    <div className="flex flex-col gap-8" data-testid="dashboard-page">
      <PageTitle title={t('dashboard.title')} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('dashboard.greeting', { name })}</h1>
          <p className="mt-1 text-muted">{t('dashboard.lead')}</p>
        </div>
        {me.consent.tosAccepted ? (
          <span className="flex items-center gap-1.5 text-sm text-muted">
            <BadgeCheck className="h-4 w-4 text-success" aria-hidden />
            {t('dashboard.accountReady')}
          </span>
        ) : (
          <span className="flex items-center gap-1.5 text-sm text-danger">
            <ShieldAlert className="h-4 w-4" aria-hidden />
            {t('dashboard.termsPending')}
          </span>
        )}
      </div>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void navigate(query.trim() ? `/cards?q=${encodeURIComponent(query.trim())}` : '/cards');
        }}
        className="max-w-xl"
      >
        <SearchInput label={t('dashboard.searchLabel')} placeholder={t('dashboard.searchPlaceholder')} value={query} onChange={(e) => setQuery(e.target.value)} />
      </form>
      <RecentDecks />
      <RecentBinders />
      <BuildableDecks />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="dash-sets">
          <h2 id="dash-sets" className="mb-3 text-lg font-semibold">
            {t('dashboard.latestSets')}
          </h2>
          <LatestSets />
        </section>
        <section aria-labelledby="dash-links" className="flex flex-col gap-3">
          <h2 id="dash-links" className="text-lg font-semibold">
            {t('dashboard.shortcuts')}
          </h2>
          <QuickLink to="/cards" icon={Library} title={t('dashboard.links.library')} text={t('dashboard.links.libraryText')} />
          <QuickLink to="/sets" icon={Layers} title={t('dashboard.links.sets')} text={t('dashboard.links.setsText')} />
          <QuickLink to="/settings" icon={Settings} title={t('dashboard.links.settings')} text={t('dashboard.links.settingsText')} />
        </section>
      </div>
      <FeedSection />
    </div>
  );
}
