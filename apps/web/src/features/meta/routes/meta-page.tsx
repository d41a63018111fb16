import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState } from '@/components/ui/query-states';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { anyTournamentQuery, metaLeadersQuery, tournamentsQuery, useMetaLeaders, useTournaments } from '@/features/meta/api/meta-api';
import { LeaderChartSection } from '@/features/meta/components/leader-chart-section';
import { LeadersTable } from '@/features/meta/components/leaders-table';
import { MetaControls } from '@/features/meta/components/meta-controls';
import { EmptyWindowState, NoSourceState } from '@/features/meta/components/meta-empty';
import { RecentTournaments } from '@/features/meta/components/recent-tournaments';
import { useMetaView } from '@/features/meta/hooks/use-meta-view';
import { metaPageState } from '@/features/meta/meta-state';
import { metaQueryOf, metaViewFromParams, todayUtc } from '@/features/meta/meta-view';
import { useQuery } from '@tanstack/react-query';
import type { MetaQuery } from '@grandline/core/contracts/tournaments';

const RECENT_PAGE = 6;
const recentQuery = (query: MetaQuery, pageSize: number) => ({ from: query.from, to: query.to, format: query.format, pageSize });

/** The leaders, the window's tournaments and whether any tournament exists are fetched before the page is drawn. */
export const loader = ({ request }: LoaderFunctionArgs) => {
  const query = metaQueryOf(metaViewFromParams(new URL(request.url).searchParams), todayUtc());
  return Promise.allSettled([
    queryClient.ensureQueryData(metaLeadersQuery(query)),
    queryClient.ensureQueryData(tournamentsQuery(recentQuery(query, RECENT_PAGE))),
    queryClient.ensureQueryData(anyTournamentQuery()),
  ]).then(() => null);
};

function MetaSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" data-testid="meta-loading">
      <Skeleton className="h-96 w-full rounded-xl" />
      <Skeleton className="h-72 w-full rounded-xl" />
    </div>
  );
}

/**
 * /meta: what wins in a window (last 7, 30 or 90 days, or custom) and format — the leaders' shares and win rates as a
 * chart and a table with each one's weekly trend, and the window's tournaments. A fresh install says what to set for
 * results to arrive; a window without tournaments offers a longer one.
 */
export function MetaPage() {
  const { t, i18n } = useTranslation('meta');
  const { view, query, setView } = useMetaView();
  const [recentSize, setRecentSize] = useState(RECENT_PAGE);
  const leaders = useMetaLeaders(query);
  const recent = useTournaments(recentQuery(query, recentSize));
  const any = useQuery(anyTournamentQuery());
  const data = leaders.data;
  const language = i18n.resolvedLanguage;
  const state = metaPageState({ leaders: data, leadersFailed: leaders.isError, everStored: any.isError ? 1 : any.data?.total });
  const description = state === 'no-source' ? (
    t('intro')
  ) : data ? (
    t('lead', { decks: data.decks, count: data.tournaments, from: formatDay(data.from, { dateStyle: 'medium' }, language), to: formatDay(data.to, { dateStyle: 'medium' }, language) })
  ) : (
    <span aria-hidden>&nbsp;</span>
  );
  const change = (next: typeof view) => {
    setRecentSize(RECENT_PAGE);
    setView(next);
  };

  let body;
  if (state === 'failed') body = <ErrorState title={t('errors.loadFailed')} onRetry={() => void leaders.refetch()} />;
  else if (state === 'loading' || !data) body = <MetaSkeleton />;
  else if (state === 'no-source') body = <NoSourceState />;
  else if (state === 'empty-window') body = <EmptyWindowState view={view} onChange={change} />;
  else {
    body = (
      <div className={cn('flex flex-col gap-6 transition-opacity', leaders.isPlaceholderData && 'opacity-60')} data-testid="meta-results">
        <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <LeaderChartSection leaders={data.leaders} />
          <RecentTournaments
            items={recent.data?.items}
            total={recent.data?.total ?? 0}
            loading={recent.isPending}
            fetching={recent.isFetching}
            onMore={() => setRecentSize((n) => Math.min(100, n + RECENT_PAGE))}
          />
        </div>
        <section aria-labelledby="meta-table-title" className="flex flex-col gap-3">
          <h2 id="meta-table-title" className="font-semibold">
            {t('table.title', { count: data.leaders.length })}
          </h2>
          <LeadersTable leaders={data.leaders} view={view} />
        </section>
      </div>
    );
  }

  return (
    <div data-testid="meta-page">
      <PageTitle title={t('title')} />
      <PageHeader title={t('title')} description={description} />
      {/* A fresh install has nothing to choose among: no window or format until a tournament arrives. */}
      {state !== 'no-source' && (
        <div className="mb-6">
          <MetaControls view={view} shown={data ? { from: data.from, to: data.to } : undefined} onChange={change} />
        </div>
      )}
      {body}
    </div>
  );
}
